/**
 * The pieces the load benchmarks share (bench/countries.ts, bench/catalog-reads.ts): child processes pinned to a core
 * and killed on exit, wrk with a Lua hook printing its summary as JSON, CPU accounting from /proc (server, load
 * generator, everyone else), waiting for a quiet machine and repeating a disturbed run, and the report's helpers.
 * Only 127.0.0.1 is ever targeted by the benchmarks that use it.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { type IncomingHttpHeaders, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');
const NODE_BIN = path.join(ROOT, 'node_modules', '.bin', 'node');
export const NODE = existsSync(NODE_BIN) ? NODE_BIN : process.execPath;
export const HOST = '127.0.0.1';

/** A run during which other processes used more than this many cores is reported as disturbed. */
export const FOREIGN_LIMIT = 0.15;
/** Disturbed runs repeated at most, over a whole benchmark (keeps the total time bounded). */
const MAX_REPEATS = 3;

export function intFromEnv(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name}="${raw}" must be an integer in [${min}, ${max}]`);
  }
  return value;
}

/**
 * The tunables every load benchmark reads from the environment, with that benchmark's defaults: BENCH_CONNECTIONS,
 * BENCH_DURATION (seconds per measured run), BENCH_WARMUP (seconds per case), BENCH_ROUNDS, and BENCH_QUIET_WAIT
 * (seconds the whole benchmark may spend waiting for the machine to be quiet before runs; default 20).
 */
export function loadSettings(defaults: { connections: number; duration: number; warmup: number; rounds: number }) {
  return {
    connections: intFromEnv('BENCH_CONNECTIONS', defaults.connections, 1, 1000),
    duration: intFromEnv('BENCH_DURATION', defaults.duration, 1, 60),
    warmup: intFromEnv('BENCH_WARMUP', defaults.warmup, 0, 30),
    rounds: intFromEnv('BENCH_ROUNDS', defaults.rounds, 1, 25),
    quietBudgetS: intFromEnv('BENCH_QUIET_WAIT', 20, 0, 600),
  };
}

export function hasWrk(): boolean {
  return spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// Child processes: pinning, bookkeeping, cleanup

function hasTaskset(): boolean {
  const result = spawnSync('taskset', ['-V'], { stdio: 'ignore' });
  return result.error === undefined && result.status === 0;
}

export const TASKSET = hasTaskset();
export const CPUS = os.availableParallelism();
export const SERVER_CORE = '0';
// With a single CPU there is no second core to keep the load generator away from the server.
export const CLIENT_CORE = CPUS > 1 ? '1' : undefined;

function pinned(core: string | undefined, command: string, args: string[]): [string, string[]] {
  return TASKSET && core !== undefined ? ['taskset', ['-c', core, command, ...args]] : [command, args];
}

/** Where the servers and the load generator run, for the report. */
export function pinningNote(tool: string): string {
  return TASKSET ? `servers on core ${SERVER_CORE}, ${tool} on core ${CLIENT_CORE ?? SERVER_CORE}` : 'no pinning (taskset missing)';
}

/** Pins running processes (a server's database backends) to the server core, where taskset is available. */
export function pinToServerCore(pids: number[]): void {
  if (!TASKSET) return;
  // BENCH_DATABASE_CORE=client: the database's backends beside the load generator instead (an experiment: what the
  // server's figures are when the database does not share its core; the figures of record keep the default).
  const core = process.env.BENCH_DATABASE_CORE === 'client' && CLIENT_CORE !== undefined ? CLIENT_CORE : SERVER_CORE;
  for (const pid of pids) spawnSync('taskset', ['-p', '-c', core, String(pid)], { stdio: 'ignore' });
}

/** Keeps the benchmark process itself (mostly idle) off the server core, and warns where pinning is not possible. */
export function pinSelf(): void {
  if (TASKSET && CLIENT_CORE !== undefined) {
    spawnSync('taskset', ['-p', '-c', CLIENT_CORE, String(process.pid)], { stdio: 'ignore' });
  }
  if (!TASKSET) process.stderr.write('warning: taskset not found, processes are not pinned to cores\n');
  if (CLIENT_CORE === undefined) process.stderr.write('warning: one CPU only, server and load generator share it\n');
}

const children = new Set<ChildProcess>();
const cleanups: Array<() => void | Promise<void>> = [];

export function start(
  core: string | undefined,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): ChildProcess {
  const [cmd, argv] = pinned(core, command, args);
  // `taskset -c N cmd` execs cmd, so child.pid is the pid of the pinned process itself.
  const child = spawn(cmd, argv, { cwd: ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

export function killAll(signal: NodeJS.Signals): void {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  }
}

/**
 * Registers a clean-up (a temp directory, a database) run once: on exit (only its synchronous part), on
 * SIGINT/SIGTERM/SIGHUP (awaited), or by `runCleanups()`.
 */
export function atExit(cleanup: () => void | Promise<void>): void {
  cleanups.push(cleanup);
}

export async function runCleanups(): Promise<void> {
  for (const cleanup of cleanups.splice(0)) {
    try {
      await cleanup();
    } catch (error) {
      process.stderr.write(`clean-up failed: ${(error as Error).message}\n`);
    }
  }
}

process.on('exit', () => {
  killAll('SIGKILL');
  for (const cleanup of cleanups.splice(0)) void cleanup();
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    process.stderr.write(`\n${signal}: stopping the benchmark\n`);
    killAll('SIGKILL');
    void runCleanups().finally(() => process.exit(130));
  });
}

/** Graceful stop: SIGTERM, then SIGKILL after `graceMs`. */
export async function stop(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Keeps the last lines a child wrote, for error messages. */
export function tail(child: ChildProcess, limit = 40): () => string {
  const lines: string[] = [];
  const push = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim() !== '') lines.push(line);
    lines.splice(0, Math.max(0, lines.length - limit));
  };
  child.stdout?.on('data', push);
  child.stderr?.on('data', push);
  return () => lines.join('\n');
}

/** Resolves with the first stdout match of `pattern`; rejects when the child exits first or after `timeoutMs`. */
export function waitForLine(child: ChildProcess, pattern: RegExp, what: string, output: () => string, timeoutMs = 60_000) {
  return new Promise<RegExpMatchArray>((resolve, reject) => {
    let buffered = '';
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const match = buffered.match(pattern);
      if (match) {
        cleanup();
        resolve(match);
      }
    };
    const onExit = (code: number | null, signal: string | null) => {
      cleanup();
      reject(new Error(`${what} exited before it was ready (code ${code}, signal ${signal}):\n${output()}`));
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`${what} was not ready after ${timeoutMs / 1000} s:\n${output()}`));
    }, timeoutMs);
    const cleanup = () => {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
    };
    child.stdout?.on('data', onData);
    child.on('exit', onExit);
  });
}

/** A started server: its process, its base URL, and its last output lines. */
export interface Server {
  process: ChildProcess;
  url: string;
  output: () => string;
}

/**
 * Starts a server pinned to the server core and waits for its "is listening on http://127.0.0.1:PORT" line. Its
 * stdin stays open unless `closeStdin`: a server that exits when stdin closes does not outlive the benchmark.
 */
/**
 * The arguments `npm start` gives Node, with the command swapped for `command` (`serve`): the benchmarks start the app
 * as a user does, with the same V8 flags (package.json, "start").
 */
export function appArgs(command: string[]): string[] {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const words = pkg.scripts.start.split(/\s+/);
  const entry = words.indexOf('src/main.ts');
  if (words[0] !== 'node' || entry < 0) throw new Error(`package.json "start" is not "node [flags] src/main.ts …": ${pkg.scripts.start}`);
  return [...words.slice(1, entry + 1), ...command];
}

export async function startServer(what: string, args: string[], env: NodeJS.ProcessEnv, options: { closeStdin?: boolean; timeoutMs?: number } = {}): Promise<Server> {
  const child = start(SERVER_CORE, NODE, args, env);
  if (options.closeStdin) child.stdin?.end();
  const output = tail(child);
  const match = await waitForLine(child, /is listening on http:\/\/127\.0\.0\.1:(\d+)/, what, output, options.timeoutMs);
  return { process: child, url: `http://${HOST}:${match[1]}`, output };
}

