/**
 * Load benchmark of GET /v1/countries against a same-run baseline (see bench/README.md).
 *
 *   npm run bench            (= node bench/countries.ts)
 *
 * 1. Starts the app (`node src/main.ts serve`, SQLite in a fresh temp directory) pinned to core 0 and captures the
 *    exact body bytes, Content-Type and ETag of GET /v1/countries.
 * 2. Starts bench/raw-server.ts, a bare node:http server answering every request with those bytes and headers (the
 *    upper bound), also pinned to core 0.
 * 3. Runs the load generator (wrk when installed, else autocannon; a child process pinned to core 1) against: raw
 *    200, app 200, app 304 (If-None-Match), first a short warm-up of each, then ROUNDS interleaved rounds, and reports
 *    the median requests/second per case.
 * 4. Checks that every run got only the expected responses (status, and exactly the bytes of one such response per
 *    response) with no errors, and fails loudly otherwise.
 * 5. Prints the table, the ratios app200/raw200 and app304/raw200, and whether the aims were met (exit 0 either
 *    way: this is a measurement, not a test). Writes the full results to bench/results/ (git-ignored).
 *
 * Tunables (env): BENCH_TOOL (wrk | autocannon; default wrk when it is on PATH), BENCH_CONNECTIONS (10),
 * BENCH_DURATION seconds per measured run (5), BENCH_WARMUP seconds (3), BENCH_ROUNDS (9; short rounds pair the cases
 * closely in time), BENCH_QUIET_WAIT (20): about 2.5 minutes in all on a quiet machine. CPU used by other processes
 * is measured during every run (Linux /proc): a disturbed run is flagged, repeated once after waiting for the machine
 * to be quiet (at most 3 repeats and a BENCH_QUIET_WAIT-second budget of waiting in all) and left out of the medians.
 * Only 127.0.0.1 is ever targeted; every child process is killed on exit, error or signal.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { type IncomingHttpHeaders, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const NODE_BIN = path.join(ROOT, 'node_modules', '.bin', 'node');
const NODE = existsSync(NODE_BIN) ? NODE_BIN : process.execPath;
const AUTOCANNON = path.join(ROOT, 'node_modules', 'autocannon', 'autocannon.js');
const HOST = '127.0.0.1';
const PATH = '/v1/countries';

const AIM_APP200 = 0.8;
const AIM_APP304 = 1.0;
/** A run during which other processes used more than this many cores is reported as disturbed. */
const FOREIGN_LIMIT = 0.15;

