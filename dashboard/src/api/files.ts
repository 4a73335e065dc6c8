import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiResponse, type Envelope, type Tenant } from './client.ts';
import type { Schemas } from './wire.ts';

type UploadedFile = Schemas['File'];

/**
 * The two file calls (docs/files.md) whose bodies are not JSON: uploading an image (`POST /v1/files`, multipart,
 * products:write) and reading one back (`GET /v1/files/{id}`, products:read) as bytes for an `<img>`, which cannot
 * send the bearer token itself. Both go through `apiResponse`: the same headers, token renewal and errors as every call.
 */

/** The types POST /v1/files accepts (judged from the bytes; this only narrows the file picker). */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';
/** 10 MiB, the upload limit (413 FILE_TOO_LARGE beyond it). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** POST /v1/files: one image in a multipart part named `file`, with an Idempotency-Key (a retry replays the upload). */
export async function uploadImage(tenant: Tenant, file: File, idempotencyKey: string): Promise<UploadedFile> {
  const body = new FormData();
  body.append('file', file, file.name);
  const response = await apiResponse('/v1/files', { tenant, method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } });
  return ((await response.json()) as Envelope<UploadedFile>).data;
}

/**
 * An uploaded image as an object URL for `<img src>` (the CSP allows `blob:` images), read with the member's token
 * and kept per store and mode (a file's bytes never change). The URL is revoked when the image changes or the
 * component goes. `enabled: false` (no products:read) reads nothing.
 */
export function useImageUrl(tenant: Tenant, fileId: string | null, enabled = true): { url: string | null; error: unknown; pending: boolean } {
  const on = enabled && fileId !== null;
  const query = useQuery({
    queryKey: ['tenant', tenant.storeId, tenant.mode, 'file', fileId],
    enabled: on,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async ({ signal }) => (await apiResponse(`/v1/files/${encodeURIComponent(fileId ?? '')}`, { tenant, signal, headers: { Accept: '*/*' } })).blob(),
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
  return { url: on ? url : null, error: on ? query.error : null, pending: on && query.isPending };
}
