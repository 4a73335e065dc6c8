import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { exitOf, spawnApart } from './apart.ts';
import { buildApp } from './app.ts';
import { ConfigError, describeDatabase, ENVIRONMENT, type EnvironmentVariable, loadConfig, WEBHOOK_DEFAULTS } from './config.ts';
import { type Container, createContainer } from './container.ts';
import { ensureDashboardBuiltApart } from './dashboard-build.ts';
import { isDatabaseUnavailable } from './db/db.ts';
import { migrateToLatest } from './db/migrations/index.ts';
import { scheduleCleanup } from './domain/maintenance/cleanup-service.ts';
import { announceDemo, seed, terminalProgress, wantsDemo } from './seed.ts';

/** `commerce-service 0.1.0`: the name and version in package.json. */
function versionLine(): string {
  const { name, version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { name: string; version: string };
  return `${name} ${version}\n`;
}

/** The help fits this many columns; a variable name longer than NAME_WIDTH gets a line of its own. */
const HELP_WIDTH = 118;
const NAME_WIDTH = 28;

/** Every variable of ENVIRONMENT under its group, with its default: the list cannot miss one `loadConfig` reads. */
function environmentHelp(): string {
  const column = 4 + Math.max(...ENVIRONMENT.map((v) => v.name.length).filter((n) => n <= NAME_WIDTH)) + 2;
  let text = '';
  let group = '';
  for (const variable of ENVIRONMENT as readonly EnvironmentVariable[]) {
    if (variable.group !== group) {
      group = variable.group;
      text += `  ${group}:\n`;
    }
    const name = `    ${variable.name}`;
    const indent = ' '.repeat(column);
    const fallback = `(default: ${variable.default ?? variable.unset})`;
    // A default that would pass HELP_WIDTH goes on the next line.
    const meaning = column + variable.meaning.length + 1 + fallback.length <= HELP_WIDTH ? `${variable.meaning} ${fallback}` : `${variable.meaning}\n${indent}${fallback}`;
    text += name.length + 2 <= column ? `${name.padEnd(column)}${meaning}\n` : `${name}\n${indent}${meaning}\n`;
  }
  return text;
}

const HELP = `commerce-service: multi-tenant commerce API, OAuth server and MCP server

Usage: node src/main.ts [command] [--demo | --no-demo]      (or: npm start | npm run migrate | npm run seed)

Commands:
  serve     Apply migrations, seed (as below; reference data when it changed), and serve HTTP on HOST:PORT (default)
  migrate   Apply pending database migrations and exit
  seed      Apply migrations, load or refresh reference data (and demo data, as below), and exit
  cleanup   Apply migrations, delete what expired past its retention (docs/security.md), and exit
  help      Show this text (also --help, -h)
  version   Show the version (also --version, -v)

Demo data (serve and seed): a demo merchant with two stores and a live API key, created only on a database without
users. By default (SEED_DEMO=auto) only on SQLite, never on PostgreSQL. Its random password and key are shown once
on stderr (and saved to demo-credentials.txt beside a SQLite database, readable by you only).
  --demo      create it on any database, PostgreSQL included (overrides SEED_DEMO)
  --no-demo   never create it (overrides SEED_DEMO)

Environment (accepted values and details: docs/configuration.md):
${environmentHelp()}`;

function fail(message: string, code = 1): never {
  process.stderr.write(`error: ${message}\n`);
  process.exit(code);
}

async function prepare(container: Container, progress = terminalProgress()): Promise<void> {
  const { applied, total } = await migrateToLatest(container.db, (name) => progress(`migration applied: ${name}`, true));
  progress(`database schema up to date (${total} migrations, ${applied.length} applied now)`, true);
}

function explainStartupError(error: unknown, container: Container): string {
  if (isDatabaseUnavailable(error)) {
    return `cannot reach the database (${describeDatabase(container.config.database)}): ${(error as Error).message}. Start it, or point DATABASE_URL elsewhere.`;
  }
  if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    return `port ${container.config.port} on ${container.config.host} is already in use. Stop the other process or set PORT to a free port.`;
  }
  if ((error as NodeJS.ErrnoException).code === 'EADDRNOTAVAIL') {
    return `HOST ${container.config.host} is not an address of this machine. Set HOST to one that is (for example 127.0.0.1).`;
  }
  return (error as Error).stack ?? String(error);
}

