import type { Kysely } from 'kysely';
import { createAccountRepo } from './account-repo.ts';
import { createApiKeyRepo } from './api-key-repo.ts';
import { createAuditRepo } from './audit-repo.ts';
import { createCatalogRepo } from './catalog-repo.ts';
import { createCustomerRepo } from './customer-repo.ts';
import type { Db, Dialect } from './db.ts';
import { createFileRepo } from './file-repo.ts';
import { createIdempotencyRepo } from './idempotency-repo.ts';
import { createDeliveryRepo } from './delivery-repo.ts';
import { createStoreRepo } from './store-repo.ts';
import { createPromoAdRepo } from './promo-ad-repo.ts';
import { createPublishableKeyRepo } from './publishable-key-repo.ts';
import { createReviewRepo } from './review-repo.ts';
import { createInventoryRepo } from './inventory-repo.ts';
import { createOrderRepo } from './order-repo.ts';
import { createOAuthRepo } from './oauth-repo.ts';
import { createPaymentRepo } from './payment-repo.ts';
import { createProviderPaymentRepo } from './provider-payment-repo.ts';
import { createTestProviderRepo } from './test-provider-repo.ts';
import { createProviderSettingsRepo } from './provider-settings-repo.ts';
import { createPromotionRepo } from './promotion-repo.ts';
import type { Transactional } from '../domain/shared/transactional.ts';
import type { Database } from './schema.ts';
import { createSettingsRepo } from './settings-repo.ts';
import { createStockRepo } from './stock-repo.ts';
import { createTaxRepo } from './tax-repo.ts';
import { createCartRepo } from './cart-repo.ts';
import { createReturnRepo } from './return-repo.ts';
import { createWebhookRepo } from './webhook-repo.ts';
import { createEmailRepo } from './email-repo.ts';
import { createHeldWrites, type HeldWrites, recordingDb, statementOf } from './held-writes.ts';

function bindRepos(executor: Kysely<Database>, dialect: Dialect, onCommit?: (fn: () => void) => void, held?: HeldWrites) {
  const repos = {
    catalog: createCatalogRepo(executor, dialect),
    inventory: createInventoryRepo(executor),
    orders: createOrderRepo(executor, dialect),
    promotions: createPromotionRepo(executor, dialect),
    accounts: createAccountRepo(executor, dialect),
    stores: createStoreRepo(executor, dialect),
    apiKeys: createApiKeyRepo(executor),
    publishableKeys: createPublishableKeyRepo(executor),
    audit: createAuditRepo(executor, { deferred: onCommit !== undefined, held }),
    files: createFileRepo(executor),
    idempotency: createIdempotencyRepo(executor),
    oauth: createOAuthRepo(executor),
    customers: createCustomerRepo(executor, dialect),
    reviews: createReviewRepo(executor, dialect),
    promoAds: createPromoAdRepo(executor, dialect),
    delivery: createDeliveryRepo(executor, dialect),
    payments: createPaymentRepo(executor, dialect),
    providerPayments: createProviderPaymentRepo(executor, dialect),
    testProvider: createTestProviderRepo(executor),
    providerSettings: createProviderSettingsRepo(executor),
    settings: createSettingsRepo(executor, dialect),
    taxes: createTaxRepo(executor, dialect),
    stock: createStockRepo(executor, dialect),
    carts: createCartRepo(executor, dialect),
    returns: createReturnRepo(executor),
    webhooks: createWebhookRepo(executor, dialect, onCommit),
    email: createEmailRepo(executor, dialect, onCommit),
  };
  return held ? holdingWrites(repos, held) : repos;
}

/**
 * The repository methods whose statement a PostgreSQL transaction holds until just before COMMIT (held-writes.ts):
 * each sends one write and its caller reads no result from it (nothing returned, no row count, no conflict caught).
 * A method named here must stay so; one that starts to answer something leaves this list.
 */
const HELD_WRITES = {
  carts: ['setOrder'],
  email: ['insertMessages'],
  orders: ['insertStatusToken'],
  payments: ['insertLink'],
} as const satisfies { [R in keyof Repos]?: ReadonlyArray<keyof Repos[R]> };