/**
 * A process's memory from /proc/<pid>/status, in bytes: its resident set now (VmRSS) and its peak (VmHWM); undefined
 * where /proc is missing or once the process has exited.
 */
export function processMemory(pid: number | undefined): { rss: number; peak: number } | undefined {
  if (pid === undefined) return undefined;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status)?.[1] ?? Number.NaN) * 1024;
    const memory = { rss: kb('VmRSS'), peak: kb('VmHWM') };
    return Number.isNaN(memory.rss) ? undefined : memory;
  } catch {
    return undefined;
  }
}

/**
 * One GET with exactly the given request headers. Not `fetch`: the Fetch standard adds `Cache-Control: no-cache`
 * (and `Pragma: no-cache`) to any request carrying If-None-Match, which the app answers with a full 200.
 */
export function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = httpRequest(url, { method: 'GET', headers, timeout: 10_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`GET ${url}: no answer after 10 s`)));
    req.on('error', reject);
    req.end();
  });
}

// ---------------------------------------------------------------------------------------------------------------
// CPU accounting (Linux /proc; absent elsewhere): how busy the server core and the client core were during a run

interface CpuSnapshot {
  cores: Map<string, { busy: number; total: number }>;
  /** CPU ticks of the server process and of the processes serving it (database backends), by pid. */
  serverTicks: Map<number, number>;
  /** This process's own CPU ticks, and those of its reaped children (the load generator, once it has exited). */
  selfTicks: number | undefined;
  childTicks: number | undefined;
  at: number;
}

