import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets kept at rest encrypted (a provider's secret key and webhook signing secret): AES-256-GCM with the service's
 * PAYMENT_SECRETS_KEY, a random 96-bit nonce per value, and the value's purpose (store, mode, provider, field) as
 * associated data, so a sealed value copied to another row or field does not open. Format: `v1.<nonce>.<tag>.<data>`
 * in base64url.
 */
export function sealSecret(key: Buffer, plaintext: string, purpose: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(purpose));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', nonce.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

/** The plaintext of a sealed value, or null when it does not open with this key and purpose. */
export function openSecret(key: Buffer, sealed: string, purpose: string): string | null {
  const [version, nonce, tag, data] = sealed.split('.');
  if (version !== 'v1' || !nonce || !tag || data === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
