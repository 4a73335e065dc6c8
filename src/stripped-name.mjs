// The one rule both sides of `serve`'s relaunch share (docs/decisions/0045-modules-stripped-ahead.md): the file a
// TypeScript module's stripped JavaScript is kept in, named by the SHA-256 of its source, so an edited module is never
// served from an older strip. src/serve-flags.ts writes under it, src/stripped-modules.mjs reads. JavaScript, without
// side effects, so the preload can import it before any TypeScript module loads.
import { createHash } from 'node:crypto';
import path from 'node:path';

/** @param {string} dir @param {Buffer | string} typescript @returns {string} */
export function strippedFile(dir, typescript) {
  return path.join(dir, `${createHash('sha256').update(typescript).digest('hex')}.js`);
}
