import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { CONNECTOR_PROFILE_PATH } from '../src/mcp/discovery.ts';
import { startTestApp, TEST_BASE_URL, type TestApp } from './helpers/app.ts';

const B = TEST_BASE_URL;

/** The discovery documents of the AI connector and the OAuth metadata documents. */
const DOCUMENTS = [
  '/.well-known/mcp.json',
  CONNECTOR_PROFILE_PATH,
  '/.well-known/oauth-authorization-server',
  '/.well-known/oauth-protected-resource',
  '/.well-known/oauth-protected-resource/mcp',
];

/** Fields whose URL is an endpoint for POSTs or credentials, not a page or a document to read. */
const ENDPOINTS = new Set(['authorization_endpoint', 'token_endpoint', 'registration_endpoint', 'revocation_endpoint', 'mcpUrl', 'resource']);

/** Every string in a JSON value that is an absolute http(s) URL, with where it was found (`authentication.x`, `a[0]`). */
function absoluteUrls(value: unknown, at = ''): Array<{ at: string; url: string }> {
  if (typeof value === 'string') return /^https?:\/\//.test(value) && URL.canParse(value) ? [{ at, url: value }] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => absoluteUrls(v, `${at}[${i}]`));
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => absoluteUrls(v, at === '' ? k : `${at}.${k}`));
  return [];
}

const fieldOf = (at: string) => at.split('.').pop()!.replace(/\[\d+\]$/, '');

/** The path and query of one of our URLs (the app is reached by inject, as a browser would reach BASE_URL). */
function ours(url: string): string {
  const u = new URL(url);
  assert.equal(u.origin, new URL(B).origin, `${url} is under BASE_URL`);
  return `${u.pathname}${u.search}`;
}

