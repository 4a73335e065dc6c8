import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { describeEachDatabase } from './helpers/databases.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function assertErrorEnvelope(res: { statusCode: number; headers: Record<string, unknown>; json(): any }, status: number, code: string) {
  assert.equal(res.statusCode, status);
  assert.match(String(res.headers['content-type']), /^application\/json/);
  const body = res.json();
  assert.deepEqual(Object.keys(body).sort(), ['error', 'message', 'requestId', 'status']);
  assert.equal(body.status, false);
  assert.equal(body.error.code, code);
  assert.ok(Array.isArray(body.error.details));
  assert.equal(typeof body.message, 'string');
  assert.ok(body.message.length > 10, 'a message that says what to do');
  assert.equal(body.requestId, res.headers['x-request-id']);
  return body;
}

/** Routes registered by the test: a JSON write route with a schema, and one that fails internally. */
function extend(written: unknown[]) {
  return (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().post(
      '/v1/test/echo',
      {
        schema: {
          body: z.object({
            name: z.string().min(1),
            skus: z.array(z.object({ price: z.number().gt(1, 'must be greater than 1') })).min(1),
          }),
        },
      },
      async (request, reply) => {
        written.push(request.body);
        return reply.code(201).send({ status: true, message: 'created', data: request.body });
      },
    );
    app.get('/v1/test/boom', async () => {
      throw new Error('secret internal detail: connection string postgres://admin:hunter2@db');
    });
  };
}