function readCores(): Map<string, { busy: number; total: number }> {
  const cores = new Map<string, { busy: number; total: number }>();
  try {
    for (const line of readFileSync('/proc/stat', 'utf8').split('\n')) {
      const m = line.match(/^cpu(\d+)\s+(.*)$/);
      if (!m) continue;
      const fields = m[2]!.trim().split(/\s+/).map(Number);
      // user nice system idle iowait irq softirq steal (guest fields are already included in user/nice)
      const total = fields.slice(0, 8).reduce((a, b) => a + b, 0);
      const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
      cores.set(m[1]!, { busy: total - idle, total });
    }
  } catch {
    // not Linux: no per-core figures
  }
  return cores;
}

/** utime + stime (and, with `children`, cutime + cstime) of a process from /proc/<pid>/stat, in clock ticks. */
function readProcessTicks(pid: number | 'self' | undefined, children = false): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[0] is field 3 (state): utime, stime, cutime, cstime are fields 14-17
    return children ? Number(fields[13]) + Number(fields[14]) : Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

function snapshot(serverPids: number[]): CpuSnapshot {
  const serverTicks = new Map<number, number>();
  for (const pid of serverPids) {
    const ticks = readProcessTicks(pid);
    if (ticks !== undefined) serverTicks.set(pid, ticks);
  }
  return {
    cores: readCores(),
    serverTicks,
    selfTicks: readProcessTicks('self'),
    childTicks: readProcessTicks('self', true),
    at: performance.now(),
  };
}

/** Whole-machine CPU in use (in cores) over `ms`; undefined where /proc/stat is missing. */
async function machineBusy(ms: number): Promise<number | undefined> {
  const before = readCores();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = readCores();
  if (before.size === 0) return undefined;
  let busy = 0;
  for (const [id, b] of after) {
    const a = before.get(id);
    if (a && b.total > a.total) busy += (b.busy - a.busy) / (b.total - a.total);
  }
  return busy;
}

