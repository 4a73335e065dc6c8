import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, validatorCompiler } from 'fastify-type-provider-zod';
import { connectorDefaults } from './config.ts';
import type { Container } from './container.ts';
import { isLoopbackHost } from './domain/oauth/oauth-rules.ts';
import { CACHE_WINDOWS } from './http/cache-windows.ts';
import { createFrontCache, frontCachedServer } from './http/front-cache.ts';
import { apiReference, finishDocument } from './http/openapi.ts';
import { registerAuth } from './http/plugins/auth.ts';
import { type CachingOptions, registerCaching } from './http/plugins/caching.ts';
import { registerApiCompression } from './http/plugins/compression.ts';
import { registerErrorHandling } from './http/plugins/errors.ts';
import { registerIdempotency } from './http/plugins/idempotency.ts';
import { setUpRateLimits } from './http/plugins/rate-limits.ts';
import { registerStorefront } from './http/plugins/storefront.ts';
import { documentIfMatch } from './http/preconditions.ts';
import { createPrincipalMemo } from './http/principal-memo.ts';
import { rateLimits } from './http/rate-limit-policies.ts';
import { requestIdOf } from './http/request-id.ts';
import { responseSerializerCompiler } from './http/response-serializer.ts';
import { accountRoutes } from './http/routes/accounts/index.ts';
import { sessionTokenRoutes } from './http/routes/accounts/session-token.ts';
import { analyticsRoutes } from './http/routes/analytics/index.ts';
import { cartRoutes } from './http/routes/carts/index.ts';
import { catalogRoutes } from './http/routes/catalog/index.ts';
import { connectedAppRoutes } from './http/routes/connected-apps/index.ts';
import { customerRoutes } from './http/routes/customers/index.ts';
import { deliveryRoutes } from './http/routes/delivery/index.ts';
import { emailRoutes } from './http/routes/email/index.ts';
import { fileRoutes } from './http/routes/files/index.ts';
import { locationRoutes } from './http/routes/locations/index.ts';
import { orderRoutes } from './http/routes/orders/index.ts';
import { shipmentRoutes } from './http/routes/orders/shipments.ts';
import { paymentRoutes } from './http/routes/payments/index.ts';
import { promoAdRoutes } from './http/routes/promo-ads/index.ts';
import { promotionRoutes } from './http/routes/promotions/index.ts';
import { referenceRoutes } from './http/routes/reference/index.ts';
import { returnRoutes } from './http/routes/returns/index.ts';
import { reviewRoutes } from './http/routes/reviews/index.ts';
import { settingsRoutes } from './http/routes/settings/index.ts';
import { systemRoutes } from './http/routes/system/index.ts';
import { taxRoutes } from './http/routes/taxes/index.ts';
import { webhookRoutes } from './http/routes/webhooks/index.ts';
import './http/types.ts';
import { registerJsonBodies } from './http/json-body.ts';
import { loggerOptions } from './log.ts';
import { discoveryRoutes } from './mcp/discovery.ts';
import { mcpRoutes } from './mcp/route.ts';
import { oauthRoutes } from './oauth/routes.ts';
import { endBrowserSession, readBrowserSession } from './web/browser-session.ts';
import { dashboardAppRoutes } from './web/dashboard-app.ts';
import { legalPageRoutes } from './web/legal-pages.ts';
import { orderStatusRoutes } from './web/order-status-routes.ts';
import { payRoutes } from './web/pay-routes.ts';
import { webRoutes } from './web/routes.ts';

export interface AppOptions {
  container: Container;
  caching?: CachingOptions;
  /** Where JSON log lines go (default: stdout). */
  logStream?: { write(line: string): void };
}

/** Levels at which Fastify logs every request (at 'info'). */
const REQUEST_LOG_LEVELS: ReadonlySet<string> = new Set(['info', 'debug', 'trace']);

/** Largest request body accepted (JSON); larger bodies get 413 PAYLOAD_TOO_LARGE. */
export const BODY_LIMIT = 1024 * 1024;

