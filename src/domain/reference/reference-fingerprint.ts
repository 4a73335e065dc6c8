import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { COLORS } from './colors.ts';
import { SPECIFICATIONS } from './specifications.ts';

/** How reference-sources.ts makes rows of its packages; raise it when that changes (the same packages, other rows). */
const SOURCES_FORMAT = 1;

/**
 * The fingerprint of the reference data bundled with the service: the ISO 3166 package's version (read from its
 * package.json, without loading the package: decision 0043), the specifications and the colors, and how rows are made
 * of them. `serve` syncs at start only when the database was synced with another fingerprint.
 */
export function bundledFingerprint(): string {
  const main = createRequire(import.meta.url).resolve('iso-3166');
  const { version } = JSON.parse(readFileSync(path.join(path.dirname(main), 'package.json'), 'utf8')) as { version: string };
  return createHash('sha256')
    .update(JSON.stringify({ format: SOURCES_FORMAT, iso3166: version, specifications: SPECIFICATIONS, colors: COLORS }))
    .digest('base64url');
}