/** CPU shares over the window between two snapshots (the load generator's start-up and exit included). */
function cpuUsage(before: CpuSnapshot, after: CpuSnapshot, serverPid: number | undefined) {
  const seconds = (after.at - before.at) / 1000;
  const core = (id: string | undefined): number | undefined => {
    if (id === undefined) return undefined;
    const a = before.cores.get(id);
    const b = after.cores.get(id);
    if (!a || !b || b.total === a.total) return undefined;
    return (b.busy - a.busy) / (b.total - a.total);
  };
  // USER_HZ is 100 on every mainstream Linux build.
  const share = (a: number | undefined, b: number | undefined) =>
    a !== undefined && b !== undefined ? (b - a) / 100 / seconds : undefined;
  // The server process, plus whatever of its helpers (database backends) lived through the whole run.
  let server: number | undefined;
  let database: number | undefined;
  if (serverPid !== undefined && before.serverTicks.has(serverPid) && after.serverTicks.has(serverPid)) {
    server = 0;
    for (const [pid, ticks] of before.serverTicks) {
      const used = share(ticks, after.serverTicks.get(pid)) ?? 0;
      server += used;
      if (pid !== serverPid) database = (database ?? 0) + used;
    }
  }
  const client = share(before.childTicks, after.childTicks);
  const self = share(before.selfTicks, after.selfTicks);
  // CPU used on the machine by anything else than the server (and its helpers), the load generator and this process, in cores (kernel
  // work not charged to a process, such as some of the loopback networking, lands here too).
  let foreign: number | undefined;
  let machine = 0;
  let complete = after.cores.size > 0;
  for (const [id, b] of after.cores) {
    const a = before.cores.get(id);
    if (!a || b.total === a.total) complete = false;
    else machine += (b.busy - a.busy) / (b.total - a.total);
  }
  if (complete && server !== undefined && client !== undefined && self !== undefined) {
    foreign = machine - server - client - self;
  }
  return { serverCore: core(SERVER_CORE), clientCore: core(CLIENT_CORE), serverProcess: server, database, client, foreign, seconds };
}

/**
 * Pacing of the runs: between runs our own processes are idle, so what the machine is doing then is someone else's
 * work. `waitForQuiet` waits (in 0.5 s steps, out of a budget of `quietBudgetS` for the whole benchmark) until that is
 * below FOREIGN_LIMIT, so runs start on a quiet machine; `undisturbed` repeats a disturbed run once (at most
 * `maxRepeats` times in all, which keeps the total time bounded).
 */
export function createPacer(quietBudgetS: number, maxRepeats = MAX_REPEATS) {
  let quietBudgetMs = quietBudgetS * 1000;
  let repeatsLeft = maxRepeats;
  const waitForQuiet = async (): Promise<void> => {
    let waited = 0;
    while (quietBudgetMs > 0) {
      const busy = await machineBusy(500);
      if (busy === undefined || busy < FOREIGN_LIMIT) break;
      quietBudgetMs -= 500;
      waited += 0.5;
    }
    if (waited > 0) {
      const note = quietBudgetMs > 0 ? '' : ' (waiting budget used up: going on anyway)';
      process.stdout.write(`  waited ${waited} s for other processes to leave the CPU alone${note}\n`);
    }
  };
  /** Runs `measure` after a quiet wait; a disturbed run is reported, kept, and repeated once while repeats are left. */
  const undisturbed = async <R extends { disturbed: boolean }>(measure: () => Promise<R>, report: (run: R, repeating: boolean) => void): Promise<R[]> => {
    const runs: R[] = [];
    for (let attempt = 1; ; attempt++) {
      await waitForQuiet();
      const run = await measure();
      runs.push(run);
      const repeat = run.disturbed && attempt === 1 && repeatsLeft > 0;
      report(run, repeat);
      if (!repeat) return runs;
      repeatsLeft--;
    }
  };
  return { waitForQuiet, undisturbed };
}

// ---------------------------------------------------------------------------------------------------------------
// Load generators and one measured run

export interface LoadResult {
  durationS: number;
  requests: number;
  /** Bytes received, headers included. */
  bytes: number;
  /** Connection errors, timeouts, resets (by kind; all must be zero). */
  errors: Record<string, number>;
  /** Responses by status, where the tool counts them (autocannon); wrk counts only statuses >= 400 (`errors.status`). */
  statuses?: Record<string, number>;
  /** Milliseconds. wrk's are exact; autocannon's are whole milliseconds, truncated. */
  latency: { mean: number; p50: number; p99: number; max: number };
}

