/**
 * Several instances of the service behind a real load balancer, on one machine and on loopback only
 * (docs/deployment.md, "Try it: npm run cluster"):
 *
 * - a fresh PostgreSQL database created for the run on the server of `--database-url` and dropped at the end;
 * - the shared Redis of `--redis-url` (REDIS_URL: the sign-in throttle and the request rate limits);
 * - one files directory every instance writes to and reads from (FILES_DIR), removed at the end;
 * - N instances of `node src/main.ts serve` (default 2) on free loopback ports, all with the same DATABASE_URL,
 *   REDIS_URL and FILES_DIR, BASE_URL set to the balancer's URL, TRUST_PROXY set to the balancer's address;
 * - HAProxy from Debian's `haproxy` package in front of them: round robin, health checks on /readyz, and an
 *   `X-Served-By` response header naming the instance that answered.
 *
 *   npm run cluster                                  (node scripts/cluster.ts)
 *   npm run cluster -- --instances 3 --port 8080 --no-demo
 *
 * It prints the URLs and stops everything (instances gracefully, then HAProxy; the database and the directory are
 * removed) on Ctrl-C. `test/cluster.test.ts` starts the same cluster with `startCluster` and drives traffic through it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync, type WriteStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { createPostgresDatabase } from '../test/helpers/databases.ts';

const root = path.join(import.meta.dirname, '..');

/** The PostgreSQL server and Redis a cluster uses unless told otherwise (those of this machine, as in CI). */
export const DEFAULT_ADMIN_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

/** The Node flags `npm start` runs the service with (docs/configuration.md, "Memory"). */
const SERVE_FLAGS = ['--max-semi-space-size=8', '--heap-growing-percent=20'];

/**
 * Makes an instance stop itself (gracefully, as on Ctrl-C) when the process that started it is gone, so a killed
 * script or test run leaves no server behind. A timer that never keeps the process alive; it fires once.
 *
 * Children also run in process groups of their own (`detached`), so Ctrl-C in a terminal reaches this script alone,
 * which stops each instance with one SIGTERM (a second signal makes an instance exit without waiting).
 */
const ORPHAN_WATCH = `const parent = process.ppid; const t = setInterval(() => { if (process.ppid !== parent) { clearInterval(t); process.kill(process.pid, 'SIGTERM'); } }, 500); t.unref();`;

/**
 * Runs HAProxy as a child and stops it when the process that started this supervisor is gone (HAProxy cannot watch
 * its parent itself). Signals are passed on; the supervisor exits with HAProxy's status.
 */
const HAPROXY_SUPERVISOR = `
const { spawn } = require('node:child_process');
const [bin, ...args] = process.argv.slice(1);
const child = spawn(bin, args, { stdio: 'inherit' });
const parent = process.ppid;
for (const s of ['SIGTERM', 'SIGINT', 'SIGUSR1']) process.on(s, () => child.kill(s));
const t = setInterval(() => { if (process.ppid !== parent) child.kill('SIGTERM'); }, 500);
child.on('exit', (code, signal) => { clearInterval(t); process.exit(code ?? (signal ? 0 : 1)); });
`;

export interface ClusterOptions {
  /** How many instances (default 2). */
  instances?: number;
  /** A PostgreSQL server URL with a role that may create databases; the run gets a database of its own there. */
  adminDatabaseUrl?: string;
  /** Redis shared by every instance (REDIS_URL). */
  redisUrl?: string;
  /** The balancer's port on 127.0.0.1 (default: a free one). */
  port?: number;
  /** Create the demo merchant (as `npm start -- --demo`); its credentials go to `onLine`. Default false. */
  demo?: boolean;
  /** LOG_LEVEL of the instances (default info); their logs go to files in the run's directory. */
  logLevel?: string;
  /** More environment for every instance (RATE_LIMITS, DATABASE_TIMEOUT_MS, …). */
  env?: Record<string, string>;
  /** Progress and the demo merchant's banner (default: nowhere). */
  onLine?: (line: string) => void;
}

