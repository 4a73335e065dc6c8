import { InvalidRequestError } from '../../domain/oauth/errors.ts';
import type { OAuthParams } from '../params.ts';

/**
 * RFC 6749 §3.1: "Request and response parameters MUST NOT be included more than once." `resource` is left to
 * check-resource: RFC 8707 allows it to repeat, and we answer a repeat with invalid_target.
 */
export function checkNoDuplicates(params: OAuthParams, only?: readonly string[]): void {
  const repeated = params.duplicates().filter((name) => name !== 'resource' && (only === undefined || only.includes(name)));
  if (repeated.length > 0) throw new InvalidRequestError(`Each parameter may be sent once; sent more than once: ${repeated.join(', ')}.`);
}
