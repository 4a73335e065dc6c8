import { InvalidRequestError, UnsupportedGrantTypeError } from '../../domain/oauth/errors.ts';

export type SupportedGrantType = 'authorization_code' | 'refresh_token';

/** Only the code grant and refresh: no password, client_credentials or implicit (RFC 9700 §2.4). */
export function checkGrantType(grantType: string | undefined): SupportedGrantType {
  if (grantType === undefined) throw new InvalidRequestError('grant_type is required (authorization_code or refresh_token).');
  if (grantType !== 'authorization_code' && grantType !== 'refresh_token') {
    throw new UnsupportedGrantTypeError('grant_type must be authorization_code or refresh_token.');
  }
  return grantType;
}
