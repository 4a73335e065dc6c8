import path from 'node:path';
import { CLIENT_METADATA_DEFAULTS, type Config, mailDefaults, WEBHOOK_DEFAULTS } from './config.ts';
import { createPasswordResetService } from './domain/accounts/password-reset-service.ts';
import { createEmailService } from './domain/email/email-service.ts';
import { createMailSender } from './domain/email/mail-sender.ts';
import { createEmailLinkService } from './domain/email/email-link-service.ts';
import { createNotifications } from './domain/email/notifications.ts';
import { renderEmail } from './mail/templates.ts';
import { createFolderTransport, createSmtpTransport } from './outbound/mail-transport.ts';
import { createAccountService } from './domain/accounts/account-service.ts';
import { createApiKeyService } from './domain/accounts/api-key-service.ts';
import { createAuthService } from './domain/accounts/auth-service.ts';
import { createMemberService } from './domain/accounts/member-service.ts';
import { createPublishableKeyService } from './domain/accounts/publishable-key-service.ts';
import { createStoreService } from './domain/accounts/store-service.ts';
import { createAccessLog } from './domain/audit/access-log.ts';
import { createAuditService } from './domain/audit/audit-service.ts';
import type { FileLookup } from './domain/files/types.ts';
import { createCategoryService } from './domain/catalog/category-service.ts';
import { createInventoryService } from './domain/catalog/inventory-service.ts';
import { createLocationService } from './domain/inventory/location-service.ts';
import { createReturnService } from './domain/returns/return-service.ts';
import { createShipmentService } from './domain/orders/shipment-service.ts';
import { createProductService } from './domain/catalog/product-service.ts';
import { createVariantService } from './domain/catalog/variant-service.ts';
import { createFileService } from './domain/files/file-service.ts';
import { createIdempotencyService } from './domain/idempotency/idempotency-service.ts';
import { createAnalyticsService } from './domain/orders/analytics-service.ts';
import { createOrderService } from './domain/orders/order-service.ts';
import { createOAuthService } from './domain/oauth/oauth-service.ts';
import { createCustomerService } from './domain/customers/customer-service.ts';
import { createPromoAdService } from './domain/promo-ads/promo-ad-service.ts';
import { createPromotionService } from './domain/promotions/promotion-service.ts';
import { createMemoryRateLimiter, type RateLimiter } from './domain/shared/rate-limit.ts';
import { createReferenceService } from './domain/reference/reference-service.ts';
import { createReviewService } from './domain/reviews/review-service.ts';
import { createDeliveryService, orderDeliveryQuoter } from './domain/delivery/delivery-service.ts';
import { createTaxService, tableTaxCalculator } from './domain/taxes/tax-service.ts';
import { createCartService } from './domain/carts/cart-service.ts';
import { createCheckoutService } from './domain/carts/checkout-service.ts';
import { createPaymentLinkService } from './domain/payments/payment-link-service.ts';
import { createPaymentService } from './domain/payments/payment-service.ts';
import { createProviderPaymentService, type ProviderPaymentService, type ProviderRegistry } from './domain/payments/provider-payment-service.ts';
import { createTestProvider } from './domain/payments/test-provider.ts';
import { createProviderSettingsService } from './domain/payments/provider-settings-service.ts';
import { createStripeProvider } from './outbound/stripe-provider.ts';
import { systemContext } from './context.ts';
import { createSettingsService } from './domain/settings/settings-service.ts';
import { type Db, isDatabaseUnavailable, openDatabase } from './db/db.ts';
import { createLocalFileStorage } from './db/local-file-storage.ts';
import { closeRedis, openRedis } from './db/redis.ts';
import { createRedisRateLimiter } from './db/redis-rate-limiter.ts';
import { createReferenceRepo } from './db/reference-repo.ts';
import { createRepos } from './db/repos.ts';
import { createCleanupRepo, createJobLockRepo } from './db/cleanup-repo.ts';
import { createCleanupService } from './domain/maintenance/cleanup-service.ts';
import { scheduleRefundRetry } from './domain/payments/refund-retry.ts';
import { createConfirmationRepo } from './db/confirmation-repo.ts';
import { createConfirmationService } from './domain/connector/confirmation-service.ts';
import { createClientMetadataDocuments } from './oauth/client-metadata/client-metadata-documents.ts';
import { createEventPublisher } from './domain/webhooks/publisher.ts';
import { createWebhookService } from './domain/webhooks/webhook-service.ts';
import { createDeliveryWorker } from './domain/webhooks/delivery-worker.ts';
import { createWebhookTransport } from './outbound/webhook-transport.ts';
import { renderEvent } from './wire/webhook-events.ts';
import { wireTimestamp } from './wire/envelope.ts';

