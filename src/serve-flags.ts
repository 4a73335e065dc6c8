import { getCompileCacheDir } from 'node:module';

/**
 * The V8 flags `serve` runs with (docs/configuration.md, "Memory"; decision 0015): the young generation capped at
 * 16 MiB, and a full collection once the old generation grew 20 % past what the last one kept.
 */
export const SERVE_V8_FLAGS = ['--max-semi-space-size=8', '--heap-growing-percent=20'] as const;

/** Node's compile cache (./compile-cache.mjs), loaded before the first TypeScript module. */
const COMPILE_CACHE = new URL('./compile-cache.mjs', import.meta.url).href;

/** The flags of `SERVE_V8_FLAGS` (and the compile cache) that neither the command line nor NODE_OPTIONS gives. */
export function missingServeFlags(execArgv: readonly string[], nodeOptions: string, compileCacheOn: boolean): string[] {
  const given = [...execArgv, ...nodeOptions.split(/\s+/)];
  const missing: string[] = SERVE_V8_FLAGS.filter((flag) => {
    const name = flag.slice(0, flag.indexOf('='));
    const spellings = [name, name.replaceAll('-', '_').replace(/^__/, '--')];
    return !given.some((arg) => spellings.some((s) => arg === s || arg.startsWith(`${s}=`)));
  });
  if (!compileCacheOn && missing.length > 0) missing.push('--import', COMPILE_CACHE);
  return missing;
}

/**
 * For `serve` started without the flags: replaces this process with Node running the same command with them
 * (`process.execve`, POSIX only; elsewhere it starts as it was asked). Returns when there is nothing to do.
 */
export function relaunchWithServeFlags(args: readonly string[]): void {
  const command = args.find((arg) => !arg.startsWith('-')) ?? 'serve';
  if (command !== 'serve' || args.some((arg) => ['--help', '-h', '--version', '-v'].includes(arg))) return;
  if (typeof process.execve !== 'function' || process.argv[1] === undefined) return;
  const missing = missingServeFlags(process.execArgv, process.env.NODE_OPTIONS ?? '', getCompileCacheDir() !== undefined);
  if (missing.length === 0) return;
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...missing, process.argv[1], ...args], process.env);
}
