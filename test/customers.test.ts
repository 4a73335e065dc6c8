import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { isBanned } from '../src/domain/customers/customer-service.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { client, createApiKey, type Merchant, signup } from './helpers/merchants.ts';
import { auditActions, insertOrder, setBanDirectly, snapshot } from './helpers/operations.ts';

describe('isBanned (the check the order service runs)', () => {
  const now = new Date('2026-05-01T12:00:00Z');
  it('counts a ban without expiry, and one that expires later', () => {
    assert.equal(isBanned({ bannedAt: new Date('2026-04-01T00:00:00Z'), banExpiresAt: null }, now), true);
    assert.equal(isBanned({ bannedAt: new Date('2026-04-01T00:00:00Z'), banExpiresAt: new Date('2026-05-01T12:00:00.001Z') }, now), true);
  });
  it('does not count an expired ban (expiring exactly now included), nor no ban', () => {
    assert.equal(isBanned({ bannedAt: new Date('2026-04-01T00:00:00Z'), banExpiresAt: new Date('2026-05-01T12:00:00Z') }, now), false);
    assert.equal(isBanned({ bannedAt: new Date('2026-04-01T00:00:00Z'), banExpiresAt: new Date('2026-04-02T00:00:00Z') }, now), false);
    assert.equal(isBanned({ bannedAt: null, banExpiresAt: null }, now), false);
  });
});

