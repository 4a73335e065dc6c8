import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { after, it } from 'node:test';
import type { Kysely } from 'kysely';
import { openDatabase } from '../src/db/db.ts';
import type { Database } from '../src/db/schema.ts';
import { createTestDatabase, describeEachDatabase } from './helpers/databases.ts';
import { json, serveProcess, shopOverHttp } from './helpers/serve-process.ts';

/** Opens the pay page over HTTP and posts the card form, as a browser would (its csrf cookie and token). */
async function payOverHttp(base: string, path: string, card: string): Promise<number> {
  const page = await fetch(`${base}${path}`);
  const cookie = (page.headers.get('set-cookie') ?? '').split(';')[0]!;
  const csrf = /name="csrf" value="([^"]+)"/.exec(await page.text())?.[1];
  if (!csrf) return page.status;
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrf, cardNumber: card, expiry: '12/34', cvc: '123' }).toString(),
  });
  return res.status;
}

describeEachDatabase('a crash between the provider taking the money and our commit', (kind) => {
  it('leaves a record that names the provider payment, and a restarted service completes it once (on the return, then on the event)', { timeout: 60_000 }, async () => {
    const { startTestApp } = await import('./helpers/app.ts');
    const { insertOrder } = await import('./helpers/delivery-payments.ts');
    const { signup, client } = await import('./helpers/merchants.ts');
    const first = await startTestApp(kind);
    const m = await signup(first.app);
    const call = client(first.app);
    const order = await insertOrder(first, m.storeId, { mode: 'test', totalMinor: 1999 });
    const link = (await call('POST', '/v1/payment-links', { headers: { ...m.auth, 'x-mode': 'test' }, body: { orderId: order.id } })).body.data;
    const tenant = { storeId: m.storeId, mode: 'test' as const };
    // What payLink commits before it confirms: our attempt, then the provider's payment id on it.
    const now = new Date();
    const attempt = {
      id: `ppay_crash${Date.now()}`, provider: 'test' as const, linkId: link.id, orderId: order.id, amountMinor: 1999, currency: 'USD', captureMethod: 'automatic' as const,
      status: 'requires_payment_method' as const, providerRef: null, actionUrl: null, failureCode: null, failureMessage: null, flag: null, receivedMinor: null, paymentId: null,
      completedAt: null, createdAt: now, updatedAt: now,
    };
    await first.container.repos.providerPayments.insert(tenant, attempt);
    const provider = first.container.providers.byName('test')!;
    const created = await provider.createPayment(tenant, { idempotencyKey: `${attempt.id}:create`, amountMinor: 1999, currency: 'USD', captureMethod: 'automatic', description: 'x', reference: attempt.id, returnUrl: link.url });
    await first.container.repos.providerPayments.update(tenant, attempt.id, { providerRef: created.ref }, new Date());
    // The provider takes the money, and the service dies before recording it (nothing of the completion is written).
    const taken = await provider.confirmPayment!(tenant, created.ref, { card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' }, idempotencyKey: `${attempt.id}:confirm` });
    assert.equal(taken.status, 'succeeded');
    await first.app.close();
    await first.container.close();

    const second = await startTestApp(kind, { database: first.database });
    try {
      const call2 = client(second.app);
      const headers = { ...m.auth, 'x-mode': 'test' };
      assert.equal((await call2('GET', `/v1/orders/${order.id}`, { headers })).body.data.paymentStatus, 'unpaid', 'nothing was recorded before the crash');
      // The shopper comes back: the page asks the provider and completes.
      const page = await second.app.inject({ method: 'GET', url: new URL(link.url).pathname });
      assert.match(page.body, /This link has been paid/);
      // The provider's event arrives too, late: it finds it done.
      await second.container.services.providerPayments.receiveEvent({ requestId: 't', now: new Date() }, 'test', tenant, ...(await (async () => {
        const { signTestEvent, TEST_SIGNATURE_HEADER } = await import('../src/domain/payments/test-provider.ts');
        const secret = await second.container.repos.testProvider.signingSecret(tenant, 'unused', new Date());
        const body = JSON.stringify({ id: `tevt_late_${attempt.id}`, type: 'payment.updated', data: { payment: created.ref } });
        return [Buffer.from(body), { [TEST_SIGNATURE_HEADER]: signTestEvent(secret, body, new Date()) }] as const;
      })()));
      const payments = (await call2('GET', `/v1/orders/${order.id}/payments`, { headers })).body.data.payments;
      assert.equal(payments.length, 1);
      assert.equal((await call2('GET', `/v1/orders/${order.id}`, { headers })).body.data.status, 'paid');
    } finally {
      await second.close();
      await first.database.drop();
    }
  });
});

describeEachDatabase('payments survive kill -9', (kind) => {
  const children: ChildProcess[] = [];
  let drop: (() => Promise<void>) | undefined;
  after(async () => {
    for (const c of children) c.kill('SIGKILL');
    await drop?.();
  });

  it('after a kill -9 in a burst of card payments and a restart, every payment the provider took is recorded exactly once, and nothing else', { timeout: 180_000 }, async () => {
    const database = await createTestDatabase(kind);
    drop = database.drop;
    const databaseUrl = database.config.kind === 'sqlite' ? `sqlite:${database.config.file}` : database.config.url;
    const first = serveProcess(databaseUrl, { RATE_LIMITS: 'sign-in=100000/60' });
    children.push(first.child);
    const base = await first.url;
    const { auth, skuId, customerId } = await shopOverHttp(base);
    const test = { ...auth, 'x-mode': 'test' };
    // Test mode has its own data: a customer and stock there too.
    const customer = await json(base, 'POST', '/v1/customers', test, { name: 'Tess', email: 'tess@example.com' });
    assert.equal(customer.status, 201);
    const product = await json(base, 'POST', '/v1/products', test, { type: 'VARIABLE', name: 'Test tee' });
    const group = await json(base, 'POST', `/v2/products/${product.body.data.id}/variant-groups`, test, { attributeName: 'Color', attributeValue: 'Red', skus: [{ price: 10, quantityInStock: 5000 }] });
    await json(base, 'PATCH', `/v1/products/${product.body.data.id}`, test, { status: 'active' });
    void skuId;
    void customerId;

    const links: Array<{ id: string; orderId: string; path: string }> = [];
    for (let i = 0; i < 60; i += 1) {
      const order = await json(base, 'POST', '/v1/orders', test, { customerId: customer.body.data.id, lines: [{ skuId: group.body.data.skus[0].id, quantity: 1 + (i % 3) }] });
      assert.equal(order.status, 201, JSON.stringify(order.body));
      const link = await json(base, 'POST', '/v1/payment-links', test, { orderId: order.body.data.id });
      assert.equal(link.status, 201);
      links.push({ id: link.body.data.id, orderId: order.body.data.id, path: new URL(link.body.data.url).pathname });
    }

    // The burst: 6 shoppers paying links with 4242, killed after 25 answers (some payments are mid-flight).
    let next = 0;
    let answered = 0;
    let killed = false;
    const shopper = async () => {
      while (!killed && next < links.length) {
        const link = links[next++]!;
        try {
          await payOverHttp(base, link.path, '4242424242424242');
        } catch {
          return; // the process died under this request
        }
        answered += 1;
        if (answered >= 25 && !killed) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 6 }, shopper));
    assert.ok(killed, 'the service was killed mid-burst');
    await first.exited();

    // What the provider (the test provider's own tables) and we had recorded when the process died.
    const db = openDatabase(database.config, { timeoutMs: 5000 });
    const k = db.kysely as Kysely<Database>;
    try {
      const takenAtCrash = await k.selectFrom('test_provider_payments').select('id').where('status', '=', 'succeeded').execute();
      const completedAtCrash = await k.selectFrom('provider_payments').select('provider_ref').where('completed_at', 'is not', null).execute();
      const pendingAtCrash = takenAtCrash.length - completedAtCrash.length;

      const second = serveProcess(databaseUrl, { RATE_LIMITS: 'sign-in=100000/60' });
      children.push(second.child);
      const base2 = await second.url;
      // Every shopper comes back to the page (the return): the server asks the provider, and completes what it took.
      for (const link of links) {
        const res = await fetch(`${base2}${link.path}`);
        assert.equal(res.status, 200);
        await res.arrayBuffer();
      }
      // The shoppers whose payment never reached the provider pay again now.
      for (const link of links) assert.ok([303, 200].includes(await payOverHttp(base2, link.path, '4242424242424242')));

      const taken = await k.selectFrom('test_provider_payments').select(['id', 'amount_minor']).where('status', '=', 'succeeded').execute();
      const recorded = await k.selectFrom('payments').select(['order_id', 'reference', 'amount_minor']).where('kind', '=', 'payment').where('mode', '=', 'test').execute();
      // Exactly one payment record per payment the provider took, none without one.
      assert.deepEqual(recorded.map((p) => p.reference!.split(' ')[1]).sort(), taken.map((p) => p.id).sort(), 'one record per provider payment');
      for (const link of links) {
        const mine = recorded.filter((p) => p.order_id === link.orderId);
        assert.equal(mine.length, 1, `order ${link.orderId} paid once`);
        const order = await json(base2, 'GET', `/v1/orders/${link.orderId}`, test);
        assert.deepEqual([order.body.data.status, order.body.data.paymentStatus], ['paid', 'paid']);
        assert.equal(order.body.data.history.filter((h: { to: string }) => h.to === 'paid').length, 1);
        const l = await json(base2, 'GET', `/v1/payment-links/${link.id}`, test);
        assert.equal(l.body.data.status, 'paid');
      }
      process.stderr.write(`kill -9 [${kind}]: ${takenAtCrash.length} taken by the provider at the crash, ${pendingAtCrash} of them not yet recorded by us (completed after the restart)\n`);
      second.child.kill('SIGTERM');
      await second.exited();
    } finally {
      await db.close();
    }
  });
});
