/**
 * Builds the storefront into examples/storefront/dist when its sources changed since the last build (a stamp of their
 * digest, as the dashboard's build does): its own files, the typed client it bundles and the locked package versions.
 * Usage: npm run build:storefront   (the storefront's start script and its browser test call ensureStorefrontBuilt)
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const STOREFRONT_DIR = import.meta.dirname;
export const STOREFRONT_DIST = path.join(STOREFRONT_DIR, 'dist');
const ROOT = path.join(STOREFRONT_DIR, '..', '..');
const STAMP = path.join(STOREFRONT_DIST, '.source-hash');

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir).sort()) {
    if (entry === 'dist' || entry === 'node_modules' || entry.startsWith('.')) continue;
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) yield* files(full);
    else yield full;
  }
}

export function storefrontSourceHash(): string {
  const hash = createHash('sha256');
  for (const dir of [STOREFRONT_DIR, path.join(ROOT, 'clients', 'js', 'src')]) {
    for (const file of files(dir)) hash.update(path.relative(ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  hash.update(readFileSync(path.join(ROOT, 'package-lock.json')));
  return hash.digest('hex');
}

export async function ensureStorefrontBuilt(progress: (line: string) => void = () => {}): Promise<'up to date' | 'built'> {
  const digest = storefrontSourceHash();
  if (existsSync(STAMP) && readFileSync(STAMP, 'utf8') === digest) return 'up to date';
  progress('storefront: building…');
  const started = Date.now();
  const vite = await import('vite');
  await vite.build({ configFile: path.join(STOREFRONT_DIR, 'vite.config.ts'), logLevel: 'warn' });
  writeFileSync(STAMP, digest);
  progress(`storefront: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return 'built';
}

if (import.meta.main) {
  const result = await ensureStorefrontBuilt((line) => process.stderr.write(`${line}\n`));
  process.stderr.write(`storefront: ${result}\n`);
}
