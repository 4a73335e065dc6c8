/**
 * The `operationId` of every operation of the OpenAPI document (docs/api.md): stable names for
 * generated clients and SDKs, `<verb><Thing>` in camelCase. A route that appears in the document without an entry
 * here, an entry for no route, or two operations with one id fail `test/openapi.test.ts`. Renaming one is a breaking
 * change for generated clients: add, never rename.
 */
export const OPERATION_IDS: Readonly<Record<string, string>> = {
  // Operations
  'GET /healthz': 'getLiveness',
  'GET /readyz': 'getReadiness',
  // Reference data
  'GET /v1/countries': 'listCountries',
  'GET /v1/countries/{countryId}': 'getCountry',
  'GET /v1/states/{countryId}': 'listStates',
  'GET /v1/colors': 'listColors',
  'GET /v1/specifications': 'listSpecifications',
  // Accounts
  'POST /v1/auth/signup': 'signUp',
  'POST /v1/auth/login': 'signIn',
  'POST /v1/auth/logout': 'signOut',
  'POST /v1/auth/session-token': 'createSessionToken',
  // Merchant
  'GET /v1/merchants/profile': 'getProfile',
  'PATCH /v1/merchants/profile': 'updateProfile',
  'GET /v1/users/me/permissions': 'getMyPermissions',
  // Stores
  'GET /v1/stores': 'listStores',
  'POST /v1/stores': 'createStore',
  'GET /v1/merchants/profile/business': 'getBusinessProfile',
  'PATCH /v1/merchants/profile/business': 'updateBusinessProfile',
  // Members
  'GET /v1/members': 'listMembers',
  'PATCH /v1/members/{userId}': 'updateMemberRole',
  'DELETE /v1/members/{userId}': 'removeMember',
  'GET /v1/members/invitations': 'listInvitations',
  'POST /v1/members/invitations': 'createInvitation',
  'DELETE /v1/members/invitations/{id}': 'revokeInvitation',
  'POST /v1/invitations/accept': 'acceptInvitation',
  // API keys
  'POST /v1/api-keys': 'createApiKey',
  'GET /v1/api-keys': 'listApiKeys',
  'DELETE /v1/api-keys/{id}': 'revokeApiKey',
  // Publishable keys (storefronts)
  'POST /v1/publishable-keys': 'createPublishableKey',
  'GET /v1/publishable-keys': 'listPublishableKeys',
  'DELETE /v1/publishable-keys/{id}': 'revokePublishableKey',
  // Audit log
  'GET /v1/audit-logs': 'listAuditLog',
  // Products (v1)
  'GET /v1/products': 'listProducts',
  'POST /v1/products': 'createProduct',
  'GET /v1/products/{productId}': 'getProduct',
  'PATCH /v1/products/{productId}': 'updateProduct',
  'DELETE /v1/products/{productId}': 'deleteProduct',
  // Variant groups and SKUs (v2)
  'GET /v2/products': 'listProductTrees',
  'GET /v2/products/{productId}': 'getProductTree',
  'POST /v2/products/{productId}/variant-groups': 'createVariantGroup',
  'GET /v2/products/{productId}/variant-groups/{groupId}': 'getVariantGroup',
  'PATCH /v2/products/{productId}/variant-groups/{groupId}': 'updateVariantGroup',
  'DELETE /v2/products/{productId}/variant-groups/{groupId}': 'deleteVariantGroup',
  'POST /v2/products/{productId}/variant-groups/{groupId}/skus': 'createSku',
  'GET /v2/products/{productId}/variant-groups/{groupId}/skus/{skuId}': 'getSku',
  'PATCH /v2/products/{productId}/variant-groups/{groupId}/skus/{skuId}': 'updateSku',
  'DELETE /v2/products/{productId}/variant-groups/{groupId}/skus/{skuId}': 'deleteSku',
  // Categories
  'GET /v1/categories': 'listCategories',
  'POST /v1/categories': 'createCategory',
  'GET /v1/categories/{categoryId}': 'getCategory',
  'PATCH /v1/categories/{categoryId}': 'updateCategory',
  'DELETE /v1/categories/{categoryId}': 'deleteCategory',
  // Inventory
  'POST /v1/inventory/adjustments': 'adjustStock',
  'GET /v1/inventory/adjustments': 'listStockAdjustments',
  'GET /v1/inventory/settings': 'getInventorySettings',
  'PATCH /v1/inventory/settings': 'updateInventorySettings',
  'GET /v1/dashboard/inventory': 'getInventoryBreakdown',
  'GET /v1/dashboard/overview/low-stock': 'listLowStockSkus',
  'GET /v1/inventory/skus': 'listStockLevels',
  'GET /v1/inventory/skus/{skuId}': 'getStockLevel',
  // Orders
  'POST /v1/orders': 'placeOrder',
  'GET /v1/orders': 'listOrders',
  'GET /v1/orders/{orderId}': 'getOrder',
  'PATCH /v1/orders/{orderId}': 'updateOrder',
  'GET /v1/orders/{orderId}/transitions': 'listOrderTransitions',
  'POST /v1/orders/{orderId}/transitions': 'transitionOrder',
  // Promotions
  'GET /v1/promotions': 'listPromotions',
  'POST /v1/promotions': 'createPromotion',
  'GET /v1/promotions/{promotionId}': 'getPromotion',
  'PATCH /v1/promotions/{promotionId}': 'updatePromotion',
  'DELETE /v1/promotions/{promotionId}': 'deletePromotion',
  // Analytics
  'GET /v1/dashboard/overview/summary': 'getSalesSummary',
  'GET /v1/exports/orders.csv': 'exportOrdersCsv',
  'GET /v1/exports/daily-sales.csv': 'exportDailySalesCsv',
  // Files
  'POST /v1/files': 'uploadFile',
  'GET /v1/files/{id}': 'getFile',
  // Connected apps (OAuth)
  'GET /.well-known/oauth-authorization-server': 'getAuthorizationServerMetadata',
  'GET /.well-known/oauth-protected-resource': 'getProtectedResourceMetadata',
  'GET /.well-known/oauth-protected-resource/mcp': 'getConnectorProtectedResourceMetadata',
  'POST /oauth/register': 'registerOAuthClient',
  'POST /oauth/token': 'requestOAuthToken',
  'POST /oauth/revoke': 'revokeOAuthToken',
  'GET /oauth/authorize': 'authorizeOAuthClient',
  'GET /v1/connected-apps': 'listConnectedApps',
  'DELETE /v1/connected-apps/{clientId}': 'removeConnectedApp',
  // AI connector (MCP)
  'GET /.well-known/mcp.json': 'getConnectorDiscovery',
  'GET /.well-known/mcp-connector-profile.json': 'getConnectorProfile',
  // Customers
  'GET /v1/customers': 'listCustomers',
  'POST /v1/customers': 'createCustomer',
  'GET /v1/customers/{customerId}': 'getCustomer',
  'PATCH /v1/customers/{customerId}': 'updateCustomer',
  'POST /v1/customers/{customerId}/ban': 'banCustomer',
  'POST /v1/customers/{customerId}/unban': 'unbanCustomer',
  // Reviews
  'GET /v1/reviews': 'listReviews',
  'POST /v1/reviews': 'createReview',
  'GET /v1/reviews/{reviewId}': 'getReview',
  'DELETE /v1/reviews/{reviewId}': 'deleteReview',
  'POST /v1/reviews/{reviewId}/reply': 'replyToReview',
  'DELETE /v1/reviews/{reviewId}/reply': 'removeReviewReply',
  'POST /v1/reviews/{reviewId}/hide': 'hideReview',
  'POST /v1/reviews/{reviewId}/show': 'showReview',
  'GET /v1/products/{productId}/reviews': 'listProductReviews',
  'GET /v1/products/{productId}/rating-summary': 'getProductRatingSummary',
  // Promo ads
  'GET /v1/promo-ads/published': 'listPublishedPromoAds',
  'GET /v1/promo-ads': 'listPromoAds',
  'POST /v1/promo-ads': 'createPromoAd',
  'GET /v1/promo-ads/{adId}': 'getPromoAd',
  'PATCH /v1/promo-ads/{adId}': 'updatePromoAd',
  'DELETE /v1/promo-ads/{adId}': 'deletePromoAd',
  // Delivery
  'GET /v1/delivery/zones': 'listDeliveryZones',
  'POST /v1/delivery/zones': 'createDeliveryZone',
  'GET /v1/delivery/zones/{zoneId}': 'getDeliveryZone',
  'PATCH /v1/delivery/zones/{zoneId}': 'updateDeliveryZone',
  'DELETE /v1/delivery/zones/{zoneId}': 'deleteDeliveryZone',
  'GET /v1/delivery/zones/{zoneId}/options': 'listDeliveryOptions',
  'POST /v1/delivery/zones/{zoneId}/options': 'createDeliveryOption',
  'GET /v1/delivery/zones/{zoneId}/options/{optionId}': 'getDeliveryOption',
  'PATCH /v1/delivery/zones/{zoneId}/options/{optionId}': 'updateDeliveryOption',
  'DELETE /v1/delivery/zones/{zoneId}/options/{optionId}': 'deleteDeliveryOption',
  'GET /v1/delivery/quote': 'quoteDelivery',
  // Payments
  'GET /v1/payments/options': 'getPaymentOptions',
  'PUT /v1/payments/options': 'setPaymentOptions',
  'GET /v1/orders/{orderId}/payments': 'listOrderPayments',
  'POST /v1/orders/{orderId}/payments': 'recordPayment',
  'PATCH /v1/orders/{orderId}/payments/{paymentId}': 'settlePayment',
  'GET /v1/payment-links': 'listPaymentLinks',
  'POST /v1/payment-links': 'createPaymentLink',
  'GET /v1/payment-links/{linkId}': 'getPaymentLink',
  'POST /v1/payment-links/{linkId}/cancel': 'cancelPaymentLink',
  // Settings
  'GET /v1/settings': 'getSettings',
  'PATCH /v1/settings': 'updateSettings',
};
