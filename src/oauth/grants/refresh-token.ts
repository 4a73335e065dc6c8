import type { RequestContext } from '../../context.ts';
import type { OAuthService } from '../../domain/oauth/oauth-service.ts';
import type { TokenSet } from '../../domain/oauth/types.ts';
import { checkRequired } from '../checks/check-required.ts';
import { checkResource } from '../checks/check-resource.ts';
import { checkScope } from '../checks/check-scope.ts';
import type { OAuthParams } from '../params.ts';

/** grant_type=refresh_token (RFC 6749 §6): refresh_token, client_id, and optionally a narrower scope and resource. */
export function refreshTokenGrant(oauth: OAuthService, ctx: RequestContext, params: OAuthParams): Promise<TokenSet> {
  const refreshToken = checkRequired(params, 'refresh_token');
  const clientId = checkRequired(params, 'client_id');
  return oauth.refresh(ctx, { clientId, refreshToken, scopes: checkScope(params.get('scope')), resource: checkResource(params, oauth.resource) });
}