/**
 * Reference data (unless `reference` is false: `serve` syncs it apart), and the demo merchant when SEED_DEMO or the
 * flag asks for it (`wantsDemo`).
 */
async function seedData(container: Container, demoFlag: boolean | undefined, reference: boolean): Promise<void> {
  const setting = demoFlag ?? container.config.seedDemo ?? 'auto';
  const demo = wantsDemo(setting, container.config.database);
  const result = await seed(container, terminalProgress(), { demo, reference });
  if (result.demo) announceDemo(container, result.demo);
  else if (demo && setting === true) process.stderr.write('demo merchant not created: the database already has users\n');
}

/** One cleanup run with progress on stderr; another instance running it now is not an error. */
async function runCleanup(container: Container, progress = terminalProgress()): Promise<void> {
  const report = await container.services.cleanup.run((label, deleted, done) => progress(`cleanup: ${label}: ${deleted.toLocaleString('en')} deleted`, done));
  if (!report.ran) {
    progress(`cleanup skipped: ${report.reason}. It will run there; try again later if you need it now.`, true);
    return;
  }
  const total = Object.values(report.deleted).reduce((a, b) => a + b, 0);
  progress(`cleanup done: ${total.toLocaleString('en')} rows deleted`, true);
}

/** Where mail goes, for the start-up lines. */
function describeMail(container: Container): string {
  const { config, transport } = container.mail;
  if (config.features.size === 0) return 'off (MAIL_FEATURES=none)';
  return `${transport.description}${config.deliver ? '' : ' (not sent by this instance: MAIL_DELIVERY=false)'}`;
}

/**
 * The reference data for `serve`: when the database does not hold this release's bundled data (a first start, an
 * upgrade that changed it), `seed --no-demo` runs in a child process with the server's Node flags and environment, so
 * the server never loads the sources (the ISO 3166 package, about 5 MiB it would keep for its whole life: decision
 * 0043); its lines go to stderr. Otherwise one line says so and nothing is read but the fingerprint.
 */
async function syncReferenceApart(container: Container): Promise<void> {
  if (await container.services.reference.upToDate()) {
    process.stderr.write('reference data: up to date (the bundled countries, states, specifications and colors)\n');
    return;
  }
  const code = await exitOf(spawnApart([path.join(import.meta.dirname, 'main.ts'), 'seed', '--no-demo'], ['ignore', 'ignore', 'inherit']));
  if (code !== 0) throw new Error(`the reference data sync failed (exit code ${code}); run node src/main.ts seed to see why`);
}

