import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { withFileLock } from '../src/file-lock.ts';

// The lock the dashboard build holds (src/dashboard-build.ts), so the test runner's processes finding a stale build at
// once build it one at a time instead of one emptying dashboard/dist under the other's precompression.
const dir = mkdtempSync(path.join(tmpdir(), 'file-lock-'));
after(() => rmSync(dir, { recursive: true, force: true }));

it('lets one process at a time do the work: three processes, three turns each, never interleaved', async () => {
  const lock = path.join(dir, 'turns.lock');
  const log = path.join(dir, 'turns.log');
  const module = pathToFileURL(path.resolve('src/file-lock.ts')).href;
  const program = `
    import { appendFileSync } from 'node:fs';
    import { setTimeout as sleep } from 'node:timers/promises';
    const { withFileLock } = await import(${JSON.stringify(module)});
    for (let i = 0; i < 3; i++) {
      await withFileLock(${JSON.stringify(lock)}, async () => {
        appendFileSync(${JSON.stringify(log)}, 'start ' + process.pid + '\\n');
        await sleep(30);
        appendFileSync(${JSON.stringify(log)}, 'end ' + process.pid + '\\n');
      }, 5);
    }`;
  const exits = await Promise.all(
    [0, 1, 2].map(
      () =>
        new Promise<number | null>((resolve) => {
          const child = spawn(process.execPath, ['--input-type=module', '-e', program], { stdio: 'inherit' });
          child.on('exit', resolve);
        }),
    ),
  );
  assert.deepEqual(exits, [0, 0, 0]);
  const lines = readFileSync(log, 'utf8').trim().split('\n');
  assert.equal(lines.length, 18);
  for (let i = 0; i < lines.length; i += 2) {
    const [start, end] = [lines[i]!.split(' '), lines[i + 1]!.split(' ')];
    assert.deepEqual([start[0], end[0], end[1]], ['start', 'end', start[1]], `turn ${i / 2} ran alone: ${lines.slice(i, i + 2).join(', ')}`);
  }
  assert.equal(existsSync(lock), false, 'released');
});

it('takes over a lock whose holder no longer runs (killed mid-build), and releases it when the work fails', async () => {
  const lock = path.join(dir, 'stale.lock');
  const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  writeFileSync(lock, gone.stdout);
  assert.equal(await withFileLock(lock, async () => readFileSync(lock, 'utf8')), String(process.pid), 'held by this process while working');
  assert.equal(existsSync(lock), false);
  await assert.rejects(
    withFileLock(lock, async () => {
      throw new Error('the build failed');
    }),
    /the build failed/,
  );
  assert.equal(existsSync(lock), false, 'released after a failure');
});

it('waits while a running process holds the lock', async () => {
  const lock = path.join(dir, 'held.lock');
  writeFileSync(lock, String(process.ppid)); // the test runner: running
  let done = false;
  const waiting = withFileLock(lock, async () => {
    done = true;
  }, 5);
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.equal(done, false, 'not while it is held');
  rmSync(lock);
  await waiting;
  assert.equal(done, true);
});
