import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ERROR_CODES } from '../src/errors.ts';
import { OPERATION_IDS } from '../src/http/operation-ids.ts';
import { ACCEPTED, lintOpenApi } from '../scripts/lint-openapi.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** The OpenAPI document as generators and linters read it (docs/api.md). */
describe('the OpenAPI document, as generators and linters read it', () => {
  let t: TestApp;
  let source: string;
  let doc: any;
  const operations: Array<{ key: string; operation: any }> = [];
  before(async () => {
    t = await startTestApp('sqlite');
    source = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).body;
    doc = JSON.parse(source);
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      for (const method of METHODS) if (item[method]) operations.push({ key: `${method.toUpperCase()} ${path}`, operation: item[method] });
    }
  });
  after(() => t?.close());

  it('gives every operation its documented operationId, unique, and documents no operation that is gone', () => {
    assert.ok(operations.length > 100);
    for (const { key, operation } of operations) assert.equal(operation.operationId, OPERATION_IDS[key], `${key} has the operationId of src/http/operation-ids.ts`);
    const ids = operations.map(({ operation }) => operation.operationId);
    assert.equal(new Set(ids).size, ids.length, 'operationIds are unique');
    assert.deepEqual(Object.keys(OPERATION_IDS).filter((key) => !operations.some((o) => o.key === key)), [], 'every table entry is an operation');
    for (const id of ids) assert.match(id, /^[a-z][A-Za-z0-9]*$/, `${id} is camelCase`);
  });

  it('is clean under Redocly’s recommended rules, but for the accepted problems, each with its reason', async () => {
    assert.deepEqual(await lintOpenApi(source), []);
    for (const [problem, why] of Object.entries(ACCEPTED)) assert.ok(why.length > 20, `${problem} says why it is accepted`);
  });

  it('says which operations are public, names every response, and has a license', () => {
    for (const { key, operation } of operations) {
      assert.ok(Array.isArray(operation.security), `${key} declares its security`);
      for (const [status, response] of Object.entries<any>(operation.responses)) assert.notEqual(response.description, 'Default Response', `${key} ${status}`);
    }
    const security = (key: string) => operations.find((o) => o.key === key)?.operation.security;
    assert.deepEqual(security('GET /v1/countries'), [], 'public');
    assert.deepEqual(security('POST /oauth/token'), [], 'public');
    assert.deepEqual(security('GET /v1/customers'), [{ bearerAuth: [] }, { merchantApiKey: [] }]);
    // The storefront reads (docs/storefront.md) take a publishable key too, and only they.
    assert.deepEqual(security('GET /v1/products'), [{ bearerAuth: [] }, { merchantApiKey: [] }, { publishableKey: [] }]);
    const storefront = operations.filter((o) => o.operation.security.some((s: Record<string, unknown>) => 'publishableKey' in s)).map((o) => o.key);
    assert.deepEqual(storefront.sort(), [
      'DELETE /v1/carts/{cartId}/lines/{lineId}',
      'GET /v1/carts/{cartId}',
      'GET /v1/categories',
      'GET /v1/categories/{categoryId}',
      'GET /v1/delivery/quote',
      'GET /v1/files/{id}',
      'GET /v1/products',
      'GET /v1/products/{productId}',
      'GET /v1/promo-ads/published',
      'GET /v2/products',
      'GET /v2/products/{productId}',
      'GET /v2/products/{productId}/variant-groups/{groupId}',
      'GET /v2/products/{productId}/variant-groups/{groupId}/skus/{skuId}',
      'PATCH /v1/carts/{cartId}',
      'PATCH /v1/carts/{cartId}/lines/{lineId}',
      'POST /v1/carts',
      'POST /v1/carts/{cartId}/checkout',
      'POST /v1/carts/{cartId}/lines',
    ]);
    // Carts take a publishable key only (docs/checkout.md).
    assert.deepEqual(security('POST /v1/carts'), [{ publishableKey: [] }]);
    assert.equal(doc.components.securitySchemes.publishableKey.name, 'X-PublishableKey');
    const responses = (key: string) => operations.find((o) => o.key === key)?.operation.responses;
    assert.equal(responses('GET /v1/products')['200'].description, 'OK');
    assert.match(responses('GET /v1/products')['429'].description, /Too many requests/);
    assert.ok(responses('GET /v1/files/{id}')['200'].content['image/*'], 'a file’s bytes are its 200');
    assert.ok(responses('POST /oauth/token')['400'].content['application/json'].schema.$ref.endsWith('/OAuthError'), 'OAuth errors have their own shape');
    assert.equal(doc.info.license.identifier, 'MIT');
  });

  it('names every component schema once: two schemas under one name would publish one of them for both', () => {
    // zod's registry keeps the last schema registered under an id, so a clash is silent in the document itself.
    const ids = new Map<string, string[]>();
    for (const file of readdirSync(path.join(import.meta.dirname, '..', 'src'), { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.ts')) continue;
      const text = readFileSync(path.join(import.meta.dirname, '..', 'src', file), 'utf8');
      for (const match of text.matchAll(/\.meta\(\{\s*id:\s*'([^']+)'/g)) ids.set(match[1]!, [...(ids.get(match[1]!) ?? []), file]);
    }
    assert.ok(ids.size > 50, `read the schema names (${ids.size})`);
    const twice = [...ids].filter(([, files]) => files.length > 1);
    assert.deepEqual(twice, [], 'each component schema name is used once');
  });

  it('keeps only the schemas an operation uses, and points at nothing the server does not serve', () => {
    const schemas = Object.keys(doc.components.schemas);
    assert.ok(schemas.length > 20);
    assert.deepEqual(schemas.filter((name) => name.endsWith('Input') && !source.includes(`"#/components/schemas/${name}"`)), []);
    assert.doesNotMatch(source, /docs\/[a-z-]+\.md/, 'no link to a file of the repository');
    for (const code of Object.keys(ERROR_CODES)) assert.ok(doc.components.schemas.ErrorEnvelope.description.includes(`\`${code}\``), `${code} is listed in the document`);
  });
});

it('states the catalog limits in LIMIT_EXCEEDED’s fix as the catalog enforces them', async () => {
  const { CATALOG_LIMITS } = await import('../src/domain/catalog/types.ts');
  const fix = ERROR_CODES.LIMIT_EXCEEDED.fix;
  for (const n of [CATALOG_LIMITS.skusPerProduct, CATALOG_LIMITS.groupsPerProduct, CATALOG_LIMITS.skusPerRequest, CATALOG_LIMITS.attributesPerSku, CATALOG_LIMITS.categoriesPerProduct, CATALOG_LIMITS.imagesPerProduct, CATALOG_LIMITS.categoryDepth]) {
    assert.ok(fix.includes(n.toLocaleString('en-US')), `${n} in “${fix}”`);
  }
});
