import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SCOPES } from '../src/domain/oauth/scopes.ts';
import { startTestApp, TEST_BASE_URL, type TestApp } from './helpers/app.ts';
import { describeEachDatabase } from './helpers/databases.ts';

const AS = '/.well-known/oauth-authorization-server';
const PRM = '/.well-known/oauth-protected-resource';
const PRM_MCP = '/.well-known/oauth-protected-resource/mcp';

describeEachDatabase('OAuth discovery documents (RFC 8414, RFC 9728)', (kind) => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp(kind);
  });
  after(() => t?.close());

  it('serves authorization server metadata whose issuer is exactly BASE_URL', async () => {
    const res = await t.app.inject({ method: 'GET', url: AS });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^application\/json/);
    const body = res.json();
    assert.equal(body.issuer, TEST_BASE_URL);
    assert.equal(`${body.issuer}${AS}`, `${TEST_BASE_URL}${AS}`, 'the issuer is the metadata URL without the well-known segment');
    assert.ok(!/[?#]/.test(body.issuer));

    const https = await startTestApp(kind, { baseUrl: 'https://shop.example.com' });
    try {
      const secure = (await https.app.inject({ method: 'GET', url: AS })).json();
      assert.equal(secure.issuer, 'https://shop.example.com');
      assert.equal(secure.token_endpoint, 'https://shop.example.com/oauth/token');
    } finally {
      await https.close();
    }
  });

  it('lists the endpoints, the code flow, PKCE S256, public clients, every scope with mcp:store first and iss support, and never plain, implicit or password', async () => {
    const body = (await t.app.inject({ method: 'GET', url: AS })).json();
    assert.equal(body.authorization_endpoint, `${TEST_BASE_URL}/oauth/authorize`);
    assert.equal(body.token_endpoint, `${TEST_BASE_URL}/oauth/token`);
    assert.equal(body.registration_endpoint, `${TEST_BASE_URL}/oauth/register`);
    assert.equal(body.revocation_endpoint, `${TEST_BASE_URL}/oauth/revoke`);
    assert.deepEqual(body.revocation_endpoint_auth_methods_supported, ['none']);
    assert.deepEqual(body.response_types_supported, ['code']);
    assert.deepEqual(body.response_modes_supported, ['query']);
    assert.deepEqual(body.grant_types_supported, ['authorization_code', 'refresh_token']);
    assert.deepEqual(body.token_endpoint_auth_methods_supported, ['none']);
    assert.deepEqual(body.code_challenge_methods_supported, ['S256']);
    assert.equal(body.authorization_response_iss_parameter_supported, true);
    assert.deepEqual(body.scopes_supported, [...SCOPES]);
    assert.equal(body.scopes_supported[0], 'mcp:store');
    assert.equal(body.scopes_supported.length, 20);
    assert.equal(body.client_id_metadata_document_supported, true, 'Client ID Metadata Documents are supported, beside registration');
    const text = JSON.stringify(body);
    for (const banned of ['"plain"', '"implicit"', '"password"', '"token"', 'client_secret']) assert.ok(!text.includes(banned), banned);
  });

  it('lets any origin read the discovery documents, MCP-Protocol-Version header included', async () => {
    for (const url of [AS, PRM, PRM_MCP]) {
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url,
        headers: { origin: 'https://claude.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'mcp-protocol-version' },
      });
      assert.equal(preflight.statusCode, 204, url);
      assert.equal(preflight.headers['access-control-allow-origin'], '*');
      assert.match(String(preflight.headers['access-control-allow-methods']), /GET/);
      assert.match(String(preflight.headers['access-control-allow-headers']), /MCP-Protocol-Version/i);
      const get = await t.app.inject({ method: 'GET', url, headers: { origin: 'https://claude.example', 'mcp-protocol-version': '2025-11-25' } });
      assert.equal(get.statusCode, 200);
      assert.equal(get.headers['access-control-allow-origin'], '*');
    }
  });

  it('serves protected resource metadata for the AI connector at /.well-known/oauth-protected-resource/mcp', async () => {
    const res = await t.app.inject({ method: 'GET', url: PRM_MCP });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^application\/json/);
    assert.deepEqual(res.json(), {
      resource: `${TEST_BASE_URL}/mcp`,
      authorization_servers: [TEST_BASE_URL],
      scopes_supported: ['mcp:store'],
      bearer_methods_supported: ['header'],
    });
  });

  it('serves the same protected resource metadata at the root path', async () => {
    const root = await t.app.inject({ method: 'GET', url: PRM });
    const suffixed = await t.app.inject({ method: 'GET', url: PRM_MCP });
    assert.equal(root.statusCode, 200);
    assert.equal(root.body, suffixed.body);
  });

  describe('the issuer is configuration (RFC 9700 §4.13)', () => {
    it('keeps the issuer fixed whatever Host or X-Forwarded-Host say', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: AS,
        headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
      });
      assert.equal(res.json().issuer, TEST_BASE_URL);
      const prm = await t.app.inject({ method: 'GET', url: PRM_MCP, headers: { host: 'evil.example' } });
      assert.equal(prm.json().resource, `${TEST_BASE_URL}/mcp`);
    });

    it('warns at start-up when BASE_URL is not https on a public host', async () => {
      const lines: string[] = [];
      const plain = await startTestApp(kind, { baseUrl: 'http://shop.example.com', logStream: { write: (line) => lines.push(line) } });
      await plain.close();
      assert.ok(lines.some((l) => /BASE_URL is not https/.test(l)));
      const local: string[] = [];
      const loopback = await startTestApp(kind, { logStream: { write: (line) => local.push(line) } });
      await loopback.close();
      assert.ok(!local.some((l) => /BASE_URL is not https/.test(l)), 'loopback http is fine for development');
    });
  });
});
