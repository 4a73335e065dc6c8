import assert from 'node:assert/strict';
import { it } from 'node:test';
import { runConformance } from '../scripts/mcp-conformance.ts';

it('passes the MCP conformance server scenarios, except the documented fixture-only ones', async () => {
  const { code, output } = await runConformance();
  assert.equal(code, 0, output.slice(-3000));
  for (const scenario of ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection']) {
    assert.match(output, new RegExp(`✓ ${scenario}: [1-9]\\d* passed, 0 failed`), `${scenario} passes`);
  }
});
