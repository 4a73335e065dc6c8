/**
 * Layering rules: the domain and the stores never depend on the HTTP layer; the MCP layer never depends on the REST
 * routes; the wire contract (src/wire/) depends on neither adapter nor on persistence. Fails (exit 1) when a file under
 * src/domain/ or src/db/ imports fastify (or any @fastify/ package, or a fastify-* package) or anything under
 * src/http/; when a file under src/mcp/ imports anything under src/http/routes/; when a file under src/wire/ imports
 * fastify or anything under src/http/, src/mcp/ or src/db/.
 * Usage: node scripts/check-layers.ts [root]   (root defaults to the repository root)
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

/** The other borders: what files under `dir` may not import (directories under the root; fastify too with `noFastify`). */
const BORDERS = [
  { dir: 'src/mcp', forbidden: ['src/http/routes'], noFastify: false, why: 'MCP tools share the wire contract (src/wire), not the REST routes' },
  { dir: 'src/wire', forbidden: ['src/http', 'src/mcp', 'src/db'], noFastify: true, why: 'the wire contract belongs to neither adapter nor to persistence' },
];
for (const border of BORDERS) {
  const forbidden = border.forbidden.map((dir) => path.join(root, dir) + path.sep);
  for (const file of files(path.join(root, border.dir))) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2] ?? match[3];
      if (!specifier) continue;
      const relative = path.relative(root, file);
      const target = specifier.startsWith('.') ? path.resolve(path.dirname(file), specifier) + path.sep : null;
      if (border.noFastify && FORBIDDEN_PACKAGE.test(specifier)) violations.push(`${relative} imports "${specifier}": ${border.why}`);
      else if (target && forbidden.some((dir) => target.startsWith(dir))) violations.push(`${relative} imports "${specifier}": ${border.why}`);
    }
  }
}
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
process.stdout.write('layering ok: src/domain and src/db do not import fastify or src/http; src/mcp does not import src/http/routes; src/wire imports none of fastify, src/http, src/mcp, src/db\n');
