import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/** A content coding the API may answer in, with its level (gzip 1–9, brotli quality 0–11). */
export interface ApiCoding {
  coding: 'br' | 'gzip';
  level: number;
}

/**
 * Compression of API answers (API_COMPRESSION, docs/configuration.md; decision 0029, draft). Off unless configured:
 * what it costs in CPU against the bytes it saves is measured by `bench/compression.ts` before it is turned on.
 */
export interface ApiCompression {
  /** In the server's order of preference; the first the request's Accept-Encoding allows is used. */
  codings: readonly ApiCoding[];
  /** Answers smaller than this go out as they are (headers would eat most of the saving). */
  minBytes: number;
}

export const DEFAULT_COMPRESSION_MIN_BYTES = 8192;

/** `off` (or empty) → null; `br:4,gzip:6` → those codings in that order. Throws a message naming what is wrong. */
export function parseApiCompression(value: string | undefined, minBytes: string | undefined): ApiCompression | null {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '' || text === 'off') return null;
  const codings: ApiCoding[] = [];
  for (const part of text.split(',')) {
    const match = /^(br|gzip):(\d{1,2})$/.exec(part.trim());
    if (!match) throw new Error(`"${part.trim()}" is not br:<0-11> or gzip:<1-9>`);
    const coding = match[1] as ApiCoding['coding'];
    const level = Number(match[2]);
    if (coding === 'br' ? level > 11 : level < 1 || level > 9) throw new Error(`${coding} level ${level} is out of range (br 0-11, gzip 1-9)`);
    if (codings.some((c) => c.coding === coding)) throw new Error(`${coding} is named twice`);
    codings.push({ coding, level });
  }
  const min = (minBytes ?? '').trim() === '' ? DEFAULT_COMPRESSION_MIN_BYTES : Number(minBytes);
  if (!Number.isInteger(min) || min < 0 || min > 10_000_000) throw new Error(`API_COMPRESSION_MIN_BYTES "${minBytes}" is not a whole number of bytes`);
  return { codings, minBytes: min };
}

/** The codings Accept-Encoding allows (a q of 0 refuses one; `*` allows the rest), RFC 9110 §12.5.3. */
export function acceptedCodings(header: string | undefined): (coding: ApiCoding['coding']) => boolean {
  if (!header) return () => false;
  const q = new Map<string, number>();
  for (const member of header.split(',')) {
    const [name, ...params] = member.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    q.set(name.trim(), qParam === undefined ? 1 : Number(qParam.slice(2)) || 0);
  }
  return (coding) => (q.get(coding) ?? q.get('*') ?? 0) > 0;
}

/** One answer compressed with one coding: what the measurement script and the hook both call. */
export function compress(body: Buffer | string, { coding, level }: ApiCoding): Buffer {
  const input = typeof body === 'string' ? Buffer.from(body) : body;
  return coding === 'br'
    ? brotliCompressSync(input, { params: { [constants.BROTLI_PARAM_QUALITY]: level, [constants.BROTLI_PARAM_SIZE_HINT]: input.length, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } })
    : gzipSync(input, { level });
}

/**
 * Compresses the JSON answers of `/v1` and `/v2` GETs of at least `minBytes`, after the caching hook (so the ETag
 * is the identity body's, and a 304 is decided before any work). The ETag stays that of the uncompressed body: the
 * editors send it back in If-Match, which must keep matching whatever coding the answer travelled in (decision
 * 0029). Every such answer says `Vary: Accept-Encoding`, compressed or not, so a shared cache keeps them apart.
 */
export function registerApiCompression(app: FastifyInstance, options: ApiCompression): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.method !== 'GET' || !/^\/v[12]\//.test(request.url)) {
      done(null, payload);
      return;
    }
    const vary = reply.getHeader('vary');
    if (vary === undefined) reply.header('vary', 'Accept-Encoding');
    else if (!/(^|,)\s*accept-encoding\s*(,|$)/i.test(String(vary))) reply.header('vary', `${vary}, Accept-Encoding`);
    const status = reply.statusCode;
    const isBody = typeof payload === 'string' || Buffer.isBuffer(payload);
    const type = String(reply.getHeader('content-type') ?? '');
    if (!isBody || status < 200 || status >= 300 || reply.hasHeader('content-encoding') || !type.startsWith('application/json')) {
      done(null, payload);
      return;
    }
    if (Buffer.byteLength(payload) < options.minBytes) {
      done(null, payload);
      return;
    }
    const allows = acceptedCodings(request.headers['accept-encoding']);
    const chosen = options.codings.find((c) => allows(c.coding));
    if (!chosen) {
      done(null, payload);
      return;
    }
    const body = compress(payload, chosen);
    reply.header('content-encoding', chosen.coding);
    reply.header('content-length', body.length);
    done(null, body);
  });
}
