import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { systemContext } from '../src/context.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { describeEachDatabase } from './helpers/databases.ts';

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/;

describeEachDatabase('reference data', (kind) => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp(kind);
  });
  after(() => t?.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('lists every ISO 3166-1 country with exactly the documented fields', async () => {
    const res = await get('/v1/countries');
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.deepEqual(Object.keys(body).sort(), ['data', 'message', 'status']);
    assert.equal(body.status, true);
    assert.equal(typeof body.message, 'string');
    assert.ok(body.data.length >= 249, `expected all countries, got ${body.data.length}`);
    for (const country of body.data) {
      assert.deepEqual(Object.keys(country).sort(), ['createdAt', 'id', 'name', 'states', 'status', 'updatedAt']);
      assert.equal(typeof country.id, 'string');
      assert.equal(typeof country.name, 'string');
      assert.equal(typeof country.status, 'boolean');
      assert.equal(country.states, null);
      assert.match(country.createdAt, TIMESTAMP);
      assert.match(country.updatedAt, TIMESTAMP);
    }
    const ids = body.data.map((c: { id: string }) => c.id);
    for (const id of ['US', 'DE', 'JP', 'BR', 'ZA', 'AU']) assert.ok(ids.includes(id), `${id} missing`);
    assert.equal(new Set(ids).size, ids.length, 'ids are unique');
    const names = body.data.map((c: { name: string }) => c.name);
    assert.deepEqual(names, [...names].sort((a: string, b: string) => a.localeCompare(b, 'en')), 'sorted by name');
  });

  it('filters countries by part of the name, ignoring case and accents', async () => {
    const upper = (await get('/v1/countries?name=GERM')).json();
    assert.deepEqual(upper.data.map((c: { id: string }) => c.id), ['DE']);
    const middle = (await get('/v1/countries?name=united')).json();
    const ids = middle.data.map((c: { id: string }) => c.id);
    assert.ok(ids.includes('US') && ids.includes('GB') && ids.includes('AE'));
    assert.ok(middle.data.every((c: { name: string }) => c.name.toLowerCase().includes('united')));
    const accent = (await get(`/v1/countries?name=${encodeURIComponent('cote d')}`)).json();
    assert.deepEqual(accent.data.map((c: { id: string }) => c.id), ['CI']);
  });

  it('answers a filter that matches nothing with an empty list, not an error', async () => {
    const res = await get('/v1/countries?name=atlantis');
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json().data, []);
    assert.equal(res.json().status, true);
  });

  it('treats an empty name filter as no filter', async () => {
    const all = (await get('/v1/countries')).json().data.length;
    assert.equal((await get('/v1/countries?name=')).json().data.length, all);
  });

  it('refuses a name filter over 100 characters with 422 naming the parameter', async () => {
    const res = await get(`/v1/countries?name=${'a'.repeat(101)}`);
    assert.equal(res.statusCode, 422);
    const body = res.json();
    assert.equal(body.status, false);
    assert.equal(body.error.code, 'VALIDATION_FAILED');
    assert.equal(body.error.details[0].path, 'name');
    assert.equal(body.error.details[0].in, 'query');
    assert.match(body.message, /name/);
  });

  it("lists a country's first-level subdivisions with exactly the documented fields", async () => {
    const res = await get('/v1/states/US');
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.equal(body.status, true);
    assert.equal(typeof body.message, 'string');
    const ca = body.data.find((s: { id: string }) => s.id === 'US-CA');
    assert.deepEqual(ca && Object.keys(ca).sort(), ['createdAt', 'id', 'name', 'status', 'updatedAt']);
    assert.equal(ca.name, 'California');
    assert.equal(ca.status, true);
    assert.match(ca.createdAt, TIMESTAMP);
    assert.match(ca.updatedAt, TIMESTAMP);
    assert.ok(body.data.length >= 50, 'all states, the district and the outlying areas');
    assert.ok(body.data.every((s: { id: string }) => s.id.startsWith('US-')));
  });

  it('accepts a lower-case country id', async () => {
    assert.deepEqual((await get('/v1/states/de')).json(), (await get('/v1/states/DE')).json());
  });

  it('answers an unknown country with 404 in the error envelope', async () => {
    const res = await get('/v1/states/XX');
    assert.equal(res.statusCode, 404);
    const body = res.json();
    assert.equal(body.status, false);
    assert.equal(body.error.code, 'COUNTRY_NOT_FOUND');
    assert.deepEqual(body.error.details, []);
    assert.match(body.message, /XX/);
    assert.equal(body.requestId, res.headers['x-request-id']);
  });

  it('returns one country with its states array on GET /v1/countries/{id}', async () => {
    const res = await get('/v1/countries/CA');
    assert.equal(res.statusCode, 200);
    const { data } = res.json();
    assert.equal(data.id, 'CA');
    assert.ok(Array.isArray(data.states));
    assert.ok(data.states.some((s: { id: string }) => s.id === 'CA-ON'));
    assert.equal((await get('/v1/countries/ZZ')).statusCode, 404);
  });

  it('lists specifications with id, name, slug and description', async () => {
    const res = await get('/v1/specifications');
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.deepEqual(Object.keys(body).sort(), ['data', 'message', 'status']);
    assert.equal(body.status, true);
    const slugs = body.data.map((s: { slug: string }) => s.slug);
    for (const slug of ['material', 'weight', 'dimensions', 'warranty', 'country-of-origin']) {
      assert.ok(slugs.includes(slug), `${slug} missing`);
    }
    for (const spec of body.data) {
      assert.deepEqual(Object.keys(spec).sort(), ['description', 'id', 'name', 'slug']);
      assert.equal(typeof spec.id, 'string');
      assert.match(spec.slug, /^[a-z0-9]+(-[a-z0-9]+)*$/, 'lower-case token form');
      assert.ok(spec.description === null || typeof spec.description === 'string');
    }
  });

  it('keeps ids and timestamps when the data is seeded again', async () => {
    const before = (await get('/v1/states/FR')).json().data;
    const report = await t.container.services.reference.sync(systemContext('test', new Date(Date.now() + 60_000)));
    assert.equal(report.countries.inserted, 0);
    assert.equal(report.countries.updated, 0);
    assert.equal(report.states.inserted, 0);
    assert.equal(report.specifications.inserted, 0);
    assert.deepEqual((await get('/v1/states/FR')).json().data, before);
  });
});

