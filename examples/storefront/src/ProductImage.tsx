import { useEffect, useState } from 'react';
import type { ShopClient } from './api.ts';

/**
 * A product's picture. `GET /v1/files/{id}` needs the publishable key in a header, which an `<img src>` cannot send, so
 * the image is fetched with the key and shown from a blob URL (the page's CSP allows `img-src blob:`). Nothing is shown
 * while it loads or if it cannot be read.
 */
export function ProductImage({ api, fileId, alt, className }: { api: ShopClient; fileId: string | null | undefined; alt: string; className?: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!fileId) return;
    let url: string | null = null;
    let current = true;
    api
      .GET('/v1/files/{id}', { params: { path: { id: fileId } }, parseAs: 'blob' })
      .then(({ data, response }) => {
        if (!current || !response.ok || !(data instanceof Blob)) return;
        url = URL.createObjectURL(data);
        setSrc(url);
      })
      .catch(() => {});
    return () => {
      current = false;
      setSrc(null);
      if (url) URL.revokeObjectURL(url);
    };
  }, [api, fileId]);
  if (!fileId) return null;
  return src ? <img src={src} alt={alt} className={className} width={96} height={96} /> : <span className={`${className ?? ''} placeholder`} aria-hidden="true" />;
}
