import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { auth as authV2, Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client';
import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { TestApp } from './helpers/app.ts';
import { startListeningApp } from './helpers/chromium.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { ok } from './helpers/mcp.ts';
import { type Merchant, signup } from './helpers/merchants.ts';
import { allowOnThePages, RecordingProvider } from './helpers/oauth-provider.ts';

/** The merchant allows on the real pages, driven without a browser. */
class PageDrivingProvider extends RecordingProvider {
  readonly t: TestApp;
  readonly merchant: Merchant;
  constructor(t: TestApp, merchant: Merchant) {
    super('http://127.0.0.1:8976/callback');
    this.t = t;
    this.merchant = merchant;
  }
  async redirectToAuthorization(url: URL) {
    assert.equal(url.searchParams.get('code_challenge_method'), 'S256');
    assert.equal(url.searchParams.get('resource'), `${new URL(url).origin}/mcp`);
    this.landed((await allowOnThePages(this.t.app, this.merchant, url)).location);
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
      assert.ok((await connected.listTools()).tools.some((tool) => tool.name === 'find_tools'), 'the default list');
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
      assert.ok((await connected.listTools()).tools.some((tool) => tool.name === 'find_tools'), 'the default list');
      assert.equal((await ok(connected, 'get_my_permissions')).role, 'owner');
    } finally {
      await connected.close();
    }
    const before = provider.saved?.access_token;
    assert.equal(await authV2(provider, { serverUrl: url }), 'AUTHORIZED');
    assert.notEqual(provider.saved?.access_token, before);
  });
});
