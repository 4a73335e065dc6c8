import assert from 'node:assert/strict';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../src/config.ts';
import { acceptedCodings, parseApiCompression } from '../src/http/plugins/compression.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { variableProduct } from './helpers/catalog.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { type Merchant, signup } from './helpers/merchants.ts';

describe('API_COMPRESSION', () => {
  it('is off unless set, and reads codings in order with their levels', () => {
    assert.equal(parseApiCompression(undefined, undefined), null);
    assert.equal(parseApiCompression('off', undefined), null);
    assert.deepEqual(parseApiCompression('br:4, gzip:6', undefined), { codings: [{ coding: 'br', level: 4 }, { coding: 'gzip', level: 6 }], minBytes: 8192 });
    assert.deepEqual(parseApiCompression('gzip:1', '1024'), { codings: [{ coding: 'gzip', level: 1 }], minBytes: 1024 });
  });

  it('refuses a coding, a level or a size it cannot use, naming the variable', () => {
    for (const [value, min, variable] of [
      ['deflate:6', '', 'API_COMPRESSION'],
      ['br:12', '', 'API_COMPRESSION'],
      ['gzip:0', '', 'API_COMPRESSION'],
      ['br:4,br:5', '', 'API_COMPRESSION'],
      ['br', '', 'API_COMPRESSION'],
      ['br:4', 'lots', 'API_COMPRESSION_MIN_BYTES'],
    ] as const) {
      assert.throws(() => loadConfig({ API_COMPRESSION: value, API_COMPRESSION_MIN_BYTES: min }, process.cwd()), (e: Error & { variable?: string }) => e.variable === variable, `${value} ${min}`);
    }
  });

  it('reads Accept-Encoding with its q values', () => {
    const allows = acceptedCodings('gzip;q=0.5, br;q=0');
    assert.deepEqual([allows('gzip'), allows('br')], [true, false]);
    assert.deepEqual([acceptedCodings('*')('br'), acceptedCodings('identity')('gzip'), acceptedCodings(undefined)('gzip')], [true, false, false]);
  });
});

describeEachDatabase('compressed API answers', (kind) => {
  let on: TestApp;
  let off: TestApp;
  let m: Merchant;
  before(async () => {
    on = await startTestApp(kind, { config: { apiCompression: { codings: [{ coding: 'br', level: 4 }, { coding: 'gzip', level: 6 }], minBytes: 2048 } } });
    off = await startTestApp(kind, { database: on.database, config: { apiCompression: null } });
    m = await signup(on.app);
    for (let i = 0; i < 6; i += 1) {
      await variableProduct(on.app, m, { name: `Lamp ${i}`, skus: ['S', 'M', 'L', 'XL'].map((size, k) => ({ price: 10 + k, quantityInStock: 5, attributes: { Size: size } })) });
    }
  });
  after(async () => {
    await off?.close();
    await on?.close();
  });

  const get = (app: TestApp, url: string, headers: Record<string, string> = {}) => app.app.inject({ method: 'GET', url, headers: { ...m.auth, ...headers } });

  it('sends a large list in the coding the client prefers among those configured, the same JSON and ETag as uncompressed', async () => {
    const plain = await get(on, '/v2/products?limit=50');
    assert.equal(plain.statusCode, 200);
    assert.equal(plain.headers['content-encoding'], undefined, 'no Accept-Encoding: as it is');
    assert.ok(plain.rawPayload.length > 2048, `large enough: ${plain.rawPayload.length} B`);
    assert.match(String(plain.headers.vary), /Accept-Encoding/);

    const br = await get(on, '/v2/products?limit=50', { 'accept-encoding': 'gzip, deflate, br' });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(Number(br.headers['content-length']), br.rawPayload.length);
    assert.ok(br.rawPayload.length < plain.rawPayload.length / 3, `${br.rawPayload.length} B of ${plain.rawPayload.length}`);
    assert.deepEqual(brotliDecompressSync(br.rawPayload), plain.rawPayload);
    assert.equal(br.headers.etag, plain.headers.etag, 'the ETag is the uncompressed body’s, so If-Match keeps matching');
    assert.match(String(br.headers.vary), /Accept-Encoding/);

    const gzip = await get(on, '/v2/products?limit=50', { 'accept-encoding': 'gzip, br;q=0' });
    assert.equal(gzip.headers['content-encoding'], 'gzip');
    assert.deepEqual(gunzipSync(gzip.rawPayload), plain.rawPayload);

    const revalidated = await get(on, '/v2/products?limit=50', { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
    assert.equal(revalidated.statusCode, 304);
    assert.equal(revalidated.rawPayload.length, 0);
    assert.equal(revalidated.headers['content-encoding'], undefined);
  });

  it('leaves small answers, errors and non-API pages as they are', async () => {
    const small = await get(on, '/v1/products?limit=1', { 'accept-encoding': 'br' });
    assert.equal(small.statusCode, 200);
    assert.ok(small.rawPayload.length < 2048);
    assert.equal(small.headers['content-encoding'], undefined);
    const missing = await get(on, '/v2/products/prd_01M80W767RN9QTY3G4Q949ESWZ', { 'accept-encoding': 'br' });
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.headers['content-encoding'], undefined);
    assert.equal(JSON.parse(missing.body).error.code, missing.json().error.code);
  });

  it('compresses nothing when API_COMPRESSION is off (the default)', async () => {
    const res = await get(off, '/v2/products?limit=50', { 'accept-encoding': 'br, gzip' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-encoding'], undefined);
    assert.doesNotMatch(String(res.headers.vary ?? ''), /Accept-Encoding/);
    assert.equal(JSON.parse(res.body).data.length, 6);
  });
});
