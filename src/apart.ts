import { type ChildProcess, spawn, type StdioOptions } from 'node:child_process';

/**
 * Runs `args` (a script of the service and its arguments) in a child process with the server's Node flags (its memory
 * flags and compile cache; not the inspector, whose port the server holds): work whose modules the server must not
 * keep for its life, the dashboard's build (decision 0040) and the reference data's sync (decision 0043).
 */
export function spawnApart(args: readonly string[], stdio: StdioOptions): ChildProcess {
  const flags = process.execArgv.filter((flag) => !flag.startsWith('--inspect') && !flag.startsWith('--debug'));
  return spawn(process.execPath, [...flags, ...args], { stdio });
}

/** The child's exit code once it has closed; rejects when it could not be started. */
export function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve, reject) => child.on('error', reject).on('close', resolve));
}
