import { createHmac, randomBytes } from 'node:crypto';
import type { SendResult } from './delivery-rules.ts';
import type { WebhookTransport } from './ports.ts';
import type { SigningEndpoint } from './types.ts';

/**
 * Signing by the Standard Webhooks specification (https://www.standardwebhooks.com, "Signature scheme"): the secret
 * is `whsec_` followed by the base64 of 32 random bytes; the signature is HMAC-SHA256, keyed by those bytes, over
 * `{webhook-id}.{webhook-timestamp}.{body}`, sent as `v1,<base64>`; several signatures (a rotation's overlap) are
 * separated by spaces.
 */
export const SECRET_PREFIX = 'whsec_';

export function newSigningSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

export function signature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** The three headers of a delivery: `webhook-id` (the event's id, the same on every attempt), time, signatures. */
export function signedHeaders(secrets: readonly string[], id: string, at: Date, body: string): Record<string, string> {
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((s) => signature(s, id, timestamp, body)).join(' '),
  };
}

/** The secrets that sign at `at`: the current one, and the previous one while its overlap after a rotation lasts. */
function signingSecrets(endpoint: { secret: string; previousSecret: string | null; previousSecretExpiresAt: Date | null }, at: Date): string[] {
  const secrets = [endpoint.secret];
  if (endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > at) secrets.push(endpoint.previousSecret);
  return secrets;
}

/** POSTs an event's body to the endpoint, signed at `at` with the secrets that sign then. */
export function sendSigned(transport: Pick<WebhookTransport, 'send'>, endpoint: SigningEndpoint, eventId: string, payload: string, at: Date): Promise<SendResult> {
  return transport.send(endpoint.url, signedHeaders(signingSecrets(endpoint, at), eventId, at, payload), payload);
}
