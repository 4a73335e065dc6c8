import type { Mode, StoreContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { AuditRepo } from '../audit/ports.ts';
import { requirePermission } from '../shared/access.ts';
import { recordAudit } from '../shared/audit-trail.ts';
import { newId } from '../shared/ids.ts';
import { newSecret } from '../shared/secrets.ts';
import type { Transactional } from '../shared/transactional.ts';
import { refuseAppToken, requireCanCreatePublishableKey } from './credential-bounds.ts';
import type { PublishableKeyRepo } from './ports.ts';
import type { PublishableKey } from './types.ts';

/** The repositories publishable-key-service.ts reads and writes (the composition root passes them; src/db implements them). */
export interface PublishableKeyServiceRepos {
  publishableKeys: Pick<PublishableKeyRepo, 'insert' | 'list' | 'revoke'>;
  audit: Pick<AuditRepo, 'insert'>;
}

/**
 * `pk_live_` or `pk_test_`: a publishable key is told from a secret one (`sk_…`) at a glance, by people, by secret
 * scanners and by the API, which refuses each in the other's header.
 */
export const PUBLISHABLE_KEY_PREFIX: Record<Mode, string> = { live: 'pk_live_', test: 'pk_test_' };

/** Whether a credential looks like a publishable key (by its prefix; nothing is looked up). */
export function looksPublishable(credential: string): boolean {
  return credential.startsWith('pk_live_') || credential.startsWith('pk_test_');
}

/** Whether a credential looks like a secret API key (by its prefix). */
export function looksSecret(credential: string): boolean {
  return credential.startsWith('sk_live_') || credential.startsWith('sk_test_');
}

/**
 * Whether a browser page at `origin` may read the answers to `allowedOrigins`' store with its publishable key: the
 * origin is one of the store's storefront origins in the key's mode, exactly (both are canonical: scheme, host and
 * port as `URL.origin` writes them, which is how browsers send `Origin`).
 */
export function storefrontOriginAllowed(allowedOrigins: readonly string[], origin: string | undefined): boolean {
  return origin !== undefined && origin !== 'null' && allowedOrigins.includes(origin);
}

/**
 * Publishable keys of the active store and mode (docs/storefront.md). Creating and revoking them needs settings:write,
 * as API keys do; listing needs settings:read, since they are not secrets. A publishable key reads only what a
 * shopper may see (`SHOPPER_READS`), so creating one also needs the permissions those reads are part of
 * (credential-bounds.ts), and connected apps cannot create them: a key would outlive the app's grant. The key belongs
 * to the store, not to its creator: it keeps working when they leave, until it is revoked.
 */
export function createPublishableKeyService(deps: { repos: Transactional<PublishableKeyServiceRepos> }) {
  const { repos } = deps;
  return {
    async create(ctx: StoreContext, input: { name: string; mode?: Mode | undefined }): Promise<PublishableKey> {
      requirePermission(ctx, 'settings:write');
      refuseAppToken(ctx, 'Creating a publishable key');
      requireCanCreatePublishableKey(ctx);
      const mode = input.mode ?? ctx.tenant.mode;
      if (ctx.credential !== 'session' && mode !== ctx.tenant.mode) {
        throw new AppError('MODE_MISMATCH', `A ${ctx.tenant.mode} credential cannot create a ${mode} key. Sign in to create keys of either mode.`);
      }
      const key: PublishableKey = {
        id: newId('pkey', ctx.now),
        storeId: ctx.tenant.storeId,
        mode,
        name: input.name,
        // Not a secret, but not guessable either: the same 256 random bits as a secret key.
        key: newSecret(PUBLISHABLE_KEY_PREFIX[mode]),
        createdBy: ctx.actor.userId!,
        createdAt: ctx.now,
        lastUsedAt: null,
        revokedAt: null,
      };
      await repos.transaction(async (repos) => {
        await repos.publishableKeys.insert(key);
        await recordAudit(repos, { ...ctx, tenant: { ...ctx.tenant, mode } }, {
          action: 'publishable_key.create',
          targetType: 'publishable_key',
          targetId: key.id,
          details: { name: key.name, key: key.key },
        });
      });
      return key;
    },

    async list(ctx: StoreContext): Promise<PublishableKey[]> {
      requirePermission(ctx, 'settings:read');
      return repos.publishableKeys.list(ctx.tenant);
    },

    /** Revokes a key of the active store and mode; it stops working at once (a storefront using it gets 401). */
    async revoke(ctx: StoreContext, id: string): Promise<void> {
      requirePermission(ctx, 'settings:write');
      await repos.transaction(async (repos) => {
        if (!(await repos.publishableKeys.revoke(ctx.tenant, id, ctx.now))) {
          throw new AppError('PUBLISHABLE_KEY_NOT_FOUND', `No publishable key "${id}" in this store's ${ctx.tenant.mode} mode.`);
        }
        await recordAudit(repos, ctx, { action: 'publishable_key.revoke', targetType: 'publishable_key', targetId: id });
      });
    },
  };
}

export type PublishableKeyService = ReturnType<typeof createPublishableKeyService>;
