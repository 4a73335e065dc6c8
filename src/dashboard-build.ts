import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The dashboard's sources (its own folder: docs/dashboard.md) and where the build goes. */
export const DASHBOARD_DIR = path.join(import.meta.dirname, '..', 'dashboard');
const DIST = path.join(DASHBOARD_DIR, 'dist');
const STAMP = path.join(DIST, '.source-hash');
const LOCKFILE = path.join(import.meta.dirname, '..', 'package-lock.json');

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir).sort()) {
    if (entry === 'dist' || entry === 'node_modules' || entry.startsWith('.')) continue;
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) yield* sourceFiles(full);
    else yield full;
  }
}

/** A digest of everything the build reads: the dashboard's files and the locked package versions. */
export function dashboardSourceHash(dir = DASHBOARD_DIR): string {
  const hash = createHash('sha256');
  for (const file of sourceFiles(dir)) hash.update(path.relative(dir, file)).update('\0').update(readFileSync(file)).update('\0');
  if (existsSync(LOCKFILE)) hash.update(readFileSync(LOCKFILE));
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
  if (existsSync(STAMP) && readFileSync(STAMP, 'utf8') === digest) return 'up to date';
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
  writeFileSync(STAMP, digest);
  progress(`dashboard: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return 'built';
}
