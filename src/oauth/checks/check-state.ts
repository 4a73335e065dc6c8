import { InvalidRequestError } from '../../domain/oauth/errors.ts';

const MAX_STATE = 1024;

/** Where the authorization server explains what a client without `state` must add (the `error_uri` of that refusal). */
export const STATE_HELP_PATH = '/oauth/help/state';

/**
 * What a client that sent no `state` must add, for its developer: the refusal's `error_description` says it whole,
 * because many clients show only that.
 */
export const STATE_REQUIRED =
  'state is required by this authorization server (it protects the redirect against cross-site request forgery). Add state=<a new random value for each authorization, e.g. 32 hex characters> to the authorization URL, keep it with the code_verifier, and refuse a redirect whose state differs. With the MCP TypeScript SDK, implement state() in your OAuthClientProvider (return crypto.randomUUID()); the SDK then sends it. See error_uri.';

/** `state` is required here (docs/oauth.md, "The flow"; OAuth 2.1 only recommends it) and is returned unchanged. */
export function checkState(state: string | undefined): string {
  if (state === undefined || state === '') throw new InvalidRequestError(STATE_REQUIRED);
  if (state.length > MAX_STATE) throw new InvalidRequestError(`state must be at most ${MAX_STATE} characters.`);
  return state;
}
