import { InvalidRequestError } from '../../domain/oauth/errors.ts';

/** BASE64URL of a SHA-256 digest: exactly 43 characters without padding. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/**
 * PKCE is required for every request, with the S256 method only (RFC 7636 §4.4.1; RFC 9700 §2.1.1 — no downgrade:
 * there is no request without a challenge).
 */
export function checkPkce(challenge: string | undefined, method: string | undefined): string {
  if (challenge === undefined) throw new InvalidRequestError('code challenge required: send code_challenge and code_challenge_method=S256.');
  if (method !== 'S256') throw new InvalidRequestError('transform algorithm not supported: code_challenge_method must be S256.');
  if (!S256_CHALLENGE.test(challenge)) {
    throw new InvalidRequestError('code_challenge must be the BASE64URL (43 characters, no padding) of the SHA-256 of the code_verifier.');
  }
  return challenge;
}
