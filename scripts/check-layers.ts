/**
 * The layering rules (docs/architecture.md, "Layers"). Fails (exit 1) when a file imports across a border:
 * - src/domain/ imports nothing of src/db/, src/http/, src/mcp/, src/web/, src/oauth/ or src/wire/, nor fastify or a
 *   database driver: the domain declares the storage it needs (its repositories' interfaces) and the adapters call it;
 * - src/db/ imports nothing of the adapters (src/http/, src/mcp/, src/web/, src/oauth/, src/wire/) nor fastify;
 * - src/mcp/ imports nothing under src/http/routes/ (tools and routes share src/wire/, not each other);
 * - src/wire/ imports nothing of src/http/, src/mcp/, src/db/, nor fastify (it belongs to neither adapter);
 * - src/outbound/ imports nothing of src/db/, src/http/, src/mcp/, src/web/, src/oauth/ or src/wire/, nor fastify or a
 *   database driver (it implements the domain's outbound ports);
 * - src/web/ imports nothing of src/oauth/ (pages and the protocol endpoints share the domain, not each other);
 * - src/mail/ (the mail templates) imports nothing of src/db/, src/http/, src/mcp/, src/oauth/, src/wire/ or
 *   src/outbound/, nor fastify or a database driver;
 * - outside src/db/, nothing in src/ imports Kysely or a database driver (pg, better-sqlite3).
 * Usage: node scripts/check-layers.ts [root]   (root defaults to the repository root)
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..'));
const FASTIFY = /^(fastify($|\/)|@fastify\/|fastify-)/;
const DATABASE = /^(kysely|pg|better-sqlite3)($|\/)/;
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

interface Border {
  /** Where the rule applies (a directory under the root). */
  dir: string;
  /** Directories under the root its files may not import. */
  forbidden: string[];
  /** Packages its files may not import. */
  packages: Array<{ pattern: RegExp; why: string }>;
  /** Directories under `dir` the rule leaves out. */
  except?: string[];
  why: string;
}

const NO_FASTIFY = { pattern: FASTIFY, why: 'must not depend on the web framework' };
const NO_DATABASE = { pattern: DATABASE, why: 'must not use the database directly: only src/db does' };

const BORDERS: Border[] = [
  {
    dir: 'src/domain',
    forbidden: ['src/db', 'src/http', 'src/mcp', 'src/web', 'src/oauth', 'src/wire'],
    packages: [NO_FASTIFY, NO_DATABASE],
    why: 'the domain declares what it needs of storage and adapters depend on it, never the other way',
  },
  {
    dir: 'src/db',
    forbidden: ['src/http', 'src/mcp', 'src/web', 'src/oauth', 'src/wire'],
    packages: [NO_FASTIFY],
    why: 'persistence implements the domain’s repositories and knows no adapter',
  },
  { dir: 'src/mcp', forbidden: ['src/http/routes'], packages: [], why: 'MCP tools share the wire contract (src/wire), not the REST routes' },
  { dir: 'src/wire', forbidden: ['src/http', 'src/mcp', 'src/db'], packages: [NO_FASTIFY], why: 'the wire contract belongs to neither adapter nor to persistence' },
  {
    dir: 'src/outbound',
    forbidden: ['src/db', 'src/http', 'src/mcp', 'src/web', 'src/oauth', 'src/wire'],
    packages: [NO_FASTIFY, NO_DATABASE],
    why: 'outbound requests (address policy, webhook transport) serve the domain’s ports and know no adapter',
  },
  { dir: 'src/web', forbidden: ['src/oauth'], packages: [], why: 'the pages and the OAuth endpoints share the domain, not each other' },
  {
    dir: 'src/mail',
    forbidden: ['src/db', 'src/http', 'src/mcp', 'src/oauth', 'src/wire', 'src/outbound'],
    packages: [NO_FASTIFY, NO_DATABASE],
    why: 'mail templates render what the domain hands them (with the pages’ escaping, src/web/html.ts) and know no adapter',
  },
  { dir: 'src', forbidden: [], packages: [NO_DATABASE], except: ['src/db'], why: 'only src/db talks to the database' },
];

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
    else if (/\.(ts|tsx|js|mts|cts)$/.test(entry)) yield full;
  }
}

const under = (dir: string) => path.join(root, dir) + path.sep;
const violations = new Set<string>();
for (const border of BORDERS) {
  const forbidden = border.forbidden.map(under);
  const except = (border.except ?? []).map(under);
  for (const file of files(path.join(root, border.dir))) {
    if (except.some((dir) => file.startsWith(dir))) continue;
    const relative = path.relative(root, file);
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2] ?? match[3];
      if (!specifier) continue;
      const banned = border.packages.find((p) => p.pattern.test(specifier));
      if (banned) {
        violations.add(`${relative} imports "${specifier}": ${border.dir} ${banned.why}`);
        continue;
      }
      const target = specifier.startsWith('.') ? path.resolve(path.dirname(file), specifier) + path.sep : null;
      const crossed = target === null ? undefined : border.forbidden.find((_, i) => target.startsWith(forbidden[i] ?? ''));
      if (crossed) violations.add(`${relative} imports "${specifier}" (${crossed}): ${border.why}`);
    }
  }
}

if (violations.size > 0) {
  process.stderr.write(`layering rule broken:\n  ${[...violations].join('\n  ')}\n`);
  process.exit(1);
}
process.stdout.write(`layering ok: ${BORDERS.length} borders (docs/architecture.md, "Layers")\n`);
