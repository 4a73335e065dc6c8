import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Merchant } from './merchants.ts';

export const REDIRECT_URI = 'https://app.example.com/callback';

let address = 0;
/** A fresh client address per registration, so tests do not trip the registration rate limit (20 per address). */
export function nextAddress(): string {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
}

export interface Client {
  client_id: string;
  client_name: string;
  redirect_uris: string[];
}

/** Registers an app through POST /oauth/register. */
export async function registerClient(app: FastifyInstance, body: Record<string, unknown> = {}): Promise<Client> {
  const res = await app.inject({
    method: 'POST',
    url: '/oauth/register',
    remoteAddress: nextAddress(),
    payload: { client_name: 'Test App', redirect_uris: [REDIRECT_URI], ...body },
  });
  assert.equal(res.statusCode, 201, res.body);
  return res.json();
}

/** A PKCE pair (RFC 7636): a 43-character verifier and its S256 challenge. */
export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The query of an authorization request; `undefined` leaves a parameter out, an array repeats it. */
export function authorizeQuery(client: Client, challenge: string, overrides: Record<string, string | string[] | undefined> = {}): string {
  const params: Record<string, string | string[] | undefined> = {
    response_type: 'code',
    client_id: client.client_id,
    redirect_uri: client.redirect_uris[0],
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'state-123',
    ...overrides,
  };
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) search.append(name, v);
  }
  return search.toString();
}

export function encodeForm(fields: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) search.append(name, value);
  return search.toString();
}

/** A browser over `inject`: keeps cookies, sends forms. */
export class Browser {
  readonly app: FastifyInstance;
  readonly cookies = new Map<string, string>();
  constructor(app: FastifyInstance) {
    this.app = app;
  }

  private remember(res: LightMyRequestResponse): LightMyRequestResponse {
    const set = res.headers['set-cookie'];
    for (const line of set === undefined ? [] : Array.isArray(set) ? set : [set]) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      if (/Max-Age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, pair!.slice(eq + 1));
    }
    return res;
  }

  cookieHeader(): Record<string, string> {
    return this.cookies.size === 0 ? {} : { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
  }

  async get(url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    return this.remember(await this.app.inject({ method: 'GET', url, headers: { ...this.cookieHeader(), ...headers } }));
  }

  async post(url: string, fields: Record<string, string | undefined>, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    return this.remember(
      await this.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...this.cookieHeader(), ...headers },
        payload: encodeForm(fields),
      }),
    );
  }
}

/** A hidden field of the page's (first) form with this name. */
export function hiddenField(body: string, name: string): string | undefined {
  return new RegExp(`name="${name}" value="([^"]*)"`).exec(body)?.[1];
}

/** The authorization request id in the page's forms. */
export function requestIdOf(body: string): string {
  const id = hiddenField(body, 'request') ?? /\/oauth\/authorize\/(oar_[A-Za-z0-9_-]+)\//.exec(body)?.[1];
  assert.ok(id, `no authorization request on the page: ${body.slice(0, 500)}`);
  return id;
}

/** Signs in on the sign-in page the browser is looking at; returns the response (303 on success). */
export async function signIn(browser: Browser, page: LightMyRequestResponse, merchant: Pick<Merchant, 'email' | 'password'>) {
  assert.equal(page.statusCode, 200, page.body);
  assert.match(page.body, /<h1>Sign in<\/h1>/);
  return browser.post('/sign-in', {
    csrf: hiddenField(page.body, 'csrf'),
    request: hiddenField(page.body, 'request'),
    email: merchant.email,
    password: merchant.password,
  });
}

export interface Authorized {
  location: URL;
  code: string | null;
  browser: Browser;
}

/**
 * Drives an authorization through the pages: GET /oauth/authorize, sign-in (unless the browser is signed in), the
 * store picker when shown (choosing `storeId`), and the decision. Returns where the browser was sent.
 */
export async function authorize(
  app: FastifyInstance,
  merchant: Merchant,
  client: Client,
  options: { challenge?: string; query?: Record<string, string | string[] | undefined>; storeId?: string; decision?: 'allow' | 'deny'; browser?: Browser } = {},
): Promise<Authorized> {
  const browser = options.browser ?? new Browser(app);
  const challenge = options.challenge ?? pkce().challenge;
  let page = await browser.get(`/oauth/authorize?${authorizeQuery(client, challenge, options.query)}`);
  if (page.statusCode === 200 && /<h1>Sign in<\/h1>/.test(page.body)) {
    const signedIn = await signIn(browser, page, merchant);
    assert.equal(signedIn.statusCode, 303, signedIn.body);
    page = await browser.get(signedIn.headers.location as string);
  }
  if (page.statusCode === 200 && /name="store"/.test(page.body)) {
    const id = requestIdOf(page.body);
    const chosen = await browser.post(`/oauth/authorize/${id}/store`, { csrf: hiddenField(page.body, 'csrf'), store: options.storeId ?? merchant.storeId });
    assert.equal(chosen.statusCode, 303, chosen.body);
    page = await browser.get(chosen.headers.location as string);
  }
  if (page.statusCode === 303) {
    const location = new URL(page.headers.location as string);
    return { location, code: location.searchParams.get('code'), browser };
  }
  assert.equal(page.statusCode, 200, page.body);
  assert.match(page.body, /value="allow"/, 'the consent page');
  const id = requestIdOf(page.body);
  const decided = await browser.post(`/oauth/authorize/${id}/decision`, { csrf: hiddenField(page.body, 'csrf'), decision: options.decision ?? 'allow' });
  assert.equal(decided.statusCode, 303, decided.body);
  const location = new URL(decided.headers.location as string);
  return { location, code: location.searchParams.get('code'), browser };
}

/** POST /oauth/token with a form body. */
export async function tokenRequest(app: FastifyInstance, fields: Record<string, string | undefined>, headers: Record<string, string> = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: encodeForm(fields),
  });
  return { status: res.statusCode, headers: res.headers, body: res.body === '' ? undefined : res.json(), raw: res.body };
}

export interface Connection {
  client: Client;
  verifier: string;
  accessToken: string;
  refreshToken: string;
  scope: string;
  auth: Record<string, string>;
}

/** Registers an app (or uses `client`), has the merchant allow it, and exchanges the code. */
export async function connect(
  app: FastifyInstance,
  merchant: Merchant,
  options: { client?: Client; scope?: string; storeId?: string } = {},
): Promise<Connection> {
  const client = options.client ?? (await registerClient(app));
  const { verifier, challenge } = pkce();
  const { code } = await authorize(app, merchant, client, { challenge, query: { scope: options.scope }, storeId: options.storeId });
  assert.ok(code, 'a code');
  const res = await tokenRequest(app, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: client.redirect_uris[0],
    client_id: client.client_id,
    code_verifier: verifier,
  });
  assert.equal(res.status, 200, res.raw);
  return {
    client,
    verifier,
    accessToken: res.body.access_token,
    refreshToken: res.body.refresh_token,
    scope: res.body.scope,
    auth: { authorization: `Bearer ${res.body.access_token}` },
  };
}

/** grant_type=refresh_token */
export function refresh(app: FastifyInstance, connection: Pick<Connection, 'client' | 'refreshToken'>, extra: Record<string, string> = {}) {
  return tokenRequest(app, { grant_type: 'refresh_token', refresh_token: connection.refreshToken, client_id: connection.client.client_id, ...extra });
}
