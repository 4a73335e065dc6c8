import { enableCompileCache, flushCompileCache, getCompileCacheDir } from 'node:module';

/**
 * The V8 flags `serve` runs with (docs/configuration.md, "Memory"; decision 0015): the young generation capped at
 * 16 MiB, and a full collection once the old generation grew 20 % past what the last one kept.
 */
export const SERVE_V8_FLAGS = ['--max-semi-space-size=8', '--heap-growing-percent=20'] as const;

/**
 * glibc's allocator settings `serve` runs with, unless the environment gives them (docs/configuration.md, "Memory";
 * decisions 0037, 0040): one malloc arena, blocks of 64 KiB and more mapped on their own (a list page's 107 KB buffer
 * goes back to the system when freed), and free memory above 128 KiB at the top of the heap given back. Fixed values
 * also stop glibc from raising its thresholds as large blocks are freed. Measured under the catalog read load: 431 MiB
 * resident after it without, 235 MiB with, the same throughput. Other C libraries ignore them.
 */
export const SERVE_MALLOC_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '1', MALLOC_MMAP_THRESHOLD_: '65536', MALLOC_TRIM_THRESHOLD_: '131072' };

/** Node's compile cache (./compile-cache.mjs), loaded before the first TypeScript module. */
const COMPILE_CACHE = new URL('./compile-cache.mjs', import.meta.url).href;

/** Set in the relaunched process, so it does not relaunch again. */
const RELAUNCHED = 'COMMERCE_SERVE_RELAUNCHED';

/**
 * The flags of `SERVE_V8_FLAGS` that neither the command line nor NODE_OPTIONS gives, and the compile cache's preload
 * unless `cacheLoaded` (already preloaded, or the cache is turned off and preloading it would do nothing).
 */
export function missingServeFlags(execArgv: readonly string[], nodeOptions: string, cacheLoaded: boolean): string[] {
  const given = [...execArgv, ...nodeOptions.split(/\s+/)];
  const missing: string[] = SERVE_V8_FLAGS.filter((flag) => {
    const name = flag.slice(0, flag.indexOf('='));
    const spellings = [name, name.replaceAll('-', '_').replace(/^__/, '--')];
    return !given.some((arg) => spellings.some((s) => arg === s || arg.startsWith(`${s}=`)));
  });
  if (!cacheLoaded) missing.push('--import', COMPILE_CACHE);
  return missing;
}

/**
 * `serve` replaces its own process once (`process.execve`: the same process id and standard streams; POSIX only,
 * elsewhere it starts as it was asked) with Node running the same command:
 * - with the flags of `missingServeFlags` that were not given, so `node src/main.ts serve` or a process manager's
 *   command runs as `npm start` does, and the allocator settings of `SERVE_MALLOC_ENV` the environment does not give;
 * - after loading the app's modules once (`load`) with the compile cache on and writing the cache to disk, so the
 *   process that serves reads every module from the cache and never loads Node's TypeScript stripper. A first start
 *   after an install or an upgrade otherwise keeps the stripper and what it allocated for the life of the process
 *   (about 415 MiB resident at rest instead of 160 MiB, measured: decision 0028).
 * Returns when there is nothing to do: another command, a relaunched process, or the compile cache turned off
 * (NODE_DISABLE_COMPILE_CACHE) with every flag given.
 */
export async function relaunchForServe(args: readonly string[], load: () => Promise<unknown>): Promise<void> {
  const command = args.find((arg) => !arg.startsWith('-')) ?? 'serve';
  if (command !== 'serve' || args.some((arg) => ['--help', '-h', '--version', '-v'].includes(arg))) return;
  if (process.env[RELAUNCHED] !== undefined) {
    delete process.env[RELAUNCHED];
    return;
  }
  if (typeof process.execve !== 'function' || process.argv[1] === undefined) return;
  if (getCompileCacheDir() === undefined) enableCompileCache();
  const cacheOn = getCompileCacheDir() !== undefined;
  const missing = missingServeFlags(process.execArgv, process.env.NODE_OPTIONS ?? '', !cacheOn || process.execArgv.some((arg) => arg.includes('compile-cache')));
  if (!cacheOn && missing.length === 0) return;
  if (cacheOn) {
    await load();
    flushCompileCache();
  }
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...missing, process.argv[1], ...args], { ...SERVE_MALLOC_ENV, ...process.env, [RELAUNCHED]: '1' });
}
