/**
 * One registry of error codes. Every code the API can answer with is listed here with its HTTP status, what it
 * means and how to fix it; `docs/errors.md` is checked against this table by a test.
 */
export const ERROR_CODES = {
  // Request shape (HTTP layer)
  MALFORMED_JSON: {
    status: 400,
    meaning: 'The request body is not valid JSON.',
    fix: 'Send a valid JSON document, or no body at all.',
  },
  BAD_REQUEST: {
    status: 400,
    meaning: 'The request could not be understood (for example an empty body sent with a JSON content type).',
    fix: 'Check the method, headers and body against the API reference at /docs.',
  },
  JSON_TOO_DEEP: {
    status: 400,
    meaning: 'The JSON body nests arrays and objects more than 32 levels deep, the most accepted.',
    fix: 'Send a flatter body: no request of this API needs more than a few levels.',
  },
  VALIDATION_FAILED: {
    status: 422,
    meaning: 'One or more fields break a rule; `error.details` names each field (`path`) and the rule it broke.',
    fix: 'Correct the named fields and send the request again.',
  },
  NOT_FOUND: {
    status: 404,
    meaning: 'No route matches this path.',
    fix: 'Check the path against the API reference at /docs.',
  },
  METHOD_NOT_ALLOWED: {
    status: 405,
    meaning: 'The path exists but does not accept this method; the `Allow` header lists the methods it does.',
    fix: 'Use one of the methods in the `Allow` header.',
  },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    meaning: 'The request body is larger than the limit (1 MiB for JSON).',
    fix: 'Send a smaller body, or split the work into several requests.',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    meaning: 'The request body has a content type this route does not accept.',
    fix: 'Send `Content-Type: application/json` (or the type the route documents).',
  },
  INTERNAL_ERROR: {
    status: 500,
    meaning: 'Something failed on our side. No internals are exposed; the request id identifies the failure in our logs.',
    fix: 'Retry later; if it persists, report the `requestId`.',
  },
  SERVICE_UNAVAILABLE: {
    status: 503,
    meaning: 'A dependency (the database) cannot be reached right now, or did not answer within DATABASE_TIMEOUT_MS.',
    fix: 'Retry after the number of seconds in `Retry-After`.',
  },
  // Authentication and access
  AUTH_REQUIRED: {
    status: 401,
    meaning: 'No credential was sent. Send `Authorization: Bearer <token>` (a session or OAuth access token) or `X-MerchantApiKey: <key>`.',
    fix: 'Sign in (`POST /v1/auth/login`) or use an API key.',
  },
  AUTH_INVALID: {
    status: 401,
    meaning: 'The credential is unknown, expired or revoked. The `WWW-Authenticate` header gives details.',
    fix: 'Sign in again, refresh the OAuth token, or use a current API key.',
  },
  LOGIN_FAILED: {
    status: 401,
    meaning: 'The email or the password is wrong (we do not say which).',
    fix: 'Check both and try again; after repeated failures, wait for `Retry-After`.',
  },
  AUTH_AMBIGUOUS: {
    status: 400,
    meaning: 'More than one credential was sent (`Authorization`, `X-MerchantApiKey`, `X-PublishableKey`).',
    fix: 'Send exactly one credential.',
  },
  RATE_LIMITED: {
    status: 429,
    meaning: 'Too many requests under one of the rate limits (per client address, per credential, or across all clients); the message names it and the RateLimit headers show the quota.',
    fix: 'Wait the number of seconds in `Retry-After`, then try again; spread requests out (see `RateLimit-Policy`).',
  },
  TOO_MANY_ATTEMPTS: {
    status: 429,
    meaning: 'Too many attempts in a short time (for example failed sign-ins).',
    fix: 'Wait the number of seconds in `Retry-After`, then try again.',
  },
  PERMISSION_DENIED: {
    status: 403,
    meaning: 'The credential is valid but lacks the permission this action needs; the message and `details` name it.',
    fix: 'Ask a store owner for a role with that permission, or use a credential that has it.',
  },
  CREDENTIAL_NOT_ALLOWED: {
    status: 403,
    meaning:
      'This kind of credential may not do this action: some actions need a signed-in merchant (a session token; for the owner role, a signed-in owner), creating API keys or changing members is closed to connected apps whatever their scopes, and a publishable key reads only the storefront routes (never the AI connector). The message says which.',
    fix: 'Sign in with `POST /v1/auth/login` and use the session token (or, where the message allows it, an API key).',
  },
  MODE_MISMATCH: {
    status: 403,
    meaning: 'The credential is bound to the other mode (live or test) than the one asked for with `X-Mode`.',
    fix: 'Use a credential of that mode, or drop `X-Mode`.',
  },
  INVALID_HEADER: {
    status: 400,
    meaning: 'A request header has a value we do not accept; `details` names it (for example `X-Mode` must be live or test).',
    fix: 'Correct the header named in `details`.',
  },
  MERCHANT_ID_REQUIRED: {
    status: 400,
    meaning: 'You belong to several stores and did not say which one: send `X-MerchantId: <storeId>`.',
    fix: 'Add `X-MerchantId` with an id from `GET /v1/stores`.',
  },
  // Accounts, stores, members, API keys
  EMAIL_TAKEN: {
    status: 409,
    meaning: 'An account with this email already exists (emails are compared without regard to case).',
    fix: 'Sign in instead, or use another email.',
  },
  STORE_NOT_FOUND: {
    status: 404,
    meaning: 'No store with this id that you belong to.',
    fix: 'Take the id from `GET /v1/stores`.',
  },
  MEMBER_NOT_FOUND: {
    status: 404,
    meaning: 'No member of this store has this user id.',
    fix: 'Take the id from `GET /v1/members`.',
  },
  ALREADY_MEMBER: {
    status: 409,
    meaning: 'The person is already a member of this store.',
    fix: 'Change their role with `PATCH /v1/members/{userId}` instead.',
  },
  LAST_OWNER: {
    status: 409,
    meaning: 'The store would be left without an owner.',
    fix: 'Make another member an owner first.',
  },
  CURRENCY_LOCKED: {
    status: 409,
    meaning: 'The store already has prices, promotions or orders in its currency, which are kept in minor units of that currency.',
    fix: 'Keep the currency, or open a new store for another currency.',
  },
  INVITATION_NOT_FOUND: {
    status: 404,
    meaning: 'No open invitation matches (it may have been used, revoked or never existed).',
    fix: 'Ask the store owner for a new invitation.',
  },
  INVITATION_EXPIRED: {
    status: 410,
    meaning: 'The invitation has expired.',
    fix: 'Ask the store owner for a new invitation.',
  },
  INVITATION_WITHDRAWN: {
    status: 410,
    meaning: 'The member who sent the invitation can no longer give its role (they left the store or their role changed).',
    fix: 'Ask a store owner for a new invitation.',
  },
  INVITATION_EMAIL_MISMATCH: {
    status: 403,
    meaning: 'The invitation was made out to another email than the signed-in account.',
    fix: 'Sign in with the invited email, or ask for an invitation to yours.',
  },
  API_KEY_NOT_FOUND: {
    status: 404,
    meaning: 'No API key with this id in this store and mode.',
    fix: 'Take the id from `GET /v1/api-keys`.',
  },
  PUBLISHABLE_KEY_NOT_FOUND: {
    status: 404,
    meaning: 'No publishable key with this id in this store and mode (or it was revoked already).',
    fix: 'Take the id from `GET /v1/publishable-keys`.',
  },
  // Webhooks
  WEBHOOK_NOT_FOUND: {
    status: 404,
    meaning: 'No webhook endpoint with this id in this store and mode (an app sees only its own).',
    fix: 'Take the id from `GET /v1/webhooks`.',
  },
  WEBHOOK_DELIVERY_NOT_FOUND: {
    status: 404,
    meaning: 'No delivery with this id to this webhook endpoint.',
    fix: 'Take the id from `GET /v1/webhooks/{id}/deliveries`.',
  },
  WEBHOOK_LIMIT_REACHED: {
    status: 409,
    meaning: 'The store has as many webhook endpoints in this mode as it may have (20).',
    fix: 'Delete an endpoint you no longer use, or subscribe an existing one to more event types.',
  },
  WEBHOOK_DELIVERY_IN_PROGRESS: {
    status: 409,
    meaning: 'The delivery is being sent right now.',
    fix: 'Wait for the attempt to finish (see its log), then ask again if it failed.',
  },
  RESET_LINK_INVALID: {
    status: 400,
    meaning: 'The password-reset token is unknown, used, or past its 30 minutes.',
    fix: 'Ask for a new link (`POST /v1/auth/password-reset`) and use the latest one.',
  },
  EMAIL_LINK_INVALID: {
    status: 400,
    meaning: 'The mailed link (a notification address, a new account email, its undo link, an email verification) is unknown, used, expired, or replaced by a newer request.',
    fix: 'Ask again from the account or the store settings, and open the link of the latest mail.',
  },
  EMAIL_NOT_VERIFIED: {
    status: 403,
    meaning: "The account's email has not been proven yet, and the action needs it (accepting an invitation with a token passed by hand).",
    fix: 'Open the invitation from its mail, or verify the email (`POST /v1/merchants/profile/email-verification`) and try again.',
  },
  REAUTHENTICATION_REQUIRED: {
    status: 403,
    meaning: "Changing the account's email needs the current password (`currentPassword`), unless the session signed in within the last 5 minutes; `details` names `currentPassword`.",
    fix: 'Send `currentPassword` with the change, or sign in again and change it within 5 minutes.',
  },
  NOTIFICATIONS_UNAVAILABLE: {
    status: 404,
    meaning: 'This service sends no store notifications (its operator turned the feature off with `MAIL_FEATURES`), so a notification address cannot be confirmed.',
    fix: "Ask the service's operator to turn notifications on.",
  },
  PASSWORD_RESET_UNAVAILABLE: {
    status: 404,
    meaning: 'This service sends no password-reset mail (its operator turned the feature off with `MAIL_FEATURES`).',
    fix: "Ask the service's operator for help signing in.",
  },
  MAIL_UNAVAILABLE: {
    status: 409,
    meaning: 'This service sends no mail of this kind (its operator turned the feature off with `MAIL_FEATURES`).',
    fix: 'Pass the link on yourself (an invitation\'s token is in the answer that created it), or ask the operator.',
  },
  // Catalog
  PRODUCT_NOT_FOUND: {
    status: 404,
    meaning: 'No product with this id in the active store and mode.',
    fix: 'Take the id from `GET /v1/products`.',
  },
  VARIANT_GROUP_NOT_FOUND: {
    status: 404,
    meaning: 'No variant group with this id on this product.',
    fix: 'Take the id from `GET /v2/products/{productId}`.',
  },
  SKU_NOT_FOUND: {
    status: 404,
    meaning: 'No SKU with this id in this variant group (or in the store).',
    fix: 'Take the id from `GET /v2/products/{productId}`.',
  },
  CATEGORY_NOT_FOUND: {
    status: 404,
    meaning: 'No category with this id in the active store and mode.',
    fix: 'Take the id from `GET /v1/categories`.',
  },
  PRODUCT_NOT_VARIABLE: {
    status: 422,
    meaning: 'Variant groups and their SKUs exist only on VARIABLE products.',
    fix: 'Create the product with `type: "VARIABLE"`, or set price and stock on the SIMPLE product itself.',
  },
  SLUG_TAKEN: {
    status: 409,
    meaning: 'Another product or category of this store already has this slug.',
    fix: 'Choose another slug, or leave it out to have one generated.',
  },
  SKU_CODE_TAKEN: {
    status: 409,
    meaning: 'Another SKU of this store already uses this `sku` code; `details` names the field.',
    fix: 'Use a code that is unique within the store.',
  },
  DUPLICATE_COMBINATION: {
    status: 409,
    meaning: 'Another SKU of the product already has this attribute combination (group dimension plus SKU attributes).',
    fix: 'Change the attributes, or update the existing SKU instead.',
  },
  LAST_SKU: {
    status: 409,
    meaning: 'A variant group must keep at least one SKU.',
    fix: 'Delete the whole group with `DELETE /v2/products/{productId}/variant-groups/{groupId}` instead.',
  },
  CATEGORY_NOT_EMPTY: {
    status: 409,
    meaning: 'The category still has sub-categories or products.',
    fix: 'Move or delete its sub-categories and take its products out of it first.',
  },
  LIMIT_EXCEEDED: {
    status: 422,
    meaning: 'The change would pass a published catalog limit (SKUs per product, groups per product, …); the message names it.',
    fix: 'Stay within the limits: at most 4,096 SKUs and 1,024 variant groups per product, 2,048 SKUs in one request, 20 attributes per SKU, 50 categories and 50 images per product, categories 5 levels deep.',
  },
  INSUFFICIENT_STOCK: {
    status: 409,
    meaning: 'Stock would go below zero; the message names the SKU and the quantity left.',
    fix: 'Adjust by a smaller amount, or restock first.',
  },
  PRECONDITION_FAILED: {
    status: 412,
    meaning: 'The `If-Match` ETag is not the current one: the resource changed since you read it. The current ETag is in the `ETag` header.',
    fix: 'GET the resource again, re-apply your change, and send the new ETag.',
  },
  // Files
  FILE_NOT_FOUND: {
    status: 404,
    meaning: 'No file with this id in this store and mode (another store\'s file answers the same).',
    fix: 'Use the id returned by `POST /v1/files` in the same store and mode.',
  },
  FILE_TOO_LARGE: {
    status: 413,
    meaning: 'The uploaded file is larger than 10 MiB (10485760 bytes).',
    fix: 'Send a smaller image (resize or compress it first).',
  },
  FILE_TYPE_NOT_SUPPORTED: {
    status: 415,
    meaning: 'The uploaded file is not a JPEG, PNG, WebP or GIF image, judged from its bytes (not its name or declared type), or it is damaged.',
    fix: 'Send a JPEG, PNG, WebP or GIF image.',
  },
  // Idempotency
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    meaning: 'This `Idempotency-Key` was already used in the last 24 hours with another request (different body, method or path).',
    fix: 'Use a new key for a new request; reuse a key only to retry the very same request.',
  },
  IDEMPOTENCY_KEY_IN_PROGRESS: {
    status: 409,
    meaning: 'A request with this `Idempotency-Key` is still being processed.',
    fix: 'Wait for the first request to finish (retry after `Retry-After` seconds) to get its response.',
  },
  // Delivery, payments and store settings (docs/operations.md)
  DELIVERY_ZONE_NOT_FOUND: {
    status: 404,
    meaning: 'No delivery zone with this id in the active store and mode.',
    fix: 'Take the id from `GET /v1/delivery/zones`.',
  },
  DELIVERY_OPTION_NOT_FOUND: {
    status: 404,
    meaning: 'No delivery option with this id in this zone (of the active store and mode).',
    fix: 'Take the id from `GET /v1/delivery/zones/{zoneId}/options`.',
  },
  CART_NOT_FOUND: {
    status: 404,
    meaning: 'No cart with this id opens with the `X-Cart-Token` sent in this store and mode: the token is missing or wrong, the cart expired (14 days without a change), or it never existed. All answer the same, so carts cannot be enumerated.',
    fix: 'Send the token `POST /v1/carts` answered, or create a new cart.',
  },
  CART_LINE_NOT_FOUND: {
    status: 404,
    meaning: 'The cart has no line with this id.',
    fix: 'Take the line id from `GET /v1/carts/{cartId}`.',
  },
  CART_NOT_READY: {
    status: 409,
    meaning: 'The cart has problems (each in `details`, naming the line or field: stock, a changed price, a product no longer sold, a delivery option or promotion code that no longer applies), so it was not checked out; nothing is held.',
    fix: 'Fix each problem `GET /v1/carts/{cartId}` lists (PATCH the line to accept a new price, lower or remove it, choose another delivery option or code), then check out again.',
  },
  CART_CHECKED_OUT: {
    status: 409,
    meaning: 'The cart was checked out: its order holds the stock, and a change to the cart would not reach that order.',
    fix: 'Pay the order (the `payUrl` the checkout answered; checking out again answers the same order), or start a new cart. Once the order’s hold ends unpaid, the cart can change and be checked out again.',
  },
  TAX_REGION_NOT_FOUND: {
    status: 404,
    meaning: 'No tax region with this id in the active store and mode.',
    fix: 'Take the id from `GET /v1/tax-regions`.',
  },
  LOCATION_NOT_FOUND: {
    status: 404,
    meaning: 'No stock location with this id in the active store and mode.',
    fix: 'Take the id from `GET /v1/locations`.',
  },
  LOCATION_IS_DEFAULT: {
    status: 409,
    meaning: "The store's default location cannot be deactivated or deleted: setting a SKU's quantityInStock lands there.",
    fix: 'Make another active location the default first (`PATCH /v1/locations/{id}` with `isDefault: true`).',
  },
  LOCATION_HOLDS_STOCK: {
    status: 409,
    meaning: 'A location that holds stock, has units allocated to orders or has shipments not delivered yet cannot be deleted.',
    fix: 'Deactivate it (`active: false`), or transfer its stock away first.',
  },
  RETURN_NOT_FOUND: {
    status: 404,
    meaning: 'No return with this id on this order (of the active store and mode).',
    fix: 'Take the id from `GET /v1/orders/{orderId}/returns`.',
  },
  RETURN_EXCEEDS_RETURNABLE: {
    status: 409,
    meaning: 'A line of the return asks for more units than can come back: those shipped less those already in other returns; `details` names the line.',
    fix: 'Lower the quantity to what the message says is left, or close the other return first if it will not come.',
  },
  RETURN_NOT_RECEIVABLE: {
    status: 409,
    meaning: 'Only a requested return can be received; this one was already received, refunded or closed.',
    fix: 'Read the return (`GET /v1/orders/{orderId}/returns/{returnId}`): a received return is refunded or closed next.',
  },
  RETURN_NOT_REFUNDABLE: {
    status: 409,
    meaning: 'Only a received return can be refunded, once; this one is still requested, already refunded, or closed.',
    fix: 'Receive it first (`POST …/receive`); a refunded return has given its money back already.',
  },
  RETURN_NOT_CLOSABLE: {
    status: 409,
    meaning: 'A refunded or closed return cannot be closed.',
    fix: 'Nothing to do: it is finished.',
  },
  SHIPMENT_NOT_FOUND: {
    status: 404,
    meaning: 'No shipment with this id on this order (of the active store and mode).',
    fix: 'Take the id from `GET /v1/orders/{orderId}/shipments`.',
  },
  SHIPMENT_EXCEEDS_UNSHIPPED: {
    status: 409,
    meaning: 'A line of the shipment asks for more units than are left to ship on that line (ordered less already shipped); `details` names the line.',
    fix: 'Lower the quantity to what the message says is left; `GET /v1/orders/{orderId}` shows each line\'s `shippedQuantity`.',
  },
  ORDER_NOT_SHIPPABLE: {
    status: 409,
    meaning: 'The order cannot be shipped now: it is not paid yet (and no payment provider holds its whole amount), it is cancelled or refunded, or all of it has been shipped.',
    fix: 'Record its payment first (`POST /v1/orders/{orderId}/transitions` with `to: paid`), or read the order to see what is left to ship.',
  },
  SHIPMENT_ALREADY_DELIVERED: {
    status: 409,
    meaning: 'The shipment is already delivered.',
    fix: 'Nothing to do: read the shipments with `GET /v1/orders/{orderId}/shipments`.',
  },
  LOCATION_INACTIVE: {
    status: 409,
    meaning: 'The location is inactive: it cannot become the default.',
    fix: 'Activate it first (`active: true`).',
  },
  TAX_REGION_TAKEN: {
    status: 409,
    meaning: 'The place (a country, or a state) already has a tax region in this store and mode; `details` names it.',
    fix: "Change that region's rates instead of adding another.",
  },
  DELIVERY_REGION_TAKEN: {
    status: 409,
    meaning: 'A region (a country, or a state) is already in another delivery zone of the store; `details` names each one and the zone that has it.',
    fix: 'Take the region out of the other zone first, or add your options to that zone.',
  },
  ORDER_NOT_FOUND: {
    status: 404,
    meaning: 'No order with this id in the active store and mode.',
    fix: 'Take the id from `GET /v1/orders`.',
  },
  CUSTOMER_BANNED: {
    status: 409,
    meaning: 'The customer is banned and cannot place orders.',
    fix: 'Unban the customer (`POST /v1/customers/{id}/unban`) if that is intended.',
  },
  ORDER_TRANSITION_NOT_ALLOWED: {
    status: 409,
    meaning: 'The order cannot make this move from its current state; the message names the state and the moves allowed.',
    fix: 'Ask `GET /v1/orders/{id}/transitions` what may happen next.',
  },
  REFUND_EXCEEDS_PAYMENT: {
    status: 409,
    meaning: 'The refund is larger than what is left of the payment.',
    fix: 'Refund at most the amount in `GET /v1/orders/{id}/transitions` (`refundable`).',
  },
  PROMOTION_NOT_FOUND: {
    status: 404,
    meaning: 'No promotion with this id in the active store and mode.',
    fix: 'Take the id from `GET /v1/promotions`.',
  },
  PROMOTION_CODE_TAKEN: {
    status: 409,
    meaning: 'Another promotion of the store has this code (codes are compared without regard to case).',
    fix: 'Choose another code.',
  },
  PROMOTION_NOT_APPLICABLE: {
    status: 422,
    meaning: 'The promotion code cannot be used on this order; the message and `details` give the reason (unknown, switched off, not started, ended, used up, used up by this customer, subtotal too low).',
    fix: 'Drop the code or meet its conditions.',
  },
  // Connected apps (OAuth); the OAuth endpoints themselves answer with RFC 6749 errors (src/domain/oauth/errors.ts)
  CONNECTED_APP_NOT_FOUND: {
    status: 404,
    meaning: 'You have not approved an app with this client id (in this store), or you removed it already.',
    fix: 'Take the client id from `GET /v1/connected-apps`.',
  },
  AUTHORIZATION_REQUEST_INVALID: {
    status: 400,
    meaning: 'The app authorization request has expired (15 minutes), was already answered, or belongs to another sign-in.',
    fix: 'Go back to the app and connect again.',
  },
  CSRF_TOKEN_INVALID: {
    status: 403,
    meaning: 'A form was sent without the token of the page it came from, with a token of another session or request, or from another site.',
    fix: 'Reload the page and send the form again.',
  },
  CROSS_SITE_REQUEST: {
    status: 403,
    meaning: 'The dashboard token is issued only to pages of this site: the request came from another site or without `X-Service-Client: dashboard`.',
    fix: 'Call it from the dashboard (same origin) with `X-Service-Client: dashboard`; other clients sign in with `POST /v1/auth/login`.',
  },
  // Customers, reviews, promo ads (docs/operations.md)
  CUSTOMER_NOT_FOUND: {
    status: 404,
    meaning: 'No customer with this id in the active store and mode.',
    fix: 'Take the id from `GET /v1/customers`.',
  },
  CUSTOMER_EMAIL_TAKEN: {
    status: 409,
    meaning: 'Another customer of this store and mode already has this email (case does not matter); `details` names the field.',
    fix: 'Update the existing customer (find them with `GET /v1/customers?q=<email>`), or use another email.',
  },
  REVIEW_NOT_FOUND: {
    status: 404,
    meaning: 'No review with this id in the active store and mode.',
    fix: 'Take the id from `GET /v1/reviews`.',
  },
  REVIEW_EXISTS: {
    status: 409,
    meaning: 'The customer has already reviewed this product; a customer reviews a product once.',
    fix: 'Find the existing review with `GET /v1/reviews?productId=…&customerId=…`; delete it first to replace it.',
  },
  PROMO_AD_NOT_FOUND: {
    status: 404,
    meaning: 'No promo ad with this id in the active store and mode.',
    fix: 'Take the id from `GET /v1/promo-ads`.',
  },
  PAYMENT_NOT_FOUND: {
    status: 404,
    meaning: 'No payment with this id on this order.',
    fix: 'Take the id from `GET /v1/orders/{orderId}/payments`.',
  },
  PAYMENT_NOT_PENDING: {
    status: 409,
    meaning: 'Only a pending payment can be settled; this one already succeeded or failed.',
    fix: 'Record a refund to give money back, or a new payment.',
  },
  PAYMENT_EXCEEDS_OUTSTANDING: {
    status: 409,
    meaning: 'The payment is more than the order has outstanding (its total less succeeded and pending payments); `details` gives the most it can be.',
    fix: 'Record at most the outstanding amount.',
  },
  PAYMENT_LINK_NOT_FOUND: {
    status: 404,
    meaning: 'No payment link with this id in the active store and mode.',
    fix: 'Take the id from `GET /v1/payment-links`.',
  },
  PAYMENT_LINK_NOT_ACTIVE: {
    status: 409,
    meaning: 'The payment link is paid, expired or cancelled; only an active link can be cancelled or paid.',
    fix: 'Create a new payment link if the customer still has to pay.',
  },
  PAYMENT_PROVIDER_UNAVAILABLE: {
    status: 409,
    meaning: 'No payment provider takes card payments for this store in this mode (the built-in test provider works in test mode only).',
    fix: 'Use test mode with the test provider, or set up a provider for live mode.',
  },
  PAYMENT_PROVIDER_ERROR: {
    status: 502,
    meaning: 'The payment provider refused the call or could not be reached; nothing was charged twice (every call carries an idempotency key).',
    fix: 'Retry later; the retry reuses the same idempotency key.',
  },
  PAYMENT_EVENT_SIGNATURE_INVALID: {
    status: 400,
    meaning: 'The provider event is not signed with the signing secret of this store and mode (or the signature is too old, or the body is not an event).',
    fix: "Send the provider's body unchanged with its signature header; check the webhook signing secret saved for the provider.",
  },
  PAYMENT_NOT_CAPTURABLE: {
    status: 409,
    meaning: 'The order has no payment authorized at a provider and waiting to be captured.',
    fix: 'Check `paymentStatus` on the order: only an `authorized` order can be captured.',
  },
  PROVIDER_PAYMENT_NOT_FOUND: {
    status: 404,
    meaning: 'No payment at a provider with this id in the active store and mode.',
    fix: 'Take the id from `GET /v1/orders/{orderId}/provider-payments`.',
  },
  PAYMENT_NOT_FLAGGED: {
    status: 409,
    meaning: 'The provider payment has no flag to settle, or its flag was already settled (`resolution`), or it cannot be settled this way (`details` says why).',
    fix: 'Read the payment again: only a flagged, unsettled payment can be accepted or refunded here.',
  },
  // Reference data
  COUNTRY_NOT_FOUND: {
    status: 404,
    meaning: 'No country has this id. Country ids are ISO 3166-1 alpha-2 codes, such as `US` or `DE`.',
    fix: 'Take the id from `GET /v1/countries`.',
  },
  // AI connector (MCP tool results only)
  CONFIRMATION_REQUIRED: {
    status: 428,
    meaning: 'An MCP tool that deletes, cancels, refunds or bans was called without `confirm: true`; nothing was done. The message says what the call would do.',
    fix: 'Ask the merchant, then call the tool again with `confirm: true`.',
  },
  CONFIRMATION_DECLINED: {
    status: 409,
    meaning: 'The merchant, asked through the client (elicitation), declined, cancelled, did not say yes or did not answer within 10 minutes; nothing was done.',
    fix: 'Leave it, or call the tool again if the merchant changed their mind: they are asked again.',
  },
  CONFIRMATION_CLIENT_REQUIRED: {
    status: 428,
    meaning: 'The store requires destructive MCP tool calls to be confirmed by the merchant in the AI client itself (the store setting `mcpRequireClientConfirmation`), and this client cannot ask them (it did not declare form elicitation); `confirm: true` is not accepted. Nothing was done.',
    fix: 'Use an AI client that supports MCP elicitation (forms), or do it in the dashboard or the REST API; the merchant, signed in, can turn the setting off (`PATCH /v1/settings` with a session).',
  },
  CONFIRMATION_INVALID: {
    status: 409,
    meaning: 'The retried call carried the merchant’s answer for another call (another tool or other arguments), or an answer already acted on once; nothing was done.',
    fix: 'Call the tool again without `requestState`: the merchant is asked about this call.',
  },
} as const satisfies Record<string, { status: number; meaning: string; fix: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** One field-level problem: which field (`path`, e.g. `skus[0].price`) and which rule it broke. */
/**
 * Where a detail's field was sent: the body, the query, the path or a header; `credential` for a permission the
 * credential lacks (`path: "permission"`, `rule`: the permission).
 */
export type DetailLocation = 'body' | 'query' | 'path' | 'header' | 'credential';

/** One field-level problem as code writes it: `in` may be left out for a body field or a permission. */
export interface ErrorDetail {
  path: string;
  rule: string;
  in?: DetailLocation;
}

/** A detail as every answer shows it (docs/errors.md): always with `in`. */
export type PublicErrorDetail = Required<ErrorDetail>;

/**
 * The one place a detail gets its documented shape: every detail says where its field was sent. Left out, that is the
 * body (service rules name body fields: `lines[0].quantity`, `url`), or the credential for a missing permission.
 */
export function publicDetail(detail: ErrorDetail): PublicErrorDetail {
  return { path: detail.path, rule: detail.rule, in: detail.in ?? (detail.path === 'permission' ? 'credential' : 'body') };
}

/**
 * The one error base. `message` is public (it says what went wrong and what to do); `internal` is for logs only.
 * The HTTP status comes from the registry, so a code always answers with the same status.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: PublicErrorDetail[];
  readonly headers: Record<string, string>;
  readonly internal: string | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { details?: ErrorDetail[]; headers?: Record<string, string>; internal?: string; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_CODES[code].status;
    this.details = (options.details ?? []).map(publicDetail);
    this.headers = options.headers ?? {};
    this.internal = options.internal;
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