export interface Instance {
  /** Its server name at the balancer, also the value of X-Served-By: s1, s2, … */
  name: string;
  /** Its own URL, bypassing the balancer. */
  url: string;
  port: number;
  pid: number;
  /** Its stdout (JSON logs) and stderr, in the run's directory. */
  logFile: string;
  /** What it wrote on stderr so far (start-up progress, shutdown messages). */
  stderr(): string;
  /** Whether it still runs. */
  readonly running: boolean;
  /** Resolves when it has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends `signal` (default SIGTERM: a graceful stop) and waits for the exit; SIGKILL after `graceMs` (default 15 s). */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface Cluster {
  /** The balancer's URL: BASE_URL of every instance. */
  url: string;
  instances: Instance[];
  /** The run's own database (dropped by `stop`). */
  databaseUrl: string;
  redisUrl: string;
  /** FILES_DIR of every instance. */
  filesDir: string;
  /** The run's directory: HAProxy's configuration, the instances' logs, the files. */
  dir: string;
  haproxyConfigFile: string;
  /** HAProxy's runtime API (a Unix socket, admin level): `set server instances/s1 state drain`, `show stat`, … */
  adminSocket: string;
  /** Sends one command to HAProxy's runtime API and resolves with its answer. */
  haproxyCommand(command: string): Promise<string>;
  /**
   * Takes an instance out of the balancer as an orchestrator does before it stops one (HAProxy's `drain` state: no
   * new request goes to it), and resolves once the balancer has no request open on it any more (bounded: 10 s).
   * Then a SIGTERM stops it without any client noticing (docs/deployment.md, "Stopping an instance").
   */
  drain(name: string): Promise<void>;
  /** Stops the instances gracefully, then HAProxy; drops the database and removes the directory. Idempotent. */
  stop(): Promise<void>;
}

/** The `haproxy` binary: on the PATH, or where Debian's package puts it (/usr/sbin, often not on a user's PATH). */
export function findHaproxy(): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin', '/sbin'];
  for (const dir of dirs) {
    if (dir === '') continue;
    const candidate = path.join(dir, 'haproxy');
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

export const HAPROXY_MISSING = "HAProxy is not installed: install Debian's package with `apt-get install -y haproxy` (as root), then run this again.";

/** A port nobody listens on now, on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

/**
 * The balancer's configuration. Choices (docs/deployment.md, "The load balancer"):
 * - health checks on GET /readyz every 500 ms; two failures take an instance out, two successes put it back;
 * - `option http-server-close`: one server connection per request, so an instance that stops gets no new request
 *   on a kept connection while it drains (it would answer 503 there) and every new one is refused at connect time;
 * - `retries` with `option redispatch`: a connection refused by a stopping instance is tried on another, which is
 *   always safe (the request never reached the first);
 * - L7 retries (an empty or 502/503/504 answer) only for GET and HEAD, which are safe to repeat; for other methods
 *   the balancer cannot know whether the instance acted, so it passes the failure on and the client retries
 *   (with the same Idempotency-Key);
 * - `option forwardfor` adds the client's address to X-Forwarded-For; the instances trust the balancer's address
 *   only (TRUST_PROXY), so a client cannot choose the address its rate limits count against;
 * - `X-Served-By` names the instance that answered (for the test; harmless to keep);
 * - one log line per request on stdout (the run's haproxy.log), and the runtime API on `adminSocket` (drain, stats).
 */
export function haproxyConfig(options: { port: number; servers: Array<{ name: string; port: number }>; adminSocket: string }): string {
  return `# Generated by scripts/cluster.ts for one run; see docs/deployment.md.
global
    maxconn 512
    stats socket ${options.adminSocket} mode 600 level admin
    log stdout format raw local0 info

defaults
    mode http
    log global
    option httplog
    timeout connect 2s
    timeout client 30s
    timeout server 30s
    timeout http-request 10s
    timeout http-keep-alive 10s
    timeout queue 5s
    retries 3
    option redispatch 1
    retry-on conn-failure empty-response junk-response response-timeout 502 503 504
    option http-server-close

frontend api
    bind 127.0.0.1:${options.port}
    option forwardfor
    default_backend instances

backend instances
    balance roundrobin
    option httpchk
    http-check send meth GET uri /readyz
    http-check expect status 200
    default-server inter 500ms fastinter 250ms downinter 500ms fall 2 rise 2
    http-request disable-l7-retry unless METH_GET || METH_HEAD
    http-response set-header X-Served-By %[srv_name]
${options.servers.map((s) => `    server ${s.name} 127.0.0.1:${s.port} check`).join('\n')}
`;
}

/** Sends one command to HAProxy's runtime API on `socket` and resolves with its answer (bounded: 5 s). */
export function haproxyCommand(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const connection = connect(socket);
    let answer = '';
    connection.setEncoding('utf8');
    connection.setTimeout(5000, () => connection.destroy(new Error(`HAProxy did not answer "${command}" within 5 s`)));
    connection.on('data', (chunk: string) => (answer += chunk));
    connection.on('end', () => resolve(answer));
    connection.on('error', reject);
    connection.end(`${command}\n`);
  });
}

