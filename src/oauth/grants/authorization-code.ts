import type { RequestContext } from '../../context.ts';
import type { OAuthService } from '../../domain/oauth/oauth-service.ts';
import type { TokenSet } from '../../domain/oauth/types.ts';
import { checkRequired } from '../checks/check-required.ts';
import { checkResource } from '../checks/check-resource.ts';
import type { OAuthParams } from '../params.ts';

/**
 * grant_type=authorization_code (RFC 6749 §4.1.3 with PKCE, RFC 7636 §4.5): code, redirect_uri, client_id,
 * code_verifier, and optionally resource (checked here against the resource this server serves, and by the service
 * against the granted one). A missing redirect_uri or code_verifier is invalid_grant, like a wrong one.
 */
export function authorizationCodeGrant(oauth: OAuthService, ctx: RequestContext, params: OAuthParams): Promise<TokenSet> {
  const code = checkRequired(params, 'code');
  const clientId = checkRequired(params, 'client_id');
  return oauth.redeemCode(ctx, {
    clientId,
    code,
    redirectUri: params.get('redirect_uri'),
    codeVerifier: params.get('code_verifier'),
    resource: checkResource(params, oauth.resource),
  });
}
