import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';

const script = path.join(import.meta.dirname, '..', 'scripts', 'check-layers.ts');
const dirs: string[] = [];

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'layers-'));
  dirs.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

const check = (root: string) => spawnSync(process.execPath, [script, root], { encoding: 'utf8' });

describe('layering rule', () => {
  after(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('passes on this repository', () => {
    assert.equal(check(path.join(import.meta.dirname, '..')).status, 0);
  });

  it('fails when the domain imports fastify', () => {
    const result = check(tree({ 'src/domain/a/a-service.ts': "import type { FastifyRequest } from 'fastify';\n" }));
    assert.equal(result.status, 1);
    assert.match(result.stderr, /src\/domain\/a\/a-service\.ts imports "fastify"/);
  });

  it('fails when a store imports something under src/http', () => {
    const result = check(tree({ 'src/db/a-repo.ts': "import { ok } from '../http/envelope.ts';\n" }));
    assert.equal(result.status, 1);
    assert.match(result.stderr, /src\/http/);
  });

  it('fails on @fastify packages and dynamic imports too', () => {
    assert.equal(check(tree({ 'src/db/b.ts': "const s = await import('@fastify/swagger');\n" })).status, 1);
  });

  it('fails when a mail template imports the database, an adapter or the wire contract; allows the pages’ escaping', () => {
    for (const text of ["import { sql } from 'kysely';\n", "import { x } from '../db/repos.ts';\n", "import { y } from '../wire/email.ts';\n", "import { z } from '../outbound/mail-transport.ts';\n"]) {
      assert.equal(check(tree({ 'src/mail/templates.ts': text })).status, 1, text);
    }
    assert.equal(check(tree({ 'src/mail/templates.ts': "import { html } from '../web/html.ts';\n" })).status, 0);
  });

  it('fails when an MCP tool imports a REST route', () => {
    const result = check(tree({ 'src/mcp/tools/a.ts': "import { ARecord } from '../../http/routes/a/schemas.ts';\n" }));
    assert.equal(result.status, 1);
    assert.match(result.stderr, /src\/mcp\/tools\/a\.ts imports "\.\.\/\.\.\/http\/routes\/a\/schemas\.ts"/);
  });

  it('allows the MCP layer to import the wire contract and the rest of src/http', () => {
    const result = check(tree({ 'src/mcp/tools/a.ts': "import { ARecord } from '../../wire/a.ts';\n", 'src/mcp/route.ts': "import { auth } from '../http/plugins/auth.ts';\n" }));
    assert.equal(result.status, 0);
  });

  it('fails when the wire contract imports src/http, src/mcp, src/db or fastify', () => {
    for (const text of [
      "import { ok } from '../http/envelope.ts';\n",
      "import { Id } from '../mcp/tool.ts';\n",
      "import type { Row } from '../db/a-repo.ts';\n",
      "import type { FastifyReply } from 'fastify';\n",
    ]) {
      const result = check(tree({ 'src/wire/a.ts': text }));
      assert.equal(result.status, 1, text);
      assert.match(result.stderr, /src\/wire\/a\.ts imports/);
    }
  });

  it('fails when the domain imports persistence, an adapter, the wire contract or a database package', () => {
    for (const text of [
      "import type { Repos } from '../../db/repos.ts';\n",
      "import { ok } from '../../http/envelope.ts';\n",
      "import { Id } from '../../mcp/tool.ts';\n",
      "import { page } from '../../web/layout.ts';\n",
      "import { NO_STORE } from '../../oauth/endpoints/cache-control.ts';\n",
      "import { SkuRecord } from '../../wire/catalog.ts';\n",
      "import { sql } from 'kysely';\n",
      "import pg from 'pg';\n",
    ]) {
      const result = check(tree({ 'src/domain/a/a-service.ts': text }));
      assert.equal(result.status, 1, text);
      assert.match(result.stderr, /src\/domain\/a\/a-service\.ts imports/);
    }
  });

  it('fails when anything outside src/db imports Kysely or a driver, and lets src/db do it', () => {
    for (const file of ['src/http/routes/a/index.ts', 'src/mcp/tools/a.ts', 'src/app.ts', 'src/wire/a.ts']) {
      const result = check(tree({ [file]: "import { sql } from 'kysely';\n" }));
      assert.equal(result.status, 1, file);
      assert.match(result.stderr, /only src\/db/);
    }
    assert.equal(check(tree({ 'src/db/a-repo.ts': "import { sql } from 'kysely';\nimport Database from 'better-sqlite3';\n" })).status, 0);
  });

  it('fails when the pages import the OAuth endpoints', () => {
    const result = check(tree({ 'src/web/consent-page.ts': "import { NO_STORE } from '../oauth/endpoints/cache-control.ts';\n" }));
    assert.equal(result.status, 1);
    assert.match(result.stderr, /src\/web\/consent-page\.ts imports/);
  });

  it('allows the http layer to import fastify', () => {
    assert.equal(check(tree({ 'src/http/x.ts': "import Fastify from 'fastify';\n", 'src/domain/y.ts': "import { z } from 'zod';\n" })).status, 0);
  });
});
