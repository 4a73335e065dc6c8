import { ApiError } from './errors.ts';
import { getToken, redirectToLogin, renewToken } from './session.ts';

/** The mode a store's data is read and written in (`X-Mode`). */
export type Mode = 'live' | 'test';

/** Every success answer of the API: `data`, and `pagination` on a list. */
export interface Envelope<T> {
  status: true;
  message: string;
  data: T;
  pagination?: { limit: number; nextCursor: string | null; hasMore: boolean };
}

export interface Tenant {
  storeId: string;
  mode: Mode;
}

export interface ApiOptions {
  tenant?: Tenant;
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  signal?: AbortSignal;
  /** JSON, or a `FormData` sent as it is (multipart, with the browser's boundary). */
  body?: unknown;
  headers?: Record<string, string>;
  /** Revalidate with the service even when the browser's cache holds a fresh copy (after a 412, to see the current version). */
  fresh?: boolean;
}

/**
 * One call to the REST API with the dashboard's headers. Plain fetch with the default cache mode, so the browser's
 * HTTP cache keeps and revalidates the cached read routes by their ETags and cache windows.
 * A 401 renews the token once and retries once; a second 401 sends the browser to sign in.
 */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<Envelope<T>> {
  return (await apiWithEtag<T>(path, options)).body;
}

/** An answer with the resource's `ETag`, which an editor sends back as `If-Match` when it saves. */
export interface Tagged<T> {
  body: Envelope<T>;
  etag: string | null;
}

/** As {@link api}, keeping the response's `ETag`. A 204 (no content) gives an envelope without data. */
export async function apiWithEtag<T>(path: string, options: ApiOptions = {}): Promise<Tagged<T>> {
  const response = await apiResponse(path, options);
  const etag = response.headers.get('ETag');
  if (response.status === 204) return { body: { status: true, message: '', data: undefined as T }, etag };
  return { body: (await response.json()) as Envelope<T>, etag };
}

/**
 * The raw call under {@link api}: the dashboard's headers, the token renewed once after a 401 and the call retried
 * once, and an error answer thrown as `ApiError`; a successful `Response` is returned unread (bytes, multipart uploads).
 */
export async function apiResponse(path: string, options: ApiOptions = {}): Promise<Response> {
  const multipart = options.body instanceof FormData;
  const send = async (token: string) => {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      Authorization: `Bearer ${token}`,
      'X-Service-Client': 'dashboard',
    };
    if (options.tenant) {
      headers['X-MerchantId'] = options.tenant.storeId;
      headers['X-Mode'] = options.tenant.mode;
    }
    if (options.body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
    Object.assign(headers, options.headers);
    try {
      return await fetch(path, {
        method: options.method ?? 'GET',
        headers,
        credentials: 'same-origin',
        signal: options.signal,
        ...(options.fresh ? { cache: 'no-cache' as const } : {}),
        ...(options.body === undefined ? {} : { body: multipart ? (options.body as FormData) : JSON.stringify(options.body) }),
      });
    } catch (cause) {
      if (options.signal?.aborted) throw cause;
      throw ApiError.network(cause);
    }
  };

  const token = await getToken();
  let response = await send(token);
  if (response.status === 401) {
    response = await send(await renewToken(token));
    if (response.status === 401) redirectToLogin();
  }
  if (!response.ok) throw await ApiError.fromResponse(response);
  return response;
}
