/**
 * A typed client for the commerce-service REST API (clients/js/README.md): openapi-fetch over the types generated
 * from the server's OpenAPI document (schema.ts), with what every caller needs — the credential (an API key or a
 * bearer token), the store (`X-MerchantId`) and mode (`X-Mode`), an `Idempotency-Key` on every POST (kept across the
 * client's own retries), `If-Match` from a loaded ETag, typed errors and cursor iteration.
 */
import createClient, { type Client, type FetchResponse } from 'openapi-fetch';
import type { components, paths } from './schema.ts';

export type { components, paths } from './schema.ts';

/** Every error code the API answers with (`error.code` of the error envelope). */
export type ErrorCode = components['schemas']['ErrorEnvelope']['error']['code'];
export type ErrorEnvelope = components['schemas']['ErrorEnvelope'];

/** A refused or failed request: the envelope's code, message and details, the status and the request id. */
export class CommerceApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly details: ErrorEnvelope['error']['details'];
  readonly requestId: string | undefined;
  readonly response: Response;
  constructor(response: Response, envelope: ErrorEnvelope) {
    super(envelope.message);
    this.name = 'CommerceApiError';
    this.status = response.status;
    this.code = envelope.error.code;
    this.details = envelope.error.details;
    this.requestId = envelope.requestId;
    this.response = response;
  }
}

export interface ClientOptions {
  /** The service's BASE_URL, e.g. `http://localhost:3000`. */
  baseUrl: string;
  /** A store API key (`sk_live_…`, `sk_test_…`), sent as `X-MerchantApiKey`. */
  apiKey?: string;
  /** A session token (`POST /v1/auth/login`) or an OAuth access token, sent as `Authorization: Bearer`. */
  token?: string;
  /**
   * A storefront's publishable key (`pk_live_…`, `pk_test_…`), sent as `X-PublishableKey`: in a web page, instead of
   * `apiKey` or `token`. Its POSTs (carts) get no `Idempotency-Key`: cart routes take none (a key is every visitor's,
   * docs/checkout.md) and a browser's preflight does not allow the header.
   */
  publishableKey?: string;
  /** The store to act in (`X-MerchantId`), for a person who belongs to several. */
  merchantId?: string;
  /** `live` or `test` (`X-Mode`); the credential's own mode by default. */
  mode?: 'live' | 'test';
  /** Retries after a network failure, a 503 or a 429 (waiting `Retry-After`, at most 5 s), with the same request. */
  retries?: number;
  fetch?: typeof globalThis.fetch;
}

/** The HTTP methods of a path, typed: `api.GET('/v1/products', { params: { query: { limit: 20 } } })`. */
export type CommerceClient = Client<paths> & {
  /** The same client acting with other options (another store, mode or credential). */
  with(options: Partial<ClientOptions>): CommerceClient;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createCommerceClient(options: ClientOptions): CommerceClient {
  const base = options.fetch ?? globalThis.fetch;
  const retries = options.retries ?? 2;
  // The same Request (and so the same Idempotency-Key) is sent again: the server answers a retried POST once.
  const fetchWithRetries = async (request: Request): Promise<Response> => {
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await base(request.clone());
        if ((response.status === 503 || response.status === 429) && attempt < retries) {
          const wait = Number(response.headers.get('retry-after') ?? '1');
          await sleep(Math.min(Number.isFinite(wait) ? wait : 1, 5) * 1000);
          continue;
        }
        return response;
      } catch (error) {
        if (attempt >= retries) throw error;
        await sleep(200 * 2 ** attempt);
      }
    }
  };
  const client = createClient<paths>({ baseUrl: options.baseUrl.replace(/\/+$/, ''), fetch: fetchWithRetries });
  client.use({
    onRequest({ request }) {
      if (options.apiKey) request.headers.set('x-merchantapikey', options.apiKey);
      else if (options.token) request.headers.set('authorization', `Bearer ${options.token}`);
      else if (options.publishableKey) request.headers.set('x-publishablekey', options.publishableKey);
      if (options.merchantId) request.headers.set('x-merchantid', options.merchantId);
      if (options.mode) request.headers.set('x-mode', options.mode);
      const storefront = !options.apiKey && !options.token && options.publishableKey;
      if (request.method === 'POST' && !storefront && !request.headers.has('idempotency-key')) request.headers.set('idempotency-key', crypto.randomUUID());
      return request;
    },
  });
  return Object.assign(client, { with: (more: Partial<ClientOptions>) => createCommerceClient({ ...options, ...more }) });
}

type Result<T> = { data?: T; error?: unknown; response: Response };

/**
 * The body of a successful answer, or a `CommerceApiError` thrown for a refusal (`error.code` typed); a body that is
 * not the error envelope (an OAuth endpoint's, a proxy's) becomes an error with code `INTERNAL_ERROR` and its status.
 */
export async function ok<T>(pending: Promise<Result<T>> | Result<T>): Promise<T> {
  const { data, error, response } = await pending;
  if (response.ok) return data as T;
  const envelope = error as Partial<ErrorEnvelope> | undefined;
  if (envelope?.error?.code) throw new CommerceApiError(response, envelope as ErrorEnvelope);
  throw new CommerceApiError(response, { status: false, message: `HTTP ${response.status}`, error: { code: 'INTERNAL_ERROR' }, requestId: response.headers.get('x-request-id') ?? '' } as ErrorEnvelope);
}

/** `If-Match` for a change of what was loaded: the ETag of that answer (412 PRECONDITION_FAILED if it changed since). */
export function ifMatch(loaded: Pick<FetchResponse<never, never, never>, 'response'> | { response: Response }): { 'If-Match': string } {
  const etag = loaded.response.headers.get('etag');
  if (!etag) throw new Error('The answer has no ETag to send back in If-Match.');
  return { 'If-Match': etag };
}

/** A list answer: a page of items and where the next one starts. */
interface Page<T> {
  data: T[];
  pagination: { nextCursor: string | null };
}

/**
 * Every item of a paged list, page after page (`pagination.nextCursor`): `for await (const p of pages((cursor) =>
 * api.GET('/v1/products', { params: { query: { limit: 100, cursor } } })))`.
 */
export async function* pages<T>(load: (cursor: string | undefined) => Promise<Result<Page<T>>>): AsyncGenerator<T> {
  let cursor: string | undefined;
  do {
    const page = await ok(load(cursor));
    yield* page.data;
    cursor = page.pagination.nextCursor ?? undefined;
  } while (cursor !== undefined);
}
