import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { it } from 'node:test';
import { ERROR_CODES } from '../src/errors.ts';

it('docs/errors.md lists every error code with its HTTP status', () => {
  const doc = readFileSync(new URL('../docs/errors.md', import.meta.url), 'utf8');
  for (const [code, { status }] of Object.entries(ERROR_CODES)) {
    const row = doc.split('\n').find((line) => line.startsWith(`| \`${code}\` |`));
    assert.ok(row, `${code} is missing from docs/errors.md`);
    assert.match(row, new RegExp(`\\|\\s*${status}\\s*\\|`), `${code} should be documented with status ${status}`);
  }
});
