import { InvalidRequestError } from '../../domain/oauth/errors.ts';

const MAX_STATE = 1024;

/** `state` is required here (docs/oauth.md, "The flow"; OAuth 2.1 only recommends it) and is returned unchanged. */
export function checkState(state: string | undefined): string {
  if (state === undefined) throw new InvalidRequestError('state is required: send a random value and check it comes back unchanged.');
  if (state.length > MAX_STATE) throw new InvalidRequestError(`state must be at most ${MAX_STATE} characters.`);
  return state;
}
