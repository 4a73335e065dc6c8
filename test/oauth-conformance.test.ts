import assert from 'node:assert/strict';
import { it } from 'node:test';
import { type ClientKind, runAuthorizationConformance } from '../scripts/oauth-conformance.ts';

/** Runs the suite's authorization server scenarios with one kind of client and checks the baseline. */
async function passes(kind: ClientKind): Promise<void> {
  const result = await runAuthorizationConformance(kind);
  assert.deepEqual(result.unexpected, [], result.output.slice(-3000));
  assert.equal(result.code, 0, result.output.slice(-3000));
  const passed = new Set(result.checks.filter((c) => c.status === 'SUCCESS').map((c) => `${c.scenario} › ${c.id}`));
  for (const check of [
    'authorization-server-metadata-endpoint › authorization-server-metadata',
    'authorization-server-metadata-endpoint › authorization-server-metadata-cimd',
    'authorization-code-grant › authorization-code-grant',
  ]) {
    assert.ok(passed.has(check), `${check} passes`);
  }
}

it('passes the MCP conformance authorization server scenarios with a registered client, except the documented failures', () => passes('registered'));

it('passes the MCP conformance authorization server scenarios with a Client ID Metadata Document client, except the documented failures', () =>
  passes('metadata-document'));