/** Runs a load generator pinned to the client core to completion and returns its stdout; rejects with its stderr on failure. */
export function runClient(tool: string, label: string, command: string, args: string[], seconds: number): Promise<string> {
  const child = start(CLIENT_CORE, command, args);
  child.stdin?.end();
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), (seconds + 30) * 1000);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code !== 0) reject(new Error(`${tool} (${label}) exited with code ${code}, signal ${signal}:\n${stderr}`));
      else resolve(stdout);
    });
  });
}

/** wrk's Lua `done` hook: prints the summary as one JSON line (durations in microseconds). */
const WRK_REPORT = `done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK-JSON {"duration":%d,"requests":%d,"bytes":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"mean":%f,"p50":%d,"p99":%d,"max":%d}\\n',
    summary.duration, summary.requests, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout,
    latency.mean, latency:percentile(50), latency:percentile(99), latency.max))
end
`;

/** Writes a wrk script: `prelude` (e.g. a `request` function) followed by the JSON summary hook. Returns its path. */
export function writeWrkScript(file: string, prelude = ''): string {
  writeFileSync(file, `${prelude}${WRK_REPORT}`);
  return file;
}

/** One wrk run (1 thread) with a script from `writeWrkScript`; `status` counts the responses with a status >= 400. */
export async function wrk(label: string, url: string, headers: string[], connections: number, seconds: number, script: string): Promise<LoadResult> {
  const args = ['-t', '1', '-c', String(connections), '-d', `${seconds}s`, '--timeout', '10s', '-s', script];
  for (const header of headers) args.push('-H', header);
  args.push(url);
  const stdout = await runClient('wrk', label, 'wrk', args, seconds);
  const line = stdout.split('\n').find((l) => l.startsWith('WRK-JSON '));
  if (line === undefined) throw new Error(`wrk (${label}) printed no summary:\n${stdout}`);
  const r = JSON.parse(line.slice('WRK-JSON '.length)) as Record<string, number>;
  return {
    durationS: r.duration! / 1e6,
    requests: r.requests!,
    bytes: r.bytes!,
    errors: { connect: r.connect!, read: r.read!, write: r.write!, 'status >= 400': r.status!, timeout: r.timeout! },
    latency: { mean: r.mean! / 1000, p50: r.p50! / 1000, p99: r.p99! / 1000, max: r.max! / 1000 },
  };
}

/** The figures of one measured run. */
export interface RunFigures {
  reqPerSec: number;
  latencyMean: number;
  /** Mean latency by Little's law, connections / throughput (ms): exact for a closed loop like wrk's or autocannon's. */
  latencyMeanLittle: number;
  latencyP50: number;
  latencyP99: number;
  latencyMax: number;
  requests: number;
  bytesPerResponse: number;
  serverCoreBusy: number | undefined;
  clientCoreBusy: number | undefined;
  serverProcessCpu: number | undefined;
  clientProcessCpu: number | undefined;
  /** CPU (in cores) used by other processes during the run; above FOREIGN_LIMIT the run is marked disturbed. */
  foreignCpu: number | undefined;
  disturbed: boolean;
  /** Server CPU time per response, microseconds: comparable even when the load generator is the bottleneck. */
  serverCpuPerRequestUs: number | undefined;
  /** The part of it spent by the server's helpers (its database's backends); undefined without helpers. */
  databaseCpuPerRequestUs: number | undefined;
}

/**
 * One measured run: `load` (a load generator run) between two CPU snapshots, then `verify` (throws when the run is
 * not valid; the error then says whether the server is still running, with its last output if it is not).
 * `helpers`: processes that do the server's work on its behalf (its database's backends); their CPU counts as the
 * server's, not as other processes'.
 */
