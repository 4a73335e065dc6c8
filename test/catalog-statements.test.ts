import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { variableProduct } from './helpers/catalog.ts';
import { databaseKinds } from './helpers/databases.ts';
import { client, createApiKey, type Merchant, signup } from './helpers/merchants.ts';

/**
 * The route's own path of the v2 product reads on PostgreSQL, counted in statements sent to the server (through
 * `inject`, so the front cache, which sits in front of Fastify, answers nothing here): an API key's request reads the
 * key (with its creator and membership) in one statement, then a page of products with their relations, groups, SKUs
 * and store currency in one more (decision 0028). One product takes one statement in all once the credential's store
 * context is kept: the product's statement checks the context too (decision 0044). Counted at pg's client, so
 * whatever the app sends is counted.
 */
for (const kind of databaseKinds().filter((k) => k === 'postgres')) {
  describe(`v2 product reads: statements per request [${kind}]`, () => {
    let t: TestApp;
    let m: Merchant;
    let key: string;
    let productId: string;
    const sent: string[] = [];
    const values: unknown[][] = [];
    const query = pg.Client.prototype.query;

    before(async () => {
      t = await startTestApp(kind);
      m = await signup(t.app);
      key = (await createApiKey(t.app, m, { permissions: ['products:read'] })).key;
      ({ productId } = await variableProduct(t.app, m, { name: 'Counted' }));
      for (let i = 0; i < 3; i++) await variableProduct(t.app, m, { name: `Counted ${i}` });
      const category = await client(t.app)('POST', '/v1/categories', { headers: m.auth, body: { name: 'Counted things' } });
      await client(t.app)('PATCH', `/v1/products/${productId}`, { headers: m.auth, body: { categoryIds: [category.body.data.id] } });
      pg.Client.prototype.query = function (this: pg.Client, ...args: any[]) {
        const text = typeof args[0] === 'string' ? args[0] : args[0]?.text;
        if (typeof text === 'string') {
          sent.push(text);
          values.push(typeof args[0] === 'string' ? (args[1] ?? []) : (args[0]?.values ?? []));
        }
        return (query as (...a: unknown[]) => unknown).apply(this, args);
      } as typeof query;
    });
    after(async () => {
      pg.Client.prototype.query = query;
      await t?.close();
    });

    /**
     * The statements one GET sends, after two like it: the key's time of last use is written on its first use, and its
     * store context kept (for the product read) on the next.
     */
    async function statementsOf(url: string): Promise<{ status: number; statements: string[]; body: { data: unknown } }> {
      const headers = { 'x-merchantapikey': key };
      for (let i = 0; i < 2; i++) await t.app.inject({ method: 'GET', url, headers });
      sent.length = 0;
      const answer = await t.app.inject({ method: 'GET', url, headers });
      return { status: answer.statusCode, statements: [...sent], body: answer.json() };
    }

    it("one product: one statement, the product with everything it shows and the check of the key's kept context", async () => {
      const { status, statements, body } = await statementsOf(`/v2/products/${productId}`);
      assert.equal(status, 200);
      assert.equal(statements.length, 1, statements.join('\n---\n'));
      assert.match(statements[0]!, /catalog_changes/);
      const data = body.data as { categoryIds: string[]; variantGroups: Array<{ skus: unknown[] }> };
      assert.equal(data.categoryIds.length, 1);
      assert.equal(data.variantGroups[0]!.skus.length, 2);
    });

    it('a page of products: the key, then the page with everything it shows', async () => {
      const { status, statements, body } = await statementsOf('/v2/products?limit=3');
      assert.equal(status, 200);
      assert.equal(statements.length, 2, statements.join('\n---\n'));
      assert.equal((body.data as unknown[]).length, 3);
      // Ordered by name, the next page's cursor needs the last product's sort value: one more, three in all.
      const byName = await statementsOf('/v2/products?limit=3&sort=name');
      assert.ok(byName.statements.length <= 3, byName.statements.join('\n---\n'));
    });

    it("a session token (never answered from the front cache): one product in one statement, which checks the session's kept context too", async () => {
      // The session's store context is kept under the change mark (decision 0039): its session, user and membership
      // are not read again while nothing of them changed. The product's statement asks that question itself
      // (decision 0044); a page asks it in the mark's own round trip first.
      const url = `/v2/products/${productId}`;
      await t.app.inject({ method: 'GET', url, headers: m.auth });
      for (let i = 0; i < 2; i++) {
        sent.length = 0;
        const answer = await t.app.inject({ method: 'GET', url, headers: m.auth });
        assert.equal(answer.statusCode, 200);
        assert.equal(answer.json().data.id, productId);
        assert.equal(sent.length, 1, sent.join('\n---\n'));
        assert.match(sent[0]!, /catalog_changes/);
      }
      await t.app.inject({ method: 'GET', url: '/v2/products?limit=3', headers: m.auth });
      sent.length = 0;
      const page = await t.app.inject({ method: 'GET', url: '/v2/products?limit=3', headers: m.auth });
      assert.equal(page.statusCode, 200);
      assert.equal(sent.length, 2, sent.join('\n---\n'));
      assert.match(sent[0]!, /pg_current_snapshot/);
    });

    it("checks the kept context through the log's index of whole-store rows, in the plan for any values too (migration 0038)", async () => {
      // The statement is a named prepared one: PostgreSQL may keep one plan for any values, and chose to plan it again
      // on every read while the check's plan for any values sorted a third of the store's logged changes.
      const url = `/v2/products/${productId}`;
      await t.app.inject({ method: 'GET', url, headers: m.auth });
      sent.length = 0;
      values.length = 0;
      assert.equal((await t.app.inject({ method: 'GET', url, headers: m.auth })).statusCode, 200);
      const at = sent.findIndex((text) => text.includes('credential_changed'));
      assert.ok(at >= 0, sent.join('\n---\n'));
      const admin = new pg.Client({ connectionString: (t.database.config as { url: string }).url });
      await admin.connect();
      try {
        await admin.query('set plan_cache_mode = force_generic_plan');
        await admin.query(`prepare checked as ${sent[at]!.replace(/\/\* prepared \*\//, '')}`);
        const literal = (v: unknown) => (v === null ? 'null' : `'${String(v).replaceAll("'", "''")}'`);
        const plan = await admin.query(`explain execute checked(${values[at]!.map(literal).join(', ')})`);
        const text = plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
        assert.match(text, /catalog_changes_whole_store_idx/, text);
      } finally {
        await admin.end();
      }
    });

    it('a kept session’s HEAD of one product: the GET’s headers without a body, in the same one statement', async () => {
      const url = `/v2/products/${productId}`;
      const get = await t.app.inject({ method: 'GET', url, headers: m.auth });
      assert.equal(get.statusCode, 200);
      sent.length = 0;
      const head = await t.app.inject({ method: 'HEAD', url, headers: m.auth });
      assert.equal(head.statusCode, 200);
      assert.equal(head.body, '');
      assert.equal(head.headers.etag, get.headers.etag);
      assert.equal(sent.length, 1, sent.join('\n---\n'));
    });

    it('a session token: a product missing, or another store’s, is a 404 in the same one statement', async () => {
      const other = await signup(t.app);
      const { productId: theirs } = await variableProduct(t.app, other, { name: 'Not yours' });
      await t.app.inject({ method: 'GET', url: `/v2/products/${productId}`, headers: m.auth });
      for (const id of ['prd_missing', theirs]) {
        sent.length = 0;
        const answer = await t.app.inject({ method: 'GET', url: `/v2/products/${id}`, headers: m.auth });
        assert.equal(answer.statusCode, 404);
        assert.equal(answer.json().error.code, 'PRODUCT_NOT_FOUND');
        assert.equal(sent.length, 1, sent.join('\n---\n'));
      }
    });

    it('a session token whose store changed since its context was kept: resolved again, and the product read with it', async () => {
      const url = `/v2/products/${productId}`;
      await t.app.inject({ method: 'GET', url, headers: m.auth });
      // A whole-store change (the store's settings) after the context was kept: the product's statement sees it, the
      // context is resolved again under that statement's snapshot (no mark of its own), and the product read for it.
      const changed = await client(t.app)('PATCH', '/v1/settings', { headers: m.auth, body: { timezone: 'Europe/Paris' } });
      assert.equal(changed.status, 200, JSON.stringify(changed.body));
      sent.length = 0;
      const answer = await t.app.inject({ method: 'GET', url, headers: m.auth });
      assert.equal(answer.statusCode, 200);
      assert.equal(answer.json().data.id, productId);
      assert.ok(!sent.some((text) => text.startsWith('select pg_current_snapshot()::text')), sent.join('\n---\n'));
      assert.ok(sent.some((text) => /"sessions"/.test(text)), 'the session is read again');
      sent.length = 0;
      assert.equal((await t.app.inject({ method: 'GET', url, headers: m.auth })).statusCode, 200);
      assert.equal(sent.length, 1, 'kept again');
    });

    it('sends the product and page statements prepared, and again under a new name once a migration changed their rows', async () => {
      // Another instance's migration adds a column while this one runs: a prepared `products.*` can no longer answer
      // ("cached plan must not change result type"); the statement is prepared again, and the read answers as before.
      const url = `/v2/products/${productId}`;
      const before = await t.app.inject({ method: 'GET', url, headers: m.auth });
      assert.equal(before.statusCode, 200);
      const admin = new pg.Client({ connectionString: (t.database.config as { url: string }).url });
      await admin.connect();
      try {
        for (const change of ['alter table products add column prepared_probe integer', 'alter table products drop column prepared_probe']) {
          await admin.query(change);
          for (const at of [url, '/v2/products?limit=3']) {
            sent.length = 0;
            const after = await t.app.inject({ method: 'GET', url: at, headers: m.auth });
            assert.equal(after.statusCode, 200, after.body);
          }
          const again = await t.app.inject({ method: 'GET', url, headers: m.auth });
          assert.equal(again.body, before.body);
        }
      } finally {
        await admin.end();
      }
    });

    it('a missing product: 404 in the same one statement', async () => {
      const { status, statements } = await statementsOf('/v2/products/prd_missing');
      assert.equal(status, 404);
      assert.equal(statements.length, 1, statements.join('\n---\n'));
    });
  });
}
