import type { Actor, Mode, RequestContext, StoreContext, UserContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { Repos } from '../../store/repos.ts';
import { effectivePermissions } from '../permissions.ts';
import { hashSecret } from '../secrets.ts';
import type { ApiKey, User } from './types.ts';

/** Who a credential belongs to, before a store is chosen. */
export type Principal =
  | { kind: 'session'; user: User; sessionId: string }
  | { kind: 'api_key'; user: User; key: ApiKey };

export interface Credentials {
  /** The token from `Authorization: Bearer <token>`. */
  bearer?: string | undefined;
  /** The key from `X-MerchantApiKey`. */
  apiKey?: string | undefined;
}

const INVALID_TOKEN = 'The access token is invalid, expired or revoked. Sign in again (POST /v1/auth/login).';

/**
 * Turns credentials into a principal, and a principal plus `X-MerchantId` / `X-Mode` into the store context every
 * store-scoped service receives.
 */
export function createAuthService(deps: { repos: Repos }) {
  const { repos } = deps;

  function actorOf(principal: Principal): Actor {
    if (principal.kind === 'api_key') {
      return { type: 'api_key', id: principal.key.id, label: `API key ${principal.key.prefix}… (${principal.key.name})`, userId: principal.user.id };
    }
    return { type: 'user', id: principal.user.id, label: principal.user.email, userId: principal.user.id };
  }

  return {
    /** 401 AUTH_REQUIRED without credentials, AUTH_INVALID for unknown, expired or revoked ones. */
    async authenticate(base: RequestContext, credentials: Credentials): Promise<Principal> {
      if (credentials.bearer !== undefined && credentials.apiKey !== undefined) {
        throw new AppError('AUTH_AMBIGUOUS', 'Send either Authorization: Bearer or X-MerchantApiKey, not both.');
      }
      if (credentials.apiKey !== undefined) {
        const key = await repos.apiKeys.findActiveByHashAcrossStores(hashSecret(credentials.apiKey));
        const user = key && (await repos.accounts.findUser(key.createdBy));
        if (!key || !user) {
          throw new AppError('AUTH_INVALID', 'The API key is invalid or has been revoked. Create a new one under API keys.', {
            headers: { 'www-authenticate': 'Bearer realm="commerce-service", error="invalid_token", error_description="The API key is invalid or revoked"' },
          });
        }
        await repos.apiKeys.touch(key.storeId, key.id, base.now);
        return { kind: 'api_key', user, key };
      }
      if (credentials.bearer !== undefined) {
        const found = await repos.accounts.findActiveSession(hashSecret(credentials.bearer), base.now);
        if (!found) {
          throw new AppError('AUTH_INVALID', INVALID_TOKEN, {
            headers: { 'www-authenticate': 'Bearer realm="commerce-service", error="invalid_token", error_description="The access token is invalid, expired or revoked"' },
          });
        }
        return { kind: 'session', user: found.user, sessionId: found.session.id };
      }
      throw new AppError(
        'AUTH_REQUIRED',
        'This route needs a credential: send Authorization: Bearer <token> (from POST /v1/auth/login) or X-MerchantApiKey: <key>.',
        { headers: { 'www-authenticate': 'Bearer realm="commerce-service"' } },
      );
    },

    userContext(base: RequestContext, principal: Principal): UserContext {
      return { ...base, actor: actorOf(principal), credential: principal.kind === 'api_key' ? 'api_key' : 'session' };
    },

    /**
     * Chooses the active store and mode. A session uses `X-MerchantId`, or the user's only store; an API key its own
     * store and mode. A store the caller does not belong to is 404 (existence does not leak); a mode the credential
     * is not bound to is 403.
     */
    async storeContext(
      base: RequestContext,
      principal: Principal,
      selection: { merchantId?: string | undefined; mode?: Mode | undefined },
    ): Promise<StoreContext> {
      const userCtx = this.userContext(base, principal);
      let storeId: string;
      let mode: Mode;
      let restriction: ApiKey['permissions'] = null;
      if (principal.kind === 'api_key') {
        if (selection.merchantId !== undefined && selection.merchantId !== principal.key.storeId) throw storeNotFound(selection.merchantId);
        if (selection.mode !== undefined && selection.mode !== principal.key.mode) {
          throw new AppError(
            'MODE_MISMATCH',
            `This API key is a ${principal.key.mode} key; it cannot reach ${selection.mode} data. Use a ${selection.mode} key or drop X-Mode.`,
          );
        }
        storeId = principal.key.storeId;
        mode = principal.key.mode;
        restriction = principal.key.permissions;
      } else {
        mode = selection.mode ?? 'live';
        if (selection.merchantId !== undefined) {
          storeId = selection.merchantId;
        } else {
          const count = await repos.merchants.countMemberships(principal.user.id);
          if (count !== 1) {
            throw new AppError(
              count === 0 ? 'STORE_NOT_FOUND' : 'MERCHANT_ID_REQUIRED',
              count === 0
                ? 'You do not belong to any store yet. Create one with POST /v1/stores.'
                : 'You belong to several stores: say which one with the X-MerchantId header (ids from GET /v1/stores).',
              count === 0 ? {} : { details: [{ path: 'X-MerchantId', rule: 'required when you belong to several stores' }] },
            );
          }
          storeId = (await repos.merchants.firstMembership(principal.user.id))!.storeId;
        }
      }
      const membership = await repos.merchants.findMembership(storeId, principal.user.id);
      if (!membership) {
        if (principal.kind === 'api_key') {
          // The key's creator has left the store: the key keeps its store but can do nothing.
          return { ...userCtx, tenant: { storeId, mode }, role: 'staff', permissions: new Set() };
        }
        throw storeNotFound(storeId);
      }
      return {
        ...userCtx,
        tenant: { storeId, mode },
        role: membership.role,
        permissions: effectivePermissions(membership.role, restriction),
      };
    },
  };
}

function storeNotFound(storeId: string): AppError {
  return new AppError('STORE_NOT_FOUND', `No store "${storeId}" that you belong to. List yours with GET /v1/stores.`);
}

export type AuthService = ReturnType<typeof createAuthService>;