/** Where an audit entry that cannot be written goes: one JSON line on stderr. */
const stderrLog = {
  error(obj: object, msg: string): void {
    const { err, ...rest } = obj as { err?: unknown };
    process.stderr.write(`${JSON.stringify({ level: 50, time: Date.now(), msg, err: err === undefined ? undefined : String(err), ...rest })}\n`);
  },
};

/**
 * The composition root: opens the database (and Redis when configured) and wires stores into services by hand.
 * Everything the app, the CLI and the tests use comes from here; nothing is a module-level singleton.
 */
export function createContainer(config: Config) {
  const db: Db = openDatabase(config.database, { timeoutMs: config.databaseTimeoutMs });
  const repos = createRepos(db);
  const webhookConfig = config.webhooks ?? WEBHOOK_DEFAULTS;
  const webhookTransport = createWebhookTransport({ timeoutMs: webhookConfig.timeoutMs, maxResponseBytes: webhookConfig.maxResponseBytes, allowLoopback: webhookConfig.allowLoopback });
  /** Sends the outbox; `serve` starts it (WEBHOOK_DELIVERY), tests start it themselves. */
  const webhookDelivery = createDeliveryWorker({ repos, transport: webhookTransport, options: webhookConfig, log: stderrLog });
  const mailConfig = config.mail ?? mailDefaults(config.baseUrl, path.resolve('data'));
  const mailDomain = new URL(config.baseUrl).hostname;
  const mailTransport = mailConfig.smtpUrl
    ? createSmtpTransport({ url: mailConfig.smtpUrl, requireTls: mailConfig.requireTls, timeoutMs: mailConfig.timeoutMs, domain: mailDomain })
    : createFolderTransport({ dir: mailConfig.outboxDir, domain: mailDomain, print: (line) => process.stdout.write(`${line}\n`) });
  /** Sends the mail outbox (docs/email.md); `serve` starts it (MAIL_DELIVERY), tests start it themselves. */
  const mailSender = createMailSender({
    repos: repos.email,
    transport: mailTransport,
    render: renderEmail,
    options: { ...mailConfig, baseUrl: config.baseUrl },
    log: stderrLog,
  });
  const notifyMail = () => mailSender.notify();
  /** The webhook outbox's writer, which every area that emits events is given (docs/webhooks.md); it queues store notifications too (docs/email.md). */
  const events = createEventPublisher({
    render: renderEvent,
    formatTime: wireTimestamp,
    notify: () => webhookDelivery.notify(),
    notifications: mailConfig.features.has('notifications') ? createNotifications({ baseUrl: config.baseUrl, render: renderEmail }) : undefined,
    notifyMail,
  });
  const redis = config.redisUrl ? openRedis(config.redisUrl) : null;
  const rateLimiter: RateLimiter = redis ? createRedisRateLimiter(redis) : createMemoryRateLimiter();
  const reference = createReferenceService({ store: createReferenceRepo(db) });
  const fileService = createFileService({ repos, storage: createLocalFileStorage(config.filesDir) });
  const files: FileLookup = fileService;
  const oauth = createOAuthService({
    repos,
    issuer: config.baseUrl,
    clientDocuments: createClientMetadataDocuments(config.clientMetadata ?? CLIENT_METADATA_DEFAULTS),
    events,
  });
  const stores = createStoreService({ repos, reference });
  const inventory = createInventoryService({ repos, events });
  const accountMail = { features: mailConfig.features, render: renderEmail, notify: notifyMail };
  const settings = createSettingsService({ repos, stores, inventory, mail: accountMail });
  const payments = createPaymentService({ repos, settings });
  const promotions = createPromotionService({ repos });
  const personalDataReads = createAccessLog({ repos, isDatabaseUnavailable, log: stderrLog });
  // The built-in test provider hands its events to the same inbound handling as the provider event route.
  let providerPayments: ProviderPaymentService | undefined;
  const orders = createOrderService({
    repos,
    reference,
    delivery: orderDeliveryQuoter,
    taxes: tableTaxCalculator,
    payments,
    promotions,
    reads: personalDataReads,
    inventory,
    events,
    storefrontPaid: (repos, ctx, order) => checkout.completeIn(repos, ctx, order),
    refunds: {
      sendPending: (ctx, orderId) => providerPayments!.sendPendingRefunds(ctx, orderId),
      releaseAuthorizations: (ctx, orderId) => providerPayments!.releaseAuthorizations(ctx, orderId),
      captureAuthorized: async (ctx, orderId) => {
        await providerPayments!.capture(ctx, orderId);
      },
      checkCapture: async (ctx, orderId) => {
        await providerPayments!.checkCapture(ctx, orderId);
      },
    },
  });
  const testProvider = createTestProvider({
    repo: repos.testProvider,
    baseUrl: config.baseUrl,
    delayMs: config.testProviderDelayMs ?? 3000,
    deliver: async (tenant, rawBody, headers) => {
      await providerPayments?.receiveEvent(systemContext(), 'test', tenant, rawBody, headers);
    },
    onDeliveryError: (err) => stderrLog.error({ err }, 'test provider event not handled'),
  });
  // Stripe, with each store's keys per mode (sealed with PAYMENT_SECRETS_KEY), checked with Stripe when saved.
  let paymentProviders: ReturnType<typeof createProviderSettingsService> | undefined;
  const stripe = createStripeProvider({ secrets: (tenant) => paymentProviders!.secretsOf(tenant, 'stripe'), connection: config.stripeApi });
  paymentProviders = createProviderSettingsService({ repos, secretsKey: config.paymentSecretsKey ?? null, verify: (_provider, key) => stripe.verifyKey(key) });
  const providers: ProviderRegistry = {
    // The test provider is on in every store's test mode (and never in live mode). Stripe once its keys are saved for the mode; else, in test mode, the built-in test provider (decision 0025).
    forTenant: async (tenant) => ((await stripe.available(tenant)) ? stripe : tenant.mode === 'test' ? testProvider : null),
    byName: (name) => (name === 'test' ? testProvider : stripe),
  };
  providerPayments = createProviderPaymentService({ repos, providers, orders, events, baseUrl: config.baseUrl });
  const locations = createLocationService({ repos, events });
  const carts = createCartService({ repos, reference, delivery: orderDeliveryQuoter, taxes: tableTaxCalculator });
  const checkout = createCheckoutService({
    repos,
    carts,
    orders,
    paymentElement: providerPayments,
    releaseAuthorizations: (ctx, orderId) => providerPayments!.releaseAuthorizations(ctx, orderId),
    reads: personalDataReads,
    events,
    render: renderEmail,
    notifyMail,
    baseUrl: config.baseUrl,
  });
  const services = {
    reference,
    oauth,
    auth: createAuthService({ repos: repos, oauth }),
    accounts: createAccountService({ repos, rateLimiter, mail: accountMail }),
    /** Mailed links that prove an address: a notification address, an account's new email, its undo, a verification. */
    emailLinks: createEmailLinkService({ repos, render: renderEmail, notify: notifyMail }),
    stores,
    members: createMemberService({ repos, mail: accountMail }),
    /** Password reset by mail (docs/email.md). */
    passwordReset: createPasswordResetService({ repos, rateLimiter, render: renderEmail, features: mailConfig.features, notify: notifyMail }),
    /** The store's recent mail and how its sending went. */
    emails: createEmailService({ repos }),
    mailSender,
    apiKeys: createApiKeyService({ repos }),
    /** Storefront keys (docs/storefront.md). */
    publishableKeys: createPublishableKeyService({ repos }),
    audit: createAuditService({ repos, isDatabaseUnavailable }),
    /** Reads of customers' personal data, written to the audit log in bulk (docs/decisions/0016-audit-log.md). */
    personalDataReads,
    products: createProductService({ repos, reference, files, events }),
    variants: createVariantService({ repos, reference, files, events }),
    categories: createCategoryService({ repos }),
    inventory,
    files: fileService,
    idempotency: createIdempotencyService({ store: repos.idempotency }),
    orders,
    /** Payments through providers: the pay page, provider events, captures (docs/payments.md). */
    providerPayments,
    testProvider,
    /** A store's payment providers per mode (GET /v1/payments/providers, PUT …/{provider}). */
    paymentProviders,
    promotions,
    analytics: createAnalyticsService({ repos, reads: personalDataReads }),
    customers: createCustomerService({ repos, reference, reads: personalDataReads, events }),
    reviews: createReviewService({ repos, events }),
    promoAds: createPromoAdService({ repos, files }),
    delivery: createDeliveryService({ repos, reference }),
    /** Stock locations and the stock levels at them (docs/fulfilment.md). */
    locations,
    /** Shipments of orders: units leaving a location with tracking, then delivered (docs/fulfilment.md). */
    shipments: createShipmentService({
      repos,
      events,
      capture: { captureAuthorized: (ctx, orderId) => providerPayments!.capture(ctx, orderId).then(() => undefined) },
      render: renderEmail,
      notifyMail,
    }),
    /** Returns of orders: received into a location, refunded through the order's payments (docs/fulfilment.md). */
    returns: createReturnService({ repos, payments, locations, events, refunds: { sendPending: (ctx, orderId) => providerPayments!.sendPendingRefunds(ctx, orderId) } }),
    /** Tax regions and their rates (docs/taxes.md). */
    taxes: createTaxService({ repos, reference }),
    /** Shoppers' carts, priced by the order pricing code (docs/checkout.md). */
    carts,
    /** A cart checked out: the pending storefront order holding its stock, and how to pay it (docs/checkout.md). */
    checkout,
    payments,
    paymentLinks: createPaymentLinkService({ repos, baseUrl: config.baseUrl }),
    settings,
    confirmations: createConfirmationService({ storage: createConfirmationRepo(db.kysely) }),
    webhooks: createWebhookService({ repos, transport: webhookTransport, formatTime: wireTimestamp }),
    webhookDelivery,
    cleanup: createCleanupService({
      storage: createCleanupRepo(db.kysely),
      locks: createJobLockRepo(db.kysely),
      tasks: { 'checkout-holds': (now, batch) => checkout.expireHolds(systemContext('checkout-holds', now), batch) },
    }),
    /** Sends pending card refunds again until their provider confirms them (docs/payments.md); `serve` runs it every minute. */
    refundRetry: (onError: (error: unknown) => void, intervalMs = 60_000) =>
      scheduleRefundRetry({ providerPayments, locks: createJobLockRepo(db.kysely), context: () => systemContext('refund-retry'), intervalMs, onError }),
  };
  return {
    config,
    /** The mail settings in force (config.mail, or the development defaults). */
    mail: { config: mailConfig, transport: mailTransport },
    /** `stopping` is set when `serve` begins a graceful stop: readiness answers 503 from then on. */
    lifecycle: { stopping: false },
    db,
    repos,
    events,
    /** The payment providers by store and mode, and by name (docs/payments.md). */
    providers,
    rateLimiter,
    /** The shared Redis connection (REDIS_URL), or null: one instance keeps its limits in memory. */
    redis,
    services,
    /** Closes the database and Redis; call after the HTTP server has stopped. */
    async close() {
      // The reads noted since the last flush are written while the database is still open.
      testProvider.stop();
      await webhookDelivery.stop();
      await mailSender.stop();
      mailTransport.close();
      await personalDataReads.close();
      await Promise.all([db.close(), rateLimiter.close(), redis && closeRedis(redis)]);
    },
  };
}

export type Container = ReturnType<typeof createContainer>;