function intFromEnv(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name}="${raw}" must be an integer in [${min}, ${max}]`);
  }
  return value;
}

const CONNECTIONS = intFromEnv('BENCH_CONNECTIONS', 10, 1, 1000);
const DURATION = intFromEnv('BENCH_DURATION', 5, 1, 60);
const WARMUP = intFromEnv('BENCH_WARMUP', 3, 0, 30);
const ROUNDS = intFromEnv('BENCH_ROUNDS', 9, 1, 25);
/** Seconds the whole benchmark may spend waiting for the machine to be quiet before runs. */
const QUIET_BUDGET_S = intFromEnv('BENCH_QUIET_WAIT', 20, 0, 600);
/** Disturbed runs repeated at most, over the whole benchmark (keeps the total time bounded). */
const MAX_REPEATS = 3;

/**
 * The load generator. wrk (C, Debian package `wrk`) needs a fraction of the CPU autocannon (JavaScript) needs per
 * request, so on two cores it can keep a Node server busy; autocannon saturates its own core first, and the ratios
 * then measure the client rather than the servers (bench/README.md).
 */
function chooseTool(): 'wrk' | 'autocannon' {
  const wanted = process.env.BENCH_TOOL;
  const hasWrk = spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined;
  if (wanted === undefined || wanted === '') return hasWrk ? 'wrk' : 'autocannon';
  if (wanted !== 'wrk' && wanted !== 'autocannon') throw new Error(`BENCH_TOOL="${wanted}" must be wrk or autocannon`);
  if (wanted === 'wrk' && !hasWrk) throw new Error('BENCH_TOOL=wrk but wrk is not on PATH: apt-get install -y wrk');
  return wanted;
}
const TOOL = chooseTool();

// ---------------------------------------------------------------------------------------------------------------
// Child processes: pinning, bookkeeping, cleanup

function hasTaskset(): boolean {
  const result = spawnSync('taskset', ['-V'], { stdio: 'ignore' });
  return result.error === undefined && result.status === 0;
}

const TASKSET = hasTaskset();
const CPUS = os.availableParallelism();
const SERVER_CORE = '0';
// With a single CPU there is no second core to keep the load generator away from the server.
const CLIENT_CORE = CPUS > 1 ? '1' : undefined;

function pinned(core: string | undefined, command: string, args: string[]): [string, string[]] {
  return TASKSET && core !== undefined ? ['taskset', ['-c', core, command, ...args]] : [command, args];
}

const children = new Set<ChildProcess>();
let tempDir: string | undefined;

function start(
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

function killAll(signal: NodeJS.Signals): void {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  }
}

function removeTempDir(): void {
  if (tempDir !== undefined) {
    rmSync(tempDir, { recursive: true, force: true });
    tempDir = undefined;
  }
}

/** Graceful stop: SIGTERM, then SIGKILL after `graceMs`. */
async function stop(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

process.on('exit', () => {
  killAll('SIGKILL');
  removeTempDir();
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    process.stderr.write(`\n${signal}: stopping the benchmark\n`);
    killAll('SIGKILL');
    removeTempDir();
    process.exit(130);
  });
}

/** Keeps the last lines a child wrote, for error messages. */
function tail(child: ChildProcess, limit = 40): () => string {
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
function waitForLine(child: ChildProcess, pattern: RegExp, what: string, output: () => string, timeoutMs = 60_000) {
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

/**
 * One GET with exactly the given request headers. Not `fetch`: the Fetch standard adds `Cache-Control: no-cache`
 * (and `Pragma: no-cache`) to any request carrying If-None-Match, which this server answers with a full 200.
 */
function get(url: string, headers: Record<string, string> = {}) {
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
  serverTicks: number | undefined;
  /** This process's own CPU ticks, and those of its reaped children (autocannon, once it has exited). */
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

function snapshot(serverPid: number | undefined): CpuSnapshot {
  return {
    cores: readCores(),
    serverTicks: readProcessTicks(serverPid),
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

let quietBudgetMs = QUIET_BUDGET_S * 1000;

/**
 * Between runs our own processes are idle, so what the machine is doing then is someone else's work. Waits (in 0.5 s
 * steps, out of a budget for the whole benchmark) until that is below FOREIGN_LIMIT, so runs start on a quiet machine.
 */
async function waitForQuiet(): Promise<void> {
  let waited = 0;
  while (quietBudgetMs > 0) {
    const busy = await machineBusy(500);
    if (busy === undefined || busy < FOREIGN_LIMIT) break;
    quietBudgetMs -= 500;
    waited += 0.5;
  }
  if (waited > 0) {
    const tail = quietBudgetMs > 0 ? '' : ' (waiting budget used up: going on anyway)';
    process.stdout.write(`  waited ${waited} s for other processes to leave the CPU alone${tail}\n`);
  }
}

/** CPU shares over the window between two snapshots (autocannon's start-up and exit included). */
function cpuUsage(before: CpuSnapshot, after: CpuSnapshot) {
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
  const server = share(before.serverTicks, after.serverTicks);
  const client = share(before.childTicks, after.childTicks);
  const self = share(before.selfTicks, after.selfTicks);
  // CPU used on the machine by anything else than the server, autocannon and this process, in cores (kernel work
  // not charged to a process, such as some of the loopback networking, lands here too).
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
  return { serverCore: core(SERVER_CORE), clientCore: core(CLIENT_CORE), serverProcess: server, client, foreign };
}

// ---------------------------------------------------------------------------------------------------------------
// Load generators: wrk or autocannon, with one result shape

interface LoadResult {
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

interface Case {
  name: string;
  url: string;
  headers: string[];
  expectStatus: 200 | 304;
  /** Bytes of one expected response, headers included: every response of a run must have exactly this size. */
  responseBytes: number;
  server: ChildProcess;
  /** The server's last output lines, for error messages. */
  serverOutput: () => string;
}

interface Run {
  case: string;
  round: number;
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
  statuses: Record<string, number> | undefined;
}

/** Runs a child to completion and returns its stdout; rejects with its stderr on failure. */
function runClient(target: Case, args: [string, string[]], seconds: number): Promise<string> {
  const child = start(CLIENT_CORE, args[0], args[1]);
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
      if (code !== 0) reject(new Error(`${TOOL} (${target.name}) exited with code ${code}, signal ${signal}:\n${stderr}`));
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

async function wrk(target: Case, seconds: number): Promise<LoadResult> {
  const script = path.join(tempDir!, 'report.lua');
  if (!existsSync(script)) writeFileSync(script, WRK_REPORT);
  const args = ['-t', '1', '-c', String(CONNECTIONS), '-d', `${seconds}s`, '--timeout', '10s', '-s', script];
  for (const header of target.headers) args.push('-H', header);
  args.push(target.url);
  const stdout = await runClient(target, ['wrk', args], seconds);
  const line = stdout.split('\n').find((l) => l.startsWith('WRK-JSON '));
  if (line === undefined) throw new Error(`wrk (${target.name}) printed no summary:\n${stdout}`);
  const r = JSON.parse(line.slice('WRK-JSON '.length)) as Record<string, number>;
  return {
    durationS: r.duration! / 1e6,
    requests: r.requests!,
    bytes: r.bytes!,
    errors: { connect: r.connect!, read: r.read!, write: r.write!, 'status >= 400': r.status!, timeout: r.timeout! },
    latency: { mean: r.mean! / 1000, p50: r.p50! / 1000, p99: r.p99! / 1000, max: r.max! / 1000 },
  };
}

async function autocannon(target: Case, seconds: number): Promise<LoadResult> {
  const args = [AUTOCANNON, '--json', '-n', '-c', String(CONNECTIONS), '-d', String(seconds), '-t', '10'];
  for (const header of target.headers) args.push('-H', header);
  args.push(target.url);
  const stdout = await runClient(target, [NODE, args], seconds);
  let r: {
    duration: number;
    errors: number;
    timeouts: number;
    mismatches: number;
    resets: number;
    statusCodeStats: Record<string, { count: number }>;
    latency: { mean: number; p50: number; p99: number; max: number };
    requests: { total: number };
    throughput: { total: number };
  };
  try {
    r = JSON.parse(stdout);
  } catch (error) {
    throw new Error(`autocannon (${target.name}) printed no JSON (${(error as Error).message}):\n${stdout}`);
  }
  return {
    durationS: r.duration,
    requests: r.requests.total,
    bytes: r.throughput.total,
    errors: { errors: r.errors, timeouts: r.timeouts, mismatches: r.mismatches, resets: r.resets },
    statuses: Object.fromEntries(Object.entries(r.statusCodeStats).map(([code, { count }]) => [code, count])),
    latency: r.latency,
  };
}

/** Throws unless every response of the run was the expected one and there were no errors. */
function verify(target: Case, result: LoadResult): void {
  const problems: string[] = [];
  const total = result.requests;
  if (total <= 0) problems.push('no responses at all');
  for (const [kind, count] of Object.entries(result.errors)) if (count !== 0) problems.push(`${kind}: ${count}`);
  if (result.statuses !== undefined) {
    const expected = String(target.expectStatus);
    const codes = Object.keys(result.statuses);
    if (codes.length !== 1 || codes[0] !== expected || result.statuses[expected] !== total) {
      problems.push(`status codes ${JSON.stringify(result.statuses)}, expected only ${expected} (${total} responses)`);
    }
  }
  // Every expected response has the same size (fixed-length request ids and dates), so bytes / responses must be
  // that size: a single 200 among a thousand 304s would add 34 bytes per response. The tolerance allows for a
  // response cut off when the run ends.
  const perResponse = total > 0 ? result.bytes / total : 0;
  if (Math.abs(perResponse - target.responseBytes) > Math.max(2, target.responseBytes * 0.001)) {
    problems.push(`${perResponse.toFixed(1)} bytes per response, expected ${target.responseBytes} (one ${target.expectStatus} response)`);
  }
  if (problems.length > 0) {
    throw new Error(`${target.name}: the run is not valid:\n  - ${problems.join('\n  - ')}`);
  }
}

async function measure(target: Case, round: number, seconds: number): Promise<Run> {
  const before = snapshot(target.server.pid);
  const result = await (TOOL === 'wrk' ? wrk(target, seconds) : autocannon(target, seconds));
  const after = snapshot(target.server.pid);
  try {
    verify(target, result);
  } catch (error) {
    const { exitCode, signalCode } = target.server;
    const state =
      exitCode === null && signalCode === null
        ? 'The server is still running.'
        : `The server process has exited (code ${exitCode}, signal ${signalCode}); its last output:\n${target.serverOutput()}`;
    throw new Error(`${(error as Error).message}\n${state}`);
  }
  const cpu = cpuUsage(before, after);
  const rate = result.requests / result.durationS;
  return {
    case: target.name,
    round,
    reqPerSec: rate,
    latencyMean: result.latency.mean,
    latencyMeanLittle: (CONNECTIONS / rate) * 1000,
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
    serverCpuPerRequestUs:
      cpu.serverProcess === undefined
        ? undefined
        : (cpu.serverProcess * ((after.at - before.at) / 1000) * 1e6) / result.requests,
    statuses: result.statuses,
  };
}

/**
 * The exact size in bytes of one response (status line, headers, body) to a GET with these headers, read off the
 * socket, as the load generator will count it.
 */
function responseSize(url: string, headers: string[]): Promise<number> {
  const { hostname, port, pathname } = new URL(url);
  const head = [`GET ${pathname} HTTP/1.1`, `Host: ${hostname}:${port}`, ...headers, '', ''].join('\r\n');
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

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function medianOf(values: (number | undefined)[]): number | undefined {
  const known = values.filter((v): v is number => v !== undefined);
  return known.length > 0 ? median(known) : undefined;
}

const ms = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(2));
const pct = (v: number | undefined) => (v === undefined ? 'n/a' : `${(v * 100).toFixed(0)}%`);

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => `| ${r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i === 0 ? `${'-'.repeat(w + 1)}-` : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [line(rows[0]!), rule, ...rows.slice(1).map(line)].join('\n');
}

