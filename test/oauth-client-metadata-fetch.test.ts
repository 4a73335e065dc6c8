import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { CLIENT_METADATA_DEFAULTS, type ClientMetadataConfig } from '../src/config.ts';
import type { OAuthError } from '../src/domain/oauth/errors.ts';
import { createClientMetadataDocuments } from '../src/oauth/client-metadata/client-metadata-documents.ts';
import type { Resolve } from '../src/outbound/checked-destination.ts';
import { loopbackClientMetadata, type MetadataServer, metadataDocument, startMetadataServer } from './helpers/client-metadata.ts';

/**
 * The fetch of Client ID Metadata Documents at its own boundary (src/oauth/client-metadata): what it refuses to
 * connect to, where it connects, over which scheme, and its memory and concurrency bounds. DNS is the seam a test
 * answers for (`resolve`); the network is real (loopback servers). test/oauth-client-metadata.test.ts covers the rest
 * through the app.
 */
describe('fetching Client ID Metadata Documents', () => {
  let server: MetadataServer;
  let secure: MetadataServer;
  let untrusted: MetadataServer;
  before(async () => {
    server = await startMetadataServer();
    secure = await startMetadataServer({ tls: true });
    untrusted = await startMetadataServer({ tls: 'untrusted' });
  });
  after(async () => {
    await Promise.all([server?.close(), secure?.close(), untrusted?.close()]);
  });

  let paths = 0;
  function publish(on: MetadataServer, headers: Record<string, string> = {}): { url: string; path: string } {
    const path = `/fetch/${++paths}/client.json`;
    const url = on.url(path);
    on.serve(path, { body: metadataDocument(url), headers: { 'content-type': 'application/json', ...headers } });
    return { url, path };
  }

  async function refusal(load: Promise<unknown>): Promise<OAuthError> {
    try {
      await load;
    } catch (error) {
      return error as OAuthError;
    }
    assert.fail('the load should have been refused');
  }

  /** Documents whose DNS answers `answers` for every host name. */
  const withDns = (answers: string[], config: ClientMetadataConfig = CLIENT_METADATA_DEFAULTS) => {
    let lookups = 0;
    const resolve: Resolve = async () => {
      lookups += 1;
      return answers.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    };
    return { documents: createClientMetadataDocuments(config, { resolve }), lookups: () => lookups };
  };

  it('refuses private, loopback, link-local, unique-local, CGNAT, multicast, unspecified and cloud metadata addresses, IPv4, IPv6 and IPv4-mapped, without connecting', async () => {
    const cases: Array<[string, string]> = [
      ['10.0.0.5', 'private'],
      ['172.16.3.4', 'private'],
      ['192.168.1.10', 'private'],
      ['127.0.0.1', 'loopback'],
      ['127.5.6.7', 'loopback'],
      ['169.254.10.1', 'link-local'],
      ['169.254.169.254', 'cloud metadata'],
      ['168.63.129.16', 'cloud metadata'],
      ['100.64.0.1', 'shared \\(carrier-grade NAT\\)'],
      ['224.0.0.251', 'multicast'],
      ['0.0.0.0', 'unspecified'],
      ['255.255.255.255', 'reserved'],
      ['192.0.2.1', 'documentation'],
      ['::1', 'loopback'],
      ['::', 'unspecified'],
      ['fe80::1', 'link-local'],
      ['fd12:3456::1', 'unique-local'],
      ['fd00:ec2::254', 'cloud metadata'],
      ['ff02::1', 'multicast'],
      ['::ffff:127.0.0.1', 'loopback'],
      ['::ffff:a00:1', 'private'],
      ['::ffff:169.254.169.254', 'cloud metadata'],
      ['64:ff9b::10.0.0.1', 'private'],
      ['2001:db8::1', 'documentation'],
    ];
    for (const [address, kind] of cases) {
      const literal = address.includes(':') ? `[${address}]` : address;
      const started = Date.now();
      const byLiteral = await refusal(createClientMetadataDocuments(CLIENT_METADATA_DEFAULTS).load(`https://${literal}/client.json`));
      assert.equal(byLiteral.error, 'invalid_client', address);
      // The URL parser writes IPv6 literals in their shortest form (::ffff:127.0.0.1 is ::ffff:7f00:1).
      assert.match(byLiteral.message, new RegExp(`could not be read: it is at [0-9a-f.:]+, a ${kind} address; metadata documents are fetched only from public addresses`), address);
      const { documents } = withDns([address]);
      const byName = await refusal(documents.load('https://app.example.com/client.json'));
      assert.match(byName.message, new RegExp(`its host app\\.example\\.com is at ${address.replaceAll('.', '\\.')}, a ${kind} address`), address);
      assert.ok(Date.now() - started < 1000, `${address}: refused before any connection attempt`);
    }
  });

  it('refuses a host any of whose DNS answers is not public', async () => {
    const { documents } = withDns(['93.184.215.14', '10.0.0.7']);
    assert.match((await refusal(documents.load('https://mixed.example.com/client.json'))).message, /is at 10\.0\.0\.7, a private address/);
  });

  it('connects to the address it checked: a second, rebinding DNS answer is never used', async () => {
    const { path } = publish(server);
    const port = new URL(server.origin).port;
    const url = `http://rebind.test:${port}${path}`;
    server.serve(path, { body: metadataDocument(url), headers: { 'content-type': 'application/json', 'cache-control': 'no-store' } });
    let lookups = 0;
    // The first answer is loopback (allowed here); any later one would be the cloud metadata address.
    const resolve: Resolve = async () => {
      lookups += 1;
      return [{ address: lookups === 1 ? '127.0.0.1' : '169.254.169.254', family: 4 }];
    };
    const documents = createClientMetadataDocuments(loopbackClientMetadata(), { resolve });
    const document = await documents.load(url);
    assert.equal(document.clientId, url);
    assert.equal(lookups, 1, 'one resolution per fetch');
    const [request] = server.requestsFor(path);
    assert.equal(request!.headers.host, `rebind.test:${port}`, 'the request names the host; the connection went to the checked address');
    const second = await refusal(documents.load(url));
    assert.match(second.message, /is at 169\.254\.169\.254, a cloud metadata address/, 'the next fetch checks its own answer');
    assert.equal(server.requestsFor(path).length, 1);
  });

  it('fetches from loopback, and over http, only when OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK allows it', async () => {
    const overHttp = publish(server);
    const overHttps = publish(secure);
    const production = createClientMetadataDocuments(CLIENT_METADATA_DEFAULTS);
    assert.match((await refusal(production.load(overHttp.url))).message, /it must start with https:\/\//);
    assert.match((await refusal(production.load(overHttps.url))).message, /a loopback address; .*OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK/);
    assert.equal(server.requestsFor(overHttp.path).length + secure.requestsFor(overHttps.path).length, 0);

    const development = createClientMetadataDocuments(loopbackClientMetadata());
    assert.equal((await development.load(overHttp.url)).clientId, overHttp.url);
    assert.equal((await development.load(overHttps.url)).clientId, overHttps.url);
    const { documents } = withDns(['93.184.215.14'], loopbackClientMetadata());
    assert.match((await refusal(documents.load('http://public.example.com/client.json'))).message, /it must be served over https/, 'http only to loopback');
  });

  it('cuts off a server that trickles its answer at the deadline: the bound covers the whole fetch', async () => {
    const drip = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{');
      const timer = setInterval(() => res.write(' '), 50);
      res.on('close', () => clearInterval(timer));
    });
    await new Promise<void>((resolve) => drip.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(drip.address() as AddressInfo).port}/drip/client.json`;
      const started = Date.now();
      const refused = await refusal(createClientMetadataDocuments(loopbackClientMetadata({ timeoutMs: 400 })).load(url));
      assert.match(refused.message, /it did not answer within 0\.4 seconds/);
      assert.ok(Date.now() - started < 1500, 'cut off at the deadline');
    } finally {
      drip.closeAllConnections();
      drip.close();
    }
  });

  it('verifies the TLS certificate of an https document server', async () => {
    const { url } = publish(untrusted);
    assert.match((await refusal(createClientMetadataDocuments(loopbackClientMetadata()).load(url))).message, /its TLS certificate could not be verified/);
  });

  it('keeps documents within its memory bound, dropping the least recently used', async () => {
    const a = publish(server, { 'cache-control': 'max-age=600' });
    const b = publish(server, { 'cache-control': 'max-age=600' });
    // Room for one document with its bookkeeping, not two.
    const documents = createClientMetadataDocuments(loopbackClientMetadata({ cacheBytes: 1200 }));
    await documents.load(a.url);
    await documents.load(a.url);
    assert.equal(server.requestsFor(a.path).length, 1, 'kept');
    await documents.load(b.url);
    await documents.load(a.url);
    assert.equal(server.requestsFor(a.path).length, 2, 'dropped for b, fetched again');
    await documents.load(a.url);
    assert.equal(server.requestsFor(a.path).length, 2);
  });

  it('shares one fetch among concurrent loads of a URL, and refuses past the concurrent fetch bound', async () => {
    const slow = `/fetch/${++paths}/slow.json`;
    const slowUrl = server.url(slow);
    server.serve(slow, { hang: true });
    const documents = createClientMetadataDocuments(loopbackClientMetadata({ maxConcurrentFetches: 1, timeoutMs: 800 }));
    const first = documents.load(slowUrl).catch((error: unknown) => error as OAuthError);
    const second = documents.load(slowUrl).catch((error: unknown) => error as OAuthError);
    const other = publish(server);
    const busy = await refusal(documents.load(other.url));
    assert.equal(busy.error, 'temporarily_unavailable');
    assert.equal(busy.status, 503);
    assert.match(busy.message, /Too many apps’ metadata documents are being fetched right now/);
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(server.requestsFor(slow).length, 1, 'one request for both loads');
    const [a, b] = await Promise.all([first, second]);
    assert.equal(a, b, 'both loads got the one outcome');
    assert.match((a as OAuthError).message, /did not answer within 0\.8 seconds/);
    assert.equal((await documents.load(other.url)).clientId, other.url, 'free again');
  });
});