/** A readable answer: a page with text, title and the page headers, or a JSON document. */
function assertReadable(res: LightMyRequestResponse, what: string): void {
  assert.equal(res.statusCode, 200, `${what}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  const type = String(res.headers['content-type']);
  if (type.startsWith('text/html')) {
    assert.match(res.body, /<title>[^<]+<\/title>/, `${what}: a titled page`);
    const text = res.body.replace(/<style>[\s\S]*?<\/style>/g, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    assert.ok(text.length > 200, `${what}: readable text (${text.length} characters)`);
    assert.match(String(res.headers['content-security-policy']), /frame-ancestors 'none'/, `${what}: CSP`);
    assert.equal(res.headers['x-frame-options'], 'DENY', what);
  } else {
    assert.match(type, /^application\/json/, `${what}: HTML or JSON, not ${type}`);
    assert.equal(typeof JSON.parse(res.body), 'object', what);
  }
}

describe('the links in the discovery and metadata documents', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp('sqlite');
  });
  after(() => t?.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  /** GET, following redirects within the app (at most 5). */
  async function follow(url: string): Promise<{ res: LightMyRequestResponse; hops: string[] }> {
    const hops = [url];
    let res = await get(url);
    while (res.statusCode >= 300 && res.statusCode < 400 && hops.length <= 5) {
      const next = ours(new URL(String(res.headers.location), `${B}${url}`).href);
      hops.push(next);
      res = await get(next);
    }
    return { res, hops };
  }

  it('answers every URL of both discovery documents and the metadata documents: pages and documents with a readable page or JSON, endpoints neither 404 nor 5xx', async () => {
    const found: Array<{ document: string; at: string; url: string }> = [];
    for (const document of DOCUMENTS) {
      const res = await get(document);
      assert.equal(res.statusCode, 200, document);
      for (const link of absoluteUrls(res.json())) found.push({ document, ...link });
    }
    const fields = new Set(found.map((f) => fieldOf(f.at)));
    for (const field of [
      'documentationUrl',
      'privacyPolicyUrl',
      'termsOfServiceUrl',
      'supportUrl',
      'authorizationServerMetadataUrl',
      'protectedResourceMetadataUrl',
      'issuer',
      'service_documentation',
      'authorization_servers',
      ...ENDPOINTS,
    ]) {
      assert.ok(fields.has(field), `a URL in ${field} was collected`);
    }
    for (const { document, at, url } of found) {
      const what = `${document} › ${at} (${url})`;
      if (ENDPOINTS.has(fieldOf(at))) {
        const res = await get(ours(url));
        assert.notEqual(res.statusCode, 404, what);
        assert.ok(res.statusCode < 500, `${what}: ${res.statusCode}`);
      } else {
        const { res, hops } = await follow(ours(url));
        assertReadable(res, `${what} via ${hops.join(' → ')}`);
      }
    }
  });

  it('answers the issuer URL itself with a redirect to the API reference', async () => {
    const res = await get('/');
    assert.equal(res.statusCode, 302);
    assert.equal(res.headers.location, '/docs');
    assert.equal((await t.app.inject({ method: 'HEAD', url: '/' })).statusCode, 302);
  });

  it('serves the built-in privacy, terms and support pages as plain text with the page headers and links between them', async () => {
    for (const [url, title] of [
      ['/legal/privacy', 'Privacy policy'],
      ['/legal/terms', 'Terms of service'],
      ['/support', 'Support'],
    ] as const) {
      const res = await get(url);
      assertReadable(res, url);
      assert.equal(res.headers['cache-control'], 'no-store');
      assert.match(res.body, new RegExp(`<title>${title} · commerce-service</title>`));
      assert.match(res.body, new RegExp(`<h1>${title}</h1>`));
      assert.match(res.body, /is run by the operator of this service\./);
      assert.match(res.body, /This is the standard text that comes with the commerce-service software\./);
      assert.match(res.body, /<a href="\/legal\/privacy">Privacy policy<\/a> · <a href="\/legal\/terms">Terms of service<\/a> · <a href="\/support">Support<\/a>/);
      assert.doesNotMatch(res.body, /<script|\{\{/, 'no scripts, no unfilled placeholders');
      assert.equal((await t.app.inject({ method: 'HEAD', url })).statusCode, 200);
    }
  });
});

describe('configured legal pages and links', () => {
  const dirs: string[] = [];
  after(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('names the configured operator and support email in the built-in texts, escaped', async () => {
    const t = await startTestApp('sqlite', { config: { legalPages: { dir: null, operatorName: 'Acme <Shops> & Co', supportEmail: 'help@shop.example' } } });
    try {
      const support = await t.app.inject({ method: 'GET', url: '/support' });
      assert.match(support.body, /is run by Acme &lt;Shops&gt; &amp; Co\./);
      assert.match(support.body, /by email at <a href="mailto:help@shop\.example">help@shop\.example<\/a>/);
      assert.doesNotMatch(support.body, /<Shops>/);
    } finally {
      await t.close();
    }
  });

  it('serves the operator’s own text from LEGAL_PAGES_DIR, escaped, and the built-in text for the pages it does not replace', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'commerce-legal-'));
    dirs.push(dir);
    writeFileSync(
      path.join(dir, 'privacy.md'),
      '# Our privacy promise\r\n\r\nWe keep <script>alert(1)</script> nothing & sell nothing.\nSecond line.\n\n## Contact\n\nWrite to privacy@acme.example or see https://acme.example/privacy.\n',
    );
    writeFileSync(path.join(dir, 'terms.txt'), 'Plain terms without a heading.');
    const t = await startTestApp('sqlite', { config: { legalPages: { dir, operatorName: 'Acme', supportEmail: null } } });
    try {
      const privacy = await t.app.inject({ method: 'GET', url: '/legal/privacy' });
      assert.equal(privacy.statusCode, 200);
      assert.match(privacy.body, /<title>Our privacy promise · commerce-service<\/title>/);
      assert.match(privacy.body, /<h1>Our privacy promise<\/h1><p>We keep &lt;script&gt;alert\(1\)&lt;\/script&gt; nothing &amp; sell nothing\.<br>Second line\.<\/p><h2>Contact<\/h2>/);
      assert.match(privacy.body, /<a href="mailto:privacy@acme\.example">privacy@acme\.example<\/a> or see <a href="https:\/\/acme\.example\/privacy">https:\/\/acme\.example\/privacy<\/a>\./);
      assert.doesNotMatch(privacy.body, /<script>/);
      assert.doesNotMatch(privacy.body, /standard text/, 'the operator’s own text is not called the standard one');
      assert.match(String(privacy.headers['content-security-policy']), /frame-ancestors 'none'/);

      const terms = await t.app.inject({ method: 'GET', url: '/legal/terms' });
      assert.match(terms.body, /<h1>Terms of service<\/h1><p>Plain terms without a heading\.<\/p>/);
      const support = await t.app.inject({ method: 'GET', url: '/support' });
      assert.match(support.body, /is run by Acme\./, 'no support.md: the built-in text');
      assert.match(support.body, /standard text/);
    } finally {
      await t.close();
    }
  });

  it('echoes configured external privacy, terms and support URLs in the connector profile', async () => {
    const connector = {
      privacyPolicyUrl: 'https://legal.example/privacy',
      termsOfServiceUrl: 'https://legal.example/terms',
      supportUrl: 'https://help.example/',
      allowedHosts: [],
      allowedOrigins: [],
    };
    const t = await startTestApp('sqlite', { config: { connector } });
    try {
      const profile = (await t.app.inject({ method: 'GET', url: CONNECTOR_PROFILE_PATH })).json();
      assert.equal(profile.privacyPolicyUrl, connector.privacyPolicyUrl);
      assert.equal(profile.termsOfServiceUrl, connector.termsOfServiceUrl);
      assert.equal(profile.supportUrl, connector.supportUrl);
    } finally {
      await t.close();
    }
  });
});