// ---------------------------------------------------------------------------------------------------------------
// Main

async function main(): Promise<void> {
  // Keep the bench process itself (mostly idle) off the server core.
  if (TASKSET && CLIENT_CORE !== undefined) {
    spawnSync('taskset', ['-p', '-c', CLIENT_CORE, String(process.pid)], { stdio: 'ignore' });
  }
  if (!TASKSET) process.stderr.write('warning: taskset not found, processes are not pinned to cores\n');
  if (CLIENT_CORE === undefined) process.stderr.write('warning: one CPU only, server and load generator share it\n');

  tempDir = mkdtempSync(path.join(os.tmpdir(), 'commerce-bench-'));
  const started = Date.now();

  // 1. The app
  process.stdout.write('starting the app (migrate + seed)...\n');
  const app = start(SERVER_CORE, NODE, ['src/main.ts', 'serve'], {
    ...process.env,
    DATABASE_URL: `sqlite:${path.join(tempDir, 'bench.db')}`,
    PORT: '0',
    HOST,
    LOG_LEVEL: 'silent',
    BASE_URL: '',
    // One load generator on one address: the `public` limit is raised out of reach but still counted per request; a
    // 10^9 quota over 10^5 s keeps the RateLimit header one length (the byte check below compares response sizes).
    RATE_LIMITS: process.env.RATE_LIMITS ?? 'public=1000000000/100000',
  });
  app.stdin?.end();
  const appOutput = tail(app);
  const appMatch = await waitForLine(app, /is listening on http:\/\/127\.0\.0\.1:(\d+)/, 'the app', appOutput);
  const appUrl = `http://${HOST}:${appMatch[1]}${PATH}`;

  const first = await get(appUrl);
  const body = first.body;
  const contentType = first.headers['content-type'];
  const etag = first.headers.etag;
  if (first.status !== 200 || !contentType || !etag) {
    throw new Error(`GET ${PATH}: status ${first.status}, content-type ${contentType}, etag ${etag}`);
  }
  const conditional = await get(appUrl, { 'if-none-match': etag });
  if (conditional.status !== 304 || conditional.body.length !== 0) {
    throw new Error(`GET ${PATH} with If-None-Match: status ${conditional.status}, ${conditional.body.length} bytes`);
  }
  process.stdout.write(`app: ${appUrl} -> ${body.length} bytes, ${contentType}, ETag ${etag}\n`);

  // 2. The baseline
  const bodyFile = path.join(tempDir, 'countries.json');
  writeFileSync(bodyFile, body);
  const raw = start(SERVER_CORE, NODE, [path.join('bench', 'raw-server.ts'), bodyFile, contentType, etag], {
    ...process.env,
    HOST,
    PORT: '0',
  });
  const rawOutput = tail(raw);
  const rawMatch = await waitForLine(raw, /is listening on http:\/\/127\.0\.0\.1:(\d+)/, 'the raw server', rawOutput);
  const rawUrl = `http://${HOST}:${rawMatch[1]}${PATH}`;
  const check = await get(rawUrl);
  if (
    check.status !== 200 ||
    !check.body.equals(body) ||
    check.headers.etag !== etag ||
    check.headers['content-type'] !== contentType ||
    check.headers['cache-control'] !== 'no-cache, private'
  ) {
    throw new Error('the raw server does not answer with the captured bytes and headers');
  }
  process.stdout.write(`raw: ${rawUrl} -> same ${check.body.length} bytes and headers\n`);

  // 3. The runs
  const inm = [`If-None-Match: ${etag}`];
  const cases: Case[] = [
    { name: 'raw 200', url: rawUrl, headers: [], expectStatus: 200, responseBytes: await responseSize(rawUrl, []), server: raw, serverOutput: rawOutput },
    { name: 'app 200', url: appUrl, headers: [], expectStatus: 200, responseBytes: await responseSize(appUrl, []), server: app, serverOutput: appOutput },
    { name: 'app 304', url: appUrl, headers: inm, expectStatus: 304, responseBytes: await responseSize(appUrl, inm), server: app, serverOutput: appOutput },
  ];
  const pinning = TASKSET
    ? `servers on core ${SERVER_CORE}, ${TOOL} on core ${CLIENT_CORE ?? SERVER_CORE}`
    : 'no pinning (taskset missing)';
  if (TOOL === 'autocannon') {
    process.stderr.write('warning: wrk not found (apt-get install -y wrk): autocannon tends to be the limit itself, see bench/README.md\n');
  }
  process.stdout.write(
    `\nload generator ${TOOL}, ${CONNECTIONS} connections, ${WARMUP} s warm-up per case, ` +
      `${ROUNDS} rounds x ${cases.length} cases x ${DURATION} s; ${pinning}\n`,
  );

  if (WARMUP > 0) {
    for (const target of cases) {
      await waitForQuiet();
      const run = await measure(target, 0, WARMUP);
      process.stdout.write(
        `  warm-up ${target.name.padEnd(8)} ${run.reqPerSec.toFixed(0).padStart(7)} req/s` +
          `${run.disturbed ? '  DISTURBED (other processes were using the CPU)' : ''}\n`,
      );
    }
  }

  const runs: Run[] = [];
  // A run disturbed by other processes is repeated (once per run, at most MAX_REPEATS times in all) after waiting for
  // the machine to be quiet again.
  let retriesLeft = MAX_REPEATS;
  for (let round = 1; round <= ROUNDS; round++) {
    // Rotate the order every round so no case always runs first or last.
    const order = cases.map((_, i) => cases[(i + round - 1) % cases.length]!);
    for (const target of order) {
      for (let attempt = 1; ; attempt++) {
        await waitForQuiet();
        const run = await measure(target, round, DURATION);
        runs.push(run);
        const retry = run.disturbed && attempt === 1 && retriesLeft > 0;
        process.stdout.write(
          `  round ${round} ${target.name.padEnd(8)} ${run.reqPerSec.toFixed(0).padStart(7)} req/s` +
            `  p50 ${ms(run.latencyP50)} ms  p99 ${ms(run.latencyP99)} ms` +
            `  server CPU ${pct(run.serverProcessCpu)}  client CPU ${pct(run.clientProcessCpu)}` +
            `  core 0 ${pct(run.serverCoreBusy)}  core 1 ${pct(run.clientCoreBusy)}  other ${pct(run.foreignCpu)}` +
            `${run.disturbed ? `  DISTURBED (other processes were using the CPU)${retry ? ': repeating' : ''}` : ''}\n`,
        );
        if (!retry) break;
        retriesLeft--;
      }
    }
  }

  // 4. Report
  const summary = cases.map((target) => {
    const all = runs.filter((r) => r.case === target.name);
    // Medians over the undisturbed runs; over all of them only when every run was disturbed (flagged below).
    const clean = all.filter((r) => !r.disturbed);
    const mine = clean.length > 0 ? clean : all;
    return {
      case: target.name,
      status: target.expectStatus,
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
      clientProcessCpu: medianOf(mine.map((r) => r.clientProcessCpu)),
      foreignCpu: medianOf(mine.map((r) => r.foreignCpu)),
      disturbedRuns: all.length - clean.length,
    };
  });
  const rawRate = summary[0]!.reqPerSec;
  // Paired ratios: each round's app figure over the same round's raw figure (the three cases of a round run within
  // half a minute of each other), then the median over the rounds. The machine's speed drifts by up to 2x over
  // minutes, which moves whole rounds; a ratio within a round cancels that drift, a ratio of medians does not.
  const pairedRatio = (name: string) => {
    const perRound: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const clean = (c: string) => runs.find((r) => r.case === c && r.round === round && !r.disturbed);
      const rawRun = clean('raw 200');
      const appRun = clean(name);
      if (rawRun && appRun) perRound.push(appRun.reqPerSec / rawRun.reqPerSec);
    }
    return { perRound, median: perRound.length > 0 ? median(perRound) : summary.find((s) => s.case === name)!.reqPerSec / rawRate };
  };
  const paired200 = pairedRatio('app 200');
  const paired304 = pairedRatio('app 304');
  const ratio200 = paired200.median;
  const ratio304 = paired304.median;
  // The same comparison by server CPU cost: raw CPU per response / the case's. What the ratio would be if both servers
  // were CPU-bound on their core; it does not depend on the load generator keeping up.
  const rawCost = summary[0]!.serverCpuPerRequestUs;
  const costRatio = (us: number | undefined) => (rawCost === undefined || us === undefined ? undefined : rawCost / us);
  const fmt = (v: number | undefined) => (v === undefined ? 'n/a' : v.toFixed(2));

  const rows = [
    [
      ...['case', 'median req/s', 'rounds (req/s)', 'p50 ms', 'p99 ms', 'mean ms', 'bytes/resp'],
      ...['server CPU', 'CPU us/req', 'client CPU', 'other CPU', 'x raw 200', 'x raw (CPU)'],
    ],
    ...summary.map((s) => [
      s.case,
      s.reqPerSec.toFixed(0),
      s.rounds.join(' / '),
      ms(s.latencyP50),
      ms(s.latencyP99),
      s.latencyMeanLittle.toFixed(2),
      s.bytesPerResponse.toFixed(0),
      pct(s.serverProcessCpu),
      s.serverCpuPerRequestUs === undefined ? 'n/a' : s.serverCpuPerRequestUs.toFixed(0),
      pct(s.clientProcessCpu),
      pct(s.foreignCpu),
      (s.reqPerSec / rawRate).toFixed(2),
      fmt(costRatio(s.serverCpuPerRequestUs)),
    ]),
  ];
  const disturbed = runs.filter((r) => r.disturbed).length;
  const allDisturbed = summary.filter((s) => s.cleanRuns === 0);
  const few = summary.filter((s) => s.cleanRuns > 0 && s.cleanRuns < Math.ceil(ROUNDS / 2));
  const verdict200 = ratio200 >= AIM_APP200;
  const verdict304 = ratio304 > AIM_APP304;
  const unreliable = allDisturbed.length > 0 ? '  (UNRELIABLE: computed from disturbed runs)' : '';
  process.stdout.write(
    `\nGET ${PATH}, ${body.length}-byte body; medians of ${ROUNDS} rounds of ${DURATION} s (undisturbed runs)\n\n`,
  );
  process.stdout.write(`${table(rows)}\n\n`);
  process.stdout.write(
    `app 200 / raw 200 = ${ratio200.toFixed(2)}  (aim >= ${AIM_APP200.toFixed(2)}): ` +
      `${verdict200 ? 'MET' : 'NOT MET'}${unreliable}  per round: ${paired200.perRound.map((r) => r.toFixed(2)).join(' ')}\n` +
      `app 304 / raw 200 = ${ratio304.toFixed(2)}  (aim >  ${AIM_APP304.toFixed(2)}): ` +
      `${verdict304 ? 'MET' : 'NOT MET'}${unreliable}  per round: ${paired304.perRound.map((r) => r.toFixed(2)).join(' ')}\n` +
      `(median of the per-round ratios; the ratios of the medians in the table: ` +
      `app 200 ${(summary[1]!.reqPerSec / rawRate).toFixed(2)}, app 304 ${(summary[2]!.reqPerSec / rawRate).toFixed(2)})\n` +
      `by server CPU per response: app 200 ${fmt(costRatio(summary[1]!.serverCpuPerRequestUs))}, ` +
      `app 304 ${fmt(costRatio(summary[2]!.serverCpuPerRequestUs))} (x raw 200)\n`,
  );
  process.stdout.write(
    `(p50/p99: ${TOOL === 'wrk' ? "wrk's" : "autocannon's, whole ms, truncated (0 = under 1 ms)"}; mean: connections / throughput. ` +
      `"server CPU" / "client CPU": CPU time of the server / ${TOOL} process over wall time ` +
      `(one core = 100%; client near 100% = the load generator is the limit); ` +
      `"CPU us/req": server CPU time per response; "other CPU": CPU used by anything else on the machine; ` +
      `"x raw (CPU)": raw 200's CPU per response / this case's.)\n`,
  );

  const resultsDir = path.join(ROOT, 'bench', 'results');
  mkdirSync(resultsDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const resultsFile = path.join(resultsDir, `countries-${stamp}.json`);
  writeFileSync(
    resultsFile,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        node: spawnSync(NODE, ['--version'], { encoding: 'utf8' }).stdout.trim(),
        cpus: CPUS,
        cpuModel: os.cpus()[0]?.model,
        pinned: TASKSET,
        config: { tool: TOOL, connections: CONNECTIONS, duration: DURATION, warmup: WARMUP, rounds: ROUNDS },
        body: { bytes: body.length, contentType, etag },
        summary,
        ratios: {
          app200: ratio200,
          app304: ratio304,
          perRound: { app200: paired200.perRound, app304: paired304.perRound },
          ofMedians: { app200: summary[1]!.reqPerSec / rawRate, app304: summary[2]!.reqPerSec / rawRate },
          byCpu: {
            app200: costRatio(summary[1]!.serverCpuPerRequestUs),
            app304: costRatio(summary[2]!.serverCpuPerRequestUs),
          },
        },
        reliable: allDisturbed.length === 0,
        disturbedRuns: disturbed,
        aims: { app200: { min: AIM_APP200, met: verdict200 }, app304: { above: AIM_APP304, met: verdict304 } },
        runs,
      },
      null,
      2,
    )}\n`,
  );
  if (disturbed > 0) {
    process.stdout.write(
      `\n${disturbed} of ${runs.length} measured runs (marked *) were disturbed: other processes used more than ` +
        `${FOREIGN_LIMIT} of a core meanwhile. They are left out of the medians${
          allDisturbed.length > 0
            ? `, except for ${allDisturbed.map((s) => s.case).join(', ')}, which had no undisturbed run. ` +
              'WARNING: these figures are not reliable; rerun on an idle machine.'
            : '.'
        }${
          few.length > 0
            ? ` Few undisturbed runs left for ${few.map((s) => `${s.case} (${s.cleanRuns})`).join(', ')}: ` +
              'those medians are weak; a rerun on a quieter machine is better.'
            : ''
        }\n`,
    );
  }
  process.stdout.write(`results: ${path.relative(ROOT, resultsFile)} (total ${((Date.now() - started) / 1000).toFixed(0)} s)\n`);

  await Promise.all([stop(raw), stop(app)]);
}

try {
  await main();
} catch (error) {
  process.stderr.write(`\nbenchmark failed: ${(error as Error).message}\n`);
  killAll('SIGKILL');
  removeTempDir();
  process.exit(1);
}
removeTempDir();
