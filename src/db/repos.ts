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

function bindRepos(executor: Kysely<Database>, dialect: Dialect, onCommit?: (fn: () => void) => void) {
  return {
    catalog: createCatalogRepo(executor, dialect),
    inventory: createInventoryRepo(executor),
    orders: createOrderRepo(executor, dialect),
    promotions: createPromotionRepo(executor, dialect),
    accounts: createAccountRepo(executor, dialect),
    stores: createStoreRepo(executor, dialect),
    apiKeys: createApiKeyRepo(executor),
    publishableKeys: createPublishableKeyRepo(executor),
    audit: createAuditRepo(executor, { deferred: onCommit !== undefined }),
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
        const bound = bindRepos(trx, db.dialect, (fn) => committed.push(fn));
        const done = await work(bound);
        // The audit entries the work recorded, in one statement before the commit; on PostgreSQL held with the other
        // held writes and sent with them before COMMIT (held-writes.ts), failing the transaction if it fails.
        await bound.audit.flush();
        return done;
      });
      for (const fn of committed) fn();
      return result;
    },
  };
}