describeEachDatabase('reference data sync', (kind) => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp(kind);
  });
  after(() => t?.close());

  it('retires a country that left the source and updates a renamed one, keeping ids and creation times', async () => {
    const { createReferenceRepo } = await import('../src/db/reference-repo.ts');
    const { countrySources } = await import('../src/domain/reference/reference-sources.ts');
    const store = createReferenceRepo(t.container.db);
    const original = new Map((await store.listCountries()).map((c) => [c.id, c]));
    const later = new Date(Date.now() + 3_600_000);
    const sources = countrySources()
      .filter((c) => c.id !== 'US')
      .map((c) => (c.id === 'DE' ? { ...c, name: 'Germany (renamed)' } : c));
    const counts = await store.syncCountries(sources, later);
    assert.deepEqual({ ...counts, unchanged: undefined }, { inserted: 0, updated: 1, retired: 1, unchanged: undefined });
    const after = new Map((await store.listCountries()).map((c) => [c.id, c]));
    assert.equal(after.get('US')?.status, false, 'kept, marked inactive, so references stay valid');
    assert.equal(after.get('DE')?.name, 'Germany (renamed)');
    assert.equal(after.get('DE')?.createdAt.getTime(), original.get('DE')?.createdAt.getTime());
    assert.equal(after.get('DE')?.updatedAt.getTime(), later.getTime());
    assert.equal(after.get('FR')?.updatedAt.getTime(), original.get('FR')?.updatedAt.getTime(), 'unchanged rows keep their timestamps');

    const restored = await t.container.services.reference.sync(systemContext('test', later));
    assert.equal(restored.countries.updated, 2, 'US comes back and DE gets its name back');
    const countries = (await t.app.inject({ method: 'GET', url: '/v1/countries?name=united states of' })).json().data;
    assert.equal(countries[0].status, true);
  });

  it('lets two instances seed at once: missing rows are inserted by one, and the other does not fail on them', async () => {
    const { createContainer } = await import('../src/container.ts');
    await t.container.db.kysely.deleteFrom('specifications').execute();
    await t.container.db.kysely.deleteFrom('colors').execute();
    const other = createContainer(t.container.config);
    try {
      const later = systemContext('test', new Date(Date.now() + 7_200_000));
      const [a, b] = await Promise.all([t.container.services.reference.sync(later), other.services.reference.sync(later)]);
      assert.ok(a.specifications.inserted > 0 || b.specifications.inserted > 0);
    } finally {
      await other.close();
    }
    const specifications = (await t.app.inject({ method: 'GET', url: '/v1/specifications' })).json().data;
    assert.equal(new Set(specifications.map((s: { id: string }) => s.id)).size, specifications.length, 'each once');
    assert.ok(specifications.length > 10);
  });
});

describeEachDatabase('reference data at start (decision 0043)', (kind) => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp(kind);
  });
  after(() => t?.close());

  const fingerprintRow = () => t.container.db.kysely.selectFrom('reference_syncs').select(['name', 'fingerprint']).execute();

  it('a sync records the bundled data it wrote, and the database is up to date until another release or none is recorded', async () => {
    const { bundledFingerprint } = await import('../src/domain/reference/reference-fingerprint.ts');
    const reference = t.container.services.reference;
    await reference.sync(systemContext('test'));
    assert.deepEqual(await fingerprintRow(), [{ name: 'bundled', fingerprint: bundledFingerprint() }]);
    assert.equal(await reference.upToDate(), true);

    await t.container.db.kysely.updateTable('reference_syncs').set({ fingerprint: 'an earlier release' }).execute();
    assert.equal(await reference.upToDate(), false, 'another release was synced');
    await t.container.db.kysely.updateTable('countries').set({ name: 'Norway (stale)' }).where('id', '=', 'NO').execute();
    assert.equal((await reference.sync(systemContext('test'))).countries.updated, 1);
    assert.equal((await t.app.inject({ method: 'GET', url: '/v1/countries/NO' })).json().data.name, 'Norway');
    assert.equal(await reference.upToDate(), true);

    await t.container.db.kysely.deleteFrom('reference_syncs').execute();
    assert.equal(await reference.upToDate(), false, 'never recorded');
  });
});
