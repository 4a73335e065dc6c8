import { createCipheriv, createDecipheriv, hash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The rules of `Idempotency-Key` (docs/idempotency.md), free of HTTP and storage: how long a key lives, what makes
 * two requests "the same", what a repeat gets, and how a saved response is sealed.
 */

/** A key and its saved response are kept (and replayed) for 24 hours after the first request. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * How long an unfinished first request holds its key. A request that never finishes (the process died) frees the key
 * after this; generous because an upload over a slow link can take minutes.
 */
export const IDEMPOTENCY_LOCK_MS = 5 * 60 * 1000;

/** 1 to 255 printable ASCII characters (space allowed inside, not at either end). A UUID v4 is the intended form. */
const KEY = /^[\x21-\x7e](?:[\x20-\x7e]{0,253}[\x21-\x7e])?$/;

export function isValidIdempotencyKey(value: string): boolean {
  return KEY.test(value);
}

/**
 * The key a header value names, or null when it is malformed. The IETF draft writes the key as a quoted string
 * (`Idempotency-Key: "8e03978e-…"`); Stripe and most clients send it bare. Both forms name the same key.
 */
export function readIdempotencyKey(value: string): string | null {
  const key = value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
  return isValidIdempotencyKey(key) ? key : null;
}

/** What a repeat must match to be "the same request". */
export interface IdempotencyAttempt {
  method: string;
  /** Path and query string, as sent. */
  path: string;
  /** `requestFingerprint(method, path, body)` */
  fingerprint: string;
}

/** A response as it is saved and replayed. */
export interface SavedResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  bodyEncoding: 'utf8' | 'base64';
}

/** A key as stored: who holds it, for which request, and (once finished) the sealed response. */
export interface IdempotencyRecord {
  scope: string;
  keyHash: string;
  claimId: string;
  method: string;
  path: string;
  fingerprint: string;
  /** null while the first request is in flight */
  responseStatus: number | null;
  responseSealed: string | null;
  createdAt: Date;
  lockedUntil: Date | null;
  expiresAt: Date;
}

/** JSON with object keys sorted at every level, so `{"a":1,"b":2}` and `{"b":2,"a":1}` are the same body. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  const entries = Object.keys(value)
    .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
  return `{${entries.join(',')}}`;
}

/**
 * SHA-256 (hex) over method, path and the parsed body in canonical form. A body that was not parsed (a multipart
 * upload, read by the handler as a stream) is `undefined` here, so only method and path are compared for it.
 */
export function requestFingerprint(method: string, path: string, body: unknown): string {
  return hash('sha256', `${method.toUpperCase()}\n${path}\n${canonicalJson(body)}`, 'hex');
}

/** Which responses are kept for replay: everything the handler answered except 5xx (see docs/idempotency.md). */
export function isReplayable(status: number): boolean {
  return status >= 200 && status < 500;
}

export type Decision =
  | { kind: 'replay'; status: number }
  | { kind: 'reused' }
  | { kind: 'in_progress'; retryAfterSeconds: number }
  | { kind: 'take_over' };

/**
 * What a request carrying an existing key gets:
 * - the key is past its 24 hours: the new request takes the key over and runs;
 * - the key belongs to another request (method, path or body differ): refused;
 * - the first request is still running: refused for now, unless its lock ran out (it died), then taken over;
 * - otherwise the saved response is replayed.
 */
export function decide(existing: IdempotencyRecord, attempt: IdempotencyAttempt, now: Date): Decision {
  if (existing.expiresAt.getTime() <= now.getTime()) return { kind: 'take_over' };
  if (existing.method !== attempt.method || existing.path !== attempt.path || existing.fingerprint !== attempt.fingerprint) {
    return { kind: 'reused' };
  }
  if (existing.responseStatus === null) {
    const lockedUntil = existing.lockedUntil?.getTime() ?? 0;
    if (lockedUntil <= now.getTime()) return { kind: 'take_over' };
    return { kind: 'in_progress', retryAfterSeconds: 1 };
  }
  return { kind: 'replay', status: existing.responseStatus };
}

export function hashIdempotencyKey(key: string): string {
  return hash('sha256', key, 'hex');
}

/**
 * Saved responses can hold secrets (a new API key is shown once), so they are stored encrypted (AES-256-GCM) under a
 * key derived from the Idempotency-Key, which itself is stored only as a hash. Reading the table alone does not
 * reveal them, provided clients use random keys as asked.
 */
export function sealingKey(idempotencyKey: string, scope: string): Buffer {
  return Buffer.from(hkdfSync('sha256', idempotencyKey, scope, 'commerce-service idempotency response v1', 32));
}

export function sealResponse(response: SavedResponse, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(response), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
}

export function openResponse(sealed: string, key: Buffer): SavedResponse {
  const bytes = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  const plain = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  return JSON.parse(plain) as SavedResponse;
}
