import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { createProviderSettingsService } from '../src/domain/payments/provider-settings-service.ts';
import { idempotencyKeyOf } from '../src/domain/payments/provider-port.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { insertOrder, storeContext } from './helpers/delivery-payments.ts';
import { client, createApiKey, type Merchant, signup } from './helpers/merchants.ts';
import { type StripeFake, startStripeFake } from './helpers/stripe-fake.ts';

const TEST = { 'x-mode': 'test' };
const KEY = `sk_test_${randomBytes(12).toString('hex')}`;
const LIVE_KEY = `sk_live_${randomBytes(12).toString('hex')}`;
const WHSEC = `whsec_${randomBytes(16).toString('hex')}`;
const PK = `pk_test_${randomBytes(12).toString('hex')}`;
const LIVE_PK = `pk_live_${randomBytes(12).toString('hex')}`;

describeEachDatabase('the Stripe adapter against a fake of the Stripe API', (kind) => {
  let t: TestApp;
  let fake: StripeFake;
  let call: ReturnType<typeof client>;
  let m: Merchant;
  before(async () => {
    fake = await startStripeFake();
    fake.keys.add(KEY);
    fake.keys.add(LIVE_KEY);
    t = await startTestApp(kind, { config: { paymentSecretsKey: randomBytes(32), stripeApi: fake.connection } });
    call = client(t.app);
    m = await signup(t.app);
  });
  after(async () => {
    await t?.close();
    await fake?.close();
  });

  const put = (body: Record<string, unknown>, headers: Record<string, string> = TEST, who: Merchant = m) =>
    call('PUT', '/v1/payments/providers/stripe', { headers: { ...who.auth, ...headers }, body: { publishableKey: headers['x-mode'] === 'test' ? PK : LIVE_PK, ...body } });
  const list = async (headers: Record<string, string> = TEST) => (await call('GET', '/v1/payments/providers', { headers: { ...m.auth, ...headers } })).body.data;

  describe('provider settings', () => {
    it('lists the test provider (on in test mode only) and Stripe (off until saved)', async () => {
      const test = await list();
      assert.deepEqual(test.map((p: any) => [p.provider, p.enabled, p.builtIn, p.inUse]), [['test', true, true, true], ['stripe', false, false, false]]);
      const live = await list({});
      assert.deepEqual(live.map((p: any) => [p.provider, p.enabled]), [['test', false], ['stripe', false]]);
    });

    it('refuses a key of the other mode, a bad signing secret, a key Stripe refuses and the test provider, naming the field, and saves nothing', async () => {
      const cases: Array<[Record<string, string>, Record<string, string>, string, RegExp]> = [
        [{ secretKey: LIVE_KEY, webhookSecret: WHSEC }, TEST, 'secretKey', /live-mode key; test mode takes sk_test_/],
        [{ secretKey: KEY, webhookSecret: WHSEC }, {}, 'secretKey', /test-mode key; live mode takes sk_live_/],
        [{ secretKey: 'pk_test_123', webhookSecret: WHSEC }, TEST, 'secretKey', /must be a Stripe secret key/],
        [{ secretKey: KEY, webhookSecret: 'secret' }, TEST, 'webhookSecret', /whsec_/],
        [{ secretKey: 'sk_test_unknown_to_stripe', webhookSecret: WHSEC }, TEST, 'secretKey', /refused by Stripe/],
        [{ secretKey: KEY, webhookSecret: WHSEC, publishableKey: LIVE_PK }, TEST, 'publishableKey', /live-mode key; test mode takes pk_test_/],
        [{ secretKey: LIVE_KEY, webhookSecret: WHSEC, publishableKey: PK }, {}, 'publishableKey', /test-mode key; live mode takes pk_live_/],
        [{ secretKey: KEY, webhookSecret: WHSEC, publishableKey: KEY }, TEST, 'publishableKey', /must be a Stripe publishable key \(pk_test_…\)/],
      ];
      for (const [body, headers, path, rule] of cases) {
        const res = await put(body, headers);
        assert.equal(res.status, 422, `${JSON.stringify(body)}: ${res.raw}`);
        assert.equal(res.body.error.details[0].path, path);
        assert.match(res.body.error.details[0].rule, rule);
      }
      const missing = await put({ secretKey: KEY });
      assert.equal(missing.status, 422);
      assert.equal(missing.body.error.details[0].path, 'webhookSecret');
      const noPk = await call('PUT', '/v1/payments/providers/stripe', { headers: { ...m.auth, ...TEST }, body: { secretKey: KEY, webhookSecret: WHSEC } });
      assert.equal(noPk.status, 422);
      assert.equal(noPk.body.error.details[0].path, 'publishableKey');
      const builtIn = await call('PUT', '/v1/payments/providers/test', { headers: { ...m.auth, ...TEST }, body: { secretKey: KEY, webhookSecret: WHSEC, publishableKey: PK } });
      assert.equal(builtIn.status, 422);
      assert.equal(builtIn.body.error.details[0].path, 'provider');
      assert.equal((await t.container.db.kysely.selectFrom('payment_provider_settings').selectAll().where('store_id', '=', m.storeId).execute()).length, 0);
    });

    it('refuses without payments:write (403), and in another store changes nothing of this one', async () => {
      const readOnly = await createApiKey(t.app, m, { mode: 'test', permissions: ['payments:read'] });
      const res = await call('PUT', '/v1/payments/providers/stripe', { headers: { 'x-merchantapikey': readOnly.key }, body: { secretKey: KEY, webhookSecret: WHSEC, publishableKey: PK } });
      assert.equal(res.status, 403);
      const other = await signup(t.app);
      assert.equal((await put({ secretKey: KEY, webhookSecret: WHSEC }, TEST, other)).status, 200);
      assert.equal((await list()).find((p: any) => p.provider === 'stripe').enabled, false, 'another store saving keys does not set up this one');
    });

    it('checks the key with Stripe, keeps both secrets encrypted, and shows only a hint', async () => {
      const res = await put({ secretKey: KEY, webhookSecret: WHSEC });
      assert.equal(res.status, 200, res.raw);
      assert.deepEqual([res.body.data.enabled, res.body.data.keyHint, res.body.data.accountId, res.body.data.publishableKey], [true, `sk_test_…${KEY.slice(-4)}`, `acct_${KEY.slice(-8)}`, PK]);
      assert.deepEqual((await list()).map((p: any) => [p.provider, p.inUse]), [['test', false], ['stripe', true]], 'Stripe set up takes the pay page in test mode too');
      assert.ok(fake.log.some((l) => l.startsWith('GET /v1/account')));
      const row = await t.container.db.kysely.selectFrom('payment_provider_settings').selectAll().where('store_id', '=', m.storeId).executeTakeFirstOrThrow();
      assert.ok(!row.secret_key_sealed.includes(KEY.slice(8)) && !row.webhook_secret_sealed.includes(WHSEC.slice(6)), 'nothing plain at rest');
      assert.ok(!JSON.stringify(await list()).includes(KEY.slice(8)));
      assert.equal((await list({})).find((p: any) => p.provider === 'stripe').enabled, false, 'the live mode has its own keys');
    });

    it('refuses to save keys (409) when the service has no PAYMENT_SECRETS_KEY', async () => {
      const service = createProviderSettingsService({ repos: t.container.repos, secretsKey: null, verify: async () => ({ accountId: null }) });
      await assert.rejects(service.save(storeContext(m, 'test'), 'stripe', { secretKey: KEY, webhookSecret: WHSEC, publishableKey: PK }), (e: any) => e.code === 'PAYMENT_PROVIDER_UNAVAILABLE');
    });
  });

  describe('payments through the port', () => {
    const tenant = () => ({ storeId: m.storeId, mode: 'test' as const });
    const provider = () => t.container.providers.byName('stripe')!;
    const create = (reference: string, captureMethod: 'automatic' | 'manual' = 'automatic') =>
      provider().createPayment(tenant(), { idempotencyKey: idempotencyKeyOf(reference, 'create'), amountMinor: 4250, currency: 'USD', captureMethod, description: 'Two lamps', reference, returnUrl: 'http://127.0.0.1:3000/pay/x' });

    it('creates a PaymentIntent once per idempotency key, even when Stripe answers 500 first and the SDK retries', async () => {
      const before = fake.intents.size;
      fake.failNext(1);
      const a = await create('ppay_retry1');
      assert.equal(a.status, 'requires_payment_method');
      assert.deepEqual([a.amountMinor, a.currency], [4250, 'USD']);
      const b = await create('ppay_retry1');
      assert.equal(b.ref, a.ref, 'the same key, the same intent');
      assert.equal(fake.intents.size, before + 1);
      assert.equal(fake.log.filter((l) => l === 'POST /v1/payment_intents').length >= 2, true, 'the 500 was retried');
    });

    it('reads success, a decline (failed, with the reason) and a 3-D Secure challenge (requires_action, then succeeded)', async () => {
      const ok = await create('ppay_ok');
      fake.confirm(ok.ref, 'pm_card_visa');
      const okState = await provider().retrievePayment(tenant(), ok.ref);
      assert.deepEqual([okState.status, okState.receivedMinor], ['succeeded', 4250]);
      const no = await create('ppay_no');
      fake.confirm(no.ref, 'pm_card_chargeDeclined');
      const noState = await provider().retrievePayment(tenant(), no.ref);
      assert.equal(noState.status, 'failed');
      assert.deepEqual(noState.failure, { code: 'generic_decline', message: 'Your card was declined.' });
      const sca = await create('ppay_3ds');
      fake.confirm(sca.ref, 'pm_card_threeDSecure2Required');
      const action = await provider().retrievePayment(tenant(), sca.ref);
      assert.equal(action.status, 'requires_action');
      assert.match(action.actionUrl ?? '', /3ds/);
      fake.finishAction(sca.ref, true);
      assert.equal((await provider().retrievePayment(tenant(), sca.ref)).status, 'succeeded');
    });

    it('authorizes then captures the exact amount once, and refunds the exact amount once per key', async () => {
      const held = await create('ppay_manual', 'manual');
      fake.confirm(held.ref, 'pm_card_visa');
      assert.equal((await provider().retrievePayment(tenant(), held.ref)).status, 'authorized');
      const captured = await provider().capturePayment(tenant(), held.ref, { amountMinor: 4250, idempotencyKey: idempotencyKeyOf('ppay_manual', 'capture') });
      assert.deepEqual([captured.status, captured.receivedMinor], ['succeeded', 4250]);
      const again = await provider().capturePayment(tenant(), held.ref, { amountMinor: 4250, idempotencyKey: idempotencyKeyOf('ppay_manual', 'capture') });
      assert.equal(again.status, 'succeeded', 'the retried capture is replayed, not refused');
      const refund = await provider().refundPayment(tenant(), held.ref, { amountMinor: 1250, idempotencyKey: idempotencyKeyOf('pay_r1', 'refund') });
      const twice = await provider().refundPayment(tenant(), held.ref, { amountMinor: 1250, idempotencyKey: idempotencyKeyOf('pay_r1', 'refund') });
      assert.deepEqual([refund.status, refund.amountMinor, twice.ref], ['succeeded', 1250, refund.ref]);
      assert.equal([...fake.refunds.values()].filter((r) => r.payment_intent === held.ref).length, 1);
      await assert.rejects(provider().refundPayment(tenant(), held.ref, { amountMinor: 4000, idempotencyKey: idempotencyKeyOf('pay_r2', 'refund') }), (e: any) => e.code === 'PAYMENT_PROVIDER_ERROR');
    });
  });

  describe('Stripe events', () => {
    const url = () => `/v1/payment-providers/stripe/events/${m.storeId}/test`;
    const post = (body: string, signature?: string) => t.app.inject({ method: 'POST', url: url(), headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) }, payload: body });

    it('refuses a forged signature with 400, acknowledges an unknown intent, and completes a known one once', async () => {
      const forged = fake.signedEvent('whsec_wrong', 'payment_intent.succeeded', { id: 'pi_x', object: 'payment_intent' });
      const bad = await post(forged.body, forged.signature);
      assert.equal(bad.statusCode, 400);
      assert.equal(bad.json().error.code, 'PAYMENT_EVENT_SIGNATURE_INVALID');
      assert.equal((await post(forged.body)).statusCode, 400, 'no signature');

      const unknown = fake.signedEvent(WHSEC, 'payment_intent.succeeded', { id: 'pi_not_ours', object: 'payment_intent' });
      assert.equal((await post(unknown.body, unknown.signature)).json().data.outcome, 'ignored');

      // A link paid with Stripe: our record of the attempt names the intent (as the Stripe pay page will make it).
      const order = await insertOrder(t, m.storeId, { mode: 'test', totalMinor: 4250 });
      const link = await call('POST', '/v1/payment-links', { headers: { ...m.auth, ...TEST }, body: { orderId: order.id } });
      const now = new Date();
      const pi = await t.container.providers.byName('stripe')!.createPayment({ storeId: m.storeId, mode: 'test' }, { idempotencyKey: 'ppay_stripe_evt:create', amountMinor: 4250, currency: 'USD', captureMethod: 'automatic', description: 'x', reference: 'ppay_stripe_evt', returnUrl: 'x' });
      await t.container.repos.providerPayments.insert({ storeId: m.storeId, mode: 'test' }, {
        id: 'ppay_stripe_evt', provider: 'stripe', linkId: link.body.data.id, orderId: order.id, amountMinor: 4250, currency: 'USD', captureMethod: 'automatic', status: 'requires_payment_method',
        providerRef: pi.ref, actionUrl: null, failureCode: null, failureMessage: null, flag: null, receivedMinor: null, paymentId: null, completedAt: null, createdAt: now, updatedAt: now,
      });
      const succeeded = fake.confirm(pi.ref, 'pm_card_visa');
      const event = fake.signedEvent(WHSEC, 'payment_intent.succeeded', succeeded);
      const [first, second] = await Promise.all([post(event.body, event.signature), post(event.body, event.signature)]);
      assert.deepEqual([first.statusCode, second.statusCode], [200, 200]);
      const payments = (await call('GET', `/v1/orders/${order.id}/payments`, { headers: { ...m.auth, ...TEST } })).body.data.payments;
      assert.equal(payments.length, 1);
      assert.equal(payments[0].reference, `stripe ${pi.ref}`);
      const o = (await call('GET', `/v1/orders/${order.id}`, { headers: { ...m.auth, ...TEST } })).body.data;
      assert.deepEqual([o.status, o.paymentStatus], ['paid', 'paid']);
      assert.equal((await call('GET', `/v1/payment-links/${link.body.data.id}`, { headers: { ...m.auth, ...TEST } })).body.data.status, 'paid');
      // A charge event of the same intent (out of order, later) finds it done.
      const late = fake.signedEvent(WHSEC, 'charge.succeeded', { id: 'ch_x', object: 'charge', payment_intent: pi.ref });
      assert.equal((await post(late.body, late.signature)).json().data.outcome, 'processed');
      assert.equal((await call('GET', `/v1/orders/${order.id}/payments`, { headers: { ...m.auth, ...TEST } })).body.data.payments.length, 1);

      // A refund made in Stripe's dashboard arrives as charge.refunded and is recorded once.
      await t.container.providers.byName('stripe')!.refundPayment({ storeId: m.storeId, mode: 'test' }, pi.ref, { amountMinor: 1000, idempotencyKey: 'dashboard-1' });
      const refundedEvent = fake.signedEvent(WHSEC, 'charge.refunded', { id: 'ch_y', object: 'charge', payment_intent: pi.ref });
      assert.equal((await post(refundedEvent.body, refundedEvent.signature)).json().data.outcome, 'processed');
      assert.equal((await post(refundedEvent.body, refundedEvent.signature)).json().data.outcome, 'duplicate');
      const records = (await call('GET', `/v1/orders/${order.id}/payments`, { headers: { ...m.auth, ...TEST } })).body.data.payments;
      assert.deepEqual(records.filter((r: any) => r.kind === 'refund').map((r: any) => [r.amount, r.status, r.reference]), [[10, 'succeeded', 'refund ppay_stripe_evt']]);
    });
  });
});
