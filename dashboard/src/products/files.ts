import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Tenant } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import { getToken, redirectToLogin, renewToken } from '../api/session.ts';
import type { Envelope, UploadedFile } from '../api/types.ts';

/**
 * Image uploads and downloads for the catalog (docs/files.md). The shared client (api/client.ts) speaks JSON only;
 * these two calls send a multipart body and read bytes, with the same headers, token renewal and errors.
 */

/** The types POST /v1/files accepts (judged from the bytes; this only narrows the file picker). */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';
/** 10 MiB, the upload limit (413 FILE_TOO_LARGE beyond it). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

async function send(path: string, tenant: Tenant, init: { method: 'GET' | 'POST'; body?: FormData; headers?: Record<string, string>; signal?: AbortSignal }): Promise<Response> {
  const once = async (token: string) => {
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
  let response = await once(token);
  if (response.status === 401) {
    response = await once(await renewToken(token));
    if (response.status === 401) redirectToLogin();
  }
  if (!response.ok) throw await ApiError.fromResponse(response);
  return response;
}

/** POST /v1/files: one image in a multipart part named `file`, with an Idempotency-Key (a retry replays the upload). */
export async function uploadImage(tenant: Tenant, file: File, idempotencyKey: string): Promise<UploadedFile> {
  const body = new FormData();
  body.append('file', file, file.name);
  const response = await send('/v1/files', tenant, { method: 'POST', body, headers: { Accept: 'application/json', 'Idempotency-Key': idempotencyKey } });
  return ((await response.json()) as Envelope<UploadedFile>).data;
}

/**
 * An uploaded image as an object URL for `<img src>` (the bytes need the bearer token, so a plain URL would not load;
 * the CSP allows `blob:` images). The URL is revoked when the image changes or the component goes.
 */
export function useImageUrl(tenant: Tenant, fileId: string | null): { url: string | null; error: unknown; pending: boolean } {
  const query = useQuery({
    queryKey: ['tenant', tenant.storeId, tenant.mode, 'file', fileId],
    enabled: fileId !== null,
    staleTime: Number.POSITIVE_INFINITY, // a file's bytes never change
    queryFn: async ({ signal }) => (await send(`/v1/files/${encodeURIComponent(fileId ?? '')}`, tenant, { method: 'GET', signal })).blob(),
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!query.data) {
      setUrl(null);
      return;
    }
    const made = URL.createObjectURL(query.data);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [query.data]);
  return { url, error: query.error, pending: fileId !== null && query.isPending };
}
