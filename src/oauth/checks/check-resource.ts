import { canonicalResource } from '../../domain/oauth/oauth-rules.ts';
import { InvalidTargetError } from '../errors.ts';

/**
 * RFC 8707 §2: at most one `resource`, and it must be the resource this server issues tokens for (the AI connector
 * endpoint) once canonicalised (scheme and host case, default port, trailing slash). Absent: that resource.
 */
export function checkResource(values: string[], supported: string): string {
  if (values.length > 1) throw new InvalidTargetError('Send at most one resource.');
  const [value] = values;
  if (value === undefined) return supported;
  if (canonicalResource(value) !== supported) throw new InvalidTargetError(`resource must be ${supported}.`);
  return supported;
}