/**
 * Repository methods that read only the tables named (and write nothing): called while writes are held, they send the
 * held writes first only when one of them writes such a table. The webhook subscribers are read before every publish,
 * and a payment's completion publishes after queueing the shopper's mail (answered from the transaction's memory after
 * the first read, held-writes.ts).
 */
const READS_ONLY: { [R in keyof Repos]?: { [M in keyof Repos[R]]?: readonly string[] } } = {
  webhooks: { subscribers: ['stores', 'store_settings', 'webhook_endpoints', 'oauth_grants', 'store_members'] },
};

/** The repositories of the held methods, bound to the recording database: they make the statement without sending it. */
let recorders:
  | { carts: ReturnType<typeof createCartRepo>; email: ReturnType<typeof createEmailRepo>; orders: ReturnType<typeof createOrderRepo>; payments: ReturnType<typeof createPaymentRepo> }
  | undefined;

/**
 * `repos` of a PostgreSQL transaction with its held writes: the methods of HELD_WRITES hold their statement; every
 * other method sends what is held first (the audit log's insert is held by the audit repository, its read sends them;
 * `afterCommit` only registers a callback).
 */
function holdingWrites<T extends Record<string, object>>(repos: T, held: HeldWrites): T {
  recorders ??= { carts: createCartRepo(recordingDb, 'postgres'), email: createEmailRepo(recordingDb, 'postgres'), orders: createOrderRepo(recordingDb, 'postgres'), payments: createPaymentRepo(recordingDb, 'postgres') };
  const out: Record<string, object> = {};
  for (const [name, repo] of Object.entries(repos)) {
    if (name === 'audit') {
      out[name] = repo;
      continue;
    }
    const heldMethods: readonly string[] = (HELD_WRITES as Record<string, readonly string[]>)[name] ?? [];
    const readsOnly: Record<string, readonly string[] | undefined> = (READS_ONLY as Record<string, Record<string, readonly string[]>>)[name] ?? {};
    const recorder = (recorders as unknown as Record<string, Record<string, (...args: unknown[]) => Promise<unknown>>>)[name];
    const wrapped: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(repo)) {
      if (typeof value !== 'function' || key === 'afterCommit') {
        wrapped[key] = value;
      } else if (heldMethods.includes(key)) {
        wrapped[key] = async (...args: unknown[]) => {
          const statement = await statementOf(() => recorder![key]!(...args));
          if (statement !== undefined) await held.hold(statement);
        };
      } else {
        const reads = readsOnly[key];
        wrapped[key] = (...args: unknown[]) =>
          held.size === 0 || (reads !== undefined && !held.writesAny(reads)) ? value(...args) : held.flush().then(() => value(...args));
      }
    }
    out[name] = wrapped;
  }
  return out as T;
}

/** Every repository of tenant data, bound to one executor (the pool, or one transaction). */
export type Repos = ReturnType<typeof bindRepos>;

/**
 * The repositories bound to the pool for plain reads, plus `transaction`, which runs `work` on repositories bound to
 * one transaction (all-or-nothing).
 */
export function createRepos(db: Db): Transactional<Repos> {
  return {
    ...bindRepos(db.kysely, db.dialect),
    // What the work asked to run once it is committed (the webhook publisher waking the delivery worker) runs after
    // the commit, and never after a rollback.
    transaction: async (work) => {
      const committed: Array<() => void> = [];
      const result = await db.kysely.transaction().execute(async (trx) => {
        const held = db.dialect === 'postgres' ? createHeldWrites(trx) : undefined;
        const bound = bindRepos(trx, db.dialect, (fn) => committed.push(fn), held);
        const done = await work(bound);
        // The audit entries the work recorded, in one statement before the commit; on PostgreSQL with the other held
        // writes (held-writes.ts), failing the transaction if it fails.
        await bound.audit.flush();
        await held?.flush();
        return done;
      });
      for (const fn of committed) fn();
      return result;
    },
  };
}
