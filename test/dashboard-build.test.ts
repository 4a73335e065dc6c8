import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { it } from 'node:test';
import { ensureDashboardBuilt, ensureDashboardBuiltApart } from '../src/dashboard-build.ts';

// `serve` builds a stale dashboard in a child process (src/dashboard-build.ts run as a program) so the server does not
// keep Vite in memory (docs/configuration.md, "Memory"). The build itself is not run again here: other test files
// serve dashboard/dist while this one runs.
it('runs src/dashboard-build.ts as a program that prints its result, which the server reads; an up-to-date build starts no child', async () => {
  assert.notEqual(await ensureDashboardBuilt(), 'cannot build');
  const out = execFileSync(process.execPath, ['src/dashboard-build.ts'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  assert.equal(out, 'up to date\n');
  const lines: string[] = [];
  assert.equal(await ensureDashboardBuiltApart((line) => lines.push(line)), 'up to date');
  assert.deepEqual(lines, []);
});
