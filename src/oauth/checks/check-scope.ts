import { CONNECTOR_SCOPE, isScope, type Scope, sortScopes } from '../../domain/oauth/scopes.ts';
import { InvalidScopeError } from '../errors.ts';

/**
 * A space-separated list of known scopes (RFC 6749 §3.3). Absent: the default, `mcp:store` (interface document);
 * `whenAbsent: undefined` for a refresh, where absent means "as granted".
 */
export function checkScope(scope: string | undefined, whenAbsent: Scope[] | undefined = [CONNECTOR_SCOPE]): Scope[] | undefined {
  if (scope === undefined) return whenAbsent;
  const values = scope.split(' ').filter((v) => v !== '');
  const unknown = values.filter((v) => !isScope(v));
  if (unknown.length > 0) throw new InvalidScopeError(`Unknown scope: ${unknown.join(' ')}. See scopes_supported in /.well-known/oauth-authorization-server.`);
  if (values.length === 0) return whenAbsent;
  return sortScopes(values as Scope[]);
}