/** The open sessions (requests under way) HAProxy has on one server of the `instances` backend, from `show stat`. */
async function openSessions(socket: string, name: string): Promise<number> {
  const stat = await haproxyCommand(socket, 'show stat');
  const [header, ...rows] = stat.replace(/^# /, '').trim().split('\n');
  const columns = header!.split(',');
  const row = rows.map((r) => r.split(',')).find((r) => r[0] === 'instances' && r[1] === name);
  if (!row) throw new Error(`no server ${name} in HAProxy's statistics`);
  return Number(row[columns.indexOf('scur')]);
}

/** Fails with a message naming the service unless PostgreSQL and Redis answer. */
async function checkServices(adminDatabaseUrl: string, redisUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminDatabaseUrl, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    throw new Error(`PostgreSQL at ${adminDatabaseUrl} is not reachable (${(error as Error).message}); start it or pass --database-url`);
  } finally {
    await client.end().catch(() => {});
  }
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null, connectTimeout: 5000 });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new Error(`Redis at ${redisUrl} is not reachable (${(error as Error).message}); start it or pass --redis-url`);
  } finally {
    redis.disconnect();
  }
}

/** Runs `node src/main.ts <args>` to its end with `env`; rejects with its stderr when it fails. */
function runMain(args: string[], env: NodeJS.ProcessEnv, onLine: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['src/main.ts', ...args], { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
      for (const line of chunk.split('\n')) if (line.trim() !== '') onLine(line);
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`node src/main.ts ${args.join(' ')} failed (${code}):\n${stderr}`))));
  });
}

/** Starts one instance with PORT=0 and resolves once it listens (it prints its address). */
function startInstance(name: string, env: NodeJS.ProcessEnv, logFile: string, startTimeoutMs: number): Promise<Instance> {
  const child: ChildProcess = spawn(
    process.execPath,
    [...SERVE_FLAGS, '--import', `data:text/javascript,${encodeURIComponent(ORPHAN_WATCH)}`, 'src/main.ts', 'serve', '--no-demo'],
    { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  const log: WriteStream = createWriteStream(logFile);
  let stderr = '';
  let running = true;
  // 'close' comes after the process exited and its output was read to the end: the log is complete then.
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('close', (code, signal) => {
      running = false;
      log.end();
      resolve({ code, signal });
    });
  });
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    stderr += chunk;
    log.write(chunk.replace(/^(?=.)/gm, '[stderr] '));
  });
  return new Promise((resolve, reject) => {
    let banner = '';
    let listening = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${name} did not start within ${startTimeoutMs} ms:\n${stderr}`));
    }, startTimeoutMs);
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => {
      log.write(chunk);
      if (listening) return;
      banner += chunk;
      const address = /is listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(banner);
      if (!address) return;
      listening = true;
      clearTimeout(timer);
      const port = Number(address[1]);
      resolve({
        name,
        port,
        url: `http://127.0.0.1:${port}`,
        pid: child.pid!,
        logFile,
        stderr: () => stderr,
        get running() {
          return running;
        },
        exited,
        async stop(signal: NodeJS.Signals = 'SIGTERM', graceMs = 15_000) {
          if (running) child.kill(signal);
          const killer = setTimeout(() => child.kill('SIGKILL'), graceMs);
          try {
            return await exited;
          } finally {
            clearTimeout(killer);
          }
        },
      });
    });
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      if (!listening) reject(new Error(`${name} exited while starting (${code ?? signal}):\n${stderr}`));
    });
  });
}

