import type { Tenant } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import { getToken, redirectToLogin, renewToken } from '../api/session.ts';
import type { Envelope, UploadedFile } from '../api/types.ts';

/**
 * The two file calls `api()` cannot make, because their bodies are not JSON (docs/files.md): uploading an image
 * (`POST /v1/files`, multipart, products:write) and reading one back (`GET /v1/files/{id}`, products:read) as a blob
 * for an `<img>` — an `<img src>` cannot send the bearer token. Same headers, same one renewal after a 401.
 */
async function send(path: string, tenant: Tenant, init: { method: 'GET' | 'POST'; body?: FormData; headers?: Record<string, string>; signal?: AbortSignal }): Promise<Response> {
  const attempt = async (token: string) => {
    try {
      return await fetch(path, {
        method: init.method,
        credentials: 'same-origin',
        signal: init.signal,
        body: init.body,
        headers: {
          Authorization: `Bearer ${token}`,
          'X-Service-Client': 'dashboard',
          'X-MerchantId': tenant.storeId,
          'X-Mode': tenant.mode,
          ...init.headers,
        },
      });
    } catch (cause) {
      if (init.signal?.aborted) throw cause;
      throw ApiError.network(cause);
    }
  };
  const token = await getToken();
  let response = await attempt(token);
  if (response.status === 401) {
    response = await attempt(await renewToken(token));
    if (response.status === 401) redirectToLogin();
  }
  if (!response.ok) throw await ApiError.fromResponse(response);
  return response;
}

/** Uploads an image; `idempotencyKey` makes a retry of the same upload answer the first one. */
export async function uploadImage(file: File, tenant: Tenant, idempotencyKey: string): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  const response = await send('/v1/files', tenant, { method: 'POST', body: form, headers: { Accept: 'application/json', 'Idempotency-Key': idempotencyKey } });
  return ((await response.json()) as Envelope<UploadedFile>).data;
}

/** An uploaded image as a blob: URL for an `<img>` (the page's CSP allows `img-src blob:`); revoke it when done. */
export async function imageObjectUrl(fileId: string, tenant: Tenant, signal?: AbortSignal): Promise<string> {
  const response = await send(`/v1/files/${encodeURIComponent(fileId)}`, tenant, { method: 'GET', signal });
  return URL.createObjectURL(await response.blob());
}
