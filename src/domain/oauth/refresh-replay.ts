import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { formatScope, type Scope, sortScopes } from './scopes.ts';
import type { TokenSet } from './types.ts';

/**
 * Lost responses on refresh (docs/oauth.md, decision 0004 addendum). A rotation commits, then its answer never reaches
 * the app (a timeout, a dropped connection); the app retries with the refresh token it still holds, which is now
 * consumed, and without help that retry reads as theft and revokes the grant. So the rotation keeps its answer on the
 * consumed token's row, and the same request with the same token within the window gets the same answer again: a
 * replay, never a second token pair.
 *
 * The answer holds live tokens, so it is sealed (AES-256-GCM, the row's hash as associated data) under a key derived
 * with HKDF from the consumed refresh token. The database keeps only SHA-256 of that token, from which the key cannot
 * be derived: only whoever holds the old refresh token can open it.
 */

/** What a rotation answered, and what it was asked (a retry must ask the same). */
export interface RefreshAnswer {
  accessToken: string;
  refreshToken: string;
  /** When the access token expires (epoch ms): a replay recomputes `expires_in`. */
  accessExpiresAt: number;
  scopes: Scope[];
  asked: RefreshAsked;
}

/** The optional parameters of the refresh request, normalised. */
export interface RefreshAsked {
  scope: string | null;
  resource: string | null;
}

export function refreshAsked(scopes: Scope[] | undefined, resource: string | undefined): RefreshAsked {
  return { scope: scopes === undefined ? null : formatScope(sortScopes(scopes)), resource: resource ?? null };
}

function sealingKey(refreshToken: string): Buffer {
  return Buffer.from(hkdfSync('sha256', refreshToken, '', 'commerce-service refresh replay v1', 32));
}

export function sealRefreshAnswer(presented: string, tokenHash: string, answer: RefreshAnswer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(presented), iv);
  cipher.setAAD(Buffer.from(tokenHash, 'utf8'));
  const sealed = Buffer.concat([cipher.update(JSON.stringify(answer), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
}

/** The sealed answer, or undefined when it does not open with this token (or is not one). */
export function openRefreshAnswer(presented: string, tokenHash: string, sealed: string): RefreshAnswer | undefined {
  try {
    const bytes = Buffer.from(sealed, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', sealingKey(presented), bytes.subarray(0, 12));
    decipher.setAAD(Buffer.from(tokenHash, 'utf8'));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return JSON.parse(Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8')) as RefreshAnswer;
  } catch {
    return undefined;
  }
}

/** The answer again, `expires_in` counted from now. */
export function replayedTokens(answer: RefreshAnswer, now: Date): TokenSet {
  return {
    accessToken: answer.accessToken,
    refreshToken: answer.refreshToken,
    expiresIn: Math.max(0, Math.round((answer.accessExpiresAt - now.getTime()) / 1000)),
    scopes: answer.scopes,
  };
}