export async function measureRun(
  server: { process: ChildProcess; output: () => string },
  connections: number,
  load: () => Promise<LoadResult>,
  verify: (result: LoadResult) => void,
  helpers: number[] = [],
): Promise<RunFigures & { result: LoadResult }> {
  const pids = server.process.pid === undefined ? helpers : [server.process.pid, ...helpers];
  const before = snapshot(pids);
  const result = await load();
  const after = snapshot(pids);
  try {
    verify(result);
  } catch (error) {
    const { exitCode, signalCode } = server.process;
    const state =
      exitCode === null && signalCode === null
        ? 'The server is still running.'
        : `The server process has exited (code ${exitCode}, signal ${signalCode}); its last output:\n${server.output()}`;
    throw new Error(`${(error as Error).message}\n${state}`);
  }
  const cpu = cpuUsage(before, after, server.process.pid);
  const rate = result.requests / result.durationS;
  return {
    result,
    reqPerSec: rate,
    latencyMean: result.latency.mean,
    latencyMeanLittle: (connections / rate) * 1000,
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
    latencyMax: result.latency.max,
    requests: result.requests,
    bytesPerResponse: result.bytes / result.requests,
    serverCoreBusy: cpu.serverCore,
    clientCoreBusy: cpu.clientCore,
    serverProcessCpu: cpu.serverProcess,
    clientProcessCpu: cpu.client,
    foreignCpu: cpu.foreign,
    disturbed: cpu.foreign !== undefined && cpu.foreign > FOREIGN_LIMIT,
    serverCpuPerRequestUs: cpu.serverProcess === undefined ? undefined : (cpu.serverProcess * cpu.seconds * 1e6) / result.requests,
    databaseCpuPerRequestUs: cpu.database === undefined ? undefined : (cpu.database * cpu.seconds * 1e6) / result.requests,
  };
}

/** Problems common to every run: no responses, or any connection error, timeout or status >= 400. */
export function runProblems(result: LoadResult): string[] {
  const problems: string[] = [];
  if (result.requests <= 0) problems.push('no responses at all');
  for (const [kind, count] of Object.entries(result.errors)) if (count !== 0) problems.push(`${kind}: ${count}`);
  return problems;
}

/**
 * The exact size in bytes of one response (status line, headers, body) to a GET with these headers, read off the
 * socket, as the load generator will count it.
 */
export function responseSize(url: string, headers: string[]): Promise<number> {
  const { hostname, port, pathname, search } = new URL(url);
  const head = [`GET ${pathname}${search} HTTP/1.1`, `Host: ${hostname}:${port}`, ...headers, '', ''].join('\r\n');
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(head));
    let received = Buffer.alloc(0);
    socket.setTimeout(10_000, () => socket.destroy(new Error(`GET ${url}: no complete answer after 10 s`)));
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf('\r\n\r\n');
      if (end === -1) return;
      const length = /\r\ncontent-length: *(\d+)/i.exec(received.subarray(0, end).toString('latin1'));
      const status = Number(received.subarray(9, 12).toString('latin1'));
      const total = end + 4 + (length && status !== 304 ? Number(length[1]) : 0);
      if (received.length >= total) {
        socket.destroy();
        resolve(total);
      }
    });
    socket.on('error', reject);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Report

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function medianOf(values: (number | undefined)[]): number | undefined {
  const known = values.filter((v): v is number => v !== undefined);
  return known.length > 0 ? median(known) : undefined;
}

/**
 * The medians of a case's runs, over the undisturbed ones; over all of them only when every run was disturbed (the
 * report flags that: `cleanRuns` is 0).
 */
