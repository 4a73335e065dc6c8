import { InvalidRequestError } from '../../domain/oauth/errors.ts';
import { type OAuthParams, parseParams } from '../params.ts';

/** Token and revocation requests are `application/x-www-form-urlencoded` (RFC 6749 §4.1.3, RFC 7009 §2.1). */
export function checkFormBody(contentType: string | undefined, body: unknown): OAuthParams {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') {
    throw new InvalidRequestError('The body must be application/x-www-form-urlencoded.');
  }
  return parseParams(typeof body === 'string' ? body : '');
}
