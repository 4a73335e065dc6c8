import type { Kysely } from 'kysely';
import { createAccountStore } from './account-store.ts';
import { createApiKeyStore } from './api-key-store.ts';
import { createAuditStore } from './audit-store.ts';
import { createCatalogStore } from './catalog-store.ts';
import { createCustomerStore } from './customer-store.ts';
import type { Db, Dialect } from './db.ts';
import { createFileStore } from './file-store.ts';
import { createIdempotencyStore } from './idempotency-store.ts';
import { createDeliveryStore } from './delivery-store.ts';
import { createMerchantStore } from './merchant-store.ts';
import { createPromoAdStore } from './promo-ad-store.ts';
import { createReviewStore } from './review-store.ts';
import { createInventoryStore } from './inventory-store.ts';
import { createOrderStore } from './order-store.ts';
import { createOAuthStore } from './oauth-store.ts';
import { createPaymentStore } from './payment-store.ts';
import type { Database } from './schema.ts';
import { createSettingsStore } from './settings-store.ts';

function reposOn(executor: Kysely<Database>, dialect: Dialect) {
  return {
    catalog: createCatalogStore(executor, dialect),
    inventory: createInventoryStore(executor),
    orders: createOrderStore(executor, dialect),
    accounts: createAccountStore(executor, dialect),
    merchants: createMerchantStore(executor, dialect),
    apiKeys: createApiKeyStore(executor),
    audit: createAuditStore(executor),
    files: createFileStore(executor),
    idempotency: createIdempotencyStore(executor),
    oauth: createOAuthStore(executor),
    customers: createCustomerStore(executor, dialect),
    reviews: createReviewStore(executor, dialect),
    promoAds: createPromoAdStore(executor, dialect),
    delivery: createDeliveryStore(executor, dialect),
    payments: createPaymentStore(executor, dialect),
    settings: createSettingsStore(executor, dialect),
  };
}

/** Every tenant-data store, bound to one executor (the pool, or one transaction). */
export type Repos = ReturnType<typeof reposOn>;

/** The stores for plain reads, and `transaction` to run several writes all-or-nothing. */
export interface DataAccess {
  repos: Repos;
  transaction<T>(work: (repos: Repos) => Promise<T>): Promise<T>;
}

export function createDataAccess(db: Db): DataAccess {
  return {
    repos: reposOn(db.kysely, db.dialect),
    transaction: (work) => db.kysely.transaction().execute((trx) => work(reposOn(trx, db.dialect))),
  };
}