describeEachDatabase('customers', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof client>;
  let m: Merchant;
  before(async () => {
    t = await startTestApp(kind);
    call = client(t.app);
    m = await signup(t.app);
  });
  after(() => t?.close());

  let n = 0;
  const email = () => `customer${++n}.${Date.now()}@example.com`;
  const create = (body: Record<string, unknown> = {}, headers: Record<string, string> = m.auth) =>
    call('POST', '/v1/customers', { headers, body: { name: 'Ada Lovelace', email: email(), ...body } });
  const home = { label: 'Home', line1: '1 Main St', city: 'Springfield', postalCode: '62701', countryId: 'us', stateId: 'us-il' };

  describe('create and get', () => {
    it('creates a customer with normalised phone and address ids, and zero order figures', async () => {
      const res = await create({ name: 'Grace Hopper', phone: '+1 (555) 010-0100', addresses: [home] });
      assert.equal(res.status, 201, res.raw);
      const c = res.body.data;
      assert.match(c.id, /^cus_/);
      assert.equal(c.phone, '+15550100100');
      assert.deepEqual(c.addresses, [{ label: 'Home', name: null, line1: '1 Main St', line2: null, city: 'Springfield', postalCode: '62701', stateId: 'US-IL', countryId: 'US', phone: null }]);
      assert.deepEqual([c.banned, c.ban, c.orderCount, c.totalSpent, c.currency], [false, null, 0, 0, 'USD']);
      assert.match(c.createdAt, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/);
      const got = await call('GET', `/v1/customers/${c.id}`, { headers: m.auth });
      assert.equal(got.status, 200);
      assert.deepEqual(got.body.data, c);
      assert.deepEqual(await auditActions(t, m.storeId, c.id), ['customer.create']);
    });

    it('accepts an address without a state, and a country without subdivisions', async () => {
      const res = await create({ addresses: [{ line1: 'Rue 1', city: 'Monaco', countryId: 'MC' }, { ...home, stateId: null }] });
      assert.equal(res.status, 201, res.raw);
      assert.deepEqual(res.body.data.addresses.map((a: { countryId: string; stateId: string | null }) => [a.countryId, a.stateId]), [['MC', null], ['US', null]]);
    });

    const tooMany = Array.from({ length: 11 }, () => home);
    for (const [name, body, path] of [
      ['a missing name', { name: undefined }, 'name'],
      ['an empty name', { name: '   ' }, 'name'],
      ['a name over 200 characters', { name: 'x'.repeat(201) }, 'name'],
      ['a missing email', { email: undefined }, 'email'],
      ['a malformed email', { email: 'not-an-email' }, 'email'],
      ['an email over 320 characters', { email: `${'a'.repeat(320)}@example.com` }, 'email'],
      ['a phone with letters', { phone: '555-CALL-NOW' }, 'phone'],
      ['a phone with too few digits', { phone: '123' }, 'phone'],
      ['a phone with too many digits', { phone: '+1234567890123456' }, 'phone'],
      ['more than 10 addresses', { addresses: tooMany }, 'addresses'],
      ['an address without line1', { addresses: [{ ...home, line1: undefined }] }, 'addresses[0].line1'],
      ['an address without city', { addresses: [{ ...home, city: '' }] }, 'addresses[0].city'],
      ['an address line over 200 characters', { addresses: [{ ...home, line2: 'x'.repeat(201) }] }, 'addresses[0].line2'],
      ['a postal code over 20 characters', { addresses: [{ ...home, postalCode: '1'.repeat(21) }] }, 'addresses[0].postalCode'],
      ['an address without a country', { addresses: [{ ...home, countryId: undefined }] }, 'addresses[0].countryId'],
      ['an unknown country', { addresses: [home, { ...home, countryId: 'XX', stateId: null }] }, 'addresses[1].countryId'],
      ['a state of another country', { addresses: [{ ...home, stateId: 'DE-BY' }] }, 'addresses[0].stateId'],
      ['an unknown state', { addresses: [{ ...home, stateId: 'US-ZZ' }] }, 'addresses[0].stateId'],
      ['an unknown field', { addresses: [{ ...home, planet: 'Mars' }] }, 'addresses[0]'],
    ] as const) {
      it(`refuses ${name} with 422 naming ${path}, writing nothing`, async () => {
        const before = await snapshot(t, m.storeId);
        const res = await create(body as Record<string, unknown>);
        assert.equal(res.status, 422, res.raw);
        assert.equal(res.body.error.code, 'VALIDATION_FAILED');
        assert.ok(res.body.error.details.some((d: { path: string }) => d.path === path), JSON.stringify(res.body.error.details));
        assert.deepEqual(await snapshot(t, m.storeId), before);
      });
    }

    it('refuses an email already used in the store, whatever its case, with 409 naming email and writing nothing', async () => {
      const address = email();
      assert.equal((await create({ email: address })).status, 201);
      const before = await snapshot(t, m.storeId);
      const res = await create({ email: address.toUpperCase() });
      assert.equal(res.status, 409);
      assert.equal(res.body.error.code, 'CUSTOMER_EMAIL_TAKEN');
      assert.deepEqual(res.body.error.details, [{ path: 'email', rule: 'must be unique within the store', in: 'body' }]);
      assert.deepEqual(await snapshot(t, m.storeId), before);
      // The same email is free in the other mode and in another store.
      assert.equal((await create({ email: address }, { ...m.auth, 'x-mode': 'test' })).status, 201);
      const other = await signup(t.app);
      assert.equal((await create({ email: address }, other.auth)).status, 201);
    });

    it('keeps emails unique when two creations race', async () => {
      const address = email();
      const results = await Promise.all(Array.from({ length: 6 }, () => create({ email: address })));
      assert.equal(results.filter((r) => r.status === 201).length, 1, results.map((r) => r.status).join(','));
      assert.ok(results.filter((r) => r.status !== 201).every((r) => r.status === 409 && r.body.error.code === 'CUSTOMER_EMAIL_TAKEN'));
    });
  });

  describe('order figures', () => {
    it('counts the customer’s orders and sums paid minus refunded, in this store and mode only', async () => {
      const c = (await create()).body.data;
      const other = (await create()).body.data;
      const zero = await call('GET', `/v1/customers/${c.id}`, { headers: m.auth });
      assert.deepEqual([zero.body.data.orderCount, zero.body.data.totalSpent], [0, 0]);
      await insertOrder(t, { storeId: m.storeId, customerId: c.id, paidMinor: 1999 });
      const one = await call('GET', `/v1/customers/${c.id}`, { headers: m.auth });
      assert.deepEqual([one.body.data.orderCount, one.body.data.totalSpent], [1, 19.99]);
      await insertOrder(t, { storeId: m.storeId, customerId: c.id, paidMinor: 5000, refundedMinor: 1250 });
      await insertOrder(t, { storeId: m.storeId, customerId: c.id, paidMinor: 0, totalMinor: 700 });
      await insertOrder(t, { storeId: m.storeId, customerId: other.id, paidMinor: 100000 });
      await insertOrder(t, { storeId: m.storeId, customerId: c.id, mode: 'test', paidMinor: 100000 });
      const shop = await signup(t.app);
      await insertOrder(t, { storeId: shop.storeId, customerId: c.id, paidMinor: 100000 });
      const got = await call('GET', `/v1/customers/${c.id}`, { headers: m.auth });
      assert.deepEqual([got.body.data.orderCount, got.body.data.totalSpent, got.body.data.currency], [3, 57.49, 'USD']);
      const listed = await call('GET', `/v1/customers?q=${encodeURIComponent(c.email)}`, { headers: m.auth });
      assert.deepEqual([listed.body.data[0].orderCount, listed.body.data[0].totalSpent], [3, 57.49]);
    });

    it('shows the figures in the store currency’s decimals', async () => {
      const yen = await signup(t.app);
      await call('PATCH', '/v1/merchants/profile/business', { headers: yen.auth, body: { currency: 'JPY' } });
      const c = (await create({}, yen.auth)).body.data;
      await insertOrder(t, { storeId: yen.storeId, customerId: c.id, paidMinor: 1500 });
      const got = await call('GET', `/v1/customers/${c.id}`, { headers: yen.auth });
      assert.deepEqual([got.body.data.totalSpent, got.body.data.currency], [1500, 'JPY']);
    });
  });

  describe('update', () => {
    it('changes only the sent fields, replaces addresses, clears the phone with null', async () => {
      const c = (await create({ name: 'Old Name', phone: '+44 20 7946 0958', addresses: [home] })).body.data;
      const res = await call('PATCH', `/v1/customers/${c.id}`, { headers: m.auth, body: { name: 'New Name' } });
      assert.equal(res.status, 200, res.raw);
      assert.deepEqual([res.body.data.name, res.body.data.email, res.body.data.phone, res.body.data.addresses.length], ['New Name', c.email, '+442079460958', 1]);
      const cleared = await call('PATCH', `/v1/customers/${c.id}`, { headers: m.auth, body: { phone: null, addresses: [{ line1: 'Unter den Linden 1', city: 'Berlin', countryId: 'DE', stateId: 'DE-BE' }] } });
      assert.equal(cleared.body.data.phone, null);
      assert.deepEqual(cleared.body.data.addresses.map((a: { city: string }) => a.city), ['Berlin']);
      const emptied = await call('PATCH', `/v1/customers/${c.id}`, { headers: m.auth, body: { addresses: [] } });
      assert.deepEqual(emptied.body.data.addresses, []);
      const newEmail = email().toUpperCase();
      const renamed = await call('PATCH', `/v1/customers/${c.id}`, { headers: m.auth, body: { email: newEmail } });
      assert.equal(renamed.body.data.email, newEmail, 'the email keeps the case it was given');
      const same = await call('PATCH', `/v1/customers/${c.id}`, { headers: m.auth, body: { email: newEmail.toLowerCase() } });
      assert.equal(same.status, 200, 'a customer may keep their own email in another case');
      assert.deepEqual(await auditActions(t, m.storeId, c.id), ['customer.create', 'customer.update', 'customer.update', 'customer.update', 'customer.update', 'customer.update']);
    });

    for (const [name, body, path, status] of [
      ['an empty name', { name: '' }, 'name', 422],
      ['a malformed email', { email: 'x@' }, 'email', 422],
      ['a bad phone', { phone: 'call me' }, 'phone', 422],
      ['an unknown country', { addresses: [{ ...home, countryId: 'QQ' }] }, 'addresses[0].countryId', 422],
      ['a state of another country', { addresses: [{ ...home, countryId: 'CA', stateId: 'US-IL' }] }, 'addresses[0].stateId', 422],
      ['another customer’s email', { email: 'TAKEN' }, 'email', 409],
    ] as const) {
      it(`refuses ${name} with ${status} naming ${path}, changing nothing`, async () => {
        const taken = (await create()).body.data;
        const c = (await create({ addresses: [home] })).body.data;
        const before = await snapshot(t, m.storeId);
        const sent = 'email' in body && body.email === 'TAKEN' ? { email: taken.email.toUpperCase() } : body;
        const res = await call('PATCH', `/v1/customers/${c.id}`, { headers: m.auth, body: sent });
        assert.equal(res.status, status, res.raw);
        assert.ok(res.body.error.details.some((d: { path: string }) => d.path === path), JSON.stringify(res.body.error.details));
        assert.deepEqual(await snapshot(t, m.storeId), before);
        assert.deepEqual((await call('GET', `/v1/customers/${c.id}`, { headers: m.auth })).body.data, c);
      });
    }
  });

  describe('ban and unban', () => {
    it('bans with a reason, shows it, replaces it on a second ban, and unbans', async () => {
      const c = (await create()).body.data;
      const res = await call('POST', `/v1/customers/${c.id}/ban`, { headers: m.auth, body: { reason: 'Chargeback fraud' } });
      assert.equal(res.status, 200, res.raw);
      assert.equal(res.body.data.banned, true);
      assert.equal(res.body.data.ban.reason, 'Chargeback fraud');
      assert.equal(res.body.data.ban.expiresAt, null);
      const expiresAt = new Date(Date.now() + 86_400_000).toISOString().slice(0, -1);
      const again = await call('POST', `/v1/customers/${c.id}/ban`, { headers: m.auth, body: { reason: 'Abusive messages', expiresAt } });
      assert.deepEqual([again.body.data.banned, again.body.data.ban.reason, again.body.data.ban.expiresAt], [true, 'Abusive messages', expiresAt]);
      const lifted = await call('POST', `/v1/customers/${c.id}/unban`, { headers: m.auth });
      assert.equal(lifted.status, 200);
      assert.deepEqual([lifted.body.data.banned, lifted.body.data.ban], [false, null]);
      assert.deepEqual(await auditActions(t, m.storeId, c.id), ['customer.create', 'customer.ban', 'customer.ban', 'customer.unban']);
    });

    it('accepts an expiry with a zone offset and reads it as that instant', async () => {
      const c = (await create()).body.data;
      const res = await call('POST', `/v1/customers/${c.id}/ban`, { headers: m.auth, body: { reason: 'x', expiresAt: '2099-01-01T02:00:00+02:00' } });
      assert.equal(res.body.data.ban.expiresAt, '2099-01-01T00:00:00.000');
    });

    it('no longer counts a ban once it has expired', async () => {
      const c = (await create()).body.data;
      await setBanDirectly(t, c.id, { bannedAt: new Date(Date.now() - 2 * 86_400_000), reason: 'cooling off', expiresAt: new Date(Date.now() - 1000) });
      const got = await call('GET', `/v1/customers/${c.id}`, { headers: m.auth });
      assert.equal(got.body.data.banned, false);
      assert.equal(got.body.data.ban.reason, 'cooling off', 'the expired ban stays visible as history');
      const bannedNow = await call('GET', '/v1/customers?banned=true&limit=100', { headers: m.auth });
      assert.ok(!bannedNow.body.data.some((x: { id: string }) => x.id === c.id));
      const notBanned = await call('GET', '/v1/customers?banned=false&limit=100', { headers: m.auth });
      assert.ok(notBanned.body.data.some((x: { id: string }) => x.id === c.id));
    });

    it('filters the list on whether a ban counts now', async () => {
      const shop = await signup(t.app);
      const a = (await create({ name: 'Banned Forever' }, shop.auth)).body.data;
      const b = (await create({ name: 'Banned Until Later' }, shop.auth)).body.data;
      const c = (await create({ name: 'Never Banned' }, shop.auth)).body.data;
      await call('POST', `/v1/customers/${a.id}/ban`, { headers: shop.auth, body: { reason: 'x' } });
      await call('POST', `/v1/customers/${b.id}/ban`, { headers: shop.auth, body: { reason: 'x', expiresAt: '2099-12-31T00:00:00' } });
      const banned = await call('GET', '/v1/customers?banned=true', { headers: shop.auth });
      assert.deepEqual(banned.body.data.map((x: { id: string }) => x.id), [b.id, a.id]);
      const free = await call('GET', '/v1/customers?banned=false', { headers: shop.auth });
      assert.deepEqual(free.body.data.map((x: { id: string }) => x.id), [c.id]);
      assert.equal((await call('GET', '/v1/customers?banned=maybe', { headers: shop.auth })).status, 422);
    });

    it('answers an unban of a customer without a ban as is, writing nothing', async () => {
      const c = (await create()).body.data;
      const before = await snapshot(t, m.storeId);
      const res = await call('POST', `/v1/customers/${c.id}/unban`, { headers: m.auth });
      assert.equal(res.status, 200);
      assert.deepEqual(res.body.data, c);
      assert.deepEqual(await snapshot(t, m.storeId), before);
    });

    for (const [name, body, path] of [
      ['a missing reason', {}, 'reason'],
      ['an empty reason', { reason: ' ' }, 'reason'],
      ['a reason over 500 characters', { reason: 'x'.repeat(501) }, 'reason'],
      ['an expiry in the past', { reason: 'x', expiresAt: '2020-01-01T00:00:00.000' }, 'expiresAt'],
      ['an expiry that is not a date-time', { reason: 'x', expiresAt: 'tomorrow' }, 'expiresAt'],
      ['an expiry on a day that does not exist', { reason: 'x', expiresAt: '2099-02-30T00:00:00' }, 'expiresAt'],
    ] as const) {
      it(`refuses a ban with ${name} (422 naming ${path}), writing nothing`, async () => {
        const c = (await create()).body.data;
        const before = await snapshot(t, m.storeId);
        const res = await call('POST', `/v1/customers/${c.id}/ban`, { headers: m.auth, body });
        assert.equal(res.status, 422, res.raw);
        assert.ok(res.body.error.details.some((d: { path: string }) => d.path === path), JSON.stringify(res.body.error.details));
        assert.deepEqual(await snapshot(t, m.storeId), before);
        assert.equal((await call('GET', `/v1/customers/${c.id}`, { headers: m.auth })).body.data.banned, false);
      });
    }
  });

  describe('list and search', () => {
    it('finds by name (case and accents ignored), email and phone digits, newest first, with cursor pages', async () => {
      const shop = await signup(t.app);
      const make = (name: string, mail: string, phone?: string) => create({ name, email: mail, ...(phone ? { phone } : {}) }, shop.auth);
      await make('José Álvarez', 'jose@example.com', '+34 612 345 678');
      await make('Joanna Smith', 'jo.smith@example.org', '+1 555 010 0199');
      await make('Bob Stone', 'bob@stone.example', '(555) 010-0177');
      await make('Carla 50%', 'carla@example.net');
      await make('Dan Brown', 'dan@example.com');
      const names = async (q: string) => (await call('GET', `/v1/customers?${q}`, { headers: shop.auth })).body.data.map((c: { name: string }) => c.name);
      assert.deepEqual(await names('q=jose'), ['José Álvarez']);
      assert.deepEqual(await names('q=ALVAREZ'), ['José Álvarez']);
      assert.deepEqual(await names('q=JO'), ['Joanna Smith', 'José Álvarez']);
      assert.deepEqual(await names('q=example.org'), ['Joanna Smith']);
      assert.deepEqual(await names(`q=${encodeURIComponent('555-010')}`), ['Bob Stone', 'Joanna Smith']);
      assert.deepEqual(await names(`q=${encodeURIComponent('612 345')}`), ['José Álvarez']);
      assert.deepEqual(await names(`q=${encodeURIComponent('%')}`), ['Carla 50%'], '% is taken literally');
      assert.deepEqual(await names('q=nobody'), []);
      const seen: string[] = [];
      let cursor = '';
      for (let page = 0; page < 5; page += 1) {
        const res = await call('GET', `/v1/customers?limit=2${cursor ? `&cursor=${cursor}` : ''}`, { headers: shop.auth });
        assert.ok(res.body.data.length <= 2);
        seen.push(...res.body.data.map((c: { name: string }) => c.name));
        if (!res.body.pagination.hasMore) {
          assert.equal(res.body.pagination.nextCursor, null);
          break;
        }
        cursor = res.body.pagination.nextCursor;
      }
      assert.deepEqual(seen, ['Dan Brown', 'Carla 50%', 'Bob Stone', 'Joanna Smith', 'José Álvarez']);
    });

    for (const q of ['limit=0', 'limit=101', 'limit=abc', 'cursor=not-a-cursor', `q=${'x'.repeat(101)}`]) {
      it(`refuses ${q.slice(0, 20)} with 422`, async () => {
        const res = await call('GET', `/v1/customers?${q}`, { headers: m.auth });
        assert.equal(res.status, 422, res.raw);
        assert.equal(res.body.error.details[0].path, q.split('=')[0]);
      });
    }
  });

  describe('isolation and permissions', () => {
    it("answers another store's customer with 404 on every route and changes nothing", async () => {
      const other = await signup(t.app);
      const theirs = (await create({ name: 'Secret Customer' }, other.auth)).body.data;
      const before = await snapshot(t, other.storeId);
      for (const [method, url, body] of [
        ['GET', `/v1/customers/${theirs.id}`],
        ['PATCH', `/v1/customers/${theirs.id}`, { name: 'Hacked' }],
        ['POST', `/v1/customers/${theirs.id}/ban`, { reason: 'x' }],
        ['POST', `/v1/customers/${theirs.id}/unban`],
      ] as const) {
        const res = await call(method, url, { headers: m.auth, body });
        assert.equal(res.status, 404, `${method} ${url}`);
        assert.equal(res.body.error.code, 'CUSTOMER_NOT_FOUND');
      }
      assert.ok(!(await call('GET', '/v1/customers?limit=100&q=secret', { headers: m.auth })).raw.includes('Secret Customer'));
      assert.deepEqual(await snapshot(t, other.storeId), before);
      assert.deepEqual((await call('GET', `/v1/customers/${theirs.id}`, { headers: other.auth })).body.data, theirs);
    });

    it('keeps test mode apart from live mode', async () => {
      const shop = await signup(t.app);
      const live = (await create({ name: 'Live Customer' }, shop.auth)).body.data;
      const test = { ...shop.auth, 'x-mode': 'test' };
      assert.deepEqual((await call('GET', '/v1/customers', { headers: test })).body.data, []);
      for (const [method, url, body] of [
        ['GET', `/v1/customers/${live.id}`],
        ['PATCH', `/v1/customers/${live.id}`, { name: 'x' }],
        ['POST', `/v1/customers/${live.id}/ban`, { reason: 'x' }],
        ['POST', `/v1/customers/${live.id}/unban`],
      ] as const) {
        assert.equal((await call(method, url, { headers: test, body })).status, 404, `${method} ${url}`);
      }
      const testOne = (await create({ name: 'Test Customer' }, test)).body.data;
      assert.deepEqual((await call('GET', '/v1/customers', { headers: shop.auth })).body.data.map((c: { id: string }) => c.id), [live.id]);
      assert.deepEqual((await call('GET', '/v1/customers', { headers: test })).body.data.map((c: { id: string }) => c.id), [testOne.id]);
    });

    it('needs customers:read to read and customers:write to write (403 naming it, nothing written)', async () => {
      const c = (await create()).body.data;
      const none = await createApiKey(t.app, m, { permissions: ['orders:read'] });
      const reader = await createApiKey(t.app, m, { permissions: ['customers:read'] });
      for (const url of ['/v1/customers', `/v1/customers/${c.id}`]) {
        const res = await call('GET', url, { headers: { 'x-merchantapikey': none.key } });
        assert.equal(res.status, 403, url);
        assert.equal(res.body.error.code, 'PERMISSION_DENIED');
        assert.match(res.body.message, /customers:read/);
        assert.equal((await call('GET', url, { headers: { 'x-merchantapikey': reader.key } })).status, 200);
      }
      const before = await snapshot(t, m.storeId);
      for (const [method, url, body] of [
        ['POST', '/v1/customers', { name: 'x', email: email() }],
        ['PATCH', `/v1/customers/${c.id}`, { name: 'x' }],
        ['POST', `/v1/customers/${c.id}/ban`, { reason: 'x' }],
        ['POST', `/v1/customers/${c.id}/unban`],
      ] as const) {
        const res = await call(method, url, { headers: { 'x-merchantapikey': reader.key }, body });
        assert.equal(res.status, 403, `${method} ${url}`);
        assert.match(res.body.message, /customers:write/);
      }
      assert.deepEqual(await snapshot(t, m.storeId), before);
    });

    it('needs a credential', async () => {
      assert.equal((await call('GET', '/v1/customers')).status, 401);
      assert.equal((await call('POST', '/v1/customers', { body: { name: 'x', email: email() } })).status, 401);
    });
  });
});