/**
 * Builds the HTTP application on a container. Never listens: `main.ts` does, and tests use `inject` or listen on an
 * ephemeral loopback port.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { container } = options;
  const { config } = container;
  const logger = loggerOptions(config.logLevel, options.logStream);
  // Public reference data is answered before routing once a route has sent it (see src/http/front-cache.ts).
  // One table of cache windows for the caching plugin and the front cache (which never keeps a windowed route).
  const windows = options.caching?.windows ?? CACHE_WINDOWS;
  const front = createFrontCache({ trustProxy: config.trustProxy, windows, changeMark: container.db.changeMark });
  // Sessions' and API keys' store contexts, kept under the same change mark (src/http/principal-memo.ts).
  const principals = createPrincipalMemo({ changeMark: container.db.changeMark });

  const app = Fastify({
    logger,
    serverFactory: frontCachedServer(front),
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy as FastifyServerOptions['trustProxy'],
    exposeHeadRoutes: false, // the caching plugin adds HEAD routes itself (see registerCaching)
    // While it closes, requests still arriving on open connections are served (the database closes after), rather
    // than refused with a bare 503 outside the error envelope (docs/deployment.md, "Stopping").
    return503OnClosing: false,
    requestIdHeader: false,
    genReqId: requestIdOf,
    routerOptions: { maxParamLength: 200 },
  });

  if (REQUEST_LOG_LEVELS.has(config.logLevel)) front.logTo(app.log);
  app.addHook('preClose', (done) => {
    front.close();
    principals.close();
    done();
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  app.removeContentTypeParser('text/plain');
  registerJsonBodies(app, BODY_LIMIT);

  app.decorateRequest('ctx', null as never);
  // Every request: synchronous (no promise per request) and first, so later hooks and handlers find the context.
  app.addHook('onRequest', (request, reply, done) => {
    request.ctx = { requestId: request.id, now: new Date() };
    reply.header('x-request-id', request.id);
    reply.header('x-content-type-options', 'nosniff');
    done();
  });

  registerErrorHandling(app);
  registerCaching(app, { windows });
  // After caching: the ETag and a 304 are decided on the uncompressed body. Off unless configured (decision 0029).
  if (config.apiCompression) registerApiCompression(app, config.apiCompression);
  const limits = setUpRateLimits(app, { limits: config.rateLimits ?? rateLimits(), redis: container.redis });
  front.limitWith(limits);
  registerAuth(app, { auth: container.services.auth, gate: limits.gate, memo: principals });
  // Storefront routes: CORS for publishable keys from their store's origins, and the preflights (docs/storefront.md).
  registerStorefront(app);
  // After the credential hooks, so authenticated routes count per credential.
  limits.attach();
  registerIdempotency(app, { idempotency: container.services.idempotency });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'commerce-service API',
        version: '1',
        description:
          'Multi-tenant commerce platform: REST API (/v1, /v2), OAuth 2.0 for connected apps, and an MCP server for AI assistants. ' +
          'Every GET and HEAD supports ETag validation (If-None-Match → 304). Errors use one envelope, `ErrorEnvelope`; its schema lists every `error.code` with its status and what to do.',
        license: { name: 'MIT', identifier: 'MIT' },
      },
      servers: [{ url: config.baseUrl }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'A session token (POST /v1/auth/login) or an OAuth access token' },
          merchantApiKey: { type: 'apiKey', in: 'header', name: 'X-MerchantApiKey', description: 'A store API key (sk_live_… or sk_test_…)' },
          publishableKey: {
            type: 'apiKey',
            in: 'header',
            name: 'X-PublishableKey',
            description:
              'A publishable key (pk_live_… or pk_test_…) a storefront embeds in its pages: it reads what a shopper may see (active products, categories, published promo ads, delivery quotes) on the operations that list it, and answers CORS for the store’s allowed origins. Never a secret key in a page.',
          },
        },
      },
    },
    transform: documentIfMatch(jsonSchemaTransform),
    transformObject: (input) => finishDocument(jsonSchemaTransformObject(input) as Record<string, unknown>) as ReturnType<typeof jsonSchemaTransformObject>,
  });

  await app.register(systemRoutes, { ping: () => container.db.ping(), stopping: () => container.lifecycle.stopping });
  await app.register(apiReference);
  await app.register(referenceRoutes, { reference: container.services.reference, front });
  await app.register(accountRoutes, { services: container.services, endBrowserSession: (reply) => endBrowserSession(reply, config.baseUrl) });
  await app.register(sessionTokenRoutes, {
    accounts: container.services.accounts,
    browserSession: (request) => readBrowserSession(request, { auth: container.services.auth, issuer: config.baseUrl }),
    issuer: config.baseUrl,
  });
  await app.register(catalogRoutes, { ...container.services, front, checkedReads: container.db.dialect === 'postgres' });
  // The order of these registrations (and of the imports above) is the order of the OpenAPI paths (and components).
  await app.register(orderRoutes, container.services);
  await app.register(promotionRoutes, container.services);
  await app.register(analyticsRoutes, container.services);
  await app.register(fileRoutes, { files: container.services.files, baseUrl: config.baseUrl });

  // Connected apps: the OAuth authorization server, its pages, Connected Apps, and the AI connector's auth boundary.
  const { auth, accounts, oauth, passwordReset, emailLinks } = container.services;
  const web = { auth, accounts, oauth, passwordReset, emailLinks, issuer: config.baseUrl };
  if (!config.baseUrl.startsWith('https:') && !isLoopbackHost(new URL(config.baseUrl).hostname)) {
    app.log.warn({ baseUrl: config.baseUrl }, 'BASE_URL is not https: OAuth clients and browsers will refuse or leak credentials in production');
  }
  await app.register(oauthRoutes, web);
  await app.register(webRoutes, web);
  await app.register(payRoutes, { providerPayments: container.services.providerPayments, testProvider: container.services.testProvider, issuer: config.baseUrl });
  await app.register(orderStatusRoutes, { checkout: container.services.checkout });
  await app.register(dashboardAppRoutes);
  await app.register(connectedAppRoutes, { oauth });
  const connector = config.connector ?? connectorDefaults(config.baseUrl);
  await app.register(discoveryRoutes, { issuer: config.baseUrl, connector });
  const legalPages = config.legalPages ?? { dir: null, operatorName: null, supportEmail: null };
  await app.register(legalPageRoutes, { baseUrl: config.baseUrl, legalPages });
  await app.register(mcpRoutes, { auth, services: container.services, issuer: config.baseUrl, connector, gate: limits.gate });
  await app.register(customerRoutes, container.services);
  await app.register(reviewRoutes, container.services);
  await app.register(promoAdRoutes, container.services);
  await app.register(deliveryRoutes, container.services);
  await app.register(taxRoutes, container.services);
  await app.register(locationRoutes, container.services);
  await app.register(returnRoutes, container.services);
  await app.register(shipmentRoutes, container.services);
  await app.register(cartRoutes, container.services);
  await app.register(paymentRoutes, container.services);
  await app.register(settingsRoutes, container.services);
  await app.register(webhookRoutes, container.services);
  await app.register(emailRoutes, container.services);

  return app;
}
