/** The file a TypeScript module's stripped JavaScript is kept in, under `dir` (./stripped-name.mjs). */
export function strippedFile(dir: string, typescript: Buffer | string): string;
