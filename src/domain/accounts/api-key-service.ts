import type { Mode, StoreContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { AuditRepo } from '../audit/ports.ts';
import type { ApiKeyRepo } from './ports.ts';
import type { Transactional } from '../shared/transactional.ts';
import { requirePermission } from '../shared/access.ts';
import { recordAudit } from '../shared/audit-trail.ts';
import { keyPermissions, refuseAppToken } from './credential-bounds.ts';
import { newId } from '../shared/ids.ts';
import type { Permission } from '../shared/permissions.ts';
import { hashSecret, newSecret } from '../shared/secrets.ts';
import type { ApiKey } from './types.ts';

/** The repositories api-key-service.ts reads and writes (the composition root passes them; src/db implements them). */
export interface ApiKeyServiceRepos {
  apiKeys: Pick<ApiKeyRepo, 'insert' | 'list' | 'revoke'>;
  audit: Pick<AuditRepo, 'insert'>;
}

/** `sk_live_` or `sk_test_`: the prefix tells a live key from a test key at a glance (and to secret scanners). */
export const API_KEY_PREFIX: Record<Mode, string> = { live: 'sk_live_', test: 'sk_test_' };

/**
 * API keys of the active store and mode. Managing them needs settings:write. A key acts as its creator, limited to
 * the permissions it was given: it never exceeds what the creator may do, now or later, nor what the credential that
 * created it could do (credential-bounds.ts). Connected apps cannot create keys.
 */
export function createApiKeyService(deps: { repos: Transactional<ApiKeyServiceRepos> }) {
  const { repos } = deps;
  return {
    async create(
      ctx: StoreContext,
      input: { name: string; mode?: Mode | undefined; permissions?: Permission[] | undefined },
    ): Promise<{ key: ApiKey; secret: string }> {
      requirePermission(ctx, 'settings:write');
      refuseAppToken(ctx, 'Creating an API key');
      const mode = input.mode ?? ctx.tenant.mode;
      if (ctx.credential !== 'session' && mode !== ctx.tenant.mode) {
        throw new AppError('MODE_MISMATCH', `A ${ctx.tenant.mode} credential cannot create a ${mode} key. Sign in to create keys of either mode.`);
      }
      const permissions = keyPermissions(ctx, input.permissions);
      const secret = newSecret(API_KEY_PREFIX[mode]);
      const key: ApiKey = {
        id: newId('key', ctx.now),
        storeId: ctx.tenant.storeId,
        mode,
        name: input.name,
        prefix: secret.slice(0, API_KEY_PREFIX[mode].length + 6),
        permissions,
        createdBy: ctx.actor.userId!,
        createdAt: ctx.now,
        lastUsedAt: null,
        revokedAt: null,
      };
      await repos.transaction(async (repos) => {
        await repos.apiKeys.insert(key, hashSecret(secret));
        await recordAudit(repos, { ...ctx, tenant: { ...ctx.tenant, mode } }, {
          action: 'api_key.create',
          targetType: 'api_key',
          targetId: key.id,
          details: { name: key.name, prefix: key.prefix, permissions: key.permissions },
        });
      });
      return { key, secret };
    },

    async list(ctx: StoreContext): Promise<ApiKey[]> {
      requirePermission(ctx, 'settings:write');
      return repos.apiKeys.list(ctx.tenant);
    },

    /** Revokes a key of the active store and mode; it stops working at once. */
    async revoke(ctx: StoreContext, id: string): Promise<void> {
      requirePermission(ctx, 'settings:write');
      await repos.transaction(async (repos) => {
        if (!(await repos.apiKeys.revoke(ctx.tenant, id, ctx.now))) {
          throw new AppError('API_KEY_NOT_FOUND', `No API key "${id}" in this store's ${ctx.tenant.mode} mode.`);
        }
        await recordAudit(repos, ctx, { action: 'api_key.revoke', targetType: 'api_key', targetId: id });
      });
    },
  };
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>;
