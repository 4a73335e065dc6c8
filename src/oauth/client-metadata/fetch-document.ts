import type { IncomingMessage } from 'node:http';
import * as http from 'node:http';
import * as https from 'node:https';
import { InvalidClientError } from '../../domain/oauth/errors.ts';
import { checkDestination, connectAttemptTimeoutMs, pinnedLookup, type Resolve } from '../../outbound/checked-destination.ts';
import type { CacheHeaders } from './http-freshness.ts';

export interface FetchBounds {
  timeoutMs: number;
  maxBytes: number;
  allowLoopback: boolean;
}

/** A 200 answer (its body, at most `maxBytes`), or a 304 to a conditional request. */
export type Fetched =
  | { status: 200; body: Buffer; headers: CacheHeaders; requestTime: number; responseTime: number }
  | { status: 304; headers: CacheHeaders; requestTime: number; responseTime: number };

/** The request header fields sent: nothing but these (no cookies, no credentials, no tokens: nothing is forwarded). */
const USER_AGENT = 'commerce-service (OAuth Client ID Metadata Document fetch)';

const CACHE_FIELDS = ['cache-control', 'expires', 'date', 'age', 'etag', 'last-modified', 'vary'] as const;

function cacheHeaders(response: IncomingMessage): CacheHeaders {
  const headers: CacheHeaders = {};
  for (const name of CACHE_FIELDS) {
    const value = response.headers[name];
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/** `application/json`, or a more specific JSON type `application/<something>+json` (the draft allows both). */
function isJsonType(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || /^application\/[a-z0-9.!#$&^_-]+\+json$/.test(type);
}

function timeoutError(refuse: (problem: string) => Error, timeoutMs: number): Error {
  return refuse(`it did not answer within ${timeoutMs / 1000} seconds.`);
}

/**
 * GETs a Client ID Metadata Document within the bounds (draft-ietf-oauth-client-id-metadata-document §"Client
 * Information Discovery", §"Server Side Request Forgery (SSRF) Attacks", §"Maximum Response Size"):
 * - the host is resolved once, and every address it resolves to must be fetchable (public; loopback only when
 *   allowed). The connection goes to the address that was checked (a pinned `lookup`), so a second DNS answer
 *   (rebinding) is never used; TLS still verifies the certificate for the host name;
 * - one deadline covers resolution, connection, TLS, the answer and the body;
 * - only `Accept: application/json` (and validators when revalidating) is sent; redirects are not followed: any
 *   answer other than 200 (or 304 to a conditional request) is refused, naming the status;
 * - the body must be JSON by its Content-Type and is read as a stream, cut off and refused past `maxBytes`.
 * Refusals are `invalid_client` errors naming the document's URL and the problem.
 */
export async function fetchDocument(
  url: URL,
  clientId: string,
  bounds: FetchBounds,
  options: { resolve: Resolve; conditional?: { etag?: string; lastModified?: string }; now: () => number },
): Promise<Fetched> {
  const refuse = (problem: string) => new InvalidClientError(`The app's client metadata document (${clientId}) could not be read: ${problem}`);
  const signal = AbortSignal.timeout(bounds.timeoutMs);
  const checked = await checkDestination(url, { allowLoopback: bounds.allowLoopback, resolve: options.resolve, signal });
  if (!checked.ok) {
    switch (checked.problem) {
      case 'timeout':
        throw timeoutError(refuse, bounds.timeoutMs);
      case 'unresolved':
        throw refuse(`its host ${checked.hostname} could not be resolved${checked.message === undefined ? '' : ` (${checked.code ?? 'DNS error'})`}.`);
      case 'forbidden':
        throw refuse(
          `${checked.literal ? 'it' : `its host ${checked.hostname}`} is at ${checked.address}, a ${checked.kind} address; metadata documents are fetched only from public addresses${
            checked.kind === 'loopback' ? ' (loopback is allowed only in development, OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK)' : ''
          }.`,
        );
      case 'http-beyond-loopback':
        throw refuse('it must be served over https.');
    }
  }
  const { hostname } = checked;
  const lookup = pinnedLookup(checked.addresses);
  const headers: Record<string, string> = { accept: 'application/json', 'user-agent': USER_AGENT };
  if (options.conditional?.etag !== undefined) headers['if-none-match'] = options.conditional.etag;
  if (options.conditional?.lastModified !== undefined) headers['if-modified-since'] = options.conditional.lastModified;

  const requestTime = options.now();
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Fetched>((resolve, reject) => {
    const fail = (error: Error) => reject(signal.aborted ? timeoutError(refuse, bounds.timeoutMs) : error);
    const request = client.request(
      {
        protocol: url.protocol,
        hostname,
        port: url.port === '' ? undefined : Number(url.port),
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        headers,
        // A fresh agent for this one request (nothing kept alive), connecting only to the checked addresses.
        agent: new (url.protocol === 'https:' ? https.Agent : http.Agent)({ keepAlive: false, lookup, autoSelectFamilyAttemptTimeout: connectAttemptTimeoutMs(bounds.timeoutMs) }),
        signal,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const answered = cacheHeaders(response);
        if (status === 304 && options.conditional !== undefined) {
          response.resume();
          resolve({ status: 304, headers: answered, requestTime, responseTime: options.now() });
          return;
        }
        if (status !== 200) {
          response.resume();
          const redirect = status >= 300 && status < 400 ? ' (redirects are not followed)' : '';
          fail(refuse(`it answered HTTP ${status}${redirect}; it must answer 200 OK.`));
          return;
        }
        const contentType = response.headers['content-type'];
        if (!isJsonType(contentType)) {
          response.resume();
          fail(refuse(`it answered Content-Type ${contentType ?? '(none)'}; it must be application/json.`));
          return;
        }
        const tooLarge = () => refuse(`it is larger than ${bounds.maxBytes} bytes.`);
        if (Number(response.headers['content-length'] ?? 0) > bounds.maxBytes) {
          request.destroy();
          fail(tooLarge());
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > bounds.maxBytes) {
            request.destroy();
            fail(tooLarge());
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => {
          if (size > bounds.maxBytes) return;
          resolve({ status: 200, body: Buffer.concat(chunks), headers: answered, requestTime, responseTime: options.now() });
        });
        response.on('error', (error) => fail(refuse(`the answer broke off (${(error as NodeJS.ErrnoException).code ?? error.message}).`)));
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => {
      const code = error.code ?? error.name;
      fail(refuse(/CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO/i.test(code) ? `its TLS certificate could not be verified (${code}).` : `it could not be reached (${code}).`));
    });
    request.end();
  });
}
