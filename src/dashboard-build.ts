import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { exitOf, spawnApart } from './apart.ts';
import { withFileLock } from './file-lock.ts';

/** The dashboard's sources (its own folder: docs/dashboard.md) and where the build goes. */
export const DASHBOARD_DIR = path.join(import.meta.dirname, '..', 'dashboard');
const DIST = path.join(DASHBOARD_DIR, 'dist');
const STAMP = path.join(DIST, '.source-hash');
/** Held while building, so two processes finding the build stale (the test runner's, or two servers) build it once. */
const BUILD_LOCK = path.join(DASHBOARD_DIR, '.build-lock');
const LOCKFILE = path.join(import.meta.dirname, '..', 'package-lock.json');

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir).sort()) {
    if (entry === 'dist' || entry === 'node_modules' || entry.startsWith('.')) continue;
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) yield* sourceFiles(full);
    else yield full;
  }
}

/** A digest of everything the build reads: the dashboard's files, the locked package versions and this build step. */
export function dashboardSourceHash(dir = DASHBOARD_DIR): string {
  const hash = createHash('sha256');
  for (const file of sourceFiles(dir)) hash.update(path.relative(dir, file)).update('\0').update(readFileSync(file)).update('\0');
  if (existsSync(LOCKFILE)) hash.update(readFileSync(LOCKFILE));
  // and how it is built (this file: the precompression below), so a change of the build makes a new build
  hash.update(readFileSync(import.meta.filename));
  return hash.digest('hex');
}

export type DashboardBuild = 'up to date' | 'built' | 'no sources' | 'cannot build';

/**
 * Builds the dashboard unless `dashboard/dist` already holds the build of the current sources (a stamp of their
 * digest), so `npm start` on a fresh machine serves it with no extra command and a restart costs nothing. Vite is a
 * development dependency: where it is not installed (`npm ci --omit=dev`), a missing or stale build is reported and
 * the server goes on (the dashboard then says how to build it).
 */
export async function ensureDashboardBuilt(progress: (line: string) => void = () => {}): Promise<DashboardBuild> {
  if (!existsSync(path.join(DASHBOARD_DIR, 'index.html'))) return 'no sources';
  const digest = dashboardSourceHash();
  const upToDate = () => existsSync(STAMP) && readFileSync(STAMP, 'utf8') === digest;
  if (upToDate()) return 'up to date';
  // Another process may be building it: wait for it, then look again.
  return withFileLock(BUILD_LOCK, async () => (upToDate() ? 'up to date' : buildDashboard(digest, progress)));
}

async function buildDashboard(digest: string, progress: (line: string) => void): Promise<DashboardBuild> {
  let vite: typeof import('vite');
  try {
    vite = await import('vite');
  } catch {
    progress('dashboard: not built and Vite is not installed (npm install without --omit=dev, then npm run build:dashboard)');
    return 'cannot build';
  }
  progress('dashboard: building (its sources changed since the last build)…');
  const started = Date.now();
  await vite.build({ configFile: path.join(DASHBOARD_DIR, 'vite.config.ts'), logLevel: 'warn' });
  const { files, bytes, br, gz } = precompressDashboard(DIST);
  progress(`dashboard: ${files} files precompressed: ${bytes} B → ${br} B brotli, ${gz} B gzip`);
  writeFileSync(STAMP, digest);
  progress(`dashboard: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return 'built';
}

const BUILDS: readonly DashboardBuild[] = ['up to date', 'built', 'no sources', 'cannot build'];

/**
 * `ensureDashboardBuilt` for the server (`serve`): when a build is due (the first start after a clone or an upgrade),
 * Vite runs in a child process of its own, so the server does not keep what the build loaded. In the server's own
 * process it stayed for the life of the process: 390 MiB resident after the catalog read load instead of 223 MiB
 * (docs/configuration.md, "Memory"). The child runs this file with the server's Node flags; its lines go to `progress`.
 */
export async function ensureDashboardBuiltApart(progress: (line: string) => void = () => {}): Promise<DashboardBuild> {
  if (!existsSync(path.join(DASHBOARD_DIR, 'index.html'))) return 'no sources';
  if (existsSync(STAMP) && readFileSync(STAMP, 'utf8') === dashboardSourceHash()) return 'up to date';
  // Both piped: its result on stdout, its lines on stderr.
  const child = spawnApart([import.meta.filename], ['ignore', 'pipe', 'pipe']);
  let out = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
  });
  let pending = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) progress(line);
  });
  const code = await exitOf(child);
  if (pending !== '') progress(pending);
  const result = BUILDS.find((b) => b === out.trim());
  if (code !== 0 || result === undefined) throw new Error(`the dashboard build failed (exit code ${code}); run npm run build:dashboard to see why`);
  return result;
}

/** What is worth compressing: text. Images other than SVG are compressed already. */
const COMPRESSIBLE = /\.(?:js|css|html|svg|json|txt)$/;

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every text file of the build, once,
 * at build time, so the service sends them as they are to a browser that accepts them (`src/web/dashboard-app.ts`)
 * and compresses nothing per request. A file that would not shrink is left alone, so it is always sent as it is.
 * Returns the counts for the build's log: files compressed, their bytes, and the bytes of their .br and .gz.
 */
export function precompressDashboard(dist: string): { files: number; bytes: number; br: number; gz: number } {
  const total = { files: 0, bytes: 0, br: 0, gz: 0 };
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) {
        walk(full);
        continue;
      }
      if (!COMPRESSIBLE.test(entry)) continue;
      const raw = readFileSync(full);
      const br = brotliCompressSync(raw, {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
      });
      const gz = gzipSync(raw, { level: 9 });
      if (gz.length >= raw.length) continue;
      writeFileSync(`${full}.gz`, gz);
      if (br.length < raw.length) writeFileSync(`${full}.br`, br);
      total.files += 1;
      total.bytes += raw.length;
      total.br += Math.min(br.length, raw.length);
      total.gz += gz.length;
    }
  };
  walk(dist);
  return total;
}

// Run as a program (by ensureDashboardBuiltApart): builds, then prints the result on stdout.
if (import.meta.main) process.stdout.write(`${await ensureDashboardBuilt((line) => process.stderr.write(`${line}\n`))}\n`);
