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
import { type ChildProcess, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { appArgs, atExit, CPUS, createPacer, FOREIGN_LIMIT, get, HOST, hasWrk, killAll, type LoadResult,
  loadSettings, measureRun, median, NODE, perRoundRatios, pinningNote, pinSelf, ROOT, type RunFigures, responseSize, runClient,
  runLine, runProblems, SUMMARY_COLUMNS, startServer, stop, summarizeRuns, summaryCells, TASKSET, table, wrk as runWrk,
  writeWrkScript } from './lib/load.ts';

const AUTOCANNON = path.join(ROOT, 'node_modules', 'autocannon', 'autocannon.js');
const PATH = '/v1/countries';

const AIM_APP200 = 0.8;
const AIM_APP304 = 1.0;

// Short rounds pair the cases closely in time.
const SETTINGS = loadSettings({ connections: 10, duration: 5, warmup: 3, rounds: 9 });
const { connections: CONNECTIONS, duration: DURATION, warmup: WARMUP, rounds: ROUNDS } = SETTINGS;

/**
 * The load generator. wrk (C, Debian package `wrk`) needs a fraction of the CPU autocannon (JavaScript) needs per
 * request, so on two cores it can keep a Node server busy; autocannon saturates its own core first, and the ratios
 * then measure the client rather than the servers (bench/README.md).
 */
function chooseTool(): 'wrk' | 'autocannon' {
  const wanted = process.env.BENCH_TOOL;
  if (wanted === undefined || wanted === '') return hasWrk() ? 'wrk' : 'autocannon';
  if (wanted !== 'wrk' && wanted !== 'autocannon') throw new Error(`BENCH_TOOL="${wanted}" must be wrk or autocannon`);
  if (wanted === 'wrk' && !hasWrk()) throw new Error('BENCH_TOOL=wrk but wrk is not on PATH: apt-get install -y wrk');
  return wanted;
}
const TOOL = chooseTool();

let tempDir: string | undefined;

function removeTempDir(): void {
  if (tempDir !== undefined) {
    rmSync(tempDir, { recursive: true, force: true });
    tempDir = undefined;
  }
}
atExit(removeTempDir);

const pacer = createPacer(SETTINGS.quietBudgetS);

// ---------------------------------------------------------------------------------------------------------------
// Load generators: wrk or autocannon, with one result shape

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

type Run = RunFigures & { case: string; round: number; statuses: Record<string, number> | undefined };

function wrk(target: Case, seconds: number): Promise<LoadResult> {
  const script = path.join(tempDir!, 'report.lua');
  if (!existsSync(script)) writeWrkScript(script);
  return runWrk(target.name, target.url, target.headers, CONNECTIONS, seconds, script);
}

async function autocannon(target: Case, seconds: number): Promise<LoadResult> {
  const args = [AUTOCANNON, '--json', '-n', '-c', String(CONNECTIONS), '-d', String(seconds), '-t', '10'];
  for (const header of target.headers) args.push('-H', header);
  args.push(target.url);
  const stdout = await runClient(TOOL, target.name, NODE, args, seconds);
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
  const problems = runProblems(result);
  const total = result.requests;
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
  const server = { process: target.server, output: target.serverOutput };
  const load = () => (TOOL === 'wrk' ? wrk(target, seconds) : autocannon(target, seconds));
  const { result, ...figures } = await measureRun(server, CONNECTIONS, load, (r) => verify(target, r));
  return { case: target.name, round, ...figures, statuses: result.statuses };
}

// ---------------------------------------------------------------------------------------------------------------
// Main

async function main(): Promise<void> {
  pinSelf();

  tempDir = mkdtempSync(path.join(os.tmpdir(), 'commerce-bench-'));
  const started = Date.now();

  // 1. The app
  process.stdout.write('starting the app (migrate + seed)...\n');
  const appServer = await startServer(
    'the app',
    appArgs(['serve']),
    {
      ...process.env,
      DATABASE_URL: `sqlite:${path.join(tempDir, 'bench.db')}`,
      PORT: '0',
      HOST,
      LOG_LEVEL: 'silent',
      BASE_URL: '',
      // One load generator on one address: the `public` limit is raised out of reach but still counted per request; a
      // 10^9 quota over 10^5 s keeps the RateLimit header one length (the byte check below compares response sizes).
      RATE_LIMITS: process.env.RATE_LIMITS ?? 'public=1000000000/100000',
    },
    { closeStdin: true },
  );
  const { process: app, output: appOutput } = appServer;
  const appUrl = `${appServer.url}${PATH}`;

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
  const rawServer = await startServer('the raw server', [path.join('bench', 'raw-server.ts'), bodyFile, contentType, etag], {
    ...process.env,
    HOST,
    PORT: '0',
  });
  const { process: raw, output: rawOutput } = rawServer;
  const rawUrl = `${rawServer.url}${PATH}`;
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
  const pinning = pinningNote(TOOL);
  if (TOOL === 'autocannon') {
    process.stderr.write('warning: wrk not found (apt-get install -y wrk): autocannon tends to be the limit itself, see bench/README.md\n');
  }
  process.stdout.write(
    `\nload generator ${TOOL}, ${CONNECTIONS} connections, ${WARMUP} s warm-up per case, ` +
      `${ROUNDS} rounds x ${cases.length} cases x ${DURATION} s; ${pinning}\n`,
  );

  if (WARMUP > 0) {
    for (const target of cases) {
      await pacer.waitForQuiet();
      const run = await measure(target, 0, WARMUP);
      process.stdout.write(
        `  warm-up ${target.name.padEnd(8)} ${run.reqPerSec.toFixed(0).padStart(7)} req/s` +
          `${run.disturbed ? '  DISTURBED (other processes were using the CPU)' : ''}\n`,
      );
    }
  }

  const runs: Run[] = [];
  // A run disturbed by other processes is repeated (once per run, at most 3 times in all) after waiting for
  // the machine to be quiet again.
  for (let round = 1; round <= ROUNDS; round++) {
    // Rotate the order every round so no case always runs first or last.
    const order = cases.map((_, i) => cases[(i + round - 1) % cases.length]!);
    for (const target of order) {
      const measured = await pacer.undisturbed(
        () => measure(target, round, DURATION),
        (run, repeating) => process.stdout.write(runLine(`round ${round} ${target.name.padEnd(8)}`, run, repeating)),
      );
      runs.push(...measured);
    }
  }

  // 4. Report
  const summary = cases.map((target) => {
    const all = runs.filter((r) => r.case === target.name);
    return { case: target.name, status: target.expectStatus, ...summarizeRuns(all) };
  });
  const rawRate = summary[0]!.reqPerSec;
  // Paired ratios: each round's app figure over the same round's raw figure (the three cases of a round run within
  // half a minute of each other), then the median over the rounds. The machine's speed drifts by up to 2x over
  // minutes, which moves whole rounds; a ratio within a round cancels that drift, a ratio of medians does not.
  const pairedRatio = (name: string) => {
    const perRound = perRoundRatios(runs, ROUNDS, 'raw 200', name);
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
    [...SUMMARY_COLUMNS, 'x raw 200', 'x raw (CPU)'],
    ...summary.map((s) => [...summaryCells(s.case, s), (s.reqPerSec / rawRate).toFixed(2), fmt(costRatio(s.serverCpuPerRequestUs))]),
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
