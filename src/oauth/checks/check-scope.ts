import { isScope, type Scope, sortScopes } from '../../domain/oauth/scopes.ts';
import { InvalidScopeError } from '../../domain/oauth/errors.ts';

/**
 * A space-separated list of known scopes (RFC 6749 §3.3), or undefined when none was sent: the authorization endpoint
 * then grants the default `mcp:store` (docs/oauth.md, "Scopes"), a refresh keeps the granted scope.
 */
export function checkScope(scope: string | undefined): Scope[] | undefined {
  if (scope === undefined) return undefined;
  const values = scope.split(' ').filter((v) => v !== '');
  const unknown = values.filter((v) => !isScope(v));
  if (unknown.length > 0) throw new InvalidScopeError(`Unknown scope: ${unknown.join(' ')}. See scopes_supported in /.well-known/oauth-authorization-server.`);
  return values.length === 0 ? undefined : sortScopes(values as Scope[]);
}