/** GET `url`; the status (0 when nothing answered) and the X-Served-By header. */
function probe(url: string, timeoutMs = 2000): Promise<{ status: number; servedBy?: string }> {
  return new Promise((resolve) => {
    const req = request(url, { agent: false, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, servedBy: res.headers['x-served-by'] as string | undefined }));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve({ status: 0 }));
    req.end();
  });
}

/**
 * Starts HAProxy, the instances and what they share; resolves once the balancer routes to every instance. On a
 * failure on the way, whatever was started is stopped again before the error is thrown.
 */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const count = options.instances ?? 2;
  const adminDatabaseUrl = options.adminDatabaseUrl ?? DEFAULT_ADMIN_DATABASE_URL;
  const redisUrl = options.redisUrl ?? DEFAULT_REDIS_URL;
  const onLine = options.onLine ?? (() => {});
  const haproxy = findHaproxy();
  if (haproxy === undefined) throw new Error(HAPROXY_MISSING);
  await checkServices(adminDatabaseUrl, redisUrl);

  const cleanups: Array<() => Promise<unknown>> = [];
  const instances: Instance[] = [];
  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= (async () => {
      // Instances first (gracefully: they finish what they were doing), then the balancer, the database, the files.
      await Promise.all(instances.map((i) => i.stop().catch(() => {})));
      for (const cleanup of cleanups.reverse()) await cleanup().catch((error) => onLine(`clean-up: ${(error as Error).message}`));
    })();
    return stopped;
  };

  try {
    const dir = await mkdtemp(path.join(tmpdir(), 'commerce-cluster-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const filesDir = path.join(dir, 'files');
    const database = await createPostgresDatabase(adminDatabaseUrl, 'commerce_cluster');
    cleanups.push(() => database.drop());
    const port = options.port ?? (await freePort());
    const url = `http://127.0.0.1:${port}`;
    onLine(`database: ${database.url.replace(/\/\/[^@/]*@/, '//…@')}`);

    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: '',
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      FILES_DIR: filesDir,
      HOST: '127.0.0.1',
      PORT: '0',
      BASE_URL: url,
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: options.logLevel ?? 'info',
      SEED_DEMO: 'false',
      ...options.env,
    };

    // One release step before any instance starts: migrations, reference data (and the demo merchant when asked).
    // Instances starting together would each do it at once (see docs/deployment.md, "Starting and upgrading").
    onLine('migrating and seeding the database…');
    await runMain(['seed', options.demo ? '--demo' : '--no-demo'], env, onLine);
    // The dashboard build, once: `serve` builds it when its sources changed, and two instances on one checkout would
    // build it into the same directory at once.
    const { ensureDashboardBuilt } = await import('../src/dashboard-build.ts');
    await ensureDashboardBuilt(onLine);

    onLine(`starting ${count} instances…`);
    const started = await Promise.allSettled(
      Array.from({ length: count }, (_, i) => startInstance(`s${i + 1}`, env, path.join(dir, `s${i + 1}.log`), 60_000)),
    );
    for (const result of started) if (result.status === 'fulfilled') instances.push(result.value);
    const failed = started.find((r) => r.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;

    const haproxyConfigFile = path.join(dir, 'haproxy.cfg');
    const adminSocket = path.join(dir, 'haproxy.sock');
    await writeFile(haproxyConfigFile, haproxyConfig({ port, adminSocket, servers: instances.map((i) => ({ name: i.name, port: i.port })) }));
    const balancer = spawn(process.execPath, ['-e', HAPROXY_SUPERVISOR, haproxy, '-db', '-f', haproxyConfigFile], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    // Its log (one line per request, with the server and the termination state) and messages, in the run's directory.
    const balancerLog = createWriteStream(path.join(dir, 'haproxy.log'));
    let balancerOutput = '';
    balancer.stdout.setEncoding('utf8').on('data', (c: string) => balancerLog.write(c));
    balancer.stderr.setEncoding('utf8').on('data', (c: string) => {
      if (balancerOutput.length < 64 * 1024) balancerOutput += c;
      balancerLog.write(c);
    });
    balancer.on('close', () => balancerLog.end());
    const balancerExited = new Promise<number | null>((resolve) => balancer.on('close', (code) => resolve(code)));
    cleanups.push(async () => {
      if (balancer.exitCode === null && balancer.signalCode === null) balancer.kill('SIGTERM');
      const killer = setTimeout(() => balancer.kill('SIGKILL'), 5000);
      await balancerExited;
      clearTimeout(killer);
    });

    // Ready when the balancer answers /readyz and has routed to every instance (bounded).
    const seen = new Set<string>();
    const deadline = Date.now() + 20_000;
    while (seen.size < instances.length) {
      if (balancer.exitCode !== null) throw new Error(`HAProxy exited (${balancer.exitCode}):\n${balancerOutput}`);
      if (Date.now() > deadline) throw new Error(`the balancer did not route to every instance within 20 s (saw ${[...seen].join(', ') || 'none'}):\n${balancerOutput}`);
      const { status, servedBy } = await probe(`${url}/readyz`);
      if (status === 200 && servedBy) seen.add(servedBy);
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const drain = async (name: string) => {
      const answer = await haproxyCommand(adminSocket, `set server instances/${name} state drain`);
      if (answer.trim() !== '') throw new Error(`HAProxy refused to drain ${name}: ${answer.trim()}`);
      const until = Date.now() + 10_000;
      while ((await openSessions(adminSocket, name)) > 0) {
        if (Date.now() > until) throw new Error(`${name} still had requests under way 10 s after it was drained`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    return {
      url,
      instances,
      databaseUrl: database.url,
      redisUrl,
      filesDir,
      dir,
      haproxyConfigFile,
      adminSocket,
      haproxyCommand: (command) => haproxyCommand(adminSocket, command),
      drain,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

const HELP = `Usage: npm run cluster -- [options]      (node scripts/cluster.ts)

Starts several instances of the service on one fresh PostgreSQL database and one Redis, behind HAProxy
(Debian's haproxy package), all on 127.0.0.1, and prints the URLs. Ctrl-C stops everything and removes the
database and the files. See docs/deployment.md.

Options:
  --instances N       how many instances (default 2, at most 8)
  --port N            the balancer's port (default: a free one)
  --database-url URL  a PostgreSQL server where the run may create its database
                      (default: TEST_DATABASE_URL or ${DEFAULT_ADMIN_DATABASE_URL})
  --redis-url URL     Redis shared by the instances (default: TEST_REDIS_URL or ${DEFAULT_REDIS_URL})
  --no-demo           do not create the demo merchant (created by default; its credentials are printed)
  --log-level LEVEL   LOG_LEVEL of the instances (default info; their logs go to files, printed below)
`;

function parseArgs(argv: string[]): ClusterOptions | 'help' {
  const options: ClusterOptions = {
    adminDatabaseUrl: process.env.TEST_DATABASE_URL || DEFAULT_ADMIN_DATABASE_URL,
    redisUrl: process.env.TEST_REDIS_URL || DEFAULT_REDIS_URL,
    demo: true,
  };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    if (arg === '--help' || arg === '-h') return 'help';
    else if (arg === '--instances') {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 1 || n > 8) throw new Error('--instances: a whole number from 1 to 8');
      options.instances = n;
    } else if (arg === '--port') {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 1 || n > 65535) throw new Error('--port: a port number');
      options.port = n;
    } else if (arg === '--database-url') options.adminDatabaseUrl = value();
    else if (arg === '--redis-url') options.redisUrl = value();
    else if (arg === '--no-demo') options.demo = false;
    else if (arg === '--log-level') options.logLevel = value();
    else throw new Error(`unknown option ${arg} (see --help)`);
  }
  return options;
}

async function main(): Promise<void> {
  let options: ClusterOptions | 'help';
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`error: ${(error as Error).message}\n`);
    process.exit(2);
  }
  if (options === 'help') {
    process.stdout.write(HELP);
    return;
  }
  if (findHaproxy() === undefined) {
    process.stderr.write(`error: ${HAPROXY_MISSING}\n`);
    process.exit(1);
  }
  let cluster: Cluster | undefined;
  let starting: Promise<Cluster> | undefined;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      process.stderr.write(`${signal} again: exiting without waiting (the database may be left behind)\n`);
      process.exit(1);
    }
    stopping = true;
    process.stderr.write(`\n${signal}: stopping the instances gracefully, then HAProxy; dropping the database…\n`);
    // Stopped while starting: once it has started (a failed start cleans up by itself).
    const started = cluster ?? (await starting?.catch(() => undefined));
    await started?.stop();
    for (const instance of started?.instances ?? []) {
      const { code, signal: killedBy } = await instance.exited;
      process.stderr.write(`${instance.name}: ${code === 0 ? 'stopped cleanly' : `exited (${code ?? killedBy})`}\n`);
    }
    process.stderr.write('stopped; database dropped, files removed\n');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  try {
    starting = startCluster({ ...options, onLine: (line) => process.stderr.write(`${line}\n`) });
    cluster = await starting;
  } catch (error) {
    process.stderr.write(`error: ${(error as Error).message}\n`);
    process.exit(1);
  }
  if (stopping) return;
  const first = cluster.instances[0]!;
  const lines = [
    '',
    `commerce-service cluster: ${cluster.instances.length} instances behind HAProxy`,
    `  Balancer (BASE_URL): ${cluster.url}   (X-Served-By names the instance that answered)`,
    ...cluster.instances.map((i) => `  ${i.name}: ${i.url}   pid ${i.pid}   log ${i.logFile}`),
    `  Dashboard: ${cluster.url}/dashboard`,
    `  Database: ${cluster.databaseUrl.replace(/\/\/[^@/]*@/, '//…@')} (dropped on exit)`,
    `  Redis: ${cluster.redisUrl}`,
    `  Files (FILES_DIR of every instance): ${cluster.filesDir}`,
    `  HAProxy configuration: ${cluster.haproxyConfigFile}`,
    `  HAProxy log: ${path.join(cluster.dir, 'haproxy.log')}   runtime API: ${cluster.adminSocket}`,
    `  Try: curl -si ${cluster.url}/readyz | grep -i x-served-by   (again: the next instance answers)`,
    `  Stop ${first.name} the orchestrated way (no client notices): take it out of the balancer, then SIGTERM it:`,
    `    echo 'set server instances/${first.name} state drain' | socat stdio ${cluster.adminSocket}   (apt-get install socat)`,
    `    kill -TERM ${first.pid}`,
    `  Or stop it abruptly under traffic: kill -TERM ${first.pid}   (docs/deployment.md says what clients see)`,
    '  Stop everything with Ctrl-C.',
    '',
  ];
  process.stdout.write(lines.join('\n'));
  // An instance that stops is reported; the cluster goes on with the others.
  for (const instance of cluster.instances) {
    void instance.exited.then(({ code, signal }) => {
      if (!stopping) process.stderr.write(`${instance.name} exited (${code ?? signal}); the balancer routes around it\n`);
    });
  }
}

if (import.meta.main) await main();
