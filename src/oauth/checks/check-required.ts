import { InvalidRequestError } from '../../domain/oauth/errors.ts';
import type { OAuthParams } from '../params.ts';

/** A parameter the request cannot do without. */
export function checkRequired(params: OAuthParams, name: string): string {
  const value = params.get(name);
  if (value === undefined) throw new InvalidRequestError(`${name} is required.`);
  return value;
}
