import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import type { OAuthClientProvider, OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { Merchant } from './merchants.ts';
import { Browser, hiddenField, requestIdOf, signIn } from './oauth.ts';

/**
 * An OAuth client provider for the SDK clients' own `auth()` (v1 and v2 take the same shape): it keeps what the SDK
 * saves (client information, tokens, the PKCE verifier, the discovery state the v2 SDK binds the callback to), sends a
 * random `state`, and keeps the query the merchant's browser came back with, for `finishAuth`. Subclasses say how the
 * merchant is sent to authorize (`redirectToAuthorization`) and call `landed` with where they came back.
 */
export abstract class RecordingProvider implements OAuthClientProvider {
  info: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = '';
  sentState = '';
  discovery: OAuthDiscoveryState | undefined;
  /** The query of the redirect back to the app: `code` (or `error`), `state`, `iss`. */
  callback: URLSearchParams | undefined;
  readonly redirectUrl: string;
  constructor(redirectUrl: string) {
    this.redirectUrl = redirectUrl;
  }
  get clientMetadata(): OAuthClientMetadata {
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
  saveDiscoveryState(state: OAuthDiscoveryState) {
    this.discovery = state;
  }
  discoveryState() {
    return this.discovery;
  }
  abstract redirectToAuthorization(url: URL): Promise<void>;

  /** The merchant's browser came back to `location`: the app's redirect URI, with the state the app sent. */
  protected landed(location: URL): void {
    assert.equal(`${location.origin}${location.pathname}`, this.redirectUrl);
    assert.equal(location.searchParams.get('state'), this.sentState);
    this.callback = location.searchParams;
  }
}

/**
 * The merchant allows the app on the real pages, driven without a browser (sign-in, consent, decision); returns the
 * consent page's HTML and where the merchant was sent back.
 */
export async function allowOnThePages(app: FastifyInstance, merchant: Merchant, url: URL): Promise<{ consentPage: string; location: URL }> {
  const browser = new Browser(app);
  let page = await browser.get(`${url.pathname}${url.search}`);
  const signedIn = await signIn(browser, page, merchant);
  assert.equal(signedIn.statusCode, 303, signedIn.body);
  page = await browser.get(signedIn.headers.location as string);
  assert.match(page.body, /value="allow"/, 'the consent page');
  const decided = await browser.post(`/oauth/authorize/${requestIdOf(page.body)}/decision`, { csrf: hiddenField(page.body, 'csrf'), decision: 'allow' });
  assert.equal(decided.statusCode, 303, decided.body);
  return { consentPage: page.body, location: new URL(decided.headers.location as string) };
}
