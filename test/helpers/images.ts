/**
 * Tiny valid images, 3×2 pixels unless named otherwise. Made with Chromium's encoders (canvas.toDataURL; the JPEG's
 * ICC segment and the WebP's ICCP chunk removed) and checked to decode in Chromium at the stated size. The GIF is
 * hand-assembled (LZW with a clear code every two pixels, so all codes are 3 bits).
 */
const b64 = (s: string) => Buffer.from(s, 'base64');

export const IMAGES = {
  /** Baseline JPEG, JFIF APP0 segment, then quantisation tables, then SOF0. */
  jpeg: b64(
    '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAACAAMDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAaEAEAAQUAAAAAAAAAAAAAAAAAAQIDMnKx/8QAFQEBAQAAAAAAAAAAAAAAAAAAAgb/xAAbEQACAQUAAAAAAAAAAAAAAAAAAQIDMjNxsf/aAAwDAQACEQMRAD8AiXs41p5AAzuZU0MUdLh//9k=',
  ),
  png: b64('iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAYAAACddGYaAAAAF0lEQVR4AWI6w2D8n2Hm//8gmokBCQAAAAD//3m9zgkAAAAGSURBVAMAfh0GmIHyMBIAAAAASUVORK5CYII='),
  /** Extended (VP8X) WebP around a lossy VP8 frame. */
  webp: b64('UklGRlwAAABXRUJQVlA4WAoAAAAAAAAAAgAAAQAAVlA4ID4AAAAwAgCdASoDAAIAAsBMJagCdEcAZIACzay8LAD+5Ns3dunTHhPJblkN/+aL44B/5N//+QZ/5944B/5N/08AAA=='),
  gif: b64('R0lGODlhAwACAIAAAAAAAP///ywAAAAAAwACAAACBESIECkAOw=='),
  /** 1×1 simple-format lossy WebP (a bare VP8 chunk). */
  webpLossy1x1: b64('UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA'),
  /** 1×1 lossless WebP (a bare VP8L chunk). */
  webpLossless1x1: b64('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA=='),
} as const;

export interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  content: Buffer | string;
}

/** A multipart/form-data body (RFC 7578) and its Content-Type header. */
export function multipart(parts: Part[], boundary = `----commerce-test-${Math.random().toString(16).slice(2)}`) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if (part.contentType !== undefined) head += `Content-Type: ${part.contentType}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), Buffer.from(part.content), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
