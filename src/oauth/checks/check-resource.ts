import { canonicalResource } from '../../domain/oauth/oauth-rules.ts';
import { InvalidTargetError } from '../../domain/oauth/errors.ts';
import type { OAuthParams } from '../params.ts';

/**
 * RFC 8707 §2: at most one `resource` (this server issues tokens for one resource), and it must be that resource
 * once canonicalised (scheme and host case, default port, trailing slash). Returns the canonical value, or undefined
 * when none was sent (the authorization endpoint then uses the default, the token endpoint the granted one).
 */
export function checkResource(params: OAuthParams, supported: string): string | undefined {
  const values = params.all('resource');
  if (values.length > 1) throw new InvalidTargetError('Send at most one resource.');
  const [value] = values;
  if (value === undefined) return undefined;
  if (canonicalResource(value) !== supported) throw new InvalidTargetError(`resource must be ${supported}.`);
  return supported;
}
