import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { auth as authV2, Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client';
import { auth, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { TestApp } from './helpers/app.ts';
import { startListeningApp } from './helpers/chromium.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { ok } from './helpers/mcp.ts';
import { type Merchant, signup } from './helpers/merchants.ts';
import { Browser, hiddenField, requestIdOf, signIn } from './helpers/oauth.ts';

/**
 * An OAuth client provider for the SDK's own `auth()`: it keeps what the SDK saves, and "redirects" the merchant by
 * driving the real pages (sign-in, consent) without a browser, keeping the redirect's query for `finishAuth`.
 */
class PageDrivingProvider implements OAuthClientProvider {
  info: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = '';
  callback: URLSearchParams | undefined;
  sentState = '';
  readonly redirectUrl = 'http://127.0.0.1:8976/callback';
  readonly t: TestApp;
  readonly merchant: Merchant;
  constructor(t: TestApp, merchant: Merchant) {
    this.t = t;
    this.merchant = merchant;
  }
  get clientMetadata() {
    return { client_name: 'SDK test client', redirect_uris: [this.redirectUrl], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' };
  }
  state() {
    this.sentState = `st-${Math.random().toString(36).slice(2)}`;
    return this.sentState;
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
  async redirectToAuthorization(url: URL) {
    assert.equal(url.searchParams.get('code_challenge_method'), 'S256');
    assert.equal(url.searchParams.get('resource'), `${new URL(url).origin}/mcp`);
    const browser = new Browser(this.t.app);
    let page = await browser.get(`${url.pathname}${url.search}`);
    const signedIn = await signIn(browser, page, this.merchant);
    assert.equal(signedIn.statusCode, 303, signedIn.body);
    page = await browser.get(signedIn.headers.location as string);
    assert.match(page.body, /value="allow"/, 'the consent page');
    const decided = await browser.post(`/oauth/authorize/${requestIdOf(page.body)}/decision`, { csrf: hiddenField(page.body, 'csrf'), decision: 'allow' });
    assert.equal(decided.statusCode, 303, decided.body);
    const location = new URL(decided.headers.location as string);
    assert.equal(`${location.origin}${location.pathname}`, this.redirectUrl);
    assert.equal(location.searchParams.get('state'), this.sentState);
    this.callback = location.searchParams;
  }
}

describeEachDatabase('MCP through the full OAuth flow driven by the SDK clients’ auth()', (kind) => {
  let t: TestApp & { baseUrl: string };
  let merchant: Merchant;
  before(async () => {
    t = await startListeningApp(kind);
    merchant = await signup(t.app);
  });
  after(() => t?.close());

  it('v1 client: discovery from the 401, registration, PKCE, consent, token, tool calls, refresh', async () => {
    const provider = new PageDrivingProvider(t, merchant);
    const url = new URL(`${t.baseUrl}/mcp`);
    const first = new StreamableHTTPClientTransport(url, { authProvider: provider });
    const client = new Client({ name: 'oauth-v1', version: '1.0.0' });
    await assert.rejects(client.connect(first), /Unauthorized/i, 'the 401 starts the authorization');
    assert.ok(provider.info?.client_id, 'registered');
    const code = provider.callback?.get('code');
    assert.ok(code, 'a code came back');
    await first.finishAuth(code);
    assert.equal(provider.saved?.scope, 'mcp:store');
    const connected = new Client({ name: 'oauth-v1', version: '1.0.0' });
    await connected.connect(new StreamableHTTPClientTransport(url, { authProvider: provider }));
    try {
      assert.ok((await connected.listTools()).tools.some((tool) => tool.name === 'create_product'));
      const { product } = await ok(connected, 'create_product', { type: 'SIMPLE', name: 'OAuth tee', price: 9.5, quantityInStock: 4 });
      assert.equal(product.name, 'OAuth tee');
      const log = await ok(connected, 'list_audit_log', { limit: 5 });
      const entry = log.items.find((e: { targetId: string }) => e.targetId === 'create_product');
      assert.equal(entry.details.credential.type, 'oauth_app', 'the app is named in the audit log');
      assert.equal(entry.details.credential.id, provider.info?.client_id);
    } finally {
      await connected.close();
    }

    const before = provider.saved;
    assert.equal(await auth(provider, { serverUrl: url }), 'AUTHORIZED', 'refreshed without the merchant');
    assert.notEqual(provider.saved?.access_token, before?.access_token);
    assert.notEqual(provider.saved?.refresh_token, before?.refresh_token, 'rotated');
    const refreshed = new Client({ name: 'oauth-v1', version: '1.0.0' });
    await refreshed.connect(new StreamableHTTPClientTransport(url, { authProvider: provider }));
    assert.equal((await ok(refreshed, 'list_products')).items[0].name, 'OAuth tee');
    await refreshed.close();
  });

  it('v2 client: the same flow with the v2 auth()', async () => {
    const provider = new PageDrivingProvider(t, merchant);
    const url = new URL(`${t.baseUrl}/mcp`);
    const first = new TransportV2(url, { authProvider: provider });
    await assert.rejects(new ClientV2({ name: 'oauth-v2', version: '1.0.0' }).connect(first), /Unauthorized|401/i);
    assert.ok(provider.callback?.get('code'));
    await first.finishAuth(provider.callback!);
    const connected = new ClientV2({ name: 'oauth-v2', version: '1.0.0' });
    await connected.connect(new TransportV2(url, { authProvider: provider }));
    try {
      assert.ok((await connected.listTools()).tools.length > 10);
      assert.equal((await ok(connected, 'get_my_permissions')).role, 'owner');
    } finally {
      await connected.close();
    }
    const before = provider.saved?.access_token;
    assert.equal(await authV2(provider, { serverUrl: url }), 'AUTHORIZED');
    assert.notEqual(provider.saved?.access_token, before);
  });
});
