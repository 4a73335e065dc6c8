import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

// A full garbage collection before each series, so a series does not pay for the garbage of the one before (the
// seeder's batches, the walks). `--expose-gc` set at run time, so `node bench/catalog.ts` needs no flag.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** Latency samples of one measured operation, in milliseconds. */
export interface Summary {
  n: number;
  median: number;
  p95: number;
  min: number;
  max: number;
  mean: number;
}

/** Nearest-rank percentile of sorted samples. */
function percentile(sorted: number[], p: number): number {
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1]!;
}

export function summarize(samples: number[]): Summary {
  if (samples.length === 0) throw new Error('no samples');
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    n: sorted.length,
    median: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    min: sorted[0]!,
    max: sorted.at(-1)!,
    mean: sorted.reduce((a, b) => a + b, 0) / sorted.length,
  };
}

/** Wall-clock latency of each call, and the mean main-thread CPU time per call. */
export interface Measured {
  wall: Summary;
  /**
   * Main-thread CPU time (`process.threadCpuUsage`, user + system) over all timed calls, divided by their number.
   * Unlike the wall clock it does not grow while the thread waits for a CPU, so it stays comparable when other
   * processes load the machine. The thread CPU clock ticks in jiffies (4 ms here), so it is only meaningful over a
   * whole series, never per call.
   */
  cpuMean: number;
}

export function cpuNow(): number {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
}

/** Wall-clock milliseconds of one call. */
export async function timeOnce(op: () => Promise<unknown>): Promise<number> {
  const started = process.hrtime.bigint();
  await op();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

/** A full garbage collection (before a series of timed calls). */
export function fullGc(): void {
  collectGarbage();
}

/**
 * Collects garbage, runs `op` `warmup` times untimed, then `runs` times one after another, timing each call.
 * `op` receives the run number (warm-up runs included).
 */
export async function measure(warmup: number, runs: number, op: (i: number) => Promise<void>): Promise<Measured> {
  collectGarbage();
  for (let i = 0; i < warmup; i += 1) await op(i);
  const wall: number[] = [];
  const cpu0 = cpuNow();
  for (let i = 0; i < runs; i += 1) wall.push(await timeOnce(() => op(warmup + i)));
  return { wall: summarize(wall), cpuMean: (cpuNow() - cpu0) / runs };
}

/** One operation on the growing store and on the control store, timed in turn: their medians and the ratio. */
export interface Paired {
  store: Summary;
  control: Summary;
  /** store median / control median */
  ratio: number;
}

/**
 * Runs `a` and `b` in turn (`warmup` pairs untimed, then `runs` pairs), timing each call. Both see the same machine
 * load, so the ratio of their medians holds steady when the load moves between one run and another.
 */
export async function measurePaired(warmup: number, runs: number, a: (i: number) => Promise<void>, b: (i: number) => Promise<void>): Promise<Paired> {
  collectGarbage();
  for (let i = 0; i < warmup; i += 1) {
    await a(i);
    await b(i);
  }
  const sa: number[] = [];
  const sb: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    // Alternate which goes first, so neither always runs just after the other's garbage.
    if (i % 2 === 0) {
      sa.push(await timeOnce(() => a(warmup + i)));
      sb.push(await timeOnce(() => b(warmup + i)));
    } else {
      sb.push(await timeOnce(() => b(warmup + i)));
      sa.push(await timeOnce(() => a(warmup + i)));
    }
  }
  const store = summarize(sa);
  const control = summarize(sb);
  return { store, control, ratio: store.median / control.median };
}

export function ms(value: number): string {
  return value < 10 ? value.toFixed(2) : value < 100 ? value.toFixed(1) : value.toFixed(0);
}