export function summarizeRuns(all: RunFigures[]) {
  const clean = all.filter((r) => !r.disturbed);
  const mine = clean.length > 0 ? clean : all;
  return {
    reqPerSec: median(mine.map((r) => r.reqPerSec)),
    rounds: all.map((r) => `${Math.round(r.reqPerSec)}${r.disturbed ? '*' : ''}`),
    cleanRuns: clean.length,
    latencyMean: median(mine.map((r) => r.latencyMean)),
    latencyMeanLittle: median(mine.map((r) => r.latencyMeanLittle)),
    latencyP50: median(mine.map((r) => r.latencyP50)),
    latencyP99: median(mine.map((r) => r.latencyP99)),
    bytesPerResponse: median(mine.map((r) => r.bytesPerResponse)),
    serverCoreBusy: medianOf(mine.map((r) => r.serverCoreBusy)),
    clientCoreBusy: medianOf(mine.map((r) => r.clientCoreBusy)),
    serverProcessCpu: medianOf(mine.map((r) => r.serverProcessCpu)),
    serverCpuPerRequestUs: medianOf(mine.map((r) => r.serverCpuPerRequestUs)),
    databaseCpuPerRequestUs: medianOf(mine.map((r) => r.databaseCpuPerRequestUs)),
    clientProcessCpu: medianOf(mine.map((r) => r.clientProcessCpu)),
    foreignCpu: medianOf(mine.map((r) => r.foreignCpu)),
    disturbedRuns: all.length - clean.length,
  };
}

/** The report table's columns common to every case: names, and the cells of one case from `summarizeRuns`. */
export const SUMMARY_COLUMNS = ['case', 'median req/s', 'rounds (req/s)', 'p50 ms', 'p99 ms', 'mean ms', 'bytes/resp', 'server CPU', 'CPU us/req (database)', 'client CPU', 'other CPU'];

export function summaryCells(name: string, s: ReturnType<typeof summarizeRuns>): string[] {
  return [
    name,
    s.reqPerSec.toFixed(0),
    s.rounds.join(' / '),
    ms(s.latencyP50),
    ms(s.latencyP99),
    s.latencyMeanLittle.toFixed(2),
    s.bytesPerResponse.toFixed(0),
    pct(s.serverProcessCpu),
    s.serverCpuPerRequestUs === undefined
      ? 'n/a'
      : `${s.serverCpuPerRequestUs.toFixed(0)}${s.databaseCpuPerRequestUs === undefined ? '' : ` (db ${s.databaseCpuPerRequestUs.toFixed(0)})`}`,
    pct(s.clientProcessCpu),
    pct(s.foreignCpu),
  ];
}

export const ms = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(2));
export const pct = (v: number | undefined) => (v === undefined ? 'n/a' : `${(v * 100).toFixed(0)}%`);

/** One progress line of a run: throughput, latency, CPU shares, and whether it was disturbed. */
export function runLine(label: string, run: RunFigures, repeating: boolean): string {
  return (
    `  ${label} ${run.reqPerSec.toFixed(0).padStart(7)} req/s` +
    `  p50 ${ms(run.latencyP50)} ms  p99 ${ms(run.latencyP99)} ms` +
    `  server CPU ${pct(run.serverProcessCpu)}  client CPU ${pct(run.clientProcessCpu)}` +
    `  core 0 ${pct(run.serverCoreBusy)}  core 1 ${pct(run.clientCoreBusy)}  other ${pct(run.foreignCpu)}` +
    `${run.disturbed ? `  DISTURBED (other processes were using the CPU)${repeating ? ': repeating' : ''}` : ''}\n`
  );
}

/**
 * Paired ratios: each round's figure of `name` over the same round's figure of `base`, from undisturbed runs only.
 * The machine's speed drifts by up to 2x over minutes, which moves whole rounds; a ratio within a round cancels that
 * drift, a ratio of medians does not.
 */
export function perRoundRatios(runs: Array<{ case: string; round: number; disturbed: boolean; reqPerSec: number }>, rounds: number, base: string, name: string): number[] {
  const perRound: number[] = [];
  for (let round = 1; round <= rounds; round++) {
    const clean = (c: string) => runs.find((r) => r.case === c && r.round === round && !r.disturbed);
    const baseRun = clean(base);
    const run = clean(name);
    if (baseRun && run) perRound.push(run.reqPerSec / baseRun.reqPerSec);
  }
  return perRound;
}

export function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => `| ${r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i === 0 ? `${'-'.repeat(w + 1)}-` : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [line(rows[0]!), rule, ...rows.slice(1).map(line)].join('\n');
}
