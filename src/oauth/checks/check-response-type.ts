import { InvalidRequestError, UnsupportedResponseTypeError } from '../../domain/oauth/errors.ts';

/** Only the authorization code flow: `response_type=code` (no implicit, no hybrid). */
export function checkResponseType(responseType: string | undefined): void {
  if (responseType === undefined) throw new InvalidRequestError('response_type is required and must be code.');
  if (responseType !== 'code') throw new UnsupportedResponseTypeError('Only response_type=code is supported.');
}
