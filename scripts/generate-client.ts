/**
 * Generates the typed client's types (clients/js/src/schema.ts) from the OpenAPI document the app serves, with
 * openapi-typescript (installed in the clients/js workspace, which brings the TypeScript 5 it needs). `--check`
 * compares instead of writing and fails when the checked-in file differs: the client never drifts from the server
 * (part of npm run check).
 *
 *   node scripts/generate-client.ts [--check]      (npm run generate:client)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { servedDocument } from './lint-openapi.ts';

const root = path.join(import.meta.dirname, '..');
const target = path.join(root, 'clients', 'js', 'src', 'schema.ts');

const HEADER = `/**
 * The commerce-service REST API as TypeScript types, generated from its OpenAPI document by openapi-typescript.
 * Do not edit: \`npm run generate:client\` writes it, and \`npm run check\` fails when it no longer matches the server.
 */

`;

/** The generated module's text. */
export async function generatedSchema(): Promise<string> {
  const require = createRequire(path.join(root, 'clients', 'js', 'package.json'));
  const entry = path.join(path.dirname(require.resolve('openapi-typescript/package.json')), 'dist', 'index.mjs');
  const { default: openapiTS, astToString } = (await import(pathToFileURL(entry).href)) as {
    default: (schema: unknown, options: Record<string, unknown>) => Promise<unknown>;
    astToString: (ast: unknown) => string;
  };
  const ast = await openapiTS(JSON.parse(await servedDocument()), { exportType: true, alphabetize: false });
  return HEADER + astToString(ast);
}

if (import.meta.main) {
  const text = await generatedSchema();
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(target, 'utf8');
    } catch {
      // missing: differs
    }
    if (current !== text) {
      process.stderr.write(`${path.relative(root, target)} does not match the OpenAPI document the server serves. Run npm run generate:client and commit it.\n`);
      process.exit(1);
    }
    process.stdout.write(`client types up to date (${path.relative(root, target)})\n`);
  } else {
    writeFileSync(target, text);
    process.stdout.write(`wrote ${path.relative(root, target)} (${text.length} characters)\n`);
  }
}
