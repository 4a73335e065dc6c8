import { randomBytes } from 'node:crypto';
import { chmodSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DatabaseConfig, SeedDemo } from './config.ts';
import type { Container } from './container.ts';
import { type StoreContext, systemContext } from './context.ts';
import { seedDemoStore } from './demo-data.ts';
import type { SyncReport } from './domain/reference/reference-service.ts';
import { PERMISSIONS } from './domain/shared/permissions.ts';

export type ProgressReporter = (line: string, final: boolean) => void;

/**
 * A progress reporter for the terminal: one line rewritten in place on a TTY, one line per finished step otherwise
 * (logs, CI).
 */
export function terminalProgress(stream: NodeJS.WriteStream = process.stderr): ProgressReporter {
  return (line, final) => {
    if (stream.isTTY) stream.write(`\r\x1b[2K${line}${final ? '\n' : ''}`);
    else if (final) stream.write(`${line}\n`);
  };
}

function summary(counts: SyncReport[keyof SyncReport]): string {
  return `${counts.inserted} added, ${counts.updated} updated, ${counts.retired} retired, ${counts.unchanged} unchanged`;
}

export const DEMO_EMAIL = 'demo@example.com';

export interface DemoCredentials {
  email: string;
  password: string;
  apiKey: string;
  stores: Array<{ id: string; name: string }>;
}

/**
 * Loads reference data (countries, states, specifications); safe to run any number of times. With `demo`, an empty
 * database also gets a demo merchant with two stores and an API key (their secrets are random and returned), the first
 * store filled with a catalog, customers and two months of orders (`src/demo-data.ts`).
 */
export async function seed(
  container: Container,
  progress?: ProgressReporter,
  options: { demo?: boolean; reference?: boolean } = {},
): Promise<{ reference: SyncReport | undefined; demo: DemoCredentials | null }> {
  // `serve` syncs the reference data apart (a child process running `seed`: decision 0043) and seeds only the demo here.
  let report: SyncReport | undefined;
  if (options.reference !== false) {
    report = await container.services.reference.sync(systemContext('seed'), (step, done, total) => {
      progress?.(`seeding ${step}: ${done}/${total}`, done === total && total > 0);
    });
    progress?.(`countries: ${summary(report.countries)}`, true);
    progress?.(`states: ${summary(report.states)}`, true);
    progress?.(`specifications: ${summary(report.specifications)}`, true);
    progress?.(`colors: ${summary(report.colors)}`, true);
  }
  let demo: DemoCredentials | null = null;
  if (options.demo && !(await container.repos.accounts.anyUser())) {
    progress?.('seeding demo merchant…', false);
    demo = await seedDemo(container, progress);
    progress?.('seeding demo merchant: done', true);
  }
  return { reference: report, demo };
}

/** The demo merchant, made through the same services the API uses. No fixed secrets: both are random. */
async function seedDemo(container: Container, progress?: ProgressReporter): Promise<DemoCredentials> {
  const { accounts, stores, apiKeys } = container.services;
  const ctx = systemContext('seed-demo');
  const password = randomBytes(12).toString('base64url');
  const signup = await accounts.signup(ctx, { email: DEMO_EMAIL, password, name: 'Demo Merchant', storeName: 'Northwind Outfitters' });
  const actor = { type: 'user' as const, id: signup.user.id, label: signup.user.email, userId: signup.user.id };
  const userCtx = { ...ctx, actor, credential: 'session' as const };
  const second = await stores.createStore(userCtx, { name: 'Contoso Electronics', currency: 'EUR', timezone: 'Europe/Berlin' });
  const storeCtx: StoreContext = { ...userCtx, tenant: { storeId: signup.store.id, mode: 'live' }, role: 'owner', permissions: new Set(PERMISSIONS) };
  const { secret } = await apiKeys.create(storeCtx, { name: 'Demo key' });
  await seedDemoStore(container, storeCtx, progress);
  return {
    email: DEMO_EMAIL,
    password,
    apiKey: secret,
    stores: [
      { id: signup.store.id, name: signup.store.name },
      { id: second.store.id, name: second.store.name },
    ],
  };
}

/**
 * Whether to seed the demo merchant: SEED_DEMO (or the `--demo` / `--no-demo` flag that overrides it). `auto` seeds only
 * the embedded SQLite database: a PostgreSQL database is a real deployment's, and a merchant with a known email and a
 * full-permission live key has no place there unless someone asked for it. Either way only a database without users
 * gets one (`seed` checks).
 */
export function wantsDemo(setting: SeedDemo, database: DatabaseConfig): boolean {
  return setting === 'auto' ? database.kind === 'sqlite' : setting;
}

/**
 * Shows the demo credentials once, as a banner for a person on stderr (never stdout, which carries the JSON logs, and
 * never as a log record), and keeps a copy (owner-readable only) next to a SQLite database.
 */
export function announceDemo(container: Container, demo: DemoCredentials, out: NodeJS.WritableStream = process.stderr): void {
  const text =
    `Demo merchant created (its password and key are random; keep them):\n` +
    `  email:    ${demo.email}\n  password: ${demo.password}\n` +
    `  API key:  ${demo.apiKey}   (store "${demo.stores[0]!.name}", live mode, all permissions)\n` +
    demo.stores.map((s) => `  store:    ${s.id}  ${s.name}\n`).join('');
  let saved = '';
  if (container.config.database.kind === 'sqlite') {
    const file = path.join(path.dirname(container.config.database.file), 'demo-credentials.txt');
    writeFileSync(file, text, { mode: 0o600 });
    chmodSync(file, 0o600); // writeFileSync keeps the mode of a file that already exists
    saved = `  (also saved to ${file}, readable by you only)\n`;
  }
  const rule = `${'='.repeat(78)}\n`;
  out.write(`\n${rule}${text}${saved}  Demo data is off with SEED_DEMO=false or --no-demo (see --help).\n${rule}\n`);
}
