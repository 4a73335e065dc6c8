/**
 * Layering rule: the domain and the stores never depend on the HTTP layer. Fails (exit 1) when a file under
 * src/domain/ or src/db/ imports fastify (or any @fastify/ package, or a fastify-* package) or anything under
 * src/http/. Usage: node scripts/check-layers.ts [root]   (root defaults to the repository root)
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..'));
const GUARDED = ['src/domain', 'src/db'];
const FORBIDDEN_PACKAGE = /^(fastify($|\/)|@fastify\/|fastify-)/;
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

function* files(dir: string): Generator<string> {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) yield* files(full);
    else if (/\.(ts|js|mts|cts)$/.test(entry)) yield full;
  }
}

const httpDir = path.join(root, 'src', 'http') + path.sep;
const violations: string[] = [];
for (const guarded of GUARDED) {
  for (const file of files(path.join(root, guarded))) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2] ?? match[3];
      if (!specifier) continue;
      const relative = path.relative(root, file);
      if (FORBIDDEN_PACKAGE.test(specifier)) {
        violations.push(`${relative} imports "${specifier}": the domain and stores must not depend on the web framework`);
      } else if (specifier.startsWith('.') && (path.resolve(path.dirname(file), specifier) + path.sep).startsWith(httpDir)) {
        violations.push(`${relative} imports "${specifier}": the domain and stores must not depend on src/http`);
      }
    }
  }
}

if (violations.length > 0) {
  process.stderr.write(`layering rule broken:\n  ${violations.join('\n  ')}\n`);
  process.exit(1);
}
process.stdout.write('layering ok: src/domain and src/db do not import fastify or src/http\n');