describeEachDatabase('HTTP conventions', (kind) => {
  let t: TestApp;
  const written: unknown[] = [];
  const logLines: string[] = [];
  before(async () => {
    t = await startTestApp(kind, { extend: extend(written), logStream: { write: (line) => void logLines.push(line) } });
  });
  after(() => t?.close());

  const post = (payload: string | Buffer, contentType = 'application/json') =>
    t.app.inject({ method: 'POST', url: '/v1/test/echo', payload, headers: { 'content-type': contentType } });

  describe('request ids', () => {
    it('gives every response an X-Request-Id', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/v1/countries' });
      assert.match(String(res.headers['x-request-id']), UUID);
      const missing = await t.app.inject({ method: 'GET', url: '/v1/nope' });
      assert.match(String(missing.headers['x-request-id']), UUID);
    });

    it("keeps a caller's well-formed request id and replaces a malformed one", async () => {
      const kept = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'edge-1234.abc' } });
      assert.equal(kept.headers['x-request-id'], 'edge-1234.abc');
      const replaced = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'bad id <script>' } });
      assert.match(String(replaced.headers['x-request-id']), UUID);
    });
  });

  describe('errors', () => {
    it('answers an unknown route with 404 NOT_FOUND', async () => {
      assertErrorEnvelope(await t.app.inject({ method: 'GET', url: '/v1/unknown' }), 404, 'NOT_FOUND');
    });

    it('answers a known path with the wrong method with 405 and an Allow header', async () => {
      const res = await t.app.inject({ method: 'DELETE', url: '/v1/states/US' });
      assertErrorEnvelope(res, 405, 'METHOD_NOT_ALLOWED');
      assert.equal(res.headers.allow, 'GET, HEAD');
    });

    it('answers malformed JSON with 400 MALFORMED_JSON and writes nothing', async () => {
      const before = written.length;
      assertErrorEnvelope(await post('{"name": "x", skus: ['), 400, 'MALFORMED_JSON');
      assert.equal(written.length, before);
    });

    it('answers an empty JSON body with 400', async () => {
      assertErrorEnvelope(await post(''), 400, 'BAD_REQUEST');
    });

    it('refuses a prototype-poisoning body', async () => {
      assertErrorEnvelope(await post('{"name":"x","skus":[{"price":2}],"__proto__":{"admin":true}}'), 400, 'MALFORMED_JSON');
    });

    it('refuses JSON that is not UTF-8 (RFC 8259): invalid bytes 400, another declared charset 415; writes nothing', async () => {
      const before = written.length;
      const invalid = Buffer.concat([Buffer.from('{"name":"caf'), Buffer.from([0xe9]), Buffer.from('","skus":[{"price":2}]}')]);
      const refused = assertErrorEnvelope(await post(invalid), 400, 'MALFORMED_JSON');
      assert.match(refused.message, /not valid UTF-8/);
      for (const charset of ['utf-16', 'latin1', 'ISO-8859-1']) {
        const body = assertErrorEnvelope(await post(JSON.stringify({ name: 'x', skus: [{ price: 2 }] }), `application/json; charset=${charset}`), 415, 'UNSUPPORTED_MEDIA_TYPE');
        assert.match(body.message, new RegExp(`charset=${charset.toLowerCase()}`));
        assert.deepEqual(body.error.details, [{ path: 'Content-Type', rule: 'charset must be utf-8 when given', in: 'header' }]);
      }
      assert.equal(written.length, before);
      // UTF-8 itself, declared or not (and with a byte-order mark), is read as it always was.
      assert.equal((await post(JSON.stringify({ name: 'café ☕', skus: [{ price: 2 }] }), 'application/json; charset=UTF-8')).json().data.name, 'café ☕');
      assert.equal((await post(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify({ name: 'bom', skus: [{ price: 2 }] }))]))).statusCode, 201);
    });

    it('refuses JSON nested deeper than 32 levels with 400 JSON_TOO_DEEP naming the limit; writes nothing', async () => {
      const before = written.length;
      const deep = `{"name":"x","skus":[{"price":2}],"extra":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
      const body = assertErrorEnvelope(await post(deep), 400, 'JSON_TOO_DEEP');
      assert.match(body.message, /32 levels/);
      assert.equal(written.length, before);
      // Brackets inside strings are text, not nesting; 32 levels are accepted.
      const text = { name: '['.repeat(100), skus: [{ price: 2 }] };
      assert.equal((await post(JSON.stringify(text))).statusCode, 201);
      const atTheLimit = `{"name":"x","skus":[{"price":2}],"extra":${'['.repeat(30)}${']'.repeat(30)}}`;
      assert.equal((await post(atTheLimit)).statusCode, 201);
    });

    it('answers a body over 1 MiB with 413 and writes nothing', async () => {
      const before = written.length;
      const big = JSON.stringify({ name: 'x'.repeat(1024 * 1024), skus: [{ price: 2 }] });
      assertErrorEnvelope(await post(big), 413, 'PAYLOAD_TOO_LARGE');
      assert.equal(written.length, before);
    });

    it('answers a body of another content type with 415', async () => {
      assertErrorEnvelope(await post('name=x', 'application/x-www-form-urlencoded'), 415, 'UNSUPPORTED_MEDIA_TYPE');
      assertErrorEnvelope(await post('hello', 'text/plain'), 415, 'UNSUPPORTED_MEDIA_TYPE');
    });

    it('answers a validation failure with 422 naming each field and rule, and writes nothing', async () => {
      const before = written.length;
      const body = assertErrorEnvelope(await post(JSON.stringify({ name: '', skus: [{ price: 2 }, { price: 0.5 }] })), 422, 'VALIDATION_FAILED');
      const paths = body.error.details.map((d: { path: string }) => d.path).sort();
      assert.deepEqual(paths, ['name', 'skus[1].price']);
      const price = body.error.details.find((d: { path: string }) => d.path === 'skus[1].price');
      assert.equal(price.rule, 'must be greater than 1');
      assert.equal(price.in, 'body');
      assert.match(body.message, /skus\[1\]\.price/);
      assert.equal(written.length, before);
    });

    it('accepts a valid body (the route above does work)', async () => {
      const res = await post(JSON.stringify({ name: 'ok', skus: [{ price: 2 }] }));
      assert.equal(res.statusCode, 201);
      assert.deepEqual(res.json(), { status: true, message: 'created', data: { name: 'ok', skus: [{ price: 2 }] } });
    });

    it('answers an internal failure with 500 and no internals', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/v1/test/boom' });
      const body = assertErrorEnvelope(res, 500, 'INTERNAL_ERROR');
      assert.doesNotMatch(res.body, /secret|hunter2|postgres:|stack|at /);
      assert.match(body.message, new RegExp(body.requestId));
    });
  });

  describe('logs', () => {
    it('writes structured JSON with the request id and never a credential', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/v1/countries?name=de&access_token=tok-in-query-123',
        headers: {
          authorization: 'Bearer sess-secret-abc',
          'x-merchantapikey': 'sk_live_secret_456',
          cookie: 'sid=cookie-secret-789',
          'x-service-client': 'dashboard',
        },
      });
      const mine = logLines.map((l) => JSON.parse(l)).filter((l) => l.reqId === res.headers['x-request-id']);
      assert.ok(mine.length >= 2, 'request and response are logged');
      const text = JSON.stringify(mine);
      for (const secret of ['tok-in-query-123', 'sess-secret-abc', 'sk_live_secret_456', 'cookie-secret-789']) {
        assert.ok(!text.includes(secret), `${secret} leaked into the log`);
      }
      assert.ok(text.includes('dashboard'), 'the service client is logged');
    });
  });

  describe('documents and probes', () => {
    it('serves an OpenAPI 3.1 document listing the routes', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
      assert.equal(res.statusCode, 200);
      const doc = res.json();
      assert.equal(doc.openapi, '3.1.0');
      for (const path of ['/v1/countries', '/v1/countries/{countryId}', '/v1/states/{countryId}', '/v1/specifications', '/healthz', '/readyz']) {
        assert.ok(doc.paths[path]?.get, `${path} missing`);
        assert.equal(doc.paths[path].head, undefined, 'HEAD twins stay out of the document');
      }
      const countries = doc.paths['/v1/countries'].get;
      assert.equal(countries.parameters[0].name, 'name');
      assert.ok(doc.components.schemas.Country);
      assert.ok(doc.components.schemas.ErrorEnvelope);
      assert.equal(doc.servers[0].url, 'http://127.0.0.1:3000');
    });

    it('serves a human API reference page that cannot be framed', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/docs' });
      assert.equal(res.statusCode, 200);
      assert.match(String(res.headers['content-type']), /^text\/html/);
      assert.match(String(res.headers['content-security-policy']), /frame-ancestors 'none'/);
      assert.match(String(res.headers['content-security-policy']), /default-src 'none'/);
      assert.equal(res.headers['x-frame-options'], 'DENY');
      assert.equal(res.headers['referrer-policy'], 'no-referrer');
      assert.match(String(res.headers['content-security-policy']), /script-src 'self';/, 'its scripts come from this origin only');
      assert.match(String(res.headers['content-security-policy']), /connect-src 'self';/, '"Try it out" reaches this origin only');
      for (const src of res.body.matchAll(/(?:src|href)="([^"]+)"/g)) assert.match(src[1]!, /^\/(docs\/|openapi\.json)/, `${src[1]} is served here`);
      assert.match(res.body, /<noscript>[\s\S]*\/openapi\.json/, 'without JavaScript, it says where the document is');
      // The interactive page reads the same document (api-reference-browser.test.ts drives it in Chromium).
      assert.equal((await t.app.inject({ method: 'GET', url: '/docs/json' })).body, (await t.app.inject({ method: 'GET', url: '/openapi.json' })).body);
    });

    it('reports liveness and readiness, and 503 once the database is gone', async () => {
      assert.deepEqual((await t.app.inject({ method: 'GET', url: '/healthz' })).json(), { status: 'ok' });
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      assert.equal(ready.statusCode, 200);
      assert.deepEqual(ready.json(), { status: 'ok', checks: { database: 'ok' } });
      await t.container.db.close();
      const down = await t.app.inject({ method: 'GET', url: '/readyz' });
      assert.equal(down.statusCode, 503);
      assert.deepEqual(down.json(), { status: 'unavailable', checks: { database: 'unavailable' } });
      assert.equal(down.headers['retry-after'], '5');
      assert.equal((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200, 'the process is still alive');
    });
  });
});