async function serve(container: Container, demoFlag: boolean | undefined): Promise<void> {
  await prepare(container);
  await syncReferenceApart(container);
  await seedData(container, demoFlag, false);
  await ensureDashboardBuiltApart((line) => process.stderr.write(`${line}\n`));
  const app: FastifyInstance = await buildApp({ container });
  const { host, port } = container.config;
  await app.listen({ host, port });
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  process.stdout.write(
    `\ncommerce-service is listening on http://${host.includes(':') ? `[${host}]` : host}:${actualPort}\n` +
      `  Dashboard: ${container.config.baseUrl}/dashboard\n  API reference: ${container.config.baseUrl}/docs\n  Database: ${describeDatabase(container.config.database)}\n  Mail: ${describeMail(container)}\n  Stop with Ctrl-C.\n\n`,
  );

  // The cleanup runs in the background; a database lease makes one instance at a time run it.
  const cleanup =
    container.config.cleanupIntervalMinutes === 0
      ? undefined
      : scheduleCleanup(container.services.cleanup, {
          intervalMs: (container.config.cleanupIntervalMinutes ?? 60) * 60_000,
          onRun: (report) => {
            if (report.ran) app.log.info({ deleted: report.deleted }, 'cleanup finished');
          },
          onError: (error) => app.log.error({ err: error }, 'cleanup failed; it runs again at the next interval'),
        });

  // Card refunds a provider has not confirmed yet are sent again every minute, one instance at a time (a lease).
  const refundRetry = container.services.refundRetry((error) => app.log.error({ err: error }, 'refund retry failed; it runs again in a minute'));

  // Webhook deliveries (docs/webhooks.md): every instance delivers; leases in the database share the work.
  if ((container.config.webhooks ?? WEBHOOK_DEFAULTS).deliver) container.services.webhookDelivery.start();
  // Mail (docs/email.md): every instance sends; leases in the database share the work.
  if (container.mail.config.deliver) container.services.mailSender.start();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      process.stderr.write(`${signal} again: exiting without waiting\n`);
      process.exit(1);
    }
    stopping = true;
    container.lifecycle.stopping = true;
    const drainSeconds = container.config.shutdownDrainSeconds ?? 0;
    process.stderr.write(`${signal} received: finishing in-flight requests, then closing the database\n`);
    const force = setTimeout(() => {
      process.stderr.write(`shutdown took longer than ${10 + drainSeconds} s: exiting\n`);
      process.exit(1);
    }, (10 + drainSeconds) * 1000);
    force.unref();
    try {
      if (drainSeconds > 0) {
        // Readiness answers 503 from now on; the balancer stops sending requests while those still coming are served.
        process.stderr.write(`draining for ${drainSeconds} s (SHUTDOWN_DRAIN_SECONDS): readiness answers 503, requests are still served\n`);
        await new Promise((resolve) => setTimeout(resolve, drainSeconds * 1000));
      }
      await cleanup?.stop();
      await refundRetry.stop();
      await app.close();
      await container.close();
      process.stderr.write('stopped cleanly\n');
    } catch (error) {
      process.stderr.write(`error while stopping: ${(error as Error).message}\n`);
      process.exitCode = 1;
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/** Runs a command of the command line (src/main.ts calls it once the process runs with the flags it needs). */
export async function main(argv: string[]): Promise<void> {
  const [command = 'serve', ...extra] = argv.filter((arg) => !arg.startsWith('-'));
  if (command === 'help' || argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(HELP);
    return;
  }
  if (command === 'version' || argv.includes('--version') || argv.includes('-v')) {
    process.stdout.write(versionLine());
    return;
  }
  if (!['serve', 'migrate', 'seed', 'cleanup'].includes(command)) {
    fail(`unknown command "${command}". Run with --help to see the commands.`, 2);
  }
  if (extra.length > 0) fail(`unexpected argument "${extra[0]}". Run with --help to see the usage.`, 2);
  let demoFlag: boolean | undefined;
  for (const option of argv.filter((arg) => arg.startsWith('-'))) {
    if (option !== '--demo' && option !== '--no-demo') fail(`unknown option "${option}". Run with --help to see the options.`, 2);
    if (command === 'migrate' || command === 'cleanup') fail(`${option} applies to serve and seed, not ${command}.`, 2);
    if (demoFlag !== undefined && demoFlag !== (option === '--demo')) fail('--demo and --no-demo contradict each other; give one.', 2);
    demoFlag = option === '--demo';
  }

  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(`bad configuration: ${error.message}`, 2);
    throw error;
  }

  const container = createContainer(config);
  try {
    if (command === 'serve') {
      await serve(container, demoFlag);
      return;
    }
    await prepare(container);
    if (command === 'seed') await seedData(container, demoFlag, true);
    if (command === 'cleanup') await runCleanup(container);
    await container.close();
  } catch (error) {
    await container.close().catch(() => {});
    fail(explainStartupError(error, container));
  }
}
