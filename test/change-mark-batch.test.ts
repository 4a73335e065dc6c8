import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import pg from 'pg';
import type { MarkCheck } from '../src/db/db.ts';
import { createPrincipalMemo, type Found } from '../src/http/principal-memo.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { behindTheBack } from './helpers/behind-the-back.ts';
import { variableProduct } from './helpers/catalog.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { signup } from './helpers/merchants.ts';

/**
 * The change mark asked by many requests at once for one kept answer (a storefront's first page under load: about 19
 * requests a batch, measured): each gets the mark and whether the answer's products changed, and on PostgreSQL the
 * batch's one statement looks once for the answer, not once per request (src/db/db.ts batchedSnapshots).
 */
describeEachDatabase('the change mark: one look per kept answer for the requests waiting with it', (kind) => {
  let t: TestApp;
  let scope: { storeId: string; products: string[]; list: 'moves' };
  let skuId: string;
  let m: Awaited<ReturnType<typeof signup>>;
  const looks: Array<Array<{ s: string; since: string; p: string[] }>> = [];
  const query = pg.Client.prototype.query;

  before(async () => {
    t = await startTestApp(kind);
    m = await signup(t.app);
    const product = await variableProduct(t.app, m, { name: 'Asked for at once' });
    skuId = product.skuIds[0]!;
    scope = { storeId: m.storeId, products: [product.productId], list: 'moves' };
    pg.Client.prototype.query = function (this: pg.Client, ...args: any[]) {
      if (args[0]?.name === 'mark_check') looks.push(JSON.parse(args[0].values[0]));
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
  });
  after(async () => {
    pg.Client.prototype.query = query;
    await t?.close();
  });

  const mark = (check?: MarkCheck) => new Promise<{ mark: string | undefined; unchanged: boolean }>((resolve) => t.container.db.changeMark((m, unchanged) => resolve({ mark: m, unchanged }), check));

  it('answers 20 requests asking at once with one check, then tells every one of them of a change', async () => {
    const since = (await mark()).mark!;
    const check: MarkCheck = { ...scope, since };
    looks.length = 0;
    const quiet = await Promise.all(Array.from({ length: 20 }, () => mark(check)));
    assert.ok(quiet.every((a) => a.mark !== undefined && a.unchanged), 'nothing changed: each may serve the kept answer');
    if (kind === 'postgres') {
      // The first asks alone; the 19 asking while its statement is out go in the next one, with their check once.
      assert.deepEqual(looks.map((l) => l.length), [1, 1]);
    }

    await behindTheBack(t, 'update skus set quantity_in_stock = quantity_in_stock + 1 where id = $1', [skuId]);
    const changed = await Promise.all(Array.from({ length: 20 }, () => mark(check)));
    assert.ok(changed.every((a) => a.mark !== undefined && a.mark !== since && !a.unchanged), 'the product changed: none may serve it');

    // Two answers asked about together are two checks; an answer of another store keeps its own verdict.
    const other = { storeId: 'sto_elsewhere', products: ['prd_elsewhere'], since };
    const after = (await mark()).mark!;
    const fresh: MarkCheck = { ...scope, since: after };
    looks.length = 0;
    const mixed = await Promise.all([mark(fresh), mark(fresh), mark(check), mark(other), mark(check)]);
    assert.deepEqual(
      mixed.map((a) => a.unchanged),
      [true, true, false, true, false],
    );
    if (kind === 'postgres') assert.deepEqual(looks.map((l) => l.length), [1, 3], 'the first alone, then three distinct checks for the four waiting');
  });
  it('asks once for a kept session context that 20 requests wait on at once', async () => {
    const memo = createPrincipalMemo({ changeMark: t.container.db.changeMark });
    const find = () => new Promise<Found>((resolve) => memo.find('session', 0, resolve));
    const resolved = { actor: { type: 'user' as const, id: m.userId, label: m.email, userId: m.userId }, credential: 'session' as const, tenant: { storeId: m.storeId, mode: 'live' as const }, role: 'owner' as const, permissions: new Set<never>() };
    const principal = { kind: 'session' as const, user: { id: m.userId } as never, sessionId: 's', endsAt: new Date(3_600_000) };
    memo.keep('session', (await find()).mark!, principal, resolved, 3_600_000, 0);
    looks.length = 0;
    const found = await Promise.all(Array.from({ length: 20 }, find));
    assert.ok(found.every((f) => f.kept?.principal === principal));
    if (kind === 'postgres') assert.deepEqual(looks.map((l) => l.length), [1, 1]);
    memo.close();
  });
});
