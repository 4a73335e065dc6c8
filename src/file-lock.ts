import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** Whether process `pid` of this machine is running (a process of another user counts: EPERM). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Runs `work` while holding the lock file `lockPath`, between processes of one machine: the file is created exclusively
 * with the holder's process id and removed after. A process that finds it waits (`pollMs` between looks) until it is
 * gone; a lock whose holder no longer runs (killed mid-work) is taken over. Used where two processes may do the same
 * slow work on the same files at once: the test runner's processes each building a stale dashboard.
 */
export async function withFileLock<T>(lockPath: string, work: () => Promise<T>, pollMs = 100): Promise<T> {
  for (;;) {
    try {
      writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let holder = Number.NaN;
    try {
      holder = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
    } catch {
      continue; // removed in between: try again at once
    }
    // An empty file is a holder between creating it and writing its id.
    if (Number.isInteger(holder) && holder > 0 && !running(holder)) {
      rmSync(lockPath, { force: true });
      continue;
    }
    await sleep(pollMs);
  }
  try {
    return await work();
  } finally {
    rmSync(lockPath, { force: true });
  }
}
