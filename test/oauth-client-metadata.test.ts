import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { type Answer, loopbackClientMetadata, type MetadataServer, metadataDocument, startMetadataServer } from './helpers/client-metadata.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { client as jsonClient, type Merchant, signup } from './helpers/merchants.ts';
import { authorizeQuery, Browser, type Client, connect, pkce, REDIRECT_URI, refresh, registerClient, signIn, tokenRequest } from './helpers/oauth.ts';

const HTTP_DATE = (ms: number) => new Date(ms).toUTCString();

describeEachDatabase('Client ID Metadata Documents at the authorization server', (kind) => {
  let t: TestApp;
  let server: MetadataServer;
  let merchant: Merchant;
  let call: ReturnType<typeof jsonClient>;
  before(async () => {
    t = await startTestApp(kind, { config: { clientMetadata: loopbackClientMetadata() } });
    server = await startMetadataServer();
    merchant = await signup(t.app);
    call = jsonClient(t.app);
  });
  after(async () => {
    await server?.close();
    await t?.close();
  });

  let paths = 0;
  /** A path of its own per document (the cache is keyed by URL). */
  const fresh = () => `/apps/${++paths}/client.json`;
  /** Publishes a document at a new path; returns its URL, the client_id. */
  function publish(overrides: Record<string, unknown> = {}, answer: Omit<Answer, 'body'> = {}, path = fresh()): string {
    const url = server.url(path);
    server.serve(path, { body: metadataDocument(url, overrides), ...answer });
    return url;
  }
  const pathOf = (url: string) => new URL(url).pathname;
  /** The app a client_id URL names, as the oauth helpers take it. */
  const asClient = (url: string, redirectUri = REDIRECT_URI): Client => ({ client_id: url, client_name: '', redirect_uris: [redirectUri] });
  const authorizeGet = (url: string, query: Record<string, string | undefined> = {}) =>
    t.app.inject({ method: 'GET', url: `/oauth/authorize?${authorizeQuery(asClient(url), pkce().challenge, query)}` });

  const count = async (table: 'oauth_clients' | 'oauth_authorization_requests') =>
    Number((await t.container.db.kysely.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const written = async () => ({ clients: await count('oauth_clients'), requests: await count('oauth_authorization_requests') });

  /** The authorization is refused on an error page naming the problem: 400, no redirect, nothing written. */
  async function assertRefused(url: string, mentions: RegExp, query: Record<string, string | undefined> = {}) {
    const before = await written();
    const res = await authorizeGet(url, query);
    assert.equal(res.statusCode, 400, `${url}: ${res.body.slice(0, 400)}`);
    assert.equal(res.headers.location, undefined, 'never redirected');
    assert.match(String(res.headers['content-type']), /^text\/html/);
    assert.match(res.body, /This app cannot be connected/);
    assert.match(res.body, mentions, url);
    assert.deepEqual(await written(), before, `${url}: nothing written`);
  }

  /** Signs in on the authorization request's page and returns the consent page. */
  async function consentPageFor(url: string, query: Record<string, string | undefined> = {}) {
    const browser = new Browser(t.app);
    const page = await browser.get(`/oauth/authorize?${authorizeQuery(asClient(url), pkce().challenge, query)}`);
    const signedIn = await signIn(browser, page, merchant);
    assert.equal(signedIn.statusCode, 303, signedIn.body);
    const consent = await browser.get(signedIn.headers.location as string);
    assert.equal(consent.statusCode, 200, consent.body.slice(0, 400));
    assert.match(consent.body, /value="allow"/, 'the consent page');
    return consent;
  }

  it('advertises client_id_metadata_document_supported, and dynamic registration keeps working', async () => {
    const metadata = (await t.app.inject({ method: 'GET', url: '/.well-known/oauth-authorization-server' })).json();
    assert.equal(metadata.client_id_metadata_document_supported, true);
    assert.equal(metadata.registration_endpoint, `${t.container.config.baseUrl}/oauth/register`);
    const registered = await connect(t.app, merchant, { client: await registerClient(t.app, { client_name: 'Registered App' }), scope: 'products:read' });
    assert.equal((await call('GET', '/v1/products', { headers: registered.auth })).status, 200);
  });

  it('fetches the document at a client_id URL with one GET asking for JSON and sending no credentials, and shows its name not verified with the client_id host', async () => {
    const url = publish({ client_name: 'Doc Assistant' });
    const consent = await consentPageFor(url);
    const requests = server.requestsFor(pathOf(url));
    assert.equal(requests.length, 1, 'fetched once (the sign-in and consent pages use the recorded app)');
    const [request] = requests;
    assert.equal(request!.method, 'GET');
    assert.equal(request!.headers.accept, 'application/json');
    for (const header of ['authorization', 'cookie', 'x-merchantapikey']) assert.equal(request!.headers[header], undefined, `no ${header}`);
    assert.match(consent.body, /<strong>Doc Assistant<\/strong> <span class="tag">not verified<\/span>/);
    const host = new URL(url).host;
    assert.match(consent.body, new RegExp(`client_id host: <strong data-testid="client-id-host">${host.replaceAll('.', '\\.')}</strong>`));
    assert.match(consent.body, /sent back to <strong>app\.example\.com<\/strong>/, 'the redirect host as for any app');
    assert.doesNotMatch(consent.body, /<img/, 'nothing of the app’s is loaded');
  });

  it('issues tokens that work on the REST API like a registered app’s, and refreshes and revokes them with the URL client_id', async () => {
    const url = publish({ client_name: 'Doc Shop Tool' });
    const app = await connect(t.app, merchant, { client: asClient(url), scope: 'products:write' });
    const created = await call('POST', '/v1/products', { headers: app.auth, body: { type: 'SIMPLE', name: 'Doc tee', price: 12, quantityInStock: 3 } });
    assert.equal(created.status, 201, created.raw);

    const refreshed = await refresh(t.app, app);
    assert.equal(refreshed.status, 200, refreshed.raw);
    assert.notEqual(refreshed.body.refresh_token, app.refreshToken, 'rotated');
    assert.equal((await call('GET', '/v1/products', { headers: { authorization: `Bearer ${refreshed.body.access_token}` } })).status, 200);

    const otherClient = await tokenRequest(t.app, { grant_type: 'refresh_token', refresh_token: refreshed.body.refresh_token, client_id: publish() });
    assert.equal(otherClient.status, 400, 'another client_id URL is another app');
    assert.equal(otherClient.body.error, 'invalid_client');

    const revoked = await t.app.inject({
      method: 'POST',
      url: '/oauth/revoke',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token: refreshed.body.refresh_token, client_id: url }).toString(),
    });
    assert.equal(revoked.statusCode, 200);
    assert.equal((await call('GET', '/v1/products', { headers: { authorization: `Bearer ${refreshed.body.access_token}` } })).status, 401, 'the grant is revoked');
    assert.equal((await refresh(t.app, { client: app.client, refreshToken: refreshed.body.refresh_token })).body.error, 'invalid_grant');
    assert.equal(server.requestsFor(pathOf(url)).length, 1, 'the token and revocation endpoints do not fetch the document');
  });

  it('names the app by its document’s name in audit entries and on Connected Apps, marked as a metadata-document app; removing it stops its tokens', async () => {
    const url = publish({ client_name: 'Audit Doc App' });
    const host = new URL(url).host;
    const app = await connect(t.app, merchant, { client: asClient(url), scope: 'settings:write' });
    assert.equal((await call('PATCH', '/v1/merchants/profile/business', { headers: app.auth, body: { legalName: 'Written by a document app' } })).status, 200);

    const log = await call('GET', '/v1/audit-logs?limit=10', { headers: merchant.auth });
    const write = log.body.data.find((e: { action: string }) => e.action === 'store.update');
    assert.equal(write.actor.type, 'oauth_app');
    assert.match(write.actor.id, /^cimd_[A-Za-z0-9_-]{32}$/, 'a key of at most 40 characters stands for the URL');
    assert.equal(write.actor.label, `App "Audit Doc App" (not verified, client metadata document at ${host}), approved by ${merchant.email}`);
    const consent = log.body.data.find((e: { action: string; targetId: string }) => e.action === 'oauth_app.authorize' && e.targetId === write.actor.id);
    assert.equal(consent.details.clientName, 'Audit Doc App');
    assert.equal(consent.details.clientIdMetadataDocument, url);

    const listed = (await call('GET', '/v1/connected-apps', { headers: merchant.auth })).body.data;
    const entry = listed.find((a: { clientId: string }) => a.clientId === write.actor.id);
    assert.equal(entry.clientName, 'Audit Doc App');
    assert.equal(entry.verified, false);
    assert.equal(entry.clientIdMetadataDocument, url);
    assert.deepEqual(entry.redirectHosts, ['app.example.com']);
    const registered = listed.find((a: { clientIdMetadataDocument: string | null }) => a.clientIdMetadataDocument === null);
    assert.ok(registered, 'a registered app is listed with clientIdMetadataDocument null');

    const removed = await call('DELETE', `/v1/connected-apps/${entry.clientId}`, { headers: merchant.auth });
    assert.equal(removed.status, 200, removed.raw);
    assert.equal((await call('GET', '/v1/users/me/permissions', { headers: app.auth })).status, 401, 'the access token stopped');
    assert.equal((await refresh(t.app, app)).body.error, 'invalid_grant', 'the refresh token stopped');
    const removal = (await call('GET', '/v1/audit-logs?limit=10', { headers: merchant.auth })).body.data.find((e: { action: string }) => e.action === 'oauth_app.remove');
    assert.equal(removal.details.clientName, 'Audit Doc App');
    assert.equal(removal.details.clientIdMetadataDocument, url);
  });

  it('refuses a redirect_uri the document does not list byte for byte, on an error page, never redirecting and writing nothing', async () => {
    const url = publish({ redirect_uris: ['https://app.example.com/callback', 'http://127.0.0.1:7777/cb'] });
    for (const redirectUri of ['https://app.example.com/callback/', 'https://APP.example.com/callback', 'https://evil.example.com/callback', 'http://127.0.0.1:7778/cb', 'http://localhost:7777/cb']) {
      await assertRefused(url, /redirect_uri is not one of the addresses this app registered \(they must match exactly\)/, { redirect_uri: redirectUri });
    }
    await assertRefused(url, /redirect_uri is required/, { redirect_uri: undefined });
    assert.equal((await authorizeGet(url, { redirect_uri: 'http://127.0.0.1:7777/cb' })).statusCode, 200, 'a listed one is accepted, loopback port included');
  });

  it('refuses client_id URLs without a path, with a fragment, user info or dot segments, or too long, without fetching or writing anything', async () => {
    const fetchedBefore = server.requests.length;
    const o = server.origin;
    await assertRefused(o, /it must have a path/);
    await assertRefused(`${o}/`, /it must have a path/);
    await assertRefused(`${o}/client.json#x`, /it must not contain a fragment/);
    await assertRefused(o.replace('://', '://user:pw@') + '/client.json', /it must not contain a user name or password/);
    await assertRefused(`${o}/apps/../client.json`, /it must not contain &quot;.&quot; or &quot;..&quot; path segments/);
    await assertRefused(`${o}/apps/./client.json`, /path segments/);
    await assertRefused(`${o}/apps/%2E%2e/client.json`, /path segments/);
    await assertRefused(`${o}/${'a'.repeat(520)}.json`, /it must be at most 512 characters/);
    await assertRefused(`${o}/client json`, /spaces, control characters or backslashes/);
    await assertRefused(`${o}\\client.json`, /spaces, control characters or backslashes/);
    await assertRefused('https:///client.json', /it must name a host/);
    await assertRefused(`ftp://127.0.0.1/client.json`, /No app is registered/);
    assert.equal(server.requests.length, fetchedBefore, 'nothing was fetched');
  });

  it('refuses a document that answers other than 200, redirects, is not JSON by type or content, or is larger than 5 KiB, and writes nothing', async () => {
    const target = publish();
    const cases: Array<[Answer, RegExp]> = [
      [{ status: 404, body: 'gone', headers: { 'content-type': 'text/plain' } }, /it answered HTTP 404; it must answer 200 OK/],
      [{ status: 500, body: {} }, /it answered HTTP 500/],
      [{ status: 302, headers: { location: target } }, /it answered HTTP 302 \(redirects are not followed\)/],
      [{ status: 204 }, /it answered HTTP 204/],
      [{ body: '<html>app</html>', headers: { 'content-type': 'text/html' } }, /it answered Content-Type text\/html; it must be application\/json/],
      [{ body: '{"client_id": ', headers: { 'content-type': 'application/json' } }, /it is not valid JSON/],
      [{ body: "{'client_id': 'single quotes'}", headers: { 'content-type': 'application/json; charset=utf-8' } }, /it is not valid JSON/],
    ];
    for (const [answer, mentions] of cases) {
      const path = fresh();
      server.serve(path, answer);
      await assertRefused(server.url(path), mentions);
    }
    const targetFetches = server.requestsFor(pathOf(target)).length;
    assert.equal(targetFetches, 0, 'the redirect was not followed');

    const big = fresh();
    server.serve(big, { body: metadataDocument(server.url(big), { client_uri: `https://app.example.com/${'x'.repeat(5200)}` }) });
    await assertRefused(server.url(big), /it is larger than 5120 bytes/);
    const chunked = fresh();
    server.serve(chunked, { body: metadataDocument(server.url(chunked), { client_uri: `https://app.example.com/${'x'.repeat(5200)}` }), headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } });
    await assertRefused(server.url(chunked), /it is larger than 5120 bytes/);
    const typed = publish({}, { headers: { 'content-type': 'application/oauth-client+json; charset=utf-8' } });
    assert.equal((await authorizeGet(typed)).statusCode, 200, 'application/<type>+json is JSON too');
  });

  it('refuses a document whose client_id differs, that carries a client secret, a symmetric or other auth method, private keys, or no valid client_name or redirect_uris, and writes nothing', async () => {
    const cases: Array<[(url: string) => unknown, RegExp]> = [
      [() => ['not', 'an', 'object'], /it must be a JSON object/],
      [(url) => metadataDocument(url, { client_id: undefined }), /it must contain client_id, exactly the URL it is served at/],
      [(url) => metadataDocument(url, { client_id: `${url}?v=2` }), /its client_id \(.*\?v=2\) must be exactly the URL it is served at/],
      [(url) => metadataDocument(url, { client_id: url.replace('127.0.0.1', 'localhost') }), /must be exactly the URL/],
      [(url) => metadataDocument(url, { client_secret: 's3cret' }), /it must not contain client_secret: a metadata document is public/],
      [(url) => metadataDocument(url, { client_secret_expires_at: 0 }), /it must not contain client_secret_expires_at/],
      [(url) => metadataDocument(url, { token_endpoint_auth_method: 'client_secret_basic' }), /client_secret_basic uses a shared secret/],
      [(url) => metadataDocument(url, { token_endpoint_auth_method: 'client_secret_post' }), /client_secret_post uses a shared secret/],
      [(url) => metadataDocument(url, { token_endpoint_auth_method: 'private_key_jwt' }), /token_endpoint_auth_method must be none .*private_key_jwt.* is not supported here/],
      [(url) => metadataDocument(url, { jwks: { keys: [{ kty: 'EC', crv: 'P-256', x: 'a', y: 'b', d: 'private' }] } }), /jwks must not contain private or symmetric key material/],
      [(url) => metadataDocument(url, { client_name: undefined }), /client_name is required/],
      [(url) => metadataDocument(url, { client_name: 'x'.repeat(101) }), /client_name must be at most 100 characters/],
      [(url) => metadataDocument(url, { redirect_uris: undefined }), /redirect_uris is required/],
      [(url) => metadataDocument(url, { redirect_uris: ['https://app.example.com/cb#frag'] }), /redirect_uris\[0\] must not contain a fragment/],
      [(url) => metadataDocument(url, { redirect_uris: ['http://app.example.com/cb'] }), /redirect_uris\[0\] may use http only on a loopback host/],
      [(url) => metadataDocument(url, { redirect_uris: ['javascript:alert(1)'] }), /redirect_uris\[0\] must be an absolute https URL/],
    ];
    for (const [body, mentions] of cases) {
      const path = fresh();
      const url = server.url(path);
      server.serve(path, { body: body(url) });
      await assertRefused(url, mentions);
    }
    const noMethod = publish({ token_endpoint_auth_method: undefined });
    assert.equal((await authorizeGet(noMethod)).statusCode, 200, 'an absent token_endpoint_auth_method is read as none');
  });

  it('gives up on a document server that does not answer within the timeout', async () => {
    const path = fresh();
    server.serve(path, { hang: true });
    const started = Date.now();
    await assertRefused(server.url(path), /it did not answer within 1\.5 seconds/);
    assert.ok(Date.now() - started < 5000, 'within the bound');
  });

  it('does not fetch a document again within its max-age, and fetches it again every time under no-store', async () => {
    const kept = publish({}, { headers: { 'cache-control': 'max-age=600' } });
    for (let i = 0; i < 3; i += 1) assert.equal((await authorizeGet(kept)).statusCode, 200);
    assert.equal(server.requestsFor(pathOf(kept)).length, 1, 'one fetch for three authorizations');
    await connect(t.app, merchant, { client: asClient(kept) });
    assert.equal(server.requestsFor(pathOf(kept)).length, 1, 'nor for a whole authorization and token exchange');

    const unkept = publish({}, { headers: { 'cache-control': 'no-store' } });
    for (let i = 0; i < 3; i += 1) assert.equal((await authorizeGet(unkept)).statusCode, 200);
    assert.equal(server.requestsFor(pathOf(unkept)).length, 3, 'no-store: fetched every time');

    const heuristic = publish();
    await authorizeGet(heuristic);
    await authorizeGet(heuristic);
    assert.equal(server.requestsFor(pathOf(heuristic)).length, 1, 'no freshness information: kept for the heuristic 5 minutes');
  });

  it('revalidates a no-cache document with its ETag, keeping it on 304', async () => {
    const path = fresh();
    const url = server.url(path);
    server.serve(path, (request): Answer =>
      request.headers['if-none-match'] === '"v1"'
        ? { status: 304, headers: { etag: '"v1"', 'cache-control': 'no-cache' } }
        : { body: metadataDocument(url, { client_name: 'Revalidated App' }), headers: { 'content-type': 'application/json', etag: '"v1"', 'cache-control': 'no-cache' } },
    );
    await authorizeGet(url);
    const consent = await consentPageFor(url);
    assert.match(consent.body, /Revalidated App/);
    const requests = server.requestsFor(path);
    assert.ok(requests.length >= 2, 'asked again before each use');
    assert.equal(requests[0]!.headers['if-none-match'], undefined);
    for (const later of requests.slice(1)) assert.equal(later.headers['if-none-match'], '"v1"', 'conditionally');
  });

  it('honours Age and Expires, and keeps a document at most 24 hours whatever its max-age says', async () => {
    const twice = async (url: string) => {
      await authorizeGet(url);
      await authorizeGet(url);
      return server.requestsFor(pathOf(url)).length;
    };
    const now = Date.now();
    assert.equal(await twice(publish({}, { headers: { 'cache-control': 'max-age=60', age: '60' } })), 2, 'as old as its max-age: stale');
    assert.equal(await twice(publish({}, { headers: { 'cache-control': 'max-age=600', age: '30' } })), 1, 'younger than its max-age: fresh');
    assert.equal(await twice(publish({}, { headers: { date: HTTP_DATE(now), expires: HTTP_DATE(now - 60_000) } })), 2, 'past Expires: stale');
    assert.equal(await twice(publish({}, { headers: { expires: 'never' } })), 2, 'an invalid Expires: stale');
    assert.equal(await twice(publish({}, { headers: { date: HTTP_DATE(now), expires: HTTP_DATE(now + 3_600_000) } })), 1, 'before Expires: fresh');
    assert.equal(await twice(publish({}, { headers: { 'cache-control': 'max-age=200000', age: '90000' } })), 2, 'past the 24-hour bound though within max-age');
    assert.equal(await twice(publish({}, { headers: { 'cache-control': 'max-age=200000', age: '80000' } })), 1, 'within the 24-hour bound');
    assert.equal(await twice(publish({}, { headers: { 'cache-control': 'max-age=1' } })), 1, 'a few seconds are raised to the 10-second floor');
  });

  it('never keeps a refused document, and takes the app’s new name and redirect URIs from a fetched-again document', async () => {
    const path = fresh();
    const url = server.url(path);
    server.serve(path, { body: metadataDocument(url, { client_name: undefined }), headers: { 'content-type': 'application/json', 'cache-control': 'max-age=600' } });
    await assertRefused(url, /client_name is required/);
    server.serve(path, { body: metadataDocument(url, { client_name: 'Fixed App' }), headers: { 'content-type': 'application/json', 'cache-control': 'no-cache' } });
    assert.match((await consentPageFor(url)).body, /Fixed App/, 'the fixed document is fetched, not a kept refusal');

    server.serve(path, {
      body: metadataDocument(url, { client_name: 'Renamed App', redirect_uris: ['https://new.example.com/cb'] }),
      headers: { 'content-type': 'application/json', 'cache-control': 'no-cache' },
    });
    const consent = await consentPageFor(url, { redirect_uri: 'https://new.example.com/cb' });
    assert.match(consent.body, /Renamed App/);
    assert.match(consent.body, /sent back to <strong>new\.example\.com<\/strong>/);
    const res = await authorizeGet(url);
    assert.equal(res.statusCode, 400, 'the redirect URI the document no longer lists is refused');
    const clients = await t.container.db.kysely.selectFrom('oauth_clients').selectAll().where('metadata_document_url', '=', url).execute();
    assert.equal(clients.length, 1, 'one app per URL');
    assert.equal(clients[0]!.client_name, 'Renamed App');
  });
});
