import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { it } from 'node:test';

const doc = readFileSync(new URL('../docs/oauth.md', import.meta.url), 'utf8');
const sources = new Map<string, string>();
function testTitles(file: string): string {
  if (!sources.has(file)) sources.set(file, readFileSync(new URL(`./${file}.test.ts`, import.meta.url), 'utf8'));
  return sources.get(file)!;
}

/** The `file › title` references of a table cell. */
function references(cell: string): Array<{ file: string; title: string }> {
  return [...cell.matchAll(/`([a-z-]+) › ([^`]+)`/g)].map((m) => ({ file: m[1]!, title: m[2]! }));
}

it('docs/oauth.md maps every checklist assertion (1-57) to tests that exist', () => {
  const rows = new Map<number, string>();
  for (const line of doc.split('\n')) {
    const match = /^\| (\d+) \|.*\| ([^|]+) \|$/.exec(line);
    if (match) rows.set(Number(match[1]), match[2]!);
  }
  for (let item = 1; item <= 57; item += 1) {
    const cell = rows.get(item);
    assert.ok(cell, `checklist item ${item} has no row in docs/oauth.md`);
    const refs = references(cell);
    assert.ok(refs.length > 0, `checklist item ${item} names no test`);
    for (const { file, title } of refs) {
      const source = testTitles(file);
      assert.ok(source.includes(`it('${title}'`) || source.includes(`it("${title}"`), `item ${item}: no test "${title}" in test/${file}.test.ts`);
    }
  }
});

it('docs/oauth.md names only existing tests in its other tables', () => {
  for (const { file, title } of references(doc)) {
    const source = testTitles(file);
    assert.ok(source.includes(`it('${title}'`) || source.includes(`it("${title}"`), `no test "${title}" in test/${file}.test.ts`);
  }
});
