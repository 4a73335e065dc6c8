import type { Config } from './config.ts';
import { createAccountService } from './domain/accounts/account-service.ts';
import { createApiKeyService } from './domain/accounts/api-key-service.ts';
import { createAuthService } from './domain/accounts/auth-service.ts';
import { createMemberService } from './domain/accounts/member-service.ts';
import { createStoreService } from './domain/accounts/store-service.ts';
import { createAuditService } from './domain/audit/audit-service.ts';
import type { FileLookup } from './domain/catalog/catalog-support.ts';
import { createCategoryService } from './domain/catalog/category-service.ts';
import { createInventoryService } from './domain/catalog/inventory-service.ts';
import { createProductService } from './domain/catalog/product-service.ts';
import { createVariantService } from './domain/catalog/variant-service.ts';
import { createFileService } from './domain/files/file-service.ts';
import { createIdempotencyService } from './domain/idempotency/idempotency-service.ts';
import { createAnalyticsService } from './domain/orders/analytics-service.ts';
import { createOrderService } from './domain/orders/order-service.ts';
import { createPromotionService } from './domain/orders/promotion-service.ts';
import { createOAuthService } from './domain/oauth/oauth-service.ts';
import { createCustomerService } from './domain/customers/customer-service.ts';
import { createPromoAdService } from './domain/promo-ads/promo-ad-service.ts';
import { createMemoryRateLimiter, type RateLimiter } from './domain/rate-limit.ts';
import { createReferenceService } from './domain/reference/reference-service.ts';
import { createReviewService } from './domain/reviews/review-service.ts';
import { createDeliveryService, orderDeliveryQuoter } from './domain/delivery/delivery-service.ts';
import { createPaymentLinkService } from './domain/payments/payment-link-service.ts';
import { createPaymentService } from './domain/payments/payment-service.ts';
import { createSettingsService } from './domain/settings/settings-service.ts';
import { type Db, openDatabase } from './store/db.ts';
import { createLocalFileStorage } from './store/local-file-storage.ts';
import { closeRedis, openRedis } from './store/redis.ts';
import { createRedisRateLimiter } from './store/redis-rate-limiter.ts';
import { createReferenceStore } from './store/reference-store.ts';
import { createDataAccess } from './store/repos.ts';
import { createCleanupStore, createJobLockStore } from './store/cleanup-store.ts';
import { createCleanupService } from './domain/maintenance/cleanup-service.ts';

/**
 * The composition root: opens the database (and Redis when configured) and wires stores into services by hand.
 * Everything the app, the CLI and the tests use comes from here; nothing is a module-level singleton.
 */
export function createContainer(config: Config) {
  const db: Db = openDatabase(config.database, { timeoutMs: config.databaseTimeoutMs });
  const data = createDataAccess(db);
  const redis = config.redisUrl ? openRedis(config.redisUrl) : null;
  const rateLimiter: RateLimiter = redis ? createRedisRateLimiter(redis) : createMemoryRateLimiter();
  const reference = createReferenceService({ store: createReferenceStore(db) });
  const fileService = createFileService({ data, storage: createLocalFileStorage(config.filesDir) });
  const files: FileLookup = fileService;
  const oauth = createOAuthService({ data, issuer: config.baseUrl });
  const stores = createStoreService({ data, reference });
  const inventory = createInventoryService({ data });
  const services = {
    reference,
    oauth,
    auth: createAuthService({ repos: data.repos, oauth }),
    accounts: createAccountService({ data, rateLimiter }),
    stores,
    members: createMemberService({ data }),
    apiKeys: createApiKeyService({ data }),
    audit: createAuditService({ repos: data.repos }),
    products: createProductService({ data, reference, files }),
    variants: createVariantService({ data, reference, files }),
    categories: createCategoryService({ data }),
    inventory,
    files: fileService,
    idempotency: createIdempotencyService({ store: data.repos.idempotency }),
    orders: createOrderService({ data, reference, delivery: orderDeliveryQuoter, forUpdate: db.dialect === 'postgres' }),
    promotions: createPromotionService({ data }),
    analytics: createAnalyticsService({ data }),
    customers: createCustomerService({ data, reference }),
    reviews: createReviewService({ data }),
    promoAds: createPromoAdService({ data, files }),
    delivery: createDeliveryService({ data, reference }),
    payments: createPaymentService({ data }),
    paymentLinks: createPaymentLinkService({ data, baseUrl: config.baseUrl }),
    settings: createSettingsService({ data, stores }),
    cleanup: createCleanupService({ storage: createCleanupStore(db.kysely), locks: createJobLockStore(db.kysely) }),
  };
  return {
    config,
    db,
    data,
    rateLimiter,
    /** The shared Redis connection (REDIS_URL), or null: one instance keeps its limits in memory. */
    redis,
    services,
    /** Closes the database and Redis; call after the HTTP server has stopped. */
    async close() {
      await Promise.all([db.close(), rateLimiter.close(), redis && closeRedis(redis)]);
    },
  };
}

export type Container = ReturnType<typeof createContainer>;
