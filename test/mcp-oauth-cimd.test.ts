import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { auth as authV2, Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client';
import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { TestApp } from './helpers/app.ts';
import { startListeningApp } from './helpers/chromium.ts';
import { loopbackClientMetadata, type MetadataServer, metadataDocument, startMetadataServer } from './helpers/client-metadata.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { ok } from './helpers/mcp.ts';
import { type Merchant, signup } from './helpers/merchants.ts';
import { allowOnThePages, RecordingProvider } from './helpers/oauth-provider.ts';

const REDIRECT = 'http://127.0.0.1:8976/callback';

/**
 * A provider that offers a Client ID Metadata Document URL (`clientMetadataUrl`) besides the metadata it would
 * register; the merchant allows on the real pages, driven without a browser, and the consent page is kept.
 */
class MetadataDocumentProvider extends RecordingProvider {
  consentPage = '';
  readonly t: TestApp;
  readonly merchant: Merchant;
  readonly clientMetadataUrl: string;
  constructor(t: TestApp, merchant: Merchant, clientMetadataUrl: string) {
    super(REDIRECT);
    this.t = t;
    this.merchant = merchant;
    this.clientMetadataUrl = clientMetadataUrl;
  }
  override get clientMetadata() {
    return { ...super.clientMetadata, client_name: 'SDK client that would register' };
  }
  async redirectToAuthorization(url: URL) {
    assert.equal(url.searchParams.get('client_id'), this.clientMetadataUrl, 'the client_id is the document URL');
    assert.equal(url.searchParams.get('code_challenge_method'), 'S256');
    const { consentPage, location } = await allowOnThePages(this.t.app, this.merchant, url);
    this.consentPage = consentPage;
    this.landed(location);
  }
}

describeEachDatabase('MCP through OAuth with a Client ID Metadata Document, driven by the SDK clients’ auth()', (kind) => {
  let t: TestApp & { baseUrl: string };
  let merchant: Merchant;
  let documents: MetadataServer;
  /** POST /oauth/register requests the app received (the SDKs must not register when they can use their document). */
  let registrations = 0;
  before(async () => {
    t = await startListeningApp(kind, {
      config: { clientMetadata: loopbackClientMetadata() },
      extend: (app) => {
        app.addHook('onRequest', (request, _reply, done) => {
          if (request.method === 'POST' && request.url.startsWith('/oauth/register')) registrations += 1;
          done();
        });
      },
    });
    merchant = await signup(t.app);
    // The SDKs accept only an https clientMetadataUrl: the document server has a certificate this process trusts.
    documents = await startMetadataServer({ tls: true });
  });
  after(async () => {
    await documents?.close();
    await t?.close();
  });

  function publish(name: string, path: string): string {
    const url = documents.url(path);
    documents.serve(path, { body: metadataDocument(url, { client_name: name, redirect_uris: [REDIRECT] }), headers: { 'content-type': 'application/json', 'cache-control': 'max-age=300' } });
    return url;
  }

  it('v1 client: discovery, the document URL as client_id (no registration), consent showing its host, token, tool calls, refresh', async () => {
    const documentUrl = publish('CIMD SDK v1', '/sdk/v1/client.json');
    const provider = new MetadataDocumentProvider(t, merchant, documentUrl);
    const url = new URL(`${t.baseUrl}/mcp`);
    const first = new StreamableHTTPClientTransport(url, { authProvider: provider });
    await assert.rejects(new Client({ name: 'cimd-v1', version: '1.0.0' }).connect(first), /Unauthorized/i, 'the 401 starts the authorization');
    assert.equal(provider.info?.client_id, documentUrl, 'the SDK chose its metadata document');
    assert.equal(registrations, 0, 'and did not register');
    assert.equal(documents.requestsFor('/sdk/v1/client.json').length, 1, 'the server fetched the document');
    assert.match(provider.consentPage, /CIMD SDK v1<\/strong> <span class="tag">not verified/);
    assert.match(provider.consentPage, new RegExp(`client_id host: <strong data-testid="client-id-host">127\\.0\\.0\\.1:${new URL(documentUrl).port}</strong>`));
    const code = provider.callback?.get('code');
    assert.ok(code, 'a code came back');
    await first.finishAuth(code);
    assert.equal(provider.saved?.scope, 'mcp:store');

    const connected = new Client({ name: 'cimd-v1', version: '1.0.0' });
    await connected.connect(new StreamableHTTPClientTransport(url, { authProvider: provider }));
    try {
      const { product } = await ok(connected, 'create_product', { type: 'SIMPLE', name: 'CIMD tee', price: 7.5, quantityInStock: 2 });
      assert.equal(product.name, 'CIMD tee');
      const log = await ok(connected, 'list_audit_log', { limit: 5 });
      const entry = log.items.find((e: { targetId: string }) => e.targetId === 'create_product');
      assert.equal(entry.details.credential.type, 'oauth_app');
      assert.match(entry.details.credential.label, /^App "CIMD SDK v1" \(not verified, client metadata document at 127\.0\.0\.1:\d+\), approved by /);
    } finally {
      await connected.close();
    }

    const before = provider.saved;
    assert.equal(await auth(provider, { serverUrl: url }), 'AUTHORIZED', 'refreshed without the merchant');
    assert.notEqual(provider.saved?.refresh_token, before?.refresh_token, 'rotated');
    const refreshed = new Client({ name: 'cimd-v1', version: '1.0.0' });
    await refreshed.connect(new StreamableHTTPClientTransport(url, { authProvider: provider }));
    assert.equal((await ok(refreshed, 'list_products')).items[0].name, 'CIMD tee');
    await refreshed.close();
    assert.equal(registrations, 0);
  });

  it('v2 client: the same flow with the v2 auth() and its clientMetadataUrl', async () => {
    const documentUrl = publish('CIMD SDK v2', '/sdk/v2/client.json');
    const provider = new MetadataDocumentProvider(t, merchant, documentUrl);
    const url = new URL(`${t.baseUrl}/mcp`);
    const first = new TransportV2(url, { authProvider: provider });
    await assert.rejects(new ClientV2({ name: 'cimd-v2', version: '1.0.0' }).connect(first), /Unauthorized|401/i);
    assert.equal(provider.info?.client_id, documentUrl, 'the SDK chose its metadata document');
    assert.equal(registrations, 0, 'and did not register');
    assert.ok(provider.callback?.get('code'));
    await first.finishAuth(provider.callback!);
    const connected = new ClientV2({ name: 'cimd-v2', version: '1.0.0' });
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
    assert.equal(documents.requestsFor('/sdk/v2/client.json').length, 1, 'fetched once; the token endpoint does not fetch it');

    const apps = await t.app.inject({ method: 'GET', url: '/v1/connected-apps', headers: merchant.auth });
    const listed = apps.json().data.find((a: { clientIdMetadataDocument: string | null }) => a.clientIdMetadataDocument === documentUrl);
    assert.equal(listed?.clientName, 'CIMD SDK v2', 'on Connected Apps by its document’s name');
  });
});
