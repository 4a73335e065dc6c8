import type { Tenant } from './api/client.ts';
import { ApiError } from './api/errors.ts';
import { getToken, redirectToLogin, renewToken } from './api/session.ts';

/** The file name a `Content-Disposition` header gives (`filename*=UTF-8''…` first, then `filename="…"`), or null. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // a malformed extended value: fall back to the plain one
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(disposition);
  const name = (plain?.[1] ?? plain?.[2] ?? '').trim();
  return name === '' ? null : name;
}

/**
 * Downloads a file the API answers (a CSV export) and saves it under the name its `Content-Disposition` gives. A link
 * cannot carry the bearer token, so the file is fetched with the dashboard's headers (as `api()` sends them, with the
 * same renewal after a 401) and handed to the browser as a Blob. Resolves with the file name; an error answer rejects
 * with its `ApiError` (message, request id, details naming the query parameter).
 */
export async function download(path: string, tenant: Tenant, fallbackName: string): Promise<string> {
  const send = async (token: string) => {
    try {
      return await fetch(path, {
        headers: {
          Accept: 'text/csv, application/json',
          Authorization: `Bearer ${token}`,
          'X-Service-Client': 'dashboard',
          'X-MerchantId': tenant.storeId,
          'X-Mode': tenant.mode,
        },
        credentials: 'same-origin',
      });
    } catch (cause) {
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
  const name = fileNameOf(response.headers.get('Content-Disposition')) ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the object URL is let go soon after.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
  return name;
}
