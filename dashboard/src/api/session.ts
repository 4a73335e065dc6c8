import { ApiError } from './errors.ts';

// The short-lived session token, held in memory only (never in localStorage or sessionStorage).
// It is obtained from the HttpOnly browser session cookie through POST /v1/auth/session-token, renewed at 80 % of
// its life and once after a 401, and dropped on sign-out.

const RENEW_AT = 0.8;

let current: { token: string; expiresAt: number } | null = null;
let pending: Promise<string> | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
let signedOut = false;

/** Timestamps on the wire are UTC without a zone ("2026-11-24T14:05:00.000"). */
export function parseWireTimestamp(value: string): number {
  return Date.parse(/[zZ]|[+-]\d\d:\d\d$/.test(value) ? value : `${value}Z`);
}

/** A full page navigation to the server's sign-in page, which comes back to where the merchant was. */
export function redirectToLogin(): never {
  const next = window.location.pathname + window.location.search;
  window.location.assign(`/login?next=${encodeURIComponent(next)}`);
  throw new SessionEndedError();
}

export class SessionEndedError extends Error {
  constructor() {
    super('The session has ended; sending you to sign in.');
    this.name = 'SessionEndedError';
  }
}

/** A token valid now; fetches one if none is held. */
export function getToken(): Promise<string> {
  if (current && Date.now() < current.expiresAt) return Promise.resolve(current.token);
  return renewToken();
}

/**
 * Asks for a new token (one request at a time, however many callers). With `rejected`, the token a 401 refused: if
 * another caller has already replaced it, that newer token is used instead of asking again.
 */
export function renewToken(rejected?: string): Promise<string> {
  if (signedOut) return Promise.reject(new SessionEndedError());
  if (rejected !== undefined && current && current.token !== rejected && Date.now() < current.expiresAt) return Promise.resolve(current.token);
  pending ??= fetchToken().finally(() => {
    pending = null;
  });
  return pending;
}

async function fetchToken(): Promise<string> {
  let response: Response;
  try {
    response = await fetch('/v1/auth/session-token', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-Service-Client': 'dashboard' },
      body: '{}',
    });
  } catch (cause) {
    throw ApiError.network(cause);
  }
  if (response.status === 401) {
    current = null;
    redirectToLogin();
  }
  if (!response.ok) {
    throw await ApiError.fromResponse(response);
  }
  const body = (await response.json()) as { data: { token: string; expiresAt: string } };
  const expiresAt = parseWireTimestamp(body.data.expiresAt);
  current = { token: body.data.token, expiresAt };
  schedule(expiresAt);
  return body.data.token;
}

function schedule(expiresAt: number): void {
  clearTimeout(timer);
  const life = expiresAt - Date.now();
  if (!(life > 0)) return;
  timer = setTimeout(() => {
    // A failure here is not fatal: the next API call renews (and a 401 renews again).
    renewToken().catch(() => {});
  }, life * RENEW_AT);
}

/** The token held now, without renewing (for sign-out). */
export function heldToken(): string | null {
  return current?.token ?? null;
}

/** Forgets the token and stops renewing it. */
export function dropToken(): void {
  signedOut = true;
  current = null;
  clearTimeout(timer);
}
