import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { loadConfig } from '../src/config.ts';
import { CONNECTOR_PROFILE_PATH, connectorProfile } from '../src/mcp/discovery.ts';
import { startTestApp, TEST_BASE_URL, type TestApp } from './helpers/app.ts';

let t: TestApp;
before(async () => {
  t = await startTestApp('sqlite');
});
after(() => t?.close());

const B = TEST_BASE_URL;

it('serves the discovery document at /.well-known/mcp.json with exactly the documented fields, without credentials', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/.well-known/mcp.json' });
  assert.equal(res.statusCode, 200);
  assert.equal(res.headers['access-control-allow-origin'], '*');
  assert.ok(res.headers.etag);
  assert.deepEqual(res.json(), {
    name: 'commerce-service',
    displayName: 'Commerce store',
    description: res.json().description,
    mcpUrl: `${B}/mcp`,
    transport: 'streamable-http',
    authentication: {
      type: 'oauth2',
      authorizationServerMetadataUrl: `${B}/.well-known/oauth-authorization-server`,
      protectedResourceMetadataUrl: `${B}/.well-known/oauth-protected-resource/mcp`,
      pkce: true,
      defaultScope: 'mcp:store',
      alternativeHeader: 'X-MerchantApiKey',
    },
    documentationUrl: `${B}/docs`,
  });
  assert.equal(typeof res.json().description, 'string');
  const docs = await t.app.inject({ method: 'GET', url: '/docs' });
  assert.equal(docs.statusCode, 200, 'documentationUrl points at the API reference');
  for (const url of [res.json().authentication.authorizationServerMetadataUrl, res.json().authentication.protectedResourceMetadataUrl]) {
    assert.equal((await t.app.inject({ method: 'GET', url: new URL(url).pathname })).statusCode, 200, url);
  }
});

it('serves the connector profile with the discovery fields less alternativeHeader and documentationUrl, plus the legal and support links', async () => {
  const res = await t.app.inject({ method: 'GET', url: CONNECTOR_PROFILE_PATH });
  assert.equal(res.statusCode, 200);
  const profile = res.json();
  assert.deepEqual(Object.keys(profile).sort(), ['authentication', 'description', 'displayName', 'mcpUrl', 'name', 'privacyPolicyUrl', 'supportUrl', 'termsOfServiceUrl', 'transport']);
  assert.deepEqual(Object.keys(profile.authentication).sort(), ['authorizationServerMetadataUrl', 'defaultScope', 'pkce', 'protectedResourceMetadataUrl', 'type']);
  assert.equal(profile.privacyPolicyUrl, `${B}/legal/privacy`);
  assert.equal(profile.termsOfServiceUrl, `${B}/legal/terms`);
  assert.equal(profile.supportUrl, `${B}/support`);
});

it('takes the profile links from configuration', () => {
  const config = loadConfig({ BASE_URL: 'https://shop.example', CONNECTOR_PRIVACY_POLICY_URL: 'https://legal.example/privacy', CONNECTOR_TERMS_URL: 'https://legal.example/terms', CONNECTOR_SUPPORT_URL: 'https://help.example/' });
  const profile = connectorProfile(config.baseUrl, config.connector!);
  assert.equal(profile.mcpUrl, 'https://shop.example/mcp');
  assert.equal(profile.privacyPolicyUrl, 'https://legal.example/privacy');
  assert.equal(profile.termsOfServiceUrl, 'https://legal.example/terms');
  assert.equal(profile.supportUrl, 'https://help.example/');
});
