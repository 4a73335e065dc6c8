import { lstatSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { registerHooks, stripTypeScriptTypes } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { strippedFile } from './stripped-name.mjs';

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

/** The preload that serves the modules stripped ahead (./stripped-modules.mjs), loaded before the first TypeScript module. */
const STRIPPED_MODULES = new URL('./stripped-modules.mjs', import.meta.url).href;

/** The environment variable that tells ./stripped-modules.mjs where the stripped modules are. */
const STRIPPED_DIR = 'COMMERCE_STRIPPED_MODULES';

/** Set in the relaunched process, so it does not relaunch again. */
const RELAUNCHED = 'COMMERCE_SERVE_RELAUNCHED';

/**
 * The flags of `SERVE_V8_FLAGS` that neither the command line nor NODE_OPTIONS gives, and the preload of the stripped
 * modules unless `preloaded`.
 */
export function missingServeFlags(execArgv: readonly string[], nodeOptions: string, preloaded: boolean): string[] {
  const given = [...execArgv, ...nodeOptions.split(/\s+/)];
  const missing: string[] = SERVE_V8_FLAGS.filter((flag) => {
    const name = flag.slice(0, flag.indexOf('='));
    const spellings = [name, name.replaceAll('-', '_').replace(/^__/, '--')];
    return !given.some((arg) => spellings.some((s) => arg === s || arg.startsWith(`${s}=`)));
  });
  if (!preloaded) missing.push('--import', STRIPPED_MODULES);
  return missing;
}

/**
 * The directory the stripped modules go to: COMMERCE_STRIPPED_MODULES, or one per user and Node version under the
 * system's temporary directory, made readable and writable by its owner alone. Undefined when it cannot be made, or
 * is not a directory of this user's that only they may write to (another user's planted directory must never serve
 * code): the serving process then strips its modules itself, as Node does.
 */
export function strippedDirectory(given = process.env[STRIPPED_DIR], base = os.tmpdir()): string | undefined {
  if (given !== undefined && given !== '') return given;
  const uid = process.getuid?.() ?? 0;
  const top = path.join(base, `commerce-service-${uid}`);
  try {
    mkdirSync(top, { recursive: true, mode: 0o700 });
    const stat = lstatSync(top);
    if (!stat.isDirectory() || stat.uid !== uid || (stat.mode & 0o022) !== 0) return undefined;
    const dir = path.join(top, 'stripped', process.version);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    return dir;
  } catch {
    return undefined;
  }
}

/** Writes a module's stripped JavaScript under its TypeScript source's name (./stripped-name.mjs), whole or not at all. */
function keepStripped(dir: string, file: string, typescript: Buffer | string, javascript: string): void {
  const name = strippedFile(dir, typescript);
  const partial = `${name}.${process.pid}.partial`;
  try {
    writeFileSync(partial, javascript);
    renameSync(partial, name);
  } catch (error) {
    process.stderr.write(`could not keep the stripped ${file}: ${(error as Error).message}\n`);
  }
}

/**
 * Loads the app's modules (`load`) stripping each TypeScript module itself and keeping what it stripped in `dir`, the
 * modules loaded before (`entries`: the entry point and this file) too. Node's `stripTypeScriptTypes` is what its own
 * loader strips with; its warning that the function is experimental is left out here (the process is replaced next).
 */
async function stripAhead(dir: string, entries: readonly string[], load: () => Promise<unknown>): Promise<void> {
  const emitWarning = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    if (!String(warning).includes('stripTypeScriptTypes')) (emitWarning as (...a: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  try {
    /** Strips a module's source (as read from its file: the name is of those bytes) and keeps the JavaScript. */
    const strip = (file: string, typescript: Buffer | string): string => {
      const javascript = stripTypeScriptTypes(typeof typescript === 'string' ? typescript : typescript.toString('utf8'));
      keepStripped(dir, file, typescript, javascript);
      return javascript;
    };
    for (const file of entries) strip(file, readFileSync(file));
    const hooks = registerHooks({
      load(url, context, nextLoad) {
        const loaded = nextLoad(url, context);
        if (loaded.format !== 'module-typescript' || !url.startsWith('file:') || loaded.source === undefined) return loaded;
        // The loader's own read of the file: not read again.
        return { format: 'module', source: strip(fileURLToPath(url), loaded.source as Buffer | string), shortCircuit: true };
      },
    });
    try {
      await load();
    } finally {
      hooks.deregister();
    }
  } finally {
    process.emitWarning = emitWarning;
  }
}

/**
 * `serve` replaces its own process once (`process.execve`: the same process id and standard streams; POSIX only,
 * elsewhere it starts as it was asked) with Node running the same command:
 * - with the flags of `missingServeFlags` that were not given, so `node src/main.ts serve` or a process manager's
 *   command runs as `npm start` does, and the allocator settings of `SERVE_MALLOC_ENV` the environment does not give;
 * - after loading the app's modules once (`load`), stripping their types itself and keeping the JavaScript
 *   (`stripAhead`), so the process that serves reads every module stripped (./stripped-modules.mjs) and never loads
 *   Node's TypeScript stripper, nor keeps a compile cache (decision 0045). A start that strips in the serving process
 *   keeps the stripper and what it allocated for the life of the process (about 415 MiB resident at rest instead of
 *   160 MiB, measured: decision 0028); Node's compile cache, used for this before, keeps about 10 MiB of entries.
 * Returns when there is nothing to do: another command, or a relaunched process.
 */
export async function relaunchForServe(args: readonly string[], load: () => Promise<unknown>): Promise<void> {
  const command = args.find((arg) => !arg.startsWith('-')) ?? 'serve';
  if (command !== 'serve' || args.some((arg) => ['--help', '-h', '--version', '-v'].includes(arg))) return;
  if (process.env[RELAUNCHED] !== undefined) {
    delete process.env[RELAUNCHED];
    return;
  }
  if (typeof process.execve !== 'function' || process.argv[1] === undefined) return;
  const dir = strippedDirectory();
  if (dir !== undefined) await stripAhead(dir, [path.resolve(process.argv[1]), fileURLToPath(import.meta.url)], load);
  const missing = missingServeFlags(process.execArgv, process.env.NODE_OPTIONS ?? '', dir === undefined || process.execArgv.some((arg) => arg.includes('stripped-modules')));
  const env = { ...SERVE_MALLOC_ENV, ...process.env, [RELAUNCHED]: '1', ...(dir === undefined ? {} : { [STRIPPED_DIR]: dir }) };
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...missing, process.argv[1], ...args], env);
}
