/**
 * The commerce-service REST API as TypeScript types, generated from its OpenAPI document by openapi-typescript.
 * Do not edit: `npm run generate:client` writes it, and `npm run check` fails when it no longer matches the server.
 */

export type paths = {
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: the process is up */
        get: operations["getLiveness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness: the database answers
         * @description 503 while the database cannot be reached, and while the instance drains before a graceful stop (`checks.instance: stopping`); load balancers should stop routing here until it is 200.
         */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/countries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List countries
         * @description All ISO 3166-1 countries by name. `states` is null here; GET /v1/states/{countryId} lists them.
         */
        get: operations["listCountries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/countries/{countryId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a country with its states */
        get: operations["getCountry"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/states/{countryId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a country's states
         * @description The first-level subdivisions (ISO 3166-2) of the country, by name. An unknown country is 404.
         */
        get: operations["listStates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/colors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the system color palette
         * @description The colors a variant group may reference with colorId.
         */
        get: operations["listColors"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/specifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List product specifications
         * @description The specifications a product can carry values for (material, weight, dimensions, warranty, …).
         */
        get: operations["listSpecifications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/signup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an account and its first store
         * @description Returns the user, the store (you own it) and a session token. Emails are unique regardless of case.
         */
        post: operations["signUp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in
         * @description Wrong email or password: 401 LOGIN_FAILED. Repeated failures: 429 with Retry-After.
         */
        post: operations["signIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/password-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask for a password-reset link by mail
         * @description Always 202 with the same body, whether an account has the email or not (nothing tells which, nor how long the answer takes). If one has it, a mail with a link to the reset page follows; the link works once, for 30 minutes. At most 5 requests an hour per email and 20 per client address (429 with Retry-After). 404 PASSWORD_RESET_UNAVAILABLE when the operator turned the feature off.
         */
        post: operations["requestPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/password-reset/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a new password with a reset link's token
         * @description The token is the `token` parameter of the link in the mail. It works once, for 30 minutes; using it ends every session of the account (sign in again with the new password). API keys and connected apps keep working: they belong to stores, not to the password. 400 RESET_LINK_INVALID for a used, expired or unknown token.
         */
        post: operations["confirmPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out
         * @description Revokes the session at once and tells the browser to clear its cached API data (Clear-Site-Data: "cache"). With a dashboard token, the browser session it came from ends too (its cookie is cleared).
         *
         *     Send `Idempotency-Key: <random string, e.g. a UUID>` to make a retry safe: the same request with the same key within 24 hours gets the first response again (with `Idempotent-Replayed: true`) without running twice.
         */
        post: operations["signOut"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchants/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in merchant user (for an API key: its creator) */
        get: operations["getProfile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change your name, email or phone (session only)
         * @description Name and phone change at once. A new email needs `currentPassword` (unless this session signed in within the last 5 minutes) and takes effect only when the link mailed to it is opened: until then the answer shows it as `pendingEmail`. The old address is then told, with a link that undoes the change and signs the account out everywhere. Send If-Match with the ETag of the GET of this URL to make the change only if nobody changed it since (412 PRECONDITION_FAILED otherwise, with the current ETag).
         */
        patch: operations["updateProfile"];
        trace?: never;
    };
    "/v1/merchants/profile/email-verification": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mail yourself a link that verifies your email (session only)
         * @description A verified email is needed to accept an invitation with a token passed by hand (an invitation opened from its own mail proves the address by itself). The link works for 48 hours; asking again replaces it.
         *
         *     Send `Idempotency-Key: <random string, e.g. a UUID>` to make a retry safe: the same request with the same key within 24 hours gets the first response again (with `Idempotent-Replayed: true`) without running twice.
         */
        post: operations["requestEmailVerification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/me/permissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Effective permissions in the active store and mode
         * @description Your role’s permissions, limited by the credential’s restrictions (API key permissions, OAuth scopes).
         */
        get: operations["getMyPermissions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stores": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The stores you belong to, with your role */
        get: operations["listStores"];
        put?: never;
        /**
         * Create another store (you own it)
         * @description Send `Idempotency-Key: <random string, e.g. a UUID>` to make a retry safe: the same request with the same key within 24 hours gets the first response again (with `Idempotent-Replayed: true`) without running twice.
         */
        post: operations["createStore"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchants/profile/business": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Business profile of the active store, and the current mode */
        get: operations["getBusinessProfile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change the business profile (settings:write)
         * @description Send If-Match with the ETag of the GET of this URL to make the change only if nobody changed it since (412 PRECONDITION_FAILED otherwise, with the current ETag). The body of the GET names the mode, so take the ETag from a GET in the same mode (X-Mode).
         */
        patch: operations["updateBusinessProfile"];
        trace?: never;
    };
    "/v1/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Members of the active store (settings:read) */
        get: operations["listMembers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/members/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a member (settings:write) */
        delete: operations["removeMember"];
        options?: never;
        head?: never;
        /** Change a member's role (settings:write) */
        patch: operations["updateMemberRole"];
        trace?: never;
    };
    "/v1/members/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Open invitations (settings:read) */
        get: operations["listInvitations"];
        put?: never;
        /**
         * Invite someone by email (settings:write)
         * @description The invitee gets a mail with an accept link (unless the operator turned invitation mail off: `emailed` says). The response also carries the invitation token once, to pass on yourself; the invitee accepts with POST /v1/invitations/accept. Invitations expire after 7 days.
         *
         *     Send `Idempotency-Key: <random string, e.g. a UUID>` to make a retry safe: the same request with the same key within 24 hours gets the first response again (with `Idempotent-Replayed: true`) without running twice.
         */
        post: operations["createInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/members/invitations/{id}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send an invitation mail again (settings:write)
         * @description Queues a new mail with a new link (the link of an earlier mail stops working; the token shown when it was created keeps working) and gives the invitation another 7 days. 409 MAIL_UNAVAILABLE when invitation mail is turned off.
         *
         *     Send `Idempotency-Key: <random string, e.g. a UUID>` to make a retry safe: the same request with the same key within 24 hours gets the first response again (with `Idempotent-Replayed: true`) without running twice.
         */
        post: operations["resendInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/members/invitations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke an invitation (settings:write) */
        delete: operations["revokeInvitation"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invitations/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept an invitation made out to your email (session only)
         * @description Send `Idempotency-Key: <random string, e.g. a UUID>` to make a retry safe: the same request with the same key within 24 hours gets the first response again (with `Idempotent-Replayed: true`) without running twice.
         */
        post: operations["acceptInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** API keys of the active store and mode (settings:write) */
        get: operations["listApiKeys"];
        put?: never;
        /**
         * Create an API key (settings:write)
         * @description The key is in the response once and never again. Its prefix (sk_live_ / sk_test_) tells its mode.
         *
         *     Send `Idempotency-Key: <random string, e.g. a UUID>` to make a retry safe: the same request with the same key within 24 hours gets the first response again (with `Idempotent-Replayed: true`) without running twice.
         */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke an API key at once (settings:write) */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/publishable-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Publishable keys of the active store and mode, with the keys themselves (settings:read) */
        get: operations["listPublishableKeys"];
        put?: never;
        /**
         * Create a publishable key for a storefront (settings:write)
         * @description A publishable key (pk_live_ / pk_test_) is not a secret: put it in your storefront’s pages and send it as X-PublishableKey. It reads only what a shopper may see (active products with variant groups and SKUs, categories, published promo ads, delivery quotes), and browsers may read its answers from the store’s allowedOrigins (GET /v1/settings) in its mode. Creating one also needs products:read, promotions:read and delivery:read; connected apps cannot.
         *
         *     Send `Idempotency-Key: <random string, e.g. a UUID>` to make a retry safe: the same request with the same key within 24 hours gets the first response again (with `Idempotent-Replayed: true`) without running twice.
         */
        post: operations["createPublishableKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/publishable-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke a publishable key at once (settings:write) */
        delete: operations["revokePublishableKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/audit-logs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who changed what in the active store and mode, newest first (settings:read)
         * @description Filters combine with AND; the cursor belongs to the filters it was returned with.
         */
        get: operations["listAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/session-token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A short-lived session token for the dashboard, from the browser session
         * @description Authenticated by the HttpOnly browser session cookie that the sign-in page (/login) sets, for same-origin requests that send X-Service-Client: dashboard. The token lives 15 minutes at most and ends with the browser session; the dashboard keeps it in memory and asks for a new one before it expires.
         */
        post: operations["createSessionToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List products (products:read; a publishable key lists active ones)
         * @description Filters: status, type (SIMPLE or VARIABLE), categoryId, q (name or SKU code). Sort: createdAt, name, updatedAt (prefix - for descending). Cursor pagination.
         */
        get: operations["listProducts"];
        put?: never;
        /**
         * Create a product (products:write)
         * @description SIMPLE products carry price, discount, quantityInStock and sku; VARIABLE products get variant groups with POST /v2/products/{productId}/variant-groups.
         *
         *     Send `Idempotency-Key: <random string, e.g. a UUID>` to make a retry safe: the same request with the same key within 24 hours gets the first response again (with `Idempotent-Replayed: true`) without running twice.
         */
        post: operations["createProduct"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/products/{productId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a product (products:read; a publishable key: active products only) */
        get: operations["getProduct"];
        put?: never;
        post?: never;
        /**
         * Delete a product with its groups and SKUs (products:write)
         * @description Send If-Match with the ETag of the GET of this URL to make the change only if nobody changed it since (412 PRECONDITION_FAILED otherwise, with the current ETag).
         */
        delete: operations["deleteProduct"];
        options?: never;
        head?: never;
        /**
         * Change a product (products:write; stock also inventory:write)
         * @description Changes only the sent fields; categoryIds, imageFileIds and specifications replace the old lists. Send If-Match with the ETag of the GET of this URL to make the change only if nobody changed it since (412 PRECONDITION_FAILED otherwise, with the current ETag).
         */
        patch: operations["updateProduct"];
        trace?: never;
    };
    "/v2/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List products with their variant groups and SKUs (products:read; a publishable key lists active ones)
         * @description The filters, sort and cursor pagination of GET /v1/products: status, type (SIMPLE or VARIABLE), categoryId, q.
         */
        get: operations["listProductTrees"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/products/{productId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a product with its variant groups and SKUs (products:read; a publishable key: active products only) */
        get: operations["getProductTree"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/products/{productId}/variant-groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a variant group with its SKUs (products:write)
         * @description At least one SKU; all or nothing. Only on VARIABLE products.
         *
         *     Send `Idempotency-Key: <random string, e.g. a UUID>` to make a retry safe: the same request with the same key within 24 hours gets the first response again (with `Idempotent-Replayed: true`) without running twice.
         */
        post: operations["createVariantGroup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/products/{productId}/variant-groups/{groupId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a variant group with its SKUs (products:read; a publishable key: of active products only) */
        get: operations["getVariantGroup"];
        put?: never;
        post?: never;
        /**
         * Delete a variant group and all its SKUs (products:write)
         * @description Send If-Match with the ETag of the GET of this URL to make the change only if nobody changed it since (412 PRECONDITION_FAILED otherwise, with the current ETag).
         */
        delete: operations["deleteVariantGroup"];
        options?: never;
        head?: never;
        /**
         * Change group metadata (products:write)
         * @description Any of attributeName, attributeValue, image, colorId; only sent fields change. Price and stock are refused here (change them on the SKUs). Send If-Match with the ETag of the GET of this URL to make the change only if nobody changed it since (412 PRECONDITION_FAILED otherwise, with the current ETag).
         */
        patch: operations["updateVariantGroup"];
        trace?: never;
    };
    "/v2/products/{productId}/variant-groups/{groupId}/skus": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a SKU to a group (products:write)
         * @description Send `Idempotency-Key: <random string, e.g. a UUID>` to make a retry safe: the same request with the same key within 24 hours gets the first response again (with `Idempotent-Replayed: true`) without running twice.
         */
        post: operations["createSku"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/products/{productId}/variant-groups/{groupId}/skus/{skuId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a SKU (products:read; a publishable key: of active products only) */
        get: operations["getSku"];
        put?: never;
        post?: never;
        /**
         * Delete a SKU (products:write)
         * @description The last SKU of a group cannot be deleted (409): delete the group. Send If-Match with the ETag of the GET of this URL to make the change only if nobody changed it since (412 PRECONDITION_FAILED otherwise, with the current ETag).
         */
        delete: operations["deleteSku"];
        options?: never;
        head?: never;
        /**
         * Change a SKU (products:write; stock also inventory:write)
         * @description Any of price, discount, quantityInStock, sku, attributes; only sent fields change. Send If-Match with the ETag of the GET of this URL to make the change only if nobody changed it since (412 PRECONDITION_FAILED otherwise, with the current ETag).
         */
        patch: operations["updateSku"];
        trace?: never;
    };
    "/v1/categories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List categories (products:read, or a publishable key)
         * @description All categories of the store, by position then name; build the tree from parentId.
         */
        get: operations["listCategories"];
        put?: never;
        /**
         * Create a category (products:write)
         * @description Send `Idempotency-Key: <random string, e.g. a UUID>` to make a retry safe: the same request with the same key within 24 hours gets the first response again (with `Idempotent-Replayed: true`) without running twice.
         */
        post: operations["createCategory"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/categories/{categoryId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a category (products:read, or a publishable key) */
        get: operations["getCategory"];
        put?: never;
        post?: never;
        /**
         * Delete an empty category (products:write)
         * @description A category with sub-categories or products is refused with 409. Send If-Match with the ETag of the GET of this URL to make the change only if nobody changed it since (412 PRECONDITION_FAILED otherwise, with the current ETag).
         */
        delete: operations["deleteCategory"];
        options?: never;
        head?: never;
        /**
         * Change a category (products:write)
         * @description Send If-Match with the ETag of the GET of this URL to make the change only if nobody changed it since (412 PRECONDITION_FAILED otherwise, with the current ETag).
         */
        patch: operations["updateCategory"];
        trace?: never;
    };
    "/v1/inventory/adjustments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Stock history of a SKU, newest first (inventory:read) */
        get: operations["listStockAdjustments"];
        put?: never;
        /**
         * Adjust a SKU’s stock (inventory:write)
         * @description Exactly one of delta (add or remove units) or set (an exact count), with a reason. Atomic: concurrent adjustments add up; stock never goes below zero.
         *
         *     Send `Idempotency-Key: <random string, e.g. a UUID>` to make a retry safe: the same request with the same key within 24 hours gets the first response again (with `Idempotent-Replayed: true`) without running twice.
         */
        post: operations["adjustStock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/inventory/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The low-stock threshold (inventory:read) */
        get: operations["getInventorySettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change the low-stock threshold (settings:write)
         * @description Send If-Match with the ETag of the GET of this URL to make the change only if nobody changed it since (412 PRECONDITION_FAILED otherwise, with the current ETag).
         */
        patch: operations["updateInventorySettings"];
        trace?: never;
    };
    "/v1/dashboard/inventory": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Inventory breakdown (inventory:read)
         * @description Units and value in stock, counts of in-stock / low / out-of-stock SKUs, and the same per category. Cache window: 3 minutes, stale-while-revalidate 6 minutes.
         */
        get: operations["getInventoryBreakdown"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/dashboard/overview/low-stock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * SKUs at or below the low-stock threshold (inventory:read)
         * @description Out of stock first, with product and group names. Cache window: 3 minutes, stale-while-revalidate 6 minutes.
         */
        get: operations["listLowStockSkus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/inventory/skus": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Stock levels of every SKU, with product and group names (inventory:read)
         * @description By product name, then SKU. q finds text in the product name (case- and accent-insensitive) or the SKU code; stock=in|low|out keeps SKUs above the low-stock threshold, at 1..threshold units, or at 0. Cursor pagination.
         */
        get: operations["listStockLevels"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/inventory/skus/{skuId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Stock level of one SKU, with product and group names (inventory:read) */
        get: operations["getStockLevel"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List orders (orders:read)
         * @description Filters: status, paymentStatus, customerId, number (exactly one order number, e.g. ORD-1001), from/to (created). Sort createdAt or -createdAt (default). Cursor pagination.
         */
        get: operations["listOrders"];
        put?: never;
        /**
         * Place an order (orders:write)
         * @description Prices, discounts, the delivery fee and totals are computed by the server; stock is taken atomically (409 naming the SKU and what is left).
         *
         *     Send `Idempotency-Key: <random string, e.g. a UUID>` to make a retry safe: the same request with the same key within 24 hours gets the first response again (with `Idempotent-Replayed: true`) without running twice.
         */
        post: operations["placeOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orders/{orderId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an order with its lines and history (orders:read) */
        get: operations["getOrder"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change the note or addresses of an order (orders:write)
         * @description Send If-Match with the ETag of the GET of this URL to make the change only if nobody changed it since (412 PRECONDITION_FAILED otherwise, with the current ETag).
         */
        patch: operations["updateOrder"];
        trace?: never;
    };
    "/v1/orders/{orderId}/transitions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The moves allowed now (orders:read) */
        get: operations["listOrderTransitions"];
        put?: never;
        /**
         * Move an order (orders:write)
         * @description One move of the lifecycle; GET /v1/orders/{orderId}/transitions lists the moves allowed now and what each does. A move that is not allowed is 409 naming the current state. Refunds never exceed what was paid.
         *
         *     Send `Idempotency-Key: <random string, e.g. a UUID>` to make a retry safe: the same request with the same key within 24 hours gets the first response again (with `Idempotent-Replayed: true`) without running twice.
         */
        post: operations["transitionOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/promotions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List discount codes (promotions:read) */
        get: operations["listPromotions"];
        put?: never;
        /**
         * Create a discount code (promotions:write)
         * @description Send `Idempotency-Key: <random string, e.g. a UUID>` to make a retry safe: the same request with the same key within 24 hours gets the first response again (with `Idempotent-Replayed: true`) without running twice.
         */
        post: operations["createPromotion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/promotions/{promotionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a discount code (promotions:read) */
        get: operations["getPromotion"];
        put?: never;
        post?: never;
        /**
         * Delete a discount code (promotions:write)
         * @description Send If-Match with the ETag of the GET of this URL to make the change only if nobody changed it since (412 PRECONDITION_FAILED otherwise, with the current ETag).
         */
        delete: operations["deletePromotion"];
        options?: never;
        head?: never;
        /**
         * Change a discount code (promotions:write)
         * @description Send If-Match with the ETag of the GET of this URL to make the change only if nobody changed it since (412 PRECONDITION_FAILED otherwise, with the current ETag).
         */
        patch: operations["updatePromotion"];
        trace?: never;
    };
    "/v1/dashboard/overview/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sales overview (analytics:read)
         * @description Sales total, order count, average order value and new customers for today, 7 days, 30 days or a range (store-local days), with the previous period and a daily series. Cache window: 5 minutes, stale-while-revalidate 10 minutes.
         */
        get: operations["getSalesSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/exports/orders.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Orders of a date range as CSV (analytics:read and orders:read)
         * @description Every order created from `from` to `to` (store-local days, inclusive), oldest first; with `status`, only the orders in that status now. One row per order with the customer’s name as it is now. The file name (Content-Disposition) names the range and the status.
         */
        get: operations["exportOrdersCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/exports/daily-sales.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Daily sales of a date range as CSV (analytics:read) */
        get: operations["exportDailySalesCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload an image (products:write)
         * @description Send `multipart/form-data` with exactly one file part named `file`: a JPEG, PNG, WebP or GIF image of at most 10 MiB. The type is judged from the bytes, never from the file name or the declared type (other bytes: 415 FILE_TYPE_NOT_SUPPORTED). Too large: 413 FILE_TOO_LARGE. No file part, or more than one: 422 naming `file`. A refused upload keeps nothing. The returned id is used as `image` of a variant group or `logoFileId` of the business profile.
         *
         *     Send `Idempotency-Key: <random string, e.g. a UUID>` to make a retry safe: the same request with the same key within 24 hours gets the first response again (with `Idempotent-Replayed: true`) without running twice.
         */
        post: operations["uploadFile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/files/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The bytes of an uploaded image (products:read; a publishable key: images of active products and live promo ads)
         * @description Served with the stored content type, `X-Content-Type-Options: nosniff` and a strong ETag (the SHA-256 of the bytes); If-None-Match answers 304. Only callers of the same store and mode may read it: another store’s file id is 404.
         */
        get: operations["getFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/oauth-authorization-server": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Authorization server metadata (RFC 8414) */
        get: operations["getAuthorizationServerMetadata"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/oauth-protected-resource": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Protected resource metadata of the AI connector (RFC 9728) */
        get: operations["getProtectedResourceMetadata"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/oauth-protected-resource/mcp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Protected resource metadata of the AI connector (RFC 9728) */
        get: operations["getConnectorProtectedResourceMetadata"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register a connected app (RFC 7591)
         * @description JSON body: client_name (string, up to 100 characters), redirect_uris (1-10 absolute https URLs, or http on localhost/127.0.0.1/[::1]; no fragment). Other metadata is accepted and ignored. 201 with client_id, client_name, redirect_uris, token_endpoint_auth_method "none", grant_types, response_types, client_id_issued_at. No client secret is issued. Errors: 400 invalid_redirect_uri / invalid_client_metadata; 429 temporarily_unavailable with Retry-After.
         */
        post: operations["registerOAuthClient"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Exchange a code, or refresh (RFC 6749)
         * @description application/x-www-form-urlencoded. grant_type=authorization_code: code, redirect_uri, client_id, code_verifier. grant_type=refresh_token: refresh_token, client_id (optional scope to narrow). Both accept resource (it must be BASE_URL/mcp). 200: access_token, refresh_token (a new one every time), token_type Bearer, expires_in, scope. 400: invalid_request, invalid_client, invalid_grant, unsupported_grant_type, invalid_scope, invalid_target.
         */
        post: operations["requestOAuthToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke a token (RFC 7009)
         * @description application/x-www-form-urlencoded: token, client_id. Revoking a refresh token ends its whole authorization (both tokens); revoking an access token ends that token. 200 with an empty body, also for unknown or already revoked tokens.
         */
        post: operations["revokeOAuthToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Start an authorization (opened in the merchant’s browser)
         * @description Query: response_type=code, client_id (a registered id, or the https URL of a Client ID Metadata Document), redirect_uri (exactly as registered or listed in the document), code_challenge (S256), code_challenge_method=S256, state, optional scope (space-separated; default mcp:store) and resource (default and only value: BASE_URL/mcp). Shows sign-in, then the store picker (several stores), then consent; ends with a 303 to redirect_uri carrying code, state and iss, or error, state and iss. An unknown client or redirect_uri shows an error page instead.
         */
        get: operations["authorizeOAuthClient"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/connected-apps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Apps connected to your stores (session only)
         * @description One entry per app, store and mode: its scopes, who approved it and when, and when it was last used. In a store where your role has settings:write you see every app any member connected; elsewhere the apps you approved.
         */
        get: operations["listConnectedApps"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/connected-apps/{clientId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove an app (session only): its access and refresh tokens stop working at once
         * @description In a store where your role has settings:write this removes the app whoever approved it; elsewhere only your own approvals. 404 when there is nothing you can remove.
         */
        delete: operations["removeConnectedApp"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/mcp.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** AI connector discovery document */
        get: operations["getConnectorDiscovery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/mcp-connector-profile.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** AI connector profile, for configuring clients */
        get: operations["getConnectorProfile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List customers, newest first (customers:read)
         * @description q finds text in the name or email (case- and accent-insensitive) and digits in the phone; banned=true|false filters on whether a ban counts now. Cursor pagination.
         */
        get: operations["listCustomers"];
        put?: never;
        /**
         * Create a customer (customers:write)
         * @description The email is unique within the store and mode without regard to case (409 CUSTOMER_EMAIL_TAKEN). Address countries and states come from GET /v1/countries and GET /v1/states/{countryId}.
         *
         *     Send `Idempotency-Key: <random string, e.g. a UUID>` to make a retry safe: the same request with the same key within 24 hours gets the first response again (with `Idempotent-Replayed: true`) without running twice.
         */
        post: operations["createCustomer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customers/{customerId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a customer with order count and total spent (customers:read) */
        get: operations["getCustomer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change a customer (customers:write)
         * @description Only the sent fields change; addresses, when sent, replaces the whole list; phone: null clears it. Send If-Match with the ETag of the GET of this URL to make the change only if nobody changed it since (412 PRECONDITION_FAILED otherwise, with the current ETag).
         */
        patch: operations["updateCustomer"];
        trace?: never;
    };
    "/v1/customers/{customerId}/ban": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ban a customer (customers:write)
         * @description A banned customer cannot place orders or be given new reviews. expiresAt (optional, in the future) ends the ban by itself; banning again replaces the reason and expiry.
         *
         *     Send `Idempotency-Key: <random string, e.g. a UUID>` to make a retry safe: the same request with the same key within 24 hours gets the first response again (with `Idempotent-Replayed: true`) without running twice.
         */
        post: operations["banCustomer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customers/{customerId}/unban": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Lift a customer’s ban (customers:write)
         * @description Clears the ban, active or expired. A customer without a ban is answered as is, and nothing is written.
         *
         *     Send `Idempotency-Key: <random string, e.g. a UUID>` to make a retry safe: the same request with the same key within 24 hours gets the first response again (with `Idempotent-Replayed: true`) without running twice.
         */
        post: operations["unbanCustomer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/reviews": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List reviews across the store, newest first (reviews:read)
         * @description Filters: productId, customerId, rating (1-5), hidden (true|false). Cursor pagination.
         */
        get: operations["listReviews"];
        put?: never;
        /**
         * Create a review (reviews:write)
         * @description The product and the customer must be the store’s (422 naming the field); a customer reviews a product once (409 REVIEW_EXISTS); a banned customer cannot be given a review.
         *
         *     Send `Idempotency-Key: <random string, e.g. a UUID>` to make a retry safe: the same request with the same key within 24 hours gets the first response again (with `Idempotent-Replayed: true`) without running twice.
         */
        post: operations["createReview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/reviews/{reviewId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a review (reviews:read) */
        get: operations["getReview"];
        put?: never;
        post?: never;
        /**
         * Delete a review (reviews:write)
         * @description Send If-Match with the ETag of the GET of this URL to make the change only if nobody changed it since (412 PRECONDITION_FAILED otherwise, with the current ETag).
         */
        delete: operations["deleteReview"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/reviews/{reviewId}/reply": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reply to a review (reviews:write)
         * @description Public reply of the merchant; replying again replaces it.
         *
         *     Send `Idempotency-Key: <random string, e.g. a UUID>` to make a retry safe: the same request with the same key within 24 hours gets the first response again (with `Idempotent-Replayed: true`) without running twice.
         */
        post: operations["replyToReview"];
        /** Remove the reply to a review (reviews:write) */
        delete: operations["removeReviewReply"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/reviews/{reviewId}/hide": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Hide a review (reviews:write)
         * @description Kept, but left out of the rating summary. Hiding a hidden review changes nothing.
         *
         *     Send `Idempotency-Key: <random string, e.g. a UUID>` to make a retry safe: the same request with the same key within 24 hours gets the first response again (with `Idempotent-Replayed: true`) without running twice.
         */
        post: operations["hideReview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/reviews/{reviewId}/show": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Show a hidden review again (reviews:write)
         * @description Send `Idempotency-Key: <random string, e.g. a UUID>` to make a retry safe: the same request with the same key within 24 hours gets the first response again (with `Idempotent-Replayed: true`) without running twice.
         */
        post: operations["showReview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/products/{productId}/reviews": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the reviews of a product, newest first (reviews:read)
         * @description Filters: customerId, rating (1-5), hidden (true|false). Cursor pagination.
         */
        get: operations["listProductReviews"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/products/{productId}/rating-summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Rating summary of a product (reviews:read)
         * @description Count, average and count per star over the visible (not hidden) reviews.
         */
        get: operations["getProductRatingSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/promo-ads/published": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The ads live now (promotions:read, or a publishable key)
         * @description Published ads whose startsAt has passed and whose endsAt (if any) has not, latest start first, at most 100. With placement: the ads for that placement and those for any placement. Cache window: 30 minutes (max-age=1800, private) with X-Enable-Cache: true or X-Service-Client: dashboard, so an ad may show up to 30 minutes after it ends in a client that caches.
         */
        get: operations["listPublishedPromoAds"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/promo-ads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List promo ads, newest first (promotions:read)
         * @description Filters: status (draft|published), placement. Cursor pagination.
         */
        get: operations["listPromoAds"];
        put?: never;
        /**
         * Create a promo ad (promotions:write)
         * @description status defaults to draft. linkUrl must be an absolute http(s) URL; endsAt must be after startsAt; imageFileId must be an image uploaded to this store.
         *
         *     Send `Idempotency-Key: <random string, e.g. a UUID>` to make a retry safe: the same request with the same key within 24 hours gets the first response again (with `Idempotent-Replayed: true`) without running twice.
         */
        post: operations["createPromoAd"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/promo-ads/{adId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a promo ad (promotions:read) */
        get: operations["getPromoAd"];
        put?: never;
        post?: never;
        /**
         * Delete a promo ad (promotions:write)
         * @description Send If-Match with the ETag of the GET of this URL to make the change only if nobody changed it since (412 PRECONDITION_FAILED otherwise, with the current ETag).
         */
        delete: operations["deletePromoAd"];
        options?: never;
        head?: never;
        /**
         * Change a promo ad (promotions:write)
         * @description Only the sent fields change; null clears an optional field. Send If-Match with the ETag of the GET of this URL to make the change only if nobody changed it since (412 PRECONDITION_FAILED otherwise, with the current ETag).
         */
        patch: operations["updatePromoAd"];
        trace?: never;
    };
    "/v1/delivery/zones": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List delivery zones with their options (delivery:read)
         * @description Oldest first, cursor pagination.
         */
        get: operations["listDeliveryZones"];
        put?: never;
        /**
         * Create a delivery zone (delivery:write)
         * @description A name and regions: countries, optionally narrowed to states. A region belongs to at most one zone (409 DELIVERY_REGION_TAKEN); an address is served by the zone listing its state, else by the zone listing its whole country.
         *
         *     Send `Idempotency-Key: <random string, e.g. a UUID>` to make a retry safe: the same request with the same key within 24 hours gets the first response again (with `Idempotent-Replayed: true`) without running twice.
         */
        post: operations["createDeliveryZone"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/delivery/zones/{zoneId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a delivery zone with its options (delivery:read) */
        get: operations["getDeliveryZone"];
        put?: never;
        post?: never;
        /**
         * Delete a delivery zone and its options (delivery:write)
         * @description Orders keep the option name they were placed with. Send If-Match with the ETag of the GET of this URL to make the change only if nobody changed it since (412 PRECONDITION_FAILED otherwise, with the current ETag).
         */
        delete: operations["deleteDeliveryZone"];
        options?: never;
        head?: never;
        /**
         * Change a delivery zone (delivery:write)
         * @description Any of name, regions; regions replaces the whole list (same rules as on create). Send If-Match with the ETag of the GET of this URL to make the change only if nobody changed it since (412 PRECONDITION_FAILED otherwise, with the current ETag). The zone's ETag covers its options too.
         */
        patch: operations["updateDeliveryZone"];
        trace?: never;
    };
    "/v1/delivery/zones/{zoneId}/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the options of a zone (delivery:read) */
        get: operations["listDeliveryOptions"];
        put?: never;
        /**
         * Add a delivery option to a zone (delivery:write)
         * @description Name, fee (store currency, at most its decimals), optional free-over threshold, estimated days and active flag.
         *
         *     Send `Idempotency-Key: <random string, e.g. a UUID>` to make a retry safe: the same request with the same key within 24 hours gets the first response again (with `Idempotent-Replayed: true`) without running twice.
         */
        post: operations["createDeliveryOption"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/delivery/zones/{zoneId}/options/{optionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a delivery option (delivery:read) */
        get: operations["getDeliveryOption"];
        put?: never;
        post?: never;
        /**
         * Delete a delivery option (delivery:write)
         * @description Send If-Match with the ETag of the GET of this URL to make the change only if nobody changed it since (412 PRECONDITION_FAILED otherwise, with the current ETag).
         */
        delete: operations["deleteDeliveryOption"];
        options?: never;
        head?: never;
        /**
         * Change a delivery option (delivery:write)
         * @description Only sent fields change. Send If-Match with the ETag of the GET of this URL to make the change only if nobody changed it since (412 PRECONDITION_FAILED otherwise, with the current ETag).
         */
        patch: operations["updateDeliveryOption"];
        trace?: never;
    };
    "/v1/delivery/quote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Delivery options for an address, with their fee (delivery:read, or a publishable key)
         * @description The active options of the zone that serves countryId (and stateId), priced for subtotal (free-over thresholds applied), cheapest first. Orders apply the same rules to the option they are given.
         */
        get: operations["quoteDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tax-regions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List tax regions with their rates (settings:read)
         * @description By id, cursor pagination. An order is taxed by the region of its state, else of its whole country; with neither, no tax.
         */
        get: operations["listTaxRegions"];
        put?: never;
        /**
         * Create a tax region (settings:write)
         * @description A country, optionally one of its states, and its rates per tax class in basis points (standard required). A place has one region (409 TAX_REGION_TAKEN). Orders placed afterwards are taxed with it; orders already placed keep their tax.
         *
         *     Send `Idempotency-Key: <random string, e.g. a UUID>` to make a retry safe: the same request with the same key within 24 hours gets the first response again (with `Idempotent-Replayed: true`) without running twice.
         */
        post: operations["createTaxRegion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tax-regions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a tax region (settings:read) */
        get: operations["getTaxRegion"];
        put?: never;
        post?: never;
        /**
         * Delete a tax region (settings:write)
         * @description Orders already placed keep their tax. Send If-Match with the ETag of the GET of this URL to make the change only if nobody changed it since (412 PRECONDITION_FAILED otherwise, with the current ETag).
         */
        delete: operations["deleteTaxRegion"];
        options?: never;
        head?: never;
        /**
         * Change a tax region (settings:write)
         * @description Any of name, countryId, stateId, rates (rates replaces the whole table). Orders already placed keep their tax. Send If-Match with the ETag of the GET of this URL to make the change only if nobody changed it since (412 PRECONDITION_FAILED otherwise, with the current ETag).
         */
        patch: operations["updateTaxRegion"];
        trace?: never;
    };
    "/v1/locations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List stock locations (inventory:read)
         * @description In the store's order of preference (position, then id), cursor pagination. Every store has a default location.
         */
        get: operations["listLocations"];
        put?: never;
        /**
         * Create a stock location (inventory:write)
         * @description A name, optionally an address, active (default true) and a position in the order of preference (default: last). At most 100 per store and mode.
         *
         *     Send `Idempotency-Key: <random string, e.g. a UUID>` to make a retry safe: the same request with the same key within 24 hours gets the first response again (with `Idempotent-Replayed: true`) without running twice.
         */
        post: operations["createLocation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/locations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a stock location (inventory:read) */
        get: operations["getLocation"];
        put?: never;
        post?: never;
        /**
         * Delete an empty stock location (inventory:write)
         * @description Only a location with no unit on hand or allocated that is not the default (409 LOCATION_HOLDS_STOCK, LOCATION_IS_DEFAULT): deactivate the others. Send If-Match with the ETag of the GET of this URL to make the change only if nobody changed it since (412 PRECONDITION_FAILED otherwise, with the current ETag).
         */
        delete: operations["deleteLocation"];
        options?: never;
        head?: never;
        /**
         * Change a stock location (inventory:write)
         * @description Any of name, address, active, position, and isDefault: true (moves the default here). active: false takes its stock off sale (out of every SKU's quantityInStock); the default location cannot be deactivated (409 LOCATION_IS_DEFAULT). Send If-Match with the ETag of the GET of this URL to make the change only if nobody changed it since (412 PRECONDITION_FAILED otherwise, with the current ETag).
         */
        patch: operations["updateLocation"];
        trace?: never;
    };
    "/v1/locations/{id}/levels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Stock levels at a location (inventory:read)
         * @description By SKU id, cursor pagination.
         */
        get: operations["listLocationLevels"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/locations/{id}/adjustments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Adjust a SKU’s stock at a location (inventory:write)
         * @description Exactly one of delta or onHand (a count), with a reason: received, damaged, count_correction or returned, and an optional note. Never below what is allocated there (409 INSUFFICIENT_STOCK). At an active location the SKU's quantityInStock moves by the same amount.
         *
         *     Send `Idempotency-Key: <random string, e.g. a UUID>` to make a retry safe: the same request with the same key within 24 hours gets the first response again (with `Idempotent-Replayed: true`) without running twice.
         */
        post: operations["adjustLocationStock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/inventory/skus/{skuId}/levels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A SKU’s stock at each location (inventory:read)
         * @description In the order of preference; quantityInStock is the sum available over the active locations.
         */
        get: operations["listSkuLevels"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/inventory/transfers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move a SKU’s units between locations (inventory:write)
         * @description Atomic; never more than the source has available (409 INSUFFICIENT_STOCK naming quantity). Two lines in the stock history, with the note.
         *
         *     Send `Idempotency-Key: <random string, e.g. a UUID>` to make a retry safe: the same request with the same key within 24 hours gets the first response again (with `Idempotent-Replayed: true`) without running twice.
         */
        post: operations["transferStock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orders/{orderId}/returns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an order's returns (orders:read)
         * @description Oldest first, cursor pagination.
         */
        get: operations["listOrderReturns"];
        put?: never;
        /**
         * Ask for units of an order back (orders:write)
         * @description Each line at most the units shipped less those in its other returns (409 RETURN_EXCEEDS_RETURNABLE naming the line). The return starts `requested`.
         *
         *     Send `Idempotency-Key: <random string, e.g. a UUID>` to make a retry safe: the same request with the same key within 24 hours gets the first response again (with `Idempotent-Replayed: true`) without running twice.
         */
        post: operations["createReturn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orders/{orderId}/returns/{returnId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a return (orders:read) */
        get: operations["getReturn"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orders/{orderId}/returns/{returnId}/receive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Receive a return into a location (orders:write)
         * @description Every line of the return, restocked (back on hand at the location: a stock adjustment, reason `returned`) or written off. Once: a second receipt is 409 RETURN_NOT_RECEIVABLE. `refund: true` refunds it at once.
         *
         *     Send `Idempotency-Key: <random string, e.g. a UUID>` to make a retry safe: the same request with the same key within 24 hours gets the first response again (with `Idempotent-Replayed: true`) without running twice.
         */
        post: operations["receiveReturn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orders/{orderId}/returns/{returnId}/refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Refund a received return (orders:write)
         * @description Refunds the returned units' money (their amount less their share of the discount, plus their tax where prices exclude it, and delivery with the order's last units or with `refundDelivery: true`) through the order's payments, once: a second refund is 409 RETURN_NOT_REFUNDABLE.
         *
         *     Send `Idempotency-Key: <random string, e.g. a UUID>` to make a retry safe: the same request with the same key within 24 hours gets the first response again (with `Idempotent-Replayed: true`) without running twice.
         */
        post: operations["refundReturn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orders/{orderId}/returns/{returnId}/close": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Close a return without a refund (orders:write)
         * @description Send `Idempotency-Key: <random string, e.g. a UUID>` to make a retry safe: the same request with the same key within 24 hours gets the first response again (with `Idempotent-Replayed: true`) without running twice.
         */
        post: operations["closeReturn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orders/{orderId}/shipments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an order's shipments (orders:read)
         * @description Oldest first.
         */
        get: operations["listOrderShipments"];
        put?: never;
        /**
         * Ship lines of an order from a location (orders:write)
         * @description Lines by lineId or skuId, each at most what is left to ship (409 SHIPMENT_EXCEEDS_UNSHIPPED naming the line); on hand and allocated go down at the location. An order whose whole outstanding amount a payment provider holds is captured first (payments:write). The shipment that ships the last unit of a paid order makes it fulfilled.
         *
         *     Send `Idempotency-Key: <random string, e.g. a UUID>` to make a retry safe: the same request with the same key within 24 hours gets the first response again (with `Idempotent-Replayed: true`) without running twice.
         */
        post: operations["createShipment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orders/{orderId}/shipments/{shipmentId}/delivered": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark a shipment delivered (orders:write)
         * @description Once (409 SHIPMENT_ALREADY_DELIVERED after). Delivering the last open shipment of a fulfilled order makes it delivered.
         *
         *     Send `Idempotency-Key: <random string, e.g. a UUID>` to make a retry safe: the same request with the same key within 24 hours gets the first response again (with `Idempotent-Replayed: true`) without running twice.
         */
        post: operations["deliverShipment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/carts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a cart (a publishable key only (X-PublishableKey))
         * @description Answers the empty cart and its token (256 random bits, shown only now). Send the token as X-Cart-Token on every call on the cart. A cart ends 14 days after its last change.
         */
        post: operations["createCart"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/carts/{cartId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a cart, priced now, with its problems (a publishable key only (X-PublishableKey) and X-Cart-Token)
         * @description Every amount is computed by the server as the order would be (lines, promotion, delivery, tax). `problems` names each line or field that stops a checkout.
         */
        get: operations["getCart"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Set the cart's email, addresses, delivery option or promotion code (a publishable key only (X-PublishableKey) and X-Cart-Token)
         * @description Only the sent fields change; null clears one. Addresses follow the order rules. A delivery option must serve the shipping address (422 naming deliveryOptionId) and a promotion code must apply now (422 PROMOTION_NOT_APPLICABLE): nothing is written then.
         */
        patch: operations["updateCart"];
        trace?: never;
    };
    "/v1/carts/{cartId}/lines": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a SKU to the cart (a publishable key only (X-PublishableKey) and X-Cart-Token)
         * @description The same SKU again adds to its line. At most 50 lines and 999 of a SKU; the SKU must be of an active product and in stock for the line’s quantity (409 INSUFFICIENT_STOCK).
         */
        post: operations["addCartLine"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/carts/{cartId}/lines/{lineId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a line (a publishable key only (X-PublishableKey) and X-Cart-Token) */
        delete: operations["removeCartLine"];
        options?: never;
        head?: never;
        /**
         * Set a line's quantity (a publishable key only (X-PublishableKey) and X-Cart-Token)
         * @description The line takes the SKU’s price now: this is how a shopper accepts a changed price (PRICE_CHANGED).
         */
        patch: operations["updateCartLine"];
        trace?: never;
    };
    "/v1/carts/{cartId}/checkout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check the cart out: the pending order holding its stock, and how to pay it (a publishable key only (X-PublishableKey) and X-Cart-Token)
         * @description In one transaction: the cart priced (409 CART_NOT_READY naming each problem), what is missing refused (422 naming email, shippingAddress, deliveryOptionId where delivery zones exist, lines), the customer found or made by the email (a banned one: 409 CUSTOMER_BANNED), the pending order placed with channel storefront and its stock held for 15 minutes, and a pay link for it. Answers payUrl (the hosted pay page), statusUrl (the order status page), the order, and for Stripe what its Payment Element needs. Checking the same cart out again answers the same order (200; 201 when placed now). The body is optional.
         */
        post: operations["checkoutCart"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/checkouts/abandoned": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Abandoned checkouts (orders:read and customers:read)
         * @description Newest first: carts with an email and lines, unchanged for an hour and not checked out (kind cart), and storefront orders cancelled because their stock hold ended unpaid (kind expired_order). Each names the shopper’s email. Cursor pagination.
         */
        get: operations["listAbandonedCheckouts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payments/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The payment methods the store accepts (payments:read) */
        get: operations["getPaymentOptions"];
        /**
         * Choose the payment methods the store accepts (payments:write)
         * @description Replaces the list; at least one method, each once. Per store and mode. Send If-Match with the ETag of the GET of this URL to make the change only if nobody changed it since (412 PRECONDITION_FAILED otherwise, with the current ETag).
         */
        put: operations["setPaymentOptions"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orders/{orderId}/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Payments and refunds of an order, oldest first, with its totals (payments:read) */
        get: operations["listOrderPayments"];
        put?: never;
        /**
         * Record a payment received for an order (payments:write)
         * @description For payments taken outside the service (bank transfer, cash on delivery). The method must be enabled; the amount at most what is outstanding. A pending payment reserves its amount until settled with PATCH. Refunds go through the order.
         *
         *     Send `Idempotency-Key: <random string, e.g. a UUID>` to make a retry safe: the same request with the same key within 24 hours gets the first response again (with `Idempotent-Replayed: true`) without running twice.
         */
        post: operations["recordPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orders/{orderId}/payments/{paymentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Settle a pending payment as succeeded or failed (payments:write)
         * @description Only a pending payment can change (409 PAYMENT_NOT_PENDING otherwise).
         */
        patch: operations["settlePayment"];
        trace?: never;
    };
    "/v1/payment-links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List payment links, newest first (payments:read)
         * @description Filters: status (as the links read now: an active link past its expiry is expired), orderId. Cursor pagination.
         */
        get: operations["listPaymentLinks"];
        put?: never;
        /**
         * Create a payment link (payments:write)
         * @description An amount in the store currency, or an orderId (the link asks for what is outstanding, or for amount if sent, at most that). Optional description and expiresAt (in the future, at most 365 days ahead).
         *
         *     Send `Idempotency-Key: <random string, e.g. a UUID>` to make a retry safe: the same request with the same key within 24 hours gets the first response again (with `Idempotent-Replayed: true`) without running twice.
         */
        post: operations["createPaymentLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payment-links/{linkId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a payment link (payments:read) */
        get: operations["getPaymentLink"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payment-links/{linkId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel an active payment link (payments:write)
         * @description A paid, expired or cancelled link is refused with 409 PAYMENT_LINK_NOT_ACTIVE.
         *
         *     Send `Idempotency-Key: <random string, e.g. a UUID>` to make a retry safe: the same request with the same key within 24 hours gets the first response again (with `Idempotent-Replayed: true`) without running twice.
         */
        post: operations["cancelPaymentLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payments/providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The store's payment providers in this mode (payments:read)
         * @description The built-in test provider (on in test mode only) and Stripe (on once its keys are saved for the mode). No secret is ever returned.
         */
        get: operations["listPaymentProviders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payments/providers/{provider}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Save a payment provider's keys for this mode (payments:write)
         * @description Stripe only (the test provider needs nothing). The secret key must be of the request's mode (sk_live_ in live mode, sk_test_ in test mode) and is checked with Stripe before it is saved; both secrets are kept encrypted and never shown again. 422 names the field; 409 PAYMENT_PROVIDER_UNAVAILABLE when the service has no PAYMENT_SECRETS_KEY.
         */
        put: operations["savePaymentProvider"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orders/{orderId}/provider-payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The order's payments at providers, oldest first (payments:read)
         * @description Each attempt to pay the order (or a link for it) at a payment provider, with its status, failure and any flag raised at completion.
         */
        get: operations["listOrderProviderPayments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orders/{orderId}/capture": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Capture what a provider authorized for the order (payments:write)
         * @description For payments authorized with `captureMethod: manual`: each is captured in full at its provider (with an idempotency key, so a retry never captures twice), recorded on the order, and a pending order whose payments now cover its total moves to paid. Nothing authorized: 409 PAYMENT_NOT_CAPTURABLE.
         *
         *     Send `Idempotency-Key: <random string, e.g. a UUID>` to make a retry safe: the same request with the same key within 24 hours gets the first response again (with `Idempotent-Replayed: true`) without running twice.
         */
        post: operations["captureOrderPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/provider-payments/{providerPaymentId}/resolve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Settle a flagged provider payment: accept it on its order, or refund it (payments:write)
         * @description For a payment kept with a `flag` (the provider reported another amount or currency, or the link was closed while the shopper paid). `accept` records the money on the order after all (an authorization is captured first; 409 PAYMENT_EXCEEDS_OUTSTANDING naming `amount` when the order cannot take it), or only acknowledges the flag when there is no order. `refund` gives the whole captured amount back at the provider (or releases an authorization), with its own idempotency key. Once: 409 PAYMENT_NOT_FLAGGED when there is no flag or it was settled.
         *
         *     Send `Idempotency-Key: <random string, e.g. a UUID>` to make a retry safe: the same request with the same key within 24 hours gets the first response again (with `Idempotent-Replayed: true`) without running twice.
         */
        post: operations["resolveProviderPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payment-providers/{provider}/events/{storeId}/{mode}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Receive a payment provider's event (signed by the provider; no credential)
         * @description The URL to give the provider for a store and mode. The body is verified against the store's signing secret for the provider and mode (400 PAYMENT_EVENT_SIGNATURE_INVALID otherwise), recorded once by the provider's event id (a duplicate is acknowledged), and the payment it names is brought up to date from the provider. An event about a payment this service did not create is acknowledged and ignored.
         */
        post: operations["receivePaymentProviderEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Store settings of this mode (settings:read) */
        get: operations["getSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change store settings (settings:write)
         * @description Only sent fields change. orderNumberPrefix, nextOrderNumber (forward only), allowedOrigins and notificationEmail are per mode; lowStockThreshold, currency and timezone are store-wide (the inventory settings and the business profile show the same values). Send If-Match with the ETag of the GET of this URL to make the change only if nobody changed it since (412 PRECONDITION_FAILED otherwise, with the current ETag). The ETag covers every field shown, nextOrderNumber included: each order placed changes it.
         */
        patch: operations["updateSettings"];
        trace?: never;
    };
    "/v1/webhooks/event-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The event types an endpoint can subscribe to (no credential)
         * @description Each with the permission a subscriber needs, the resource its `data` is the REST record of, and an example body.
         */
        get: operations["listWebhookEventTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Webhook endpoints of the active store and mode (settings:read; an app: its own) */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /**
         * Subscribe an endpoint to events (settings:write; an app: its own)
         * @description The URL must be https and resolve to public addresses only. Every event type named must be readable by the caller (order events need orders:read, …). The answer carries the signing secret once. Members and API keys need settings:read to see the store’s endpoints and settings:write to change them; a connected app sees and changes only its own (removed with the app).
         *
         *     Send `Idempotency-Key: <random string, e.g. a UUID>` to make a retry safe: the same request with the same key within 24 hours gets the first response again (with `Idempotent-Replayed: true`) without running twice.
         */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One webhook endpoint (settings:read; an app: its own) */
        get: operations["getWebhookEndpoint"];
        put?: never;
        post?: never;
        /**
         * Delete an endpoint with its deliveries and log (settings:write; an app: its own)
         * @description Send If-Match with the ETag of the GET of this URL to make the change only if nobody changed it since (412 PRECONDITION_FAILED otherwise, with the current ETag).
         */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        /**
         * Change an endpoint; enabled: true turns a disabled one on again (settings:write; an app: its own)
         * @description Only sent fields change. Enabling an endpoint clears why it was disabled and sends what is pending at once. Send If-Match with the ETag of the GET of this URL to make the change only if nobody changed it since (412 PRECONDITION_FAILED otherwise, with the current ETag). Members and API keys need settings:read to see the store’s endpoints and settings:write to change them; a connected app sees and changes only its own (removed with the app).
         */
        patch: operations["updateWebhookEndpoint"];
        trace?: never;
    };
    "/v1/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace the signing secret; the old one keeps signing beside it for a while (settings:write; an app: its own)
         * @description During the overlap (default 24 hours) every delivery carries two signatures, one per secret, so receivers can switch without losing a delivery. The answer carries the new secret once.
         *
         *     Send `Idempotency-Key: <random string, e.g. a UUID>` to make a retry safe: the same request with the same key within 24 hours gets the first response again (with `Idempotent-Replayed: true`) without running twice.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event to the endpoint now and answer how it went (settings:write; an app: its own)
         * @description Sends one `webhook.test` event (data: the endpoint id and a message), signed like every delivery, whatever the endpoint subscribes to and whether or not it is enabled, and waits for the answer (at most the delivery timeout). The answer is the delivery as the log keeps it: succeeded on a 2xx, failed otherwise, with the attempt (status, duration, start of the answer). No retry, and nothing about the endpoint changes: its state, health and waiting deliveries stay as they are. Members and API keys need settings:read to see the store’s endpoints and settings:write to change them; a connected app sees and changes only its own (removed with the app).
         *
         *     Send `Idempotency-Key: <random string, e.g. a UUID>` to make a retry safe: the same request with the same key within 24 hours gets the first response again (with `Idempotent-Replayed: true`) without running twice.
         */
        post: operations["sendWebhookTestEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The delivery log of an endpoint, newest first; filter by status, event type or event id (settings:read; an app: its own) */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/deliveries/{deliveryId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One delivery with its body and every attempt (settings:read; an app: its own) */
        get: operations["getWebhookDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/deliveries/{deliveryId}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send one delivery again now, whatever its status (settings:write; an app: its own)
         * @description Send `Idempotency-Key: <random string, e.g. a UUID>` to make a retry safe: the same request with the same key within 24 hours gets the first response again (with `Idempotent-Replayed: true`) without running twice.
         */
        post: operations["redeliverWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/redeliver-failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send every failed delivery of an endpoint again (up to 1,000; settings:write; an app: its own)
         * @description Send `Idempotency-Key: <random string, e.g. a UUID>` to make a retry safe: the same request with the same key within 24 hours gets the first response again (with `Idempotent-Replayed: true`) without running twice.
         */
        post: operations["redeliverFailedWebhookDeliveries"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/emails": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The store's recent mail, newest first (settings:read)
         * @description Invitations (whichever the mode) and the store notifications of this mode, with their status, attempts and the last error, so a delivery problem is visible. Password-reset mail belongs to a person, not a store, and is not listed. Kept 30 days.
         */
        get: operations["listEmails"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
};
export type webhooks = Record<string, never>;
export type components = {
    schemas: {
        ErrorDetail: {
            /** @description The field, e.g. `skus[0].price`, or a header or parameter name */
            path: string;
            /** @description The rule the value broke */
            rule: string;
            /**
             * @description Where the field was sent; `credential` for a permission the credential lacks (path `permission`)
             * @enum {string}
             */
            in: "body" | "query" | "path" | "header" | "credential";
        };
        /**
         * @description The answer of every refused or failed request of /v1 and /v2. `error.code` is one of these:
         *
         *     | Code | Status | Meaning and what to do |
         *     |---|---|---|
         *     | `MALFORMED_JSON` | 400 | The request body is not valid JSON. Send a valid JSON document, or no body at all. |
         *     | `BAD_REQUEST` | 400 | The request could not be understood (for example an empty body sent with a JSON content type). Check the method, headers and body against the API reference at /docs. |
         *     | `JSON_TOO_DEEP` | 400 | The JSON body nests arrays and objects more than 32 levels deep, the most accepted. Send a flatter body: no request of this API needs more than a few levels. |
         *     | `VALIDATION_FAILED` | 422 | One or more fields break a rule; `error.details` names each field (`path`) and the rule it broke. Correct the named fields and send the request again. |
         *     | `NOT_FOUND` | 404 | No route matches this path. Check the path against the API reference at /docs. |
         *     | `METHOD_NOT_ALLOWED` | 405 | The path exists but does not accept this method; the `Allow` header lists the methods it does. Use one of the methods in the `Allow` header. |
         *     | `PAYLOAD_TOO_LARGE` | 413 | The request body is larger than the limit (1 MiB for JSON). Send a smaller body, or split the work into several requests. |
         *     | `UNSUPPORTED_MEDIA_TYPE` | 415 | The request body has a content type this route does not accept. Send `Content-Type: application/json` (or the type the route documents). |
         *     | `INTERNAL_ERROR` | 500 | Something failed on our side. No internals are exposed; the request id identifies the failure in our logs. Retry later; if it persists, report the `requestId`. |
         *     | `SERVICE_UNAVAILABLE` | 503 | A dependency (the database) cannot be reached right now, or did not answer within DATABASE_TIMEOUT_MS. Retry after the number of seconds in `Retry-After`. |
         *     | `AUTH_REQUIRED` | 401 | No credential was sent. Send `Authorization: Bearer <token>` (a session or OAuth access token) or `X-MerchantApiKey: <key>`. Sign in (`POST /v1/auth/login`) or use an API key. |
         *     | `AUTH_INVALID` | 401 | The credential is unknown, expired or revoked. The `WWW-Authenticate` header gives details. Sign in again, refresh the OAuth token, or use a current API key. |
         *     | `LOGIN_FAILED` | 401 | The email or the password is wrong (we do not say which). Check both and try again; after repeated failures, wait for `Retry-After`. |
         *     | `AUTH_AMBIGUOUS` | 400 | More than one credential was sent (`Authorization`, `X-MerchantApiKey`, `X-PublishableKey`). Send exactly one credential. |
         *     | `RATE_LIMITED` | 429 | Too many requests under one of the rate limits (per client address, per credential, or across all clients); the message names it and the RateLimit headers show the quota. Wait the number of seconds in `Retry-After`, then try again; spread requests out (see `RateLimit-Policy`). |
         *     | `TOO_MANY_ATTEMPTS` | 429 | Too many attempts in a short time (for example failed sign-ins). Wait the number of seconds in `Retry-After`, then try again. |
         *     | `PERMISSION_DENIED` | 403 | The credential is valid but lacks the permission this action needs; the message and `details` name it. Ask a store owner for a role with that permission, or use a credential that has it. |
         *     | `CREDENTIAL_NOT_ALLOWED` | 403 | This kind of credential may not do this action: some actions need a signed-in merchant (a session token; for the owner role, a signed-in owner), creating API keys or changing members is closed to connected apps whatever their scopes, and a publishable key reads only the storefront routes (never the AI connector). The message says which. Sign in with `POST /v1/auth/login` and use the session token (or, where the message allows it, an API key). |
         *     | `MODE_MISMATCH` | 403 | The credential is bound to the other mode (live or test) than the one asked for with `X-Mode`. Use a credential of that mode, or drop `X-Mode`. |
         *     | `INVALID_HEADER` | 400 | A request header has a value we do not accept; `details` names it (for example `X-Mode` must be live or test). Correct the header named in `details`. |
         *     | `MERCHANT_ID_REQUIRED` | 400 | You belong to several stores and did not say which one: send `X-MerchantId: <storeId>`. Add `X-MerchantId` with an id from `GET /v1/stores`. |
         *     | `EMAIL_TAKEN` | 409 | An account with this email already exists (emails are compared without regard to case). Sign in instead, or use another email. |
         *     | `STORE_NOT_FOUND` | 404 | No store with this id that you belong to. Take the id from `GET /v1/stores`. |
         *     | `MEMBER_NOT_FOUND` | 404 | No member of this store has this user id. Take the id from `GET /v1/members`. |
         *     | `ALREADY_MEMBER` | 409 | The person is already a member of this store. Change their role with `PATCH /v1/members/{userId}` instead. |
         *     | `LAST_OWNER` | 409 | The store would be left without an owner. Make another member an owner first. |
         *     | `CURRENCY_LOCKED` | 409 | The store already has prices, promotions or orders in its currency, which are kept in minor units of that currency. Keep the currency, or open a new store for another currency. |
         *     | `INVITATION_NOT_FOUND` | 404 | No open invitation matches (it may have been used, revoked or never existed). Ask the store owner for a new invitation. |
         *     | `INVITATION_EXPIRED` | 410 | The invitation has expired. Ask the store owner for a new invitation. |
         *     | `INVITATION_WITHDRAWN` | 410 | The member who sent the invitation can no longer give its role (they left the store or their role changed). Ask a store owner for a new invitation. |
         *     | `INVITATION_EMAIL_MISMATCH` | 403 | The invitation was made out to another email than the signed-in account. Sign in with the invited email, or ask for an invitation to yours. |
         *     | `API_KEY_NOT_FOUND` | 404 | No API key with this id in this store and mode. Take the id from `GET /v1/api-keys`. |
         *     | `PUBLISHABLE_KEY_NOT_FOUND` | 404 | No publishable key with this id in this store and mode (or it was revoked already). Take the id from `GET /v1/publishable-keys`. |
         *     | `WEBHOOK_NOT_FOUND` | 404 | No webhook endpoint with this id in this store and mode (an app sees only its own). Take the id from `GET /v1/webhooks`. |
         *     | `WEBHOOK_DELIVERY_NOT_FOUND` | 404 | No delivery with this id to this webhook endpoint. Take the id from `GET /v1/webhooks/{id}/deliveries`. |
         *     | `WEBHOOK_LIMIT_REACHED` | 409 | The store has as many webhook endpoints in this mode as it may have (20). Delete an endpoint you no longer use, or subscribe an existing one to more event types. |
         *     | `WEBHOOK_DELIVERY_IN_PROGRESS` | 409 | The delivery is being sent right now. Wait for the attempt to finish (see its log), then ask again if it failed. |
         *     | `RESET_LINK_INVALID` | 400 | The password-reset token is unknown, used, or past its 30 minutes. Ask for a new link (`POST /v1/auth/password-reset`) and use the latest one. |
         *     | `EMAIL_LINK_INVALID` | 400 | The mailed link (a notification address, a new account email, its undo link, an email verification) is unknown, used, expired, or replaced by a newer request. Ask again from the account or the store settings, and open the link of the latest mail. |
         *     | `EMAIL_NOT_VERIFIED` | 403 | The account's email has not been proven yet, and the action needs it (accepting an invitation with a token passed by hand). Open the invitation from its mail, or verify the email (`POST /v1/merchants/profile/email-verification`) and try again. |
         *     | `REAUTHENTICATION_REQUIRED` | 403 | Changing the account's email needs the current password (`currentPassword`), unless the session signed in within the last 5 minutes; `details` names `currentPassword`. Send `currentPassword` with the change, or sign in again and change it within 5 minutes. |
         *     | `NOTIFICATIONS_UNAVAILABLE` | 404 | This service sends no store notifications (its operator turned the feature off with `MAIL_FEATURES`), so a notification address cannot be confirmed. Ask the service's operator to turn notifications on. |
         *     | `PASSWORD_RESET_UNAVAILABLE` | 404 | This service sends no password-reset mail (its operator turned the feature off with `MAIL_FEATURES`). Ask the service's operator for help signing in. |
         *     | `MAIL_UNAVAILABLE` | 409 | This service sends no mail of this kind (its operator turned the feature off with `MAIL_FEATURES`). Pass the link on yourself (an invitation's token is in the answer that created it), or ask the operator. |
         *     | `PRODUCT_NOT_FOUND` | 404 | No product with this id in the active store and mode. Take the id from `GET /v1/products`. |
         *     | `VARIANT_GROUP_NOT_FOUND` | 404 | No variant group with this id on this product. Take the id from `GET /v2/products/{productId}`. |
         *     | `SKU_NOT_FOUND` | 404 | No SKU with this id in this variant group (or in the store). Take the id from `GET /v2/products/{productId}`. |
         *     | `CATEGORY_NOT_FOUND` | 404 | No category with this id in the active store and mode. Take the id from `GET /v1/categories`. |
         *     | `PRODUCT_NOT_VARIABLE` | 422 | Variant groups and their SKUs exist only on VARIABLE products. Create the product with `type: "VARIABLE"`, or set price and stock on the SIMPLE product itself. |
         *     | `SLUG_TAKEN` | 409 | Another product or category of this store already has this slug. Choose another slug, or leave it out to have one generated. |
         *     | `SKU_CODE_TAKEN` | 409 | Another SKU of this store already uses this `sku` code; `details` names the field. Use a code that is unique within the store. |
         *     | `DUPLICATE_COMBINATION` | 409 | Another SKU of the product already has this attribute combination (group dimension plus SKU attributes). Change the attributes, or update the existing SKU instead. |
         *     | `LAST_SKU` | 409 | A variant group must keep at least one SKU. Delete the whole group with `DELETE /v2/products/{productId}/variant-groups/{groupId}` instead. |
         *     | `CATEGORY_NOT_EMPTY` | 409 | The category still has sub-categories or products. Move or delete its sub-categories and take its products out of it first. |
         *     | `LIMIT_EXCEEDED` | 422 | The change would pass a published catalog limit (SKUs per product, groups per product, …); the message names it. Stay within the limits: at most 4,096 SKUs and 1,024 variant groups per product, 2,048 SKUs in one request, 20 attributes per SKU, 50 categories and 50 images per product, categories 5 levels deep. |
         *     | `INSUFFICIENT_STOCK` | 409 | Stock would go below zero; the message names the SKU and the quantity left. Adjust by a smaller amount, or restock first. |
         *     | `PRECONDITION_FAILED` | 412 | The `If-Match` ETag is not the current one: the resource changed since you read it. The current ETag is in the `ETag` header. GET the resource again, re-apply your change, and send the new ETag. |
         *     | `FILE_NOT_FOUND` | 404 | No file with this id in this store and mode (another store's file answers the same). Use the id returned by `POST /v1/files` in the same store and mode. |
         *     | `FILE_TOO_LARGE` | 413 | The uploaded file is larger than 10 MiB (10485760 bytes). Send a smaller image (resize or compress it first). |
         *     | `FILE_TYPE_NOT_SUPPORTED` | 415 | The uploaded file is not a JPEG, PNG, WebP or GIF image, judged from its bytes (not its name or declared type), or it is damaged. Send a JPEG, PNG, WebP or GIF image. |
         *     | `IDEMPOTENCY_KEY_REUSED` | 422 | This `Idempotency-Key` was already used in the last 24 hours with another request (different body, method or path). Use a new key for a new request; reuse a key only to retry the very same request. |
         *     | `IDEMPOTENCY_KEY_IN_PROGRESS` | 409 | A request with this `Idempotency-Key` is still being processed. Wait for the first request to finish (retry after `Retry-After` seconds) to get its response. |
         *     | `DELIVERY_ZONE_NOT_FOUND` | 404 | No delivery zone with this id in the active store and mode. Take the id from `GET /v1/delivery/zones`. |
         *     | `DELIVERY_OPTION_NOT_FOUND` | 404 | No delivery option with this id in this zone (of the active store and mode). Take the id from `GET /v1/delivery/zones/{zoneId}/options`. |
         *     | `CART_NOT_FOUND` | 404 | No cart with this id opens with the `X-Cart-Token` sent in this store and mode: the token is missing or wrong, the cart expired (14 days without a change), or it never existed. All answer the same, so carts cannot be enumerated. Send the token `POST /v1/carts` answered, or create a new cart. |
         *     | `CART_LINE_NOT_FOUND` | 404 | The cart has no line with this id. Take the line id from `GET /v1/carts/{cartId}`. |
         *     | `CART_NOT_READY` | 409 | The cart has problems (each in `details`, naming the line or field: stock, a changed price, a product no longer sold, a delivery option or promotion code that no longer applies), so it was not checked out; nothing is held. Fix each problem `GET /v1/carts/{cartId}` lists (PATCH the line to accept a new price, lower or remove it, choose another delivery option or code), then check out again. |
         *     | `CART_CHECKED_OUT` | 409 | The cart was checked out: its order holds the stock, and a change to the cart would not reach that order. Pay the order (the `payUrl` the checkout answered; checking out again answers the same order), or start a new cart. Once the order’s hold ends unpaid, the cart can change and be checked out again. |
         *     | `TAX_REGION_NOT_FOUND` | 404 | No tax region with this id in the active store and mode. Take the id from `GET /v1/tax-regions`. |
         *     | `LOCATION_NOT_FOUND` | 404 | No stock location with this id in the active store and mode. Take the id from `GET /v1/locations`. |
         *     | `LOCATION_IS_DEFAULT` | 409 | The store's default location cannot be deactivated or deleted: setting a SKU's quantityInStock lands there. Make another active location the default first (`PATCH /v1/locations/{id}` with `isDefault: true`). |
         *     | `LOCATION_HOLDS_STOCK` | 409 | A location that holds stock, has units allocated to orders or has shipments not delivered yet cannot be deleted. Deactivate it (`active: false`), or transfer its stock away first. |
         *     | `RETURN_NOT_FOUND` | 404 | No return with this id on this order (of the active store and mode). Take the id from `GET /v1/orders/{orderId}/returns`. |
         *     | `RETURN_EXCEEDS_RETURNABLE` | 409 | A line of the return asks for more units than can come back: those shipped less those already in other returns; `details` names the line. Lower the quantity to what the message says is left, or close the other return first if it will not come. |
         *     | `RETURN_NOT_RECEIVABLE` | 409 | Only a requested return can be received; this one was already received, refunded or closed. Read the return (`GET /v1/orders/{orderId}/returns/{returnId}`): a received return is refunded or closed next. |
         *     | `RETURN_NOT_REFUNDABLE` | 409 | Only a received return can be refunded, once; this one is still requested, already refunded, or closed. Receive it first (`POST …/receive`); a refunded return has given its money back already. |
         *     | `RETURN_NOT_CLOSABLE` | 409 | A refunded or closed return cannot be closed. Nothing to do: it is finished. |
         *     | `SHIPMENT_NOT_FOUND` | 404 | No shipment with this id on this order (of the active store and mode). Take the id from `GET /v1/orders/{orderId}/shipments`. |
         *     | `SHIPMENT_EXCEEDS_UNSHIPPED` | 409 | A line of the shipment asks for more units than are left to ship on that line (ordered less already shipped); `details` names the line. Lower the quantity to what the message says is left; `GET /v1/orders/{orderId}` shows each line's `shippedQuantity`. |
         *     | `ORDER_NOT_SHIPPABLE` | 409 | The order cannot be shipped now: it is not paid yet (and no payment provider holds its whole amount), it is cancelled or refunded, or all of it has been shipped. Record its payment first (`POST /v1/orders/{orderId}/transitions` with `to: paid`), or read the order to see what is left to ship. |
         *     | `SHIPMENT_ALREADY_DELIVERED` | 409 | The shipment is already delivered. Nothing to do: read the shipments with `GET /v1/orders/{orderId}/shipments`. |
         *     | `LOCATION_INACTIVE` | 409 | The location is inactive: it cannot become the default. Activate it first (`active: true`). |
         *     | `TAX_REGION_TAKEN` | 409 | The place (a country, or a state) already has a tax region in this store and mode; `details` names it. Change that region's rates instead of adding another. |
         *     | `DELIVERY_REGION_TAKEN` | 409 | A region (a country, or a state) is already in another delivery zone of the store; `details` names each one and the zone that has it. Take the region out of the other zone first, or add your options to that zone. |
         *     | `ORDER_NOT_FOUND` | 404 | No order with this id in the active store and mode. Take the id from `GET /v1/orders`. |
         *     | `CUSTOMER_BANNED` | 409 | The customer is banned and cannot place orders. Unban the customer (`POST /v1/customers/{id}/unban`) if that is intended. |
         *     | `ORDER_TRANSITION_NOT_ALLOWED` | 409 | The order cannot make this move from its current state; the message names the state and the moves allowed. Ask `GET /v1/orders/{id}/transitions` what may happen next. |
         *     | `REFUND_EXCEEDS_PAYMENT` | 409 | The refund is larger than what is left of the payment. Refund at most the amount in `GET /v1/orders/{id}/transitions` (`refundable`). |
         *     | `PROMOTION_NOT_FOUND` | 404 | No promotion with this id in the active store and mode. Take the id from `GET /v1/promotions`. |
         *     | `PROMOTION_CODE_TAKEN` | 409 | Another promotion of the store has this code (codes are compared without regard to case). Choose another code. |
         *     | `PROMOTION_NOT_APPLICABLE` | 422 | The promotion code cannot be used on this order; the message and `details` give the reason (unknown, switched off, not started, ended, used up, used up by this customer, subtotal too low). Drop the code or meet its conditions. |
         *     | `CONNECTED_APP_NOT_FOUND` | 404 | You have not approved an app with this client id (in this store), or you removed it already. Take the client id from `GET /v1/connected-apps`. |
         *     | `AUTHORIZATION_REQUEST_INVALID` | 400 | The app authorization request has expired (15 minutes), was already answered, or belongs to another sign-in. Go back to the app and connect again. |
         *     | `CSRF_TOKEN_INVALID` | 403 | A form was sent without the token of the page it came from, with a token of another session or request, or from another site. Reload the page and send the form again. |
         *     | `CROSS_SITE_REQUEST` | 403 | The dashboard token is issued only to pages of this site: the request came from another site or without `X-Service-Client: dashboard`. Call it from the dashboard (same origin) with `X-Service-Client: dashboard`; other clients sign in with `POST /v1/auth/login`. |
         *     | `CUSTOMER_NOT_FOUND` | 404 | No customer with this id in the active store and mode. Take the id from `GET /v1/customers`. |
         *     | `CUSTOMER_EMAIL_TAKEN` | 409 | Another customer of this store and mode already has this email (case does not matter); `details` names the field. Update the existing customer (find them with `GET /v1/customers?q=<email>`), or use another email. |
         *     | `REVIEW_NOT_FOUND` | 404 | No review with this id in the active store and mode. Take the id from `GET /v1/reviews`. |
         *     | `REVIEW_EXISTS` | 409 | The customer has already reviewed this product; a customer reviews a product once. Find the existing review with `GET /v1/reviews?productId=…&customerId=…`; delete it first to replace it. |
         *     | `PROMO_AD_NOT_FOUND` | 404 | No promo ad with this id in the active store and mode. Take the id from `GET /v1/promo-ads`. |
         *     | `PAYMENT_NOT_FOUND` | 404 | No payment with this id on this order. Take the id from `GET /v1/orders/{orderId}/payments`. |
         *     | `PAYMENT_NOT_PENDING` | 409 | Only a pending payment can be settled; this one already succeeded or failed. Record a refund to give money back, or a new payment. |
         *     | `PAYMENT_EXCEEDS_OUTSTANDING` | 409 | The payment is more than the order has outstanding (its total less succeeded and pending payments); `details` gives the most it can be. Record at most the outstanding amount. |
         *     | `PAYMENT_LINK_NOT_FOUND` | 404 | No payment link with this id in the active store and mode. Take the id from `GET /v1/payment-links`. |
         *     | `PAYMENT_LINK_NOT_ACTIVE` | 409 | The payment link is paid, expired or cancelled; only an active link can be cancelled or paid. Create a new payment link if the customer still has to pay. |
         *     | `PAYMENT_PROVIDER_UNAVAILABLE` | 409 | No payment provider takes card payments for this store in this mode (the built-in test provider works in test mode only). Use test mode with the test provider, or set up a provider for live mode. |
         *     | `PAYMENT_PROVIDER_ERROR` | 502 | The payment provider refused the call or could not be reached; nothing was charged twice (every call carries an idempotency key). Retry later; the retry reuses the same idempotency key. |
         *     | `PAYMENT_EVENT_SIGNATURE_INVALID` | 400 | The provider event is not signed with the signing secret of this store and mode (or the signature is too old, or the body is not an event). Send the provider's body unchanged with its signature header; check the webhook signing secret saved for the provider. |
         *     | `PAYMENT_NOT_CAPTURABLE` | 409 | The order has no payment authorized at a provider and waiting to be captured. Check `paymentStatus` on the order: only an `authorized` order can be captured. |
         *     | `PROVIDER_PAYMENT_NOT_FOUND` | 404 | No payment at a provider with this id in the active store and mode. Take the id from `GET /v1/orders/{orderId}/provider-payments`. |
         *     | `PAYMENT_NOT_FLAGGED` | 409 | The provider payment has no flag to settle, or its flag was already settled (`resolution`), or it cannot be settled this way (`details` says why). Read the payment again: only a flagged, unsettled payment can be accepted or refunded here. |
         *     | `COUNTRY_NOT_FOUND` | 404 | No country has this id. Country ids are ISO 3166-1 alpha-2 codes, such as `US` or `DE`. Take the id from `GET /v1/countries`. |
         *     | `CONFIRMATION_REQUIRED` | 428 | An MCP tool that deletes, cancels, refunds or bans was called without `confirm: true`; nothing was done. The message says what the call would do. Ask the merchant, then call the tool again with `confirm: true`. |
         *     | `CONFIRMATION_DECLINED` | 409 | The merchant, asked through the client (elicitation), declined, cancelled, did not say yes or did not answer within 10 minutes; nothing was done. Leave it, or call the tool again if the merchant changed their mind: they are asked again. |
         *     | `CONFIRMATION_CLIENT_REQUIRED` | 428 | The store requires destructive MCP tool calls to be confirmed by the merchant in the AI client itself (the store setting `mcpRequireClientConfirmation`), and this client cannot ask them (it did not declare form elicitation); `confirm: true` is not accepted. Nothing was done. Use an AI client that supports MCP elicitation (forms), or do it in the dashboard or the REST API; the merchant, signed in, can turn the setting off (`PATCH /v1/settings` with a session). |
         *     | `CONFIRMATION_INVALID` | 409 | The retried call carried the merchant’s answer for another call (another tool or other arguments), or an answer already acted on once; nothing was done. Call the tool again without `requestState`: the merchant is asked about this call. |
         */
        ErrorEnvelope: {
            /** @constant */
            status: false;
            /** @description What went wrong and what to do about it */
            message: string;
            error: {
                /**
                 * @description Stable SCREAMING_SNAKE code, one of the error codes listed in this document’s description
                 * @enum {string}
                 */
                code: "MALFORMED_JSON" | "BAD_REQUEST" | "JSON_TOO_DEEP" | "VALIDATION_FAILED" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "INTERNAL_ERROR" | "SERVICE_UNAVAILABLE" | "AUTH_REQUIRED" | "AUTH_INVALID" | "LOGIN_FAILED" | "AUTH_AMBIGUOUS" | "RATE_LIMITED" | "TOO_MANY_ATTEMPTS" | "PERMISSION_DENIED" | "CREDENTIAL_NOT_ALLOWED" | "MODE_MISMATCH" | "INVALID_HEADER" | "MERCHANT_ID_REQUIRED" | "EMAIL_TAKEN" | "STORE_NOT_FOUND" | "MEMBER_NOT_FOUND" | "ALREADY_MEMBER" | "LAST_OWNER" | "CURRENCY_LOCKED" | "INVITATION_NOT_FOUND" | "INVITATION_EXPIRED" | "INVITATION_WITHDRAWN" | "INVITATION_EMAIL_MISMATCH" | "API_KEY_NOT_FOUND" | "PUBLISHABLE_KEY_NOT_FOUND" | "WEBHOOK_NOT_FOUND" | "WEBHOOK_DELIVERY_NOT_FOUND" | "WEBHOOK_LIMIT_REACHED" | "WEBHOOK_DELIVERY_IN_PROGRESS" | "RESET_LINK_INVALID" | "EMAIL_LINK_INVALID" | "EMAIL_NOT_VERIFIED" | "REAUTHENTICATION_REQUIRED" | "NOTIFICATIONS_UNAVAILABLE" | "PASSWORD_RESET_UNAVAILABLE" | "MAIL_UNAVAILABLE" | "PRODUCT_NOT_FOUND" | "VARIANT_GROUP_NOT_FOUND" | "SKU_NOT_FOUND" | "CATEGORY_NOT_FOUND" | "PRODUCT_NOT_VARIABLE" | "SLUG_TAKEN" | "SKU_CODE_TAKEN" | "DUPLICATE_COMBINATION" | "LAST_SKU" | "CATEGORY_NOT_EMPTY" | "LIMIT_EXCEEDED" | "INSUFFICIENT_STOCK" | "PRECONDITION_FAILED" | "FILE_NOT_FOUND" | "FILE_TOO_LARGE" | "FILE_TYPE_NOT_SUPPORTED" | "IDEMPOTENCY_KEY_REUSED" | "IDEMPOTENCY_KEY_IN_PROGRESS" | "DELIVERY_ZONE_NOT_FOUND" | "DELIVERY_OPTION_NOT_FOUND" | "CART_NOT_FOUND" | "CART_LINE_NOT_FOUND" | "CART_NOT_READY" | "CART_CHECKED_OUT" | "TAX_REGION_NOT_FOUND" | "LOCATION_NOT_FOUND" | "LOCATION_IS_DEFAULT" | "LOCATION_HOLDS_STOCK" | "RETURN_NOT_FOUND" | "RETURN_EXCEEDS_RETURNABLE" | "RETURN_NOT_RECEIVABLE" | "RETURN_NOT_REFUNDABLE" | "RETURN_NOT_CLOSABLE" | "SHIPMENT_NOT_FOUND" | "SHIPMENT_EXCEEDS_UNSHIPPED" | "ORDER_NOT_SHIPPABLE" | "SHIPMENT_ALREADY_DELIVERED" | "LOCATION_INACTIVE" | "TAX_REGION_TAKEN" | "DELIVERY_REGION_TAKEN" | "ORDER_NOT_FOUND" | "CUSTOMER_BANNED" | "ORDER_TRANSITION_NOT_ALLOWED" | "REFUND_EXCEEDS_PAYMENT" | "PROMOTION_NOT_FOUND" | "PROMOTION_CODE_TAKEN" | "PROMOTION_NOT_APPLICABLE" | "CONNECTED_APP_NOT_FOUND" | "AUTHORIZATION_REQUEST_INVALID" | "CSRF_TOKEN_INVALID" | "CROSS_SITE_REQUEST" | "CUSTOMER_NOT_FOUND" | "CUSTOMER_EMAIL_TAKEN" | "REVIEW_NOT_FOUND" | "REVIEW_EXISTS" | "PROMO_AD_NOT_FOUND" | "PAYMENT_NOT_FOUND" | "PAYMENT_NOT_PENDING" | "PAYMENT_EXCEEDS_OUTSTANDING" | "PAYMENT_LINK_NOT_FOUND" | "PAYMENT_LINK_NOT_ACTIVE" | "PAYMENT_PROVIDER_UNAVAILABLE" | "PAYMENT_PROVIDER_ERROR" | "PAYMENT_EVENT_SIGNATURE_INVALID" | "PAYMENT_NOT_CAPTURABLE" | "PROVIDER_PAYMENT_NOT_FOUND" | "PAYMENT_NOT_FLAGGED" | "COUNTRY_NOT_FOUND" | "CONFIRMATION_REQUIRED" | "CONFIRMATION_DECLINED" | "CONFIRMATION_CLIENT_REQUIRED" | "CONFIRMATION_INVALID";
                details: components["schemas"]["ErrorDetail"][];
            };
            /** @description Also sent as the X-Request-Id header; quote it when reporting a problem */
            requestId: string;
        };
        User: {
            id: string;
            email: string;
            /** @description whether the email was proven by opening a link mailed to it (needed to accept an invitation with a token passed by hand) */
            emailVerified: boolean;
            name: string;
            phone: string | null;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            createdAt: string;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            updatedAt: string;
        };
        Profile: {
            id: string;
            email: string;
            /** @description whether the email was proven by opening a link mailed to it (needed to accept an invitation with a token passed by hand) */
            emailVerified: boolean;
            name: string;
            phone: string | null;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            createdAt: string;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            updatedAt: string;
            /** @description a new email asked for and not yet confirmed from the link mailed to it; null when none is waiting */
            pendingEmail: string | null;
        };
        StoreSummary: {
            id: string;
            name: string;
            /**
             * @description the caller's role in the store
             * @enum {string}
             */
            role: "owner" | "admin" | "staff";
            currency: string;
            timezone: string;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            createdAt: string;
        };
        BusinessProfile: {
            storeId: string;
            name: string;
            legalName: string | null;
            contactEmail: string | null;
            contactPhone: string | null;
            address: {
                line1: string | null;
                line2: string | null;
                city: string | null;
                postalCode: string | null;
                /** @description from GET /v1/countries */
                countryId: string | null;
                /** @description from GET /v1/states/{countryId} */
                stateId: string | null;
            };
            /** @description ISO 4217 */
            currency: string;
            /** @description IANA time zone */
            timezone: string;
            logoFileId: string | null;
            /**
             * @description the mode of this request
             * @enum {string}
             */
            mode: "live" | "test";
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            createdAt: string;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            updatedAt: string;
        };
        EffectivePermissions: {
            storeId: string;
            /** @enum {string} */
            mode: "live" | "test";
            /** @enum {string} */
            role: "owner" | "admin" | "staff";
            /** @enum {string} */
            credential: "session" | "api_key" | "oauth" | "publishable_key";
            permissions: ("orders:read" | "orders:write" | "products:read" | "products:write" | "customers:read" | "customers:write" | "inventory:read" | "inventory:write" | "analytics:read" | "promotions:read" | "promotions:write" | "reviews:read" | "reviews:write" | "delivery:read" | "delivery:write" | "payments:read" | "payments:write" | "settings:read" | "settings:write")[];
        };
        Member: {
            userId: string;
            email: string;
            name: string;
            /** @enum {string} */
            role: "owner" | "admin" | "staff";
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            joinedAt: string;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            updatedAt: string;
        };
        Invitation: {
            id: string;
            email: string;
            /** @enum {string} */
            role: "owner" | "admin" | "staff";
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            createdAt: string;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            expiresAt: string;
            /** @description only in the response that creates it: pass it to the invitee */
            token?: string;
            /** @description only in the responses that create or resend it: whether the invitation mail (with its own link) was queued; see GET /v1/emails for how its sending went */
            emailed?: boolean;
        };
        ApiKey: {
            id: string;
            name: string;
            /** @description the first characters of the key, to recognise it */
            prefix: string;
            /** @enum {string} */
            mode: "live" | "test";
            /** @description null: everything its creator may do */
            permissions: ("orders:read" | "orders:write" | "products:read" | "products:write" | "customers:read" | "customers:write" | "inventory:read" | "inventory:write" | "analytics:read" | "promotions:read" | "promotions:write" | "reviews:read" | "reviews:write" | "delivery:read" | "delivery:write" | "payments:read" | "payments:write" | "settings:read" | "settings:write")[] | null;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            createdAt: string;
            lastUsedAt: string | null;
            /** @description the secret, only in the response that creates it */
            key?: string;
        };
        PublishableKey: {
            id: string;
            name: string;
            /** @enum {string} */
            mode: "live" | "test";
            /** @description the key itself (pk_live_… or pk_test_…): not a secret, shown whenever keys are listed; put it in your storefront’s pages */
            key: string;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            createdAt: string;
            lastUsedAt: string | null;
        };
        AuditEntry: {
            id: string;
            action: string;
            actor: {
                type: string;
                id: string;
                label: string;
                userId: string | null;
            };
            targetType: string | null;
            targetId: string | null;
            details: {
                [key: string]: unknown;
            } | null;
            /** @enum {string} */
            mode: "live" | "test";
            requestId: string | null;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            createdAt: string;
        };
        TaxRegion: {
            id: string;
            name: string;
            /** @description ISO 3166-1 alpha-2, from GET /v1/countries */
            countryId: string;
            /** @description ISO 3166-2, from GET /v1/states/{countryId}; null: the whole country */
            stateId: string | null;
            /** @description tax class → rate in basis points (2000 = 20 %); a class not listed is taxed at standard, zero at 0 */
            rates: {
                [key: string]: number;
            };
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            createdAt: string;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            updatedAt: string;
        };
        Address: {
            name?: string | null;
            line1: string;
            line2?: string | null;
            city: string;
            postalCode?: string | null;
            countryId: string;
            stateId?: string | null;
            phone?: string | null;
        };
        OrderSummary: {
            id: string;
            number: string;
            customerId: string;
            /** @description the customer's name as it is now (GET /v1/customers/{id}); null only if the customer record is gone */
            customerName: string | null;
            /** @enum {string} */
            status: "pending" | "paid" | "fulfilled" | "delivered" | "cancelled" | "partially_refunded" | "refunded";
            currency: string;
            /** @description sum of the lines after their SKU discounts */
            subtotal: number;
            /** @description promotion discount */
            discount: number;
            deliveryFee: number;
            /** @description the tax of the order (the sum of its taxLines); 0 where no tax region applies and for orders placed before taxes */
            tax: number;
            /** @description true: the prices and delivery fee held the tax, so total holds it; false: the tax was added on top */
            pricesIncludeTax: boolean;
            /** @description prices excluding tax: subtotal - discount + deliveryFee + tax; prices including tax: subtotal - discount + deliveryFee (tax included). Net: total - tax */
            total: number;
            /** @description the share of tax returned by the refunds so far: tax × refunded / total, rounded half up, never more than tax */
            taxRefunded: number;
            paid: number;
            refunded: number;
            /**
             * @description where the money is, apart from the fulfilment status: unpaid, authorized (at a provider, not captured), partially_paid, paid, partially_refunded, refunded
             * @enum {string}
             */
            paymentStatus: "unpaid" | "authorized" | "partially_paid" | "paid" | "partially_refunded" | "refunded";
            /** @description authorized at a payment provider and not yet captured */
            authorized: number;
            /**
             * @description where the goods are, apart from the payment status: unfulfilled, partially_fulfilled, fulfilled (by its shipments), partially_returned, returned (by its returns)
             * @enum {string}
             */
            fulfilmentStatus: "unfulfilled" | "partially_fulfilled" | "fulfilled" | "partially_returned" | "returned";
            promotionCode: string | null;
            deliveryOptionId: string | null;
            deliveryOptionName: string | null;
            shippingAddress: components["schemas"]["Address"] | null;
            billingAddress: components["schemas"]["Address"] | null;
            note: string | null;
            /** @enum {string} */
            channel: "api" | "storefront";
            holdExpiresAt: string | null;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            createdAt: string;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            updatedAt: string;
        };
        Order: {
            id: string;
            number: string;
            customerId: string;
            /** @description the customer's name as it is now (GET /v1/customers/{id}); null only if the customer record is gone */
            customerName: string | null;
            /** @enum {string} */
            status: "pending" | "paid" | "fulfilled" | "delivered" | "cancelled" | "partially_refunded" | "refunded";
            currency: string;
            /** @description sum of the lines after their SKU discounts */
            subtotal: number;
            /** @description promotion discount */
            discount: number;
            deliveryFee: number;
            /** @description the tax of the order (the sum of its taxLines); 0 where no tax region applies and for orders placed before taxes */
            tax: number;
            /** @description true: the prices and delivery fee held the tax, so total holds it; false: the tax was added on top */
            pricesIncludeTax: boolean;
            /** @description prices excluding tax: subtotal - discount + deliveryFee + tax; prices including tax: subtotal - discount + deliveryFee (tax included). Net: total - tax */
            total: number;
            /** @description the share of tax returned by the refunds so far: tax × refunded / total, rounded half up, never more than tax */
            taxRefunded: number;
            paid: number;
            refunded: number;
            /**
             * @description where the money is, apart from the fulfilment status: unpaid, authorized (at a provider, not captured), partially_paid, paid, partially_refunded, refunded
             * @enum {string}
             */
            paymentStatus: "unpaid" | "authorized" | "partially_paid" | "paid" | "partially_refunded" | "refunded";
            /** @description authorized at a payment provider and not yet captured */
            authorized: number;
            /**
             * @description where the goods are, apart from the payment status: unfulfilled, partially_fulfilled, fulfilled (by its shipments), partially_returned, returned (by its returns)
             * @enum {string}
             */
            fulfilmentStatus: "unfulfilled" | "partially_fulfilled" | "fulfilled" | "partially_returned" | "returned";
            promotionCode: string | null;
            deliveryOptionId: string | null;
            deliveryOptionName: string | null;
            shippingAddress: components["schemas"]["Address"] | null;
            billingAddress: components["schemas"]["Address"] | null;
            note: string | null;
            /** @enum {string} */
            channel: "api" | "storefront";
            holdExpiresAt: string | null;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            createdAt: string;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            updatedAt: string;
            lines: {
                id: string;
                skuId: string;
                productId: string;
                productName: string;
                sku: string | null;
                attributes: {
                    [key: string]: string;
                };
                unitPrice: number;
                /** @description SKU discount percentage at the time of the order */
                discount: number;
                quantity: number;
                lineTotal: number;
                /** @description units of the line in its shipments (all of it for an order fulfilled before shipments existed) */
                shippedQuantity: number;
                /** @description where the units of the line not yet shipped are allocated, by location in the order of preference; empty for an order placed before allocation, a cancelled one, or a line shipped in full */
                allocations: {
                    locationId: string;
                    /** @description null: the location was deleted */
                    locationName: string | null;
                    quantity: number;
                }[];
            }[];
            /** @description the tax of each line and of the delivery fee, as placed; empty where no tax region applied */
            taxLines: {
                /** @description the order line taxed; null: the delivery fee */
                lineId: string | null;
                taxClass: string;
                /** @description basis points (2000 = 20 %) */
                rate: number;
                /** @description the tax region applied (it may have changed or gone since) */
                regionId: string | null;
                countryId: string | null;
                stateId: string | null;
                /** @description what the rate applied to, after the line's share of the order discount: net when prices exclude tax, gross when they include it */
                taxable: number;
                /** @description the tax of this line, rounded half up to the minor unit */
                amount: number;
            }[];
            history: {
                from: ("pending" | "paid" | "fulfilled" | "delivered" | "cancelled" | "partially_refunded" | "refunded") | null;
                /** @enum {string} */
                to: "pending" | "paid" | "fulfilled" | "delivered" | "cancelled" | "partially_refunded" | "refunded";
                note: string | null;
                amount: number | null;
                actor: {
                    type: string;
                    id: string;
                    label: string;
                };
                /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
                at: string;
            }[];
        };
        Shipment: {
            id: string;
            orderId: string;
            /** @description the location the units left from */
            locationId: string;
            carrier: string | null;
            trackingNumber: string | null;
            trackingUrl: string | null;
            /**
             * @description shipped, then delivered
             * @enum {string}
             */
            status: "shipped" | "delivered";
            lines: {
                lineId: string;
                skuId: string;
                quantity: number;
            }[];
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            shippedAt: string;
            deliveredAt: string | null;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            createdAt: string;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            updatedAt: string;
        };
        OrderTransitions: {
            /** @enum {string} */
            status: "pending" | "paid" | "fulfilled" | "delivered" | "cancelled" | "partially_refunded" | "refunded";
            /** @description what is left of the payment to refund */
            refundable: number;
            moves: {
                /** @enum {string} */
                to: "pending" | "paid" | "fulfilled" | "delivered" | "cancelled" | "partially_refunded" | "refunded";
                description: string;
                needsAmount: boolean;
            }[];
        };
        SalesSummary: {
            currency: string;
            timeZone: string;
            period: {
                /** @description first local date, YYYY-MM-DD */
                from: string;
                /** @description last local date, inclusive */
                to: string;
                /** @description paid less refunded, over orders that were paid (gross: tax included) */
                salesTotal: number;
                /** @description the tax those sales hold: each order's share of its tax in what it kept */
                salesTax: number;
                /** @description salesTotal - salesTax */
                salesNet: number;
                orderCount: number;
                averageOrderValue: number;
                newCustomers: number;
            };
            previous: {
                /** @description first local date, YYYY-MM-DD */
                from: string;
                /** @description last local date, inclusive */
                to: string;
                /** @description paid less refunded, over orders that were paid (gross: tax included) */
                salesTotal: number;
                /** @description the tax those sales hold: each order's share of its tax in what it kept */
                salesTax: number;
                /** @description salesTotal - salesTax */
                salesNet: number;
                orderCount: number;
                averageOrderValue: number;
                newCustomers: number;
            };
            series: {
                date: string;
                salesTotal: number;
                salesTax: number;
                orderCount: number;
            }[];
        };
        Cart: {
            id: string;
            currency: string;
            email: string | null;
            shippingAddress: components["schemas"]["Address"] | null;
            /** @description null: the shipping address */
            billingAddress: components["schemas"]["Address"] | null;
            deliveryOptionId: string | null;
            /** @description null when no option is chosen or the chosen one cannot be used now (see problems) */
            deliveryOptionName: string | null;
            promotionCode: string | null;
            lines: {
                id: string;
                skuId: string;
                /** @description null: the SKU is no longer sold (see problems) */
                productId: string | null;
                productName: string | null;
                sku: string | null;
                attributes: {
                    [key: string]: string;
                };
                quantity: number;
                /** @description the SKU's price now */
                unitPrice: number;
                /** @description the SKU's discount percentage now */
                discount: number;
                /** @description the price when the line was added or last changed; differs from unitPrice when the price changed since (see problems) */
                addedAtUnitPrice: number;
                addedAtDiscount: number;
                /** @description unitPrice × quantity less the discount, rounded half up to the minor unit */
                lineTotal: number;
            }[];
            /** @description sum of the lines */
            subtotal: number;
            /** @description the promotion code’s discount */
            discount: number;
            deliveryFee: number;
            /** @description the sum of taxLines */
            tax: number;
            /** @description the tax of each line (lineId: the cart line) and of the delivery fee */
            taxLines: {
                /** @description the order line taxed; null: the delivery fee */
                lineId: string | null;
                taxClass: string;
                /** @description basis points (2000 = 20 %) */
                rate: number;
                /** @description the tax region applied (it may have changed or gone since) */
                regionId: string | null;
                countryId: string | null;
                stateId: string | null;
                /** @description what the rate applied to, after the line's share of the order discount: net when prices exclude tax, gross when they include it */
                taxable: number;
                /** @description the tax of this line, rounded half up to the minor unit */
                amount: number;
            }[];
            pricesIncludeTax: boolean;
            /** @description as an order: subtotal - discount + deliveryFee, plus tax when prices exclude it */
            total: number;
            /** @description what stops a checkout now; empty when none */
            problems: {
                /** @enum {string} */
                code: "INSUFFICIENT_STOCK" | "PRICE_CHANGED" | "PRODUCT_NOT_ACTIVE" | "SKU_NOT_FOUND" | "DELIVERY_OPTION_UNAVAILABLE" | "PROMOTION_NOT_APPLICABLE";
                /** @description the line (lines[i], lines[i].quantity, lines[i].skuId) or field (deliveryOptionId, promotionCode) */
                path: string;
                message: string;
            }[];
            /** @description the cart ends then unless changed before (each change moves it 14 days ahead) */
            expiresAt: string;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            createdAt: string;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            updatedAt: string;
        };
        NewCart: {
            /** @description send it as X-Cart-Token on every call on the cart; shown only now (only its hash is kept) */
            token: string;
            cart: components["schemas"]["Cart"];
        };
        AbandonedCheckout: {
            /**
             * @description cart: left with an email and lines, unchanged for an hour, not checked out; expired_order: checked out, then cancelled when its hold ended unpaid
             * @enum {string}
             */
            kind: "cart" | "expired_order";
            cartId: string | null;
            orderId: string | null;
            orderNumber: string | null;
            email: string;
            /** @description units in the cart or the order */
            quantity: number;
            /** @description the order's total; null for a cart */
            total: number | null;
            /** @description the cart's last change, or when the order was cancelled */
            at: string;
        };
        Checkout: {
            order: {
                id: string;
                number: string;
                /** @enum {string} */
                status: "pending" | "paid" | "fulfilled" | "delivered" | "cancelled" | "partially_refunded" | "refunded";
                /** @enum {string} */
                channel: "api" | "storefront";
                currency: string;
                /** @description sum of the lines after their SKU discounts */
                subtotal: number;
                /** @description promotion discount */
                discount: number;
                deliveryFee: number;
                /** @description the tax of the order (the sum of its taxLines); 0 where no tax region applies and for orders placed before taxes */
                tax: number;
                /** @description true: the prices and delivery fee held the tax, so total holds it; false: the tax was added on top */
                pricesIncludeTax: boolean;
                /** @description prices excluding tax: subtotal - discount + deliveryFee + tax; prices including tax: subtotal - discount + deliveryFee (tax included). Net: total - tax */
                total: number;
                paid: number;
                /**
                 * @description where the money is, apart from the fulfilment status: unpaid, authorized (at a provider, not captured), partially_paid, paid, partially_refunded, refunded
                 * @enum {string}
                 */
                paymentStatus: "unpaid" | "authorized" | "partially_paid" | "paid" | "partially_refunded" | "refunded";
                promotionCode: string | null;
                deliveryOptionName: string | null;
                holdExpiresAt: string | null;
                lines: {
                    id: string;
                    skuId: string;
                    productId: string;
                    productName: string;
                    sku: string | null;
                    attributes: {
                        [key: string]: string;
                    };
                    unitPrice: number;
                    /** @description SKU discount percentage at the time of the order */
                    discount: number;
                    quantity: number;
                    lineTotal: number;
                    /** @description units of the line in its shipments (all of it for an order fulfilled before shipments existed) */
                    shippedQuantity: number;
                    /** @description where the units of the line not yet shipped are allocated, by location in the order of preference; empty for an order placed before allocation, a cancelled one, or a line shipped in full */
                    allocations: {
                        locationId: string;
                        /** @description null: the location was deleted */
                        locationName: string | null;
                        quantity: number;
                    }[];
                }[];
                /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
                createdAt: string;
            };
            /** @description the hosted pay page for what is outstanding on the order; null once nothing is */
            payUrl: string | null;
            /** @description the order status page (no sign-in; the link is the credential): lines, totals, payment and shipments as they progress */
            statusUrl: string;
            /** @description where the pay page sends the shopper back after paying: the returnUrl sent, or null */
            returnUrl: string | null;
            /** @description when the store takes cards through Stripe: what a page embedding Stripe's Payment Element needs; null otherwise (use payUrl) */
            paymentElement: {
                provider: string;
                /** @description the provider's public key for the store and mode */
                publishableKey: string;
                /** @description the payment's client secret for the provider's own card element (Stripe's Payment Element) */
                clientSecret: string;
                /** @description where the provider sends the shopper after a 3-D Secure challenge: the pay page, which then records the outcome */
                returnUrl: string;
            } | null;
            /** @description false when the cart was checked out before: the same order is answered again */
            placed: boolean;
        };
        Sku: {
            id: string;
            /** @description in the store currency */
            price: number;
            /** @description percentage 0-100 */
            discount: number;
            quantityInStock: number;
            sku: string | null;
            attributes: {
                [key: string]: string;
            };
            /** @description its own tax class, overriding the product's; null: the product's */
            taxClass: string | null;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            createdAt: string;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            updatedAt: string;
        };
        VariantGroup: {
            id: string;
            attributeName: string;
            attributeValue: string;
            /** @description file id of the hero image */
            image: string | null;
            colorId: string | null;
            skus: components["schemas"]["Sku"][];
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            createdAt: string;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            updatedAt: string;
        };
        Product: {
            id: string;
            /** @enum {string} */
            type: "SIMPLE" | "VARIABLE";
            name: string;
            slug: string;
            description: string | null;
            /** @enum {string} */
            status: "draft" | "active" | "archived";
            categoryIds: string[];
            imageFileIds: string[];
            /** @description specification id → value */
            specifications: {
                [key: string]: string;
            };
            /** @description the tax class of its SKUs unless a SKU has its own */
            taxClass: string;
            /** @description ISO 4217 code of the prices */
            currency: string;
            /** @description SIMPLE products: the id of their single SKU (for inventory and orders) */
            skuId: string | null;
            /** @description SIMPLE products; null for VARIABLE */
            price: number | null;
            discount: number | null;
            quantityInStock: number | null;
            sku: string | null;
            skuCount: number;
            totalStock: number;
            /** @description lowest and highest SKU price; null without SKUs */
            priceRange: {
                min: number;
                max: number;
            } | null;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            createdAt: string;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            updatedAt: string;
        };
        ProductWithVariants: {
            id: string;
            /** @enum {string} */
            type: "SIMPLE" | "VARIABLE";
            name: string;
            slug: string;
            description: string | null;
            /** @enum {string} */
            status: "draft" | "active" | "archived";
            categoryIds: string[];
            imageFileIds: string[];
            /** @description specification id → value */
            specifications: {
                [key: string]: string;
            };
            /** @description the tax class of its SKUs unless a SKU has its own */
            taxClass: string;
            /** @description ISO 4217 code of the prices */
            currency: string;
            /** @description SIMPLE products: the id of their single SKU (for inventory and orders) */
            skuId: string | null;
            /** @description SIMPLE products; null for VARIABLE */
            price: number | null;
            discount: number | null;
            quantityInStock: number | null;
            sku: string | null;
            skuCount: number;
            totalStock: number;
            /** @description lowest and highest SKU price; null without SKUs */
            priceRange: {
                min: number;
                max: number;
            } | null;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            createdAt: string;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            updatedAt: string;
            variantGroups: components["schemas"]["VariantGroup"][];
        };
        Category: {
            id: string;
            parentId: string | null;
            name: string;
            slug: string;
            position: number;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            createdAt: string;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            updatedAt: string;
        };
        InventoryAdjustment: {
            id: string;
            skuId: string;
            delta: number;
            quantityAfter: number;
            reason: string;
            actor: {
                type: string;
                id: string;
                label: string;
            };
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            createdAt: string;
            /** @description where it happened; null: before locations, or a change of the SKU as a whole */
            locationId: string | null;
            note: string | null;
        };
        InventoryDashboard: {
            currency: string;
            lowStockThreshold: number;
            totals: {
                skuCount: number;
                unitsInStock: number;
                /** @description units × price, in the store currency */
                valueInStock: number;
                /** @description SKUs above the low-stock threshold */
                inStock: number;
                /** @description SKUs with 1..threshold units */
                lowStock: number;
                outOfStock: number;
            };
            categories: {
                skuCount: number;
                unitsInStock: number;
                /** @description units × price, in the store currency */
                valueInStock: number;
                /** @description SKUs above the low-stock threshold */
                inStock: number;
                /** @description SKUs with 1..threshold units */
                lowStock: number;
                outOfStock: number;
                /** @description null: products in no category */
                categoryId: string | null;
                categoryName: string | null;
            }[];
        };
        LowStockSku: {
            skuId: string;
            sku: string | null;
            quantityInStock: number;
            productId: string;
            productName: string;
            groupId: string | null;
            /** @description "Dimension: value" of the variant group */
            groupName: string | null;
            attributes: {
                [key: string]: string;
            };
        };
        StockLevel: {
            skuId: string;
            sku: string | null;
            quantityInStock: number;
            productId: string;
            productName: string;
            groupId: string | null;
            /** @description "Dimension: value" of the variant group */
            groupName: string | null;
            attributes: {
                [key: string]: string;
            };
            /**
             * @description in: above the low-stock threshold; low: 1..threshold units; out: 0
             * @enum {string}
             */
            stock: "in" | "low" | "out";
            /** @description units at its locations */
            onHand: number;
            /** @description held by unpaid storefront checkouts */
            held: number;
            /** @description allocated to other orders, not shipped */
            allocated: number;
            /** @description onHand - held - allocated (quantityInStock) */
            available: number;
        };
        ConnectedApp: {
            clientId: string;
            clientName: string;
            /**
             * @description apps register themselves; their names are not checked
             * @constant
             */
            verified: false;
            /** @description the app’s client_id URL when it identifies itself with a Client ID Metadata Document (its host publishes the name); null for an app registered with POST /oauth/register */
            clientIdMetadataDocument: string | null;
            redirectHosts: string[];
            store: {
                id: string;
                name: string;
            };
            /** @enum {string} */
            mode: "live" | "test";
            /** @description the union of the scopes of its approvals in this store and mode */
            scopes: ("mcp:store" | "orders:read" | "orders:write" | "products:read" | "products:write" | "customers:read" | "customers:write" | "inventory:read" | "inventory:write" | "analytics:read" | "promotions:read" | "promotions:write" | "reviews:read" | "reviews:write" | "delivery:read" | "delivery:write" | "payments:read" | "payments:write" | "settings:read" | "settings:write")[];
            /** @description the members who approved it here; a member with settings:write in the store sees every approval, others only their own */
            approvedBy: {
                userId: string;
                email: string;
            }[];
            /** @description the latest approval */
            approvedAt: string;
            lastUsedAt: string | null;
        };
        CustomerAddress: {
            label: string | null;
            /** @description recipient, when not the customer */
            name: string | null;
            line1: string;
            line2: string | null;
            city: string;
            postalCode: string | null;
            /** @description from GET /v1/states/{countryId} */
            stateId: string | null;
            /** @description from GET /v1/countries */
            countryId: string;
            phone: string | null;
        };
        Customer: {
            id: string;
            name: string;
            email: string;
            /** @description + and digits */
            phone: string | null;
            addresses: components["schemas"]["CustomerAddress"][];
            /** @description whether a ban counts now (an expired ban does not) */
            banned: boolean;
            /** @description the last ban set, active or expired; null when none or after an unban */
            ban: {
                reason: string;
                /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
                bannedAt: string;
                /** @description null: until unbanned */
                expiresAt: string | null;
            } | null;
            /** @description orders of this customer in the store and mode */
            orderCount: number;
            /** @description paid minus refunded over those orders, in the store currency */
            totalSpent: number;
            /** @description ISO 4217 code of totalSpent */
            currency: string;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            createdAt: string;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            updatedAt: string;
        };
        DeliveryRegion: {
            /** @description ISO 3166-1 alpha-2, from GET /v1/countries */
            countryId: string;
            /** @description ISO 3166-2, from GET /v1/states/{countryId}; null: the whole country */
            stateId: string | null;
        };
        DeliveryOption: {
            id: string;
            zoneId: string;
            name: string;
            /** @description ISO 4217 code of fee and freeOver (the store currency) */
            currency: string;
            fee: number;
            /** @description the fee is waived when the order subtotal is at least this; null: never */
            freeOver: number | null;
            estimatedDaysMin: number | null;
            estimatedDaysMax: number | null;
            active: boolean;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            createdAt: string;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            updatedAt: string;
        };
        DeliveryZone: {
            id: string;
            name: string;
            regions: components["schemas"]["DeliveryRegion"][];
            options: components["schemas"]["DeliveryOption"][];
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            createdAt: string;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            updatedAt: string;
        };
        DeliveryQuote: {
            countryId: string;
            stateId: string | null;
            subtotal: number;
            currency: string;
            /** @description the zone that serves the address; null: the store does not deliver there */
            zone: {
                id: string;
                name: string;
            } | null;
            options: {
                optionId: string;
                name: string;
                /** @description what the customer pays for this subtotal */
                fee: number;
                /** @description the fee before the free-over threshold */
                regularFee: number;
                /** @description true when the free-over threshold waived the fee */
                free: boolean;
                freeOver: number | null;
                estimatedDaysMin: number | null;
                estimatedDaysMax: number | null;
            }[];
        };
        Email: {
            id: string;
            /**
             * @description invitation, or a store notification: order_created, order_paid, low_stock, app_connected, app_disconnected
             * @enum {string}
             */
            kind: "invitation" | "password_reset" | "order_created" | "order_paid" | "low_stock" | "app_connected" | "app_disconnected" | "notification_address" | "email_change" | "email_change_notice" | "email_verification" | "order_confirmation" | "order_shipped";
            to: string;
            subject: string;
            /**
             * @description pending: not sent yet (or retried); sent: the SMTP server accepted it; failed: refused for good or every retry used; dropped: nothing to send any more (e.g. the invitation was accepted first)
             * @enum {string}
             */
            status: "pending" | "sent" | "failed" | "dropped";
            attempts: number;
            /** @description when it is tried (again), while pending */
            nextAttemptAt: string | null;
            /** @description the SMTP server's last refusal or the connection error, or why it was dropped */
            lastError: string | null;
            /** @description null for mail of the whole store (invitations) */
            mode: ("live" | "test") | null;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            createdAt: string;
            sentAt: string | null;
        };
        File: {
            /** @description use it as `image` of a variant group or as `logoFileId` of the business profile */
            id: string;
            /** @description where to GET the bytes (needs products:read in the same store and mode) */
            url: string;
            /**
             * @description judged from the bytes, not from the file name or the declared type
             * @enum {string}
             */
            contentType: "image/jpeg" | "image/png" | "image/webp" | "image/gif";
            /** @description bytes */
            size: number;
            /** @description pixels */
            width: number;
            /** @description pixels */
            height: number;
        };
        StockLocation: {
            id: string;
            name: string;
            address: {
                line1: string;
                line2?: string;
                city: string;
                postalCode?: string;
                countryId: string;
                stateId?: string;
            } | null;
            /** @description false: its stock is not for sale (not in any SKU's quantityInStock) */
            active: boolean;
            /** @description the store's default location: setting a SKU's quantityInStock lands here */
            isDefault: boolean;
            /** @description the order of preference, lower first */
            position: number;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            createdAt: string;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            updatedAt: string;
        };
        LocationStockLevel: {
            skuId: string;
            sku: string | null;
            productId: string;
            locationId: string;
            /** @description units at the location */
            onHand: number;
            /** @description units promised to orders not yet shipped */
            allocated: number;
            /** @description onHand - allocated */
            available: number;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            updatedAt: string;
        };
        PaymentOptions: {
            /** @description the methods the store accepts in this mode */
            enabledMethods: ("card" | "bank_transfer" | "cash_on_delivery" | "paypal")[];
            /** @description every method a store can enable */
            availableMethods: ("card" | "bank_transfer" | "cash_on_delivery" | "paypal")[];
        };
        Payment: {
            id: string;
            orderId: string;
            /** @enum {string} */
            kind: "payment" | "refund";
            /**
             * @description manual: recorded by the merchant without a method
             * @enum {string}
             */
            method: "card" | "bank_transfer" | "cash_on_delivery" | "paypal" | "manual";
            /** @description in the order currency */
            amount: number;
            currency: string;
            /** @enum {string} */
            status: "pending" | "succeeded" | "failed";
            reference: string | null;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            createdAt: string;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            updatedAt: string;
        };
        OrderPaymentSummary: {
            orderId: string;
            orderNumber: string;
            currency: string;
            total: number;
            /** @description succeeded payments */
            paid: number;
            /** @description succeeded refunds */
            refunded: number;
            /** @description payments not settled yet */
            pending: number;
            /** @description total less paid and pending */
            outstanding: number;
        };
        OrderPayments: {
            order: components["schemas"]["OrderPaymentSummary"];
            payments: components["schemas"]["Payment"][];
        };
        PaymentResult: {
            payment: components["schemas"]["Payment"];
            order: components["schemas"]["OrderPaymentSummary"];
        };
        PaymentLink: {
            id: string;
            orderId: string | null;
            amount: number;
            currency: string;
            description: string | null;
            /**
             * @description as of this response: an active link past its expiry reads as expired
             * @enum {string}
             */
            status: "active" | "paid" | "expired" | "cancelled";
            /** @description the page to send the customer to; it carries an unguessable token, so share it only with them */
            url: string;
            /**
             * @description automatic: captured at once; manual: authorized, captured later
             * @enum {string}
             */
            captureMethod: "automatic" | "manual";
            expiresAt: string | null;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            createdAt: string;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            updatedAt: string;
        };
        ProviderPayment: {
            id: string;
            /** @enum {string} */
            provider: "test" | "stripe";
            linkId: string | null;
            orderId: string | null;
            /** @description what is owed, in the currency */
            amount: number;
            currency: string;
            /** @enum {string} */
            captureMethod: "automatic" | "manual";
            /** @enum {string} */
            status: "requires_payment_method" | "requires_action" | "processing" | "authorized" | "succeeded" | "failed" | "canceled";
            /** @description the provider's id of the payment */
            providerReference: string | null;
            /** @description why the attempt failed */
            failure: {
                code: string;
                message: string;
            } | null;
            /** @description a mismatch found at completion (amount, currency, a link no longer active): the money was not recorded on the order; settle it by hand */
            flag: string | null;
            /** @description what the provider captured */
            received: number | null;
            /** @description the order's payment record written at completion (GET /v1/orders/{orderId}/payments) */
            paymentId: string | null;
            completedAt: string | null;
            /** @description how the merchant settled the flag (POST /v1/provider-payments/{providerPaymentId}/resolve): accepted on the order, refunded or released at the provider */
            resolution: ("accepted" | "refunded" | "released") | null;
            resolvedAt: string | null;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            createdAt: string;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            updatedAt: string;
        };
        PaymentProvider: {
            /** @enum {string} */
            provider: "test" | "stripe";
            /** @enum {string} */
            mode: "live" | "test";
            /** @description takes payments in this mode now */
            enabled: boolean;
            /** @description the built-in test provider: nothing to set up, test mode only */
            builtIn: boolean;
            /** @description the provider the pay page takes cards with in this mode (Stripe once set up; else, in test mode, the test provider) */
            inUse: boolean;
            /** @description the saved secret key, recognisable (sk_test_…abcd), never whole */
            keyHint: string | null;
            /** @description the provider's account the key belongs to */
            accountId: string | null;
            /** @description the saved publishable key (public: the pay page hands it to Stripe.js) */
            publishableKey: string | null;
            updatedAt: string | null;
        };
        PromoAd: {
            id: string;
            title: string;
            body: string | null;
            imageFileId: string | null;
            linkUrl: string | null;
            /** @description null: any placement */
            placement: string | null;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            startsAt: string;
            endsAt: string | null;
            /** @enum {string} */
            status: "draft" | "published";
            /** @description published, started and not ended at the time of the response */
            live: boolean;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            createdAt: string;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            updatedAt: string;
        };
        Promotion: {
            id: string;
            code: string;
            /** @enum {string} */
            kind: "percentage" | "fixed";
            /** @description percentage, or amount in the store currency */
            value: number;
            minSubtotal: number;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            startsAt: string;
            endsAt: string | null;
            usageLimit: number | null;
            perCustomerLimit: number | null;
            timesUsed: number;
            active: boolean;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            createdAt: string;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            updatedAt: string;
        };
        State: {
            /** @description ISO 3166-2 subdivision code, e.g. US-CA */
            id: string;
            name: string;
            /** @description false when the subdivision is no longer in ISO 3166-2 */
            status: boolean;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            createdAt: string;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            updatedAt: string;
        };
        Country: {
            /** @description ISO 3166-1 alpha-2 code, e.g. US */
            id: string;
            name: string;
            /** @description false when the country is no longer in ISO 3166-1 */
            status: boolean;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            createdAt: string;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            updatedAt: string;
            /** @description null in the country list; the subdivisions on GET /v1/countries/{countryId} */
            states: components["schemas"]["State"][] | null;
        };
        Specification: {
            /** @description stable identifier, e.g. spec_material */
            id: string;
            name: string;
            /** @description lower-case token form of the name */
            slug: string;
            /** @description null when absent */
            description: string | null;
        };
        Color: {
            /** @description stable identifier, used as colorId on variant groups */
            id: string;
            name: string;
            /** @description #RRGGBB */
            hex: string;
        };
        Return: {
            id: string;
            orderId: string;
            /**
             * @description requested → received → refunded, or closed without a refund
             * @enum {string}
             */
            status: "requested" | "received" | "refunded" | "closed";
            /** @enum {string} */
            reason: "damaged" | "defective" | "wrong_item" | "not_as_described" | "no_longer_needed" | "other";
            note: string | null;
            /** @description the stock location it was received into; null until received */
            locationId: string | null;
            lines: {
                id: string;
                /** @description the order line */
                lineId: string;
                quantity: number;
                /** @description null until received; true: back on hand at the location; false: written off */
                restock: boolean | null;
                /** @description what these units refunded (null until refunded) */
                refund: number | null;
                /** @description the tax share of these units (null until refunded) */
                tax: number | null;
            }[];
            /** @description what the return refunded through the order's payments (null until refunded) */
            refund: number | null;
            /** @description the tax the refund carries (null until refunded) */
            tax: number | null;
            /** @description the delivery fee refunded with this return (0 when not; null until refunded) */
            deliveryRefunded: number | null;
            createdBy: {
                type: string;
                id: string;
                label: string;
            };
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            createdAt: string;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            updatedAt: string;
            receivedAt: string | null;
            refundedAt: string | null;
            closedAt: string | null;
        };
        Review: {
            id: string;
            productId: string;
            /** @description the product's current name */
            productName: string;
            customerId: string;
            /** @description the customer's current name */
            customerName: string;
            rating: number;
            title: string | null;
            body: string | null;
            /** @description the merchant's public reply */
            reply: string | null;
            repliedAt: string | null;
            /** @description hidden reviews are left out of the rating summary */
            hidden: boolean;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            createdAt: string;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            updatedAt: string;
        };
        RatingSummary: {
            productId: string;
            /** @description visible reviews */
            count: number;
            /** @description mean rating of the visible reviews, 2 decimals; null without any */
            average: number | null;
            /** @description visible reviews per star */
            distribution: {
                1: number;
                2: number;
                3: number;
                4: number;
                5: number;
            };
        };
        StoreSettings: {
            /**
             * @description the mode these settings belong to (the mode of this request)
             * @enum {string}
             */
            mode: "live" | "test";
            orderNumberPrefix: string;
            /** @description the number the next order gets */
            nextOrderNumber: number;
            /** @description what the next order number looks like, e.g. ORD-1001 */
            nextOrderNumberPreview: string;
            allowedOrigins: string[];
            /** @description where store notifications go in this mode; null for none */
            notificationEmail: string | null;
            /** @description a new notification address waiting to be confirmed from the link mailed to it (48 hours); notificationEmail stays in use until then; null when none waits */
            pendingNotificationEmail: string | null;
            /** @description which store notifications are sent to notificationEmail in this mode: a new order, a SKU crossing the low-stock threshold, an app connected or removed */
            notifications: {
                orders: boolean;
                lowStock: boolean;
                apps: boolean;
            };
            /** @description true: the AI connector's destructive calls in this mode need the merchant's confirmation in the AI client itself */
            mcpRequireClientConfirmation: boolean;
            /** @description store-wide; the same value as GET /v1/inventory/settings */
            lowStockThreshold: number;
            /** @description store-wide; from the business profile */
            currency: string;
            /** @description store-wide; from the business profile */
            timezone: string;
            /** @description true: SKU prices and delivery fees include tax (VAT style); false: tax is added on top */
            pricesIncludeTax: boolean;
            /** @description the tax class of delivery fees */
            shippingTaxClass: string;
            /** @description last change of the per-mode settings; null while they are the defaults */
            updatedAt: string | null;
        };
        WebhookEndpoint: {
            id: string;
            url: string;
            description: string;
            /** @description event types and patterns (`order.*`, `*`) it receives */
            eventTypes: string[];
            enabled: boolean;
            /** @description why it is not enabled: turned off (merchant), the endpoint answered 410 Gone (gone), or every delivery failed for about a day (failing) */
            disabledReason: ("merchant" | "gone" | "failing") | null;
            /** @description what happened, for people */
            disabledDetail: string | null;
            disabledAt: string | null;
            /** @description the connected app that owns it (removed with the app), or null for the store’s own */
            appClientId: string | null;
            /** @description until when the previous secret still signs beside the current one, after a rotation */
            previousSecretExpiresAt: string | null;
            /** @description the latest successful delivery (kept to the minute) */
            lastSuccessAt: string | null;
            /** @description first failed attempt since the last success, or null */
            failingSince: string | null;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            createdAt: string;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            updatedAt: string;
        };
        WebhookEndpointWithSecret: {
            id: string;
            url: string;
            description: string;
            /** @description event types and patterns (`order.*`, `*`) it receives */
            eventTypes: string[];
            enabled: boolean;
            /** @description why it is not enabled: turned off (merchant), the endpoint answered 410 Gone (gone), or every delivery failed for about a day (failing) */
            disabledReason: ("merchant" | "gone" | "failing") | null;
            /** @description what happened, for people */
            disabledDetail: string | null;
            disabledAt: string | null;
            /** @description the connected app that owns it (removed with the app), or null for the store’s own */
            appClientId: string | null;
            /** @description until when the previous secret still signs beside the current one, after a rotation */
            previousSecretExpiresAt: string | null;
            /** @description the latest successful delivery (kept to the minute) */
            lastSuccessAt: string | null;
            /** @description first failed attempt since the last success, or null */
            failingSince: string | null;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            createdAt: string;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            updatedAt: string;
            /** @description the signing secret (whsec_…): shown this once; verify deliveries with it (Standard Webhooks) */
            secret: string;
        };
        WebhookDelivery: {
            id: string;
            /** @description the event’s id, sent as webhook-id on every attempt: deduplicate on it */
            eventId: string;
            /**
             * @description an event type of the catalog, or webhook.test for a test event sent on request
             * @enum {string}
             */
            eventType: "order.created" | "order.status_changed" | "checkout.completed" | "order.refunded" | "return.received" | "shipment.created" | "shipment.delivered" | "product.created" | "product.updated" | "product.deleted" | "sku.stock_changed" | "inventory.low_stock" | "inventory_level.updated" | "customer.created" | "customer.banned" | "review.created" | "app.connected" | "app.disconnected" | "payment.succeeded" | "payment.failed" | "payment_link.paid" | "refund.succeeded" | "webhook.test";
            /**
             * @description pending: waiting for its next attempt; failed: gave up (redeliver it by hand)
             * @enum {string}
             */
            status: "pending" | "succeeded" | "failed";
            attempts: number;
            nextAttemptAt: string | null;
            lastAttemptAt: string | null;
            lastStatusCode: number | null;
            lastError: string | null;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            createdAt: string;
        };
        WebhookAttempt: {
            id: string;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            attemptedAt: string;
            /**
             * @description scheduled: the first try or a retry; manual: redelivered on request; test: a test event sent on request
             * @enum {string}
             */
            trigger: "scheduled" | "manual" | "test";
            /** @description the endpoint’s HTTP status, or null when it did not answer */
            statusCode: number | null;
            durationMs: number;
            error: string | null;
            /** @description the first 1,000 characters of the answer */
            responseSnippet: string | null;
        };
        WebhookDeliveryDetail: {
            id: string;
            /** @description the event’s id, sent as webhook-id on every attempt: deduplicate on it */
            eventId: string;
            /**
             * @description an event type of the catalog, or webhook.test for a test event sent on request
             * @enum {string}
             */
            eventType: "order.created" | "order.status_changed" | "checkout.completed" | "order.refunded" | "return.received" | "shipment.created" | "shipment.delivered" | "product.created" | "product.updated" | "product.deleted" | "sku.stock_changed" | "inventory.low_stock" | "inventory_level.updated" | "customer.created" | "customer.banned" | "review.created" | "app.connected" | "app.disconnected" | "payment.succeeded" | "payment.failed" | "payment_link.paid" | "refund.succeeded" | "webhook.test";
            /**
             * @description pending: waiting for its next attempt; failed: gave up (redeliver it by hand)
             * @enum {string}
             */
            status: "pending" | "succeeded" | "failed";
            attempts: number;
            nextAttemptAt: string | null;
            lastAttemptAt: string | null;
            lastStatusCode: number | null;
            lastError: string | null;
            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
            createdAt: string;
            /** @description the JSON body this delivery sends */
            payload: {
                [key: string]: unknown;
            };
            attemptLog: components["schemas"]["WebhookAttempt"][];
        };
        WebhookEventType: {
            /** @enum {string} */
            type: "order.created" | "order.status_changed" | "checkout.completed" | "order.refunded" | "return.received" | "shipment.created" | "shipment.delivered" | "product.created" | "product.updated" | "product.deleted" | "sku.stock_changed" | "inventory.low_stock" | "inventory_level.updated" | "customer.created" | "customer.banned" | "review.created" | "app.connected" | "app.disconnected" | "payment.succeeded" | "payment.failed" | "payment_link.paid" | "refund.succeeded";
            description: string;
            /** @description what a subscriber must be able to read */
            permission: string;
            /** @description what `data` is the REST record of; events of one resource arrive in order */
            resource: string;
            /** @description a body of this type as an endpoint receives it (ids and times are examples) */
            example: {
                [key: string]: unknown;
            };
        };
        OAuthError: {
            /** @description An RFC 6749 error code: invalid_request, invalid_client, invalid_grant, invalid_scope, invalid_target, unsupported_grant_type, invalid_redirect_uri, invalid_client_metadata, … */
            error: string;
            /** @description What was wrong, for the app’s developer */
            error_description?: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
};
export type $defs = Record<string, never>;
export interface operations {
    getLiveness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok" | "unavailable";
                        checks?: {
                            [key: string]: "ok" | "unavailable" | "stopping";
                        };
                    };
                };
            };
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok" | "unavailable";
                        checks?: {
                            [key: string]: "ok" | "unavailable" | "stopping";
                        };
                    };
                };
            };
            /** @description Service unavailable: retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok" | "unavailable";
                        checks?: {
                            [key: string]: "ok" | "unavailable" | "stopping";
                        };
                    };
                };
            };
        };
    };
    listCountries: {
        parameters: {
            query?: {
                /** @description Keeps countries whose name contains this text (case- and accent-insensitive). No match gives an empty list. */
                name?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Country"][];
                    };
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getCountry: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ISO 3166-1 alpha-2 code (case-insensitive), e.g. US */
                countryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Country"];
                    };
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listStates: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ISO 3166-1 alpha-2 code (case-insensitive), e.g. US */
                countryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["State"][];
                    };
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listColors: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Color"][];
                    };
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listSpecifications: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Specification"][];
                    };
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    signUp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    password: string;
                    name: string;
                    storeName: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: {
                            user: components["schemas"]["User"];
                            store: components["schemas"]["StoreSummary"];
                            token: string;
                            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
                            expiresAt: string;
                        };
                    };
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    signIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: {
                            token: string;
                            /** @description ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123 */
                            expiresAt: string;
                            user: components["schemas"]["User"];
                            stores: components["schemas"]["StoreSummary"][];
                        };
                    };
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    requestPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: email
                     * @description the email you sign in with
                     */
                    email: string;
                };
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: null;
                    };
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    confirmPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: {
                            /** @description how many sessions of the account were ended */
                            sessionsEnded: number;
                        };
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    signOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: null;
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Profile"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateProfile: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The ETag of the GET of this URL (or a list of them, or *): the change is made only if it is still the current one; otherwise 412 PRECONDITION_FAILED with the current ETag, and nothing changes. Strong comparison: a weak tag (W/"…") never matches. */
                "If-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: email
                     * @description a new email takes effect only once the link mailed to it is opened (pendingEmail until then); the old address is told, with a link to undo it
                     */
                    email?: string;
                    name?: string;
                    phone?: string | null;
                    /** @description required to change the email, unless this session signed in within the last 5 minutes */
                    currentPassword?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Profile"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Precondition failed: the If-Match ETag is no longer current */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    requestEmailVerification: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: {
                            email: string;
                            alreadyVerified: boolean;
                        };
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getMyPermissions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["EffectivePermissions"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listStores: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["StoreSummary"][];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createStore: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    currency?: string;
                    timezone?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["StoreSummary"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getBusinessProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["BusinessProfile"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateBusinessProfile: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The ETag of the GET of this URL (or a list of them, or *): the change is made only if it is still the current one; otherwise 412 PRECONDITION_FAILED with the current ETag, and nothing changes. Strong comparison: a weak tag (W/"…") never matches. */
                "If-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    legalName?: string | null;
                    contactEmail?: string | null;
                    contactPhone?: string | null;
                    address?: {
                        line1?: string | null;
                        line2?: string | null;
                        city?: string | null;
                        postalCode?: string | null;
                        countryId?: string | null;
                        stateId?: string | null;
                    };
                    currency?: string;
                    timezone?: string;
                    logoFileId?: string | null;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["BusinessProfile"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Precondition failed: the If-Match ETag is no longer current */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listMembers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Member"][];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    removeMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: {
                            id: string;
                        };
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateMemberRole: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    role: "owner" | "admin" | "staff";
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: {
                            userId: string;
                            /** @enum {string} */
                            role: "owner" | "admin" | "staff";
                        };
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listInvitations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Invitation"][];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    /** @enum {string} */
                    role: "owner" | "admin" | "staff";
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Invitation"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    resendInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Invitation"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    revokeInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: {
                            id: string;
                        };
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    acceptInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: {
                            storeId: string;
                            /** @enum {string} */
                            role: "owner" | "admin" | "staff";
                        };
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description HTTP 410 */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["ApiKey"][];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /**
                     * @description defaults to the mode of the request (X-Mode, else live)
                     * @enum {string}
                     */
                    mode?: "live" | "test";
                    /** @description restrict the key to these permissions (write implies read); omitted: everything its creator may do */
                    permissions?: ("orders:read" | "orders:write" | "products:read" | "products:write" | "customers:read" | "customers:write" | "inventory:read" | "inventory:write" | "analytics:read" | "promotions:read" | "promotions:write" | "reviews:read" | "reviews:write" | "delivery:read" | "delivery:write" | "payments:read" | "payments:write" | "settings:read" | "settings:write")[];
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["ApiKey"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: {
                            id: string;
                        };
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listPublishableKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["PublishableKey"][];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createPublishableKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description what the key is for, e.g. the storefront it is in */
                    name: string;
                    /**
                     * @description defaults to the mode of the request (X-Mode, else live)
                     * @enum {string}
                     */
                    mode?: "live" | "test";
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["PublishableKey"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    revokePublishableKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: {
                            id: string;
                        };
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listAuditLog: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
                /** @description an action (product.update) or a prefix ending in * (product.*) */
                action?: string;
                /** @description what kind of credential acted */
                actorType?: "user" | "api_key" | "oauth_app" | "ai_connector" | "system";
                /** @description the member who acted, directly or through their key, app or AI connector */
                userId?: string;
                targetType?: string;
                targetId?: string;
                /** @description at or after this instant */
                from?: string;
                /** @description before this instant */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["AuditEntry"][];
                        pagination: {
                            limit: number;
                            /** @description pass as ?cursor= for the next page; null on the last page */
                            nextCursor: string | null;
                            hasMore: boolean;
                        };
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createSessionToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: {
                            token: string;
                            expiresAt: string;
                        };
                    };
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listProducts: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
                status?: "draft" | "active" | "archived";
                /** @description only products of this type */
                type?: "SIMPLE" | "VARIABLE";
                categoryId?: string;
                /** @description text to find in the name or a SKU code */
                q?: string;
                sort?: "createdAt" | "-createdAt" | "name" | "-name" | "updatedAt" | "-updatedAt";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Product"][];
                        pagination: {
                            limit: number;
                            nextCursor: string | null;
                            hasMore: boolean;
                        };
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createProduct: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    type: "SIMPLE" | "VARIABLE";
                    name: string;
                    /** @description unique within the store; generated from the name when absent */
                    slug?: string;
                    description?: string | null;
                    /**
                     * @description default draft
                     * @enum {string}
                     */
                    status?: "draft" | "active" | "archived";
                    categoryIds?: string[];
                    imageFileIds?: string[];
                    /** @description specification id (GET /v1/specifications) → value */
                    specifications?: {
                        [key: string]: string;
                    };
                    /** @description SIMPLE products only (required for them) */
                    price?: number;
                    /** @description SIMPLE products only */
                    discount?: number;
                    /** @description SIMPLE products only (required for them) */
                    quantityInStock?: number;
                    /** @description SIMPLE products only */
                    sku?: string | null;
                    /** @description standard (default), reduced, zero or your own */
                    taxClass?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Product"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getProduct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                productId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Product"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteProduct: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The ETag of the GET of this URL (or a list of them, or *): the change is made only if it is still the current one; otherwise 412 PRECONDITION_FAILED with the current ETag, and nothing changes. Strong comparison: a weak tag (W/"…") never matches. */
                "If-Match"?: string;
            };
            path: {
                productId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: {
                            id: string;
                        };
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Precondition failed: the If-Match ETag is no longer current */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateProduct: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The ETag of the GET of this URL (or a list of them, or *): the change is made only if it is still the current one; otherwise 412 PRECONDITION_FAILED with the current ETag, and nothing changes. Strong comparison: a weak tag (W/"…") never matches. */
                "If-Match"?: string;
            };
            path: {
                productId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    /** @description unique within the store; generated from the name when absent */
                    slug?: string;
                    description?: string | null;
                    /**
                     * @description default draft
                     * @enum {string}
                     */
                    status?: "draft" | "active" | "archived";
                    categoryIds?: string[];
                    imageFileIds?: string[];
                    /** @description specification id (GET /v1/specifications) → value */
                    specifications?: {
                        [key: string]: string;
                    };
                    /** @description SIMPLE products only (required for them) */
                    price?: number;
                    /** @description SIMPLE products only */
                    discount?: number;
                    /** @description SIMPLE products only (required for them) */
                    quantityInStock?: number;
                    /** @description SIMPLE products only */
                    sku?: string | null;
                    /** @description standard (default), reduced, zero or your own */
                    taxClass?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Product"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Precondition failed: the If-Match ETag is no longer current */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listProductTrees: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
                status?: "draft" | "active" | "archived";
                /** @description only products of this type */
                type?: "SIMPLE" | "VARIABLE";
                categoryId?: string;
                /** @description text to find in the name or a SKU code */
                q?: string;
                sort?: "createdAt" | "-createdAt" | "name" | "-name" | "updatedAt" | "-updatedAt";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["ProductWithVariants"][];
                        pagination: {
                            limit: number;
                            nextCursor: string | null;
                            hasMore: boolean;
                        };
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getProductTree: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                productId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["ProductWithVariants"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createVariantGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                productId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description dimension name, e.g. Color */
                    attributeName: string;
                    /** @description display value of the dimension, e.g. Red */
                    attributeValue: string;
                    image?: string | null;
                    colorId?: string | null;
                    skus: {
                        /** @description price in the store currency, e.g. 19.99; must be greater than 1, with at most the currency’s decimals */
                        price: number;
                        /** @description discount percentage, 0 to 100 */
                        discount?: number;
                        /** @description units available for purchase */
                        quantityInStock: number;
                        sku?: string | null;
                        /** @description extra sub-dimensions, e.g. { "Size": "M" } */
                        attributes?: {
                            [key: string]: string;
                        };
                        /** @description null: the product's */
                        taxClass?: string | null;
                    }[];
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["VariantGroup"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getVariantGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                productId: string;
                groupId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["VariantGroup"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteVariantGroup: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The ETag of the GET of this URL (or a list of them, or *): the change is made only if it is still the current one; otherwise 412 PRECONDITION_FAILED with the current ETag, and nothing changes. Strong comparison: a weak tag (W/"…") never matches. */
                "If-Match"?: string;
            };
            path: {
                productId: string;
                groupId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: {
                            id: string;
                        };
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Precondition failed: the If-Match ETag is no longer current */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateVariantGroup: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The ETag of the GET of this URL (or a list of them, or *): the change is made only if it is still the current one; otherwise 412 PRECONDITION_FAILED with the current ETag, and nothing changes. Strong comparison: a weak tag (W/"…") never matches. */
                "If-Match"?: string;
            };
            path: {
                productId: string;
                groupId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description dimension name, e.g. Color */
                    attributeName?: string;
                    /** @description display value of the dimension, e.g. Red */
                    attributeValue?: string;
                    image?: string | null;
                    colorId?: string | null;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["VariantGroup"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Precondition failed: the If-Match ETag is no longer current */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createSku: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                productId: string;
                groupId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description price in the store currency, e.g. 19.99; must be greater than 1, with at most the currency’s decimals */
                    price: number;
                    /** @description discount percentage, 0 to 100 */
                    discount?: number;
                    /** @description units available for purchase */
                    quantityInStock: number;
                    sku?: string | null;
                    /** @description extra sub-dimensions, e.g. { "Size": "M" } */
                    attributes?: {
                        [key: string]: string;
                    };
                    /** @description null: the product's */
                    taxClass?: string | null;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Sku"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getSku: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                productId: string;
                groupId: string;
                skuId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Sku"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteSku: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The ETag of the GET of this URL (or a list of them, or *): the change is made only if it is still the current one; otherwise 412 PRECONDITION_FAILED with the current ETag, and nothing changes. Strong comparison: a weak tag (W/"…") never matches. */
                "If-Match"?: string;
            };
            path: {
                productId: string;
                groupId: string;
                skuId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: {
                            id: string;
                        };
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Precondition failed: the If-Match ETag is no longer current */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateSku: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The ETag of the GET of this URL (or a list of them, or *): the change is made only if it is still the current one; otherwise 412 PRECONDITION_FAILED with the current ETag, and nothing changes. Strong comparison: a weak tag (W/"…") never matches. */
                "If-Match"?: string;
            };
            path: {
                productId: string;
                groupId: string;
                skuId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description price in the store currency, e.g. 19.99; must be greater than 1, with at most the currency’s decimals */
                    price?: number;
                    /** @description discount percentage, 0 to 100 */
                    discount?: number;
                    /** @description units available for purchase */
                    quantityInStock?: number;
                    sku?: string | null;
                    /** @description extra sub-dimensions, e.g. { "Size": "M" } */
                    attributes?: {
                        [key: string]: string;
                    };
                    /** @description null: the product's */
                    taxClass?: string | null;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Sku"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Precondition failed: the If-Match ETag is no longer current */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listCategories: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Category"][];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createCategory: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    slug?: string;
                    parentId?: string | null;
                    position?: number;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Category"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getCategory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                categoryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Category"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteCategory: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The ETag of the GET of this URL (or a list of them, or *): the change is made only if it is still the current one; otherwise 412 PRECONDITION_FAILED with the current ETag, and nothing changes. Strong comparison: a weak tag (W/"…") never matches. */
                "If-Match"?: string;
            };
            path: {
                categoryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: {
                            id: string;
                        };
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Precondition failed: the If-Match ETag is no longer current */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateCategory: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The ETag of the GET of this URL (or a list of them, or *): the change is made only if it is still the current one; otherwise 412 PRECONDITION_FAILED with the current ETag, and nothing changes. Strong comparison: a weak tag (W/"…") never matches. */
                "If-Match"?: string;
            };
            path: {
                categoryId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    slug?: string;
                    parentId?: string | null;
                    position?: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Category"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Precondition failed: the If-Match ETag is no longer current */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listStockAdjustments: {
        parameters: {
            query: {
                limit?: number;
                cursor?: string;
                skuId: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["InventoryAdjustment"][];
                        pagination: {
                            limit: number;
                            nextCursor: string | null;
                            hasMore: boolean;
                        };
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adjustStock: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    skuId: string;
                    /** @description add (positive) or remove (negative) units */
                    delta?: number;
                    /** @description set the stock to exactly this */
                    set?: number;
                    reason: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: {
                            adjustment: components["schemas"]["InventoryAdjustment"];
                            quantityInStock: number;
                        };
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getInventorySettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: {
                            lowStockThreshold: number;
                        };
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateInventorySettings: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The ETag of the GET of this URL (or a list of them, or *): the change is made only if it is still the current one; otherwise 412 PRECONDITION_FAILED with the current ETag, and nothing changes. Strong comparison: a weak tag (W/"…") never matches. */
                "If-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    lowStockThreshold: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: {
                            lowStockThreshold: number;
                        };
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Precondition failed: the If-Match ETag is no longer current */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getInventoryBreakdown: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["InventoryDashboard"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listLowStockSkus: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: {
                            lowStockThreshold: number;
                            skus: components["schemas"]["LowStockSku"][];
                        };
                        pagination: {
                            limit: number;
                            nextCursor: string | null;
                            hasMore: boolean;
                        };
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listStockLevels: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
                /** @description text to find in the product name or SKU code */
                q?: string;
                stock?: "in" | "low" | "out";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: {
                            lowStockThreshold: number;
                            skus: components["schemas"]["StockLevel"][];
                        };
                        pagination: {
                            limit: number;
                            nextCursor: string | null;
                            hasMore: boolean;
                        };
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getStockLevel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                skuId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: {
                            lowStockThreshold: number;
                            sku: components["schemas"]["StockLevel"];
                        };
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listOrders: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
                status?: "pending" | "paid" | "fulfilled" | "delivered" | "cancelled" | "partially_refunded" | "refunded";
                /** @description where the money is */
                paymentStatus?: "unpaid" | "authorized" | "partially_paid" | "paid" | "partially_refunded" | "refunded";
                /** @description where the goods are */
                fulfilmentStatus?: "unfulfilled" | "partially_fulfilled" | "fulfilled" | "partially_returned" | "returned";
                customerId?: string;
                channel?: "api" | "storefront";
                /** @description the order with exactly this number, as the API shows it (its prefix included, e.g. ORD-1001); an empty page when none has it */
                number?: string;
                /** @description created at or after this instant */
                from?: string;
                /** @description created before this instant */
                to?: string;
                sort?: "createdAt" | "-createdAt";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["OrderSummary"][];
                        pagination: {
                            limit: number;
                            nextCursor: string | null;
                            hasMore: boolean;
                        };
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    placeOrder: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    customerId: string;
                    lines: {
                        skuId: string;
                        quantity: number;
                    }[];
                    deliveryOptionId?: string;
                    promotionCode?: string;
                    note?: string;
                    /** @description default: the customer's first address */
                    shippingAddress?: {
                        name?: string | null;
                        line1: string;
                        line2?: string | null;
                        city: string;
                        postalCode?: string | null;
                        countryId: string;
                        stateId?: string | null;
                        phone?: string | null;
                    };
                    /** @description default: the shipping address */
                    billingAddress?: {
                        name?: string | null;
                        line1: string;
                        line2?: string | null;
                        city: string;
                        postalCode?: string | null;
                        countryId: string;
                        stateId?: string | null;
                        phone?: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Order"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orderId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Order"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateOrder: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The ETag of the GET of this URL (or a list of them, or *): the change is made only if it is still the current one; otherwise 412 PRECONDITION_FAILED with the current ETag, and nothing changes. Strong comparison: a weak tag (W/"…") never matches. */
                "If-Match"?: string;
            };
            path: {
                orderId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    note?: string | null;
                    shippingAddress?: {
                        name?: string | null;
                        line1: string;
                        line2?: string | null;
                        city: string;
                        postalCode?: string | null;
                        countryId: string;
                        stateId?: string | null;
                        phone?: string | null;
                    } | null;
                    billingAddress?: {
                        name?: string | null;
                        line1: string;
                        line2?: string | null;
                        city: string;
                        postalCode?: string | null;
                        countryId: string;
                        stateId?: string | null;
                        phone?: string | null;
                    } | null;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Order"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Precondition failed: the If-Match ETag is no longer current */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listOrderTransitions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orderId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["OrderTransitions"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    transitionOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orderId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    to: "pending" | "paid" | "fulfilled" | "delivered" | "cancelled" | "partially_refunded" | "refunded";
                    note?: string;
                    /** @description for partially_refunded: the amount to refund, in the order currency */
                    amount?: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Order"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listPromotions: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Promotion"][];
                        pagination: {
                            limit: number;
                            nextCursor: string | null;
                            hasMore: boolean;
                        };
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createPromotion: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code: string;
                    /** @enum {string} */
                    kind: "percentage" | "fixed";
                    /** @description percentage: above 0 and at most 100; fixed: an amount in the store currency */
                    value: number;
                    minSubtotal?: number;
                    /**
                     * Format: date-time
                     * @description default: now
                     */
                    startsAt?: string;
                    endsAt?: string | null;
                    /** @description uses in total */
                    usageLimit?: number | null;
                    perCustomerLimit?: number | null;
                    active?: boolean;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Promotion"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getPromotion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                promotionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Promotion"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deletePromotion: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The ETag of the GET of this URL (or a list of them, or *): the change is made only if it is still the current one; otherwise 412 PRECONDITION_FAILED with the current ETag, and nothing changes. Strong comparison: a weak tag (W/"…") never matches. */
                "If-Match"?: string;
            };
            path: {
                promotionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: {
                            id: string;
                        };
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Precondition failed: the If-Match ETag is no longer current */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updatePromotion: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The ETag of the GET of this URL (or a list of them, or *): the change is made only if it is still the current one; otherwise 412 PRECONDITION_FAILED with the current ETag, and nothing changes. Strong comparison: a weak tag (W/"…") never matches. */
                "If-Match"?: string;
            };
            path: {
                promotionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code?: string;
                    /** @enum {string} */
                    kind?: "percentage" | "fixed";
                    /** @description percentage: above 0 and at most 100; fixed: an amount in the store currency */
                    value?: number;
                    minSubtotal?: number;
                    /**
                     * Format: date-time
                     * @description default: now
                     */
                    startsAt?: string;
                    endsAt?: string | null;
                    /** @description uses in total */
                    usageLimit?: number | null;
                    perCustomerLimit?: number | null;
                    active?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Promotion"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Precondition failed: the If-Match ETag is no longer current */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getSalesSummary: {
        parameters: {
            query?: {
                period?: "today" | "7d" | "30d" | "range";
                /** @description YYYY-MM-DD, with period=range */
                from?: string;
                /** @description YYYY-MM-DD, with period=range */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["SalesSummary"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    exportOrdersCsv: {
        parameters: {
            query: {
                /** @description YYYY-MM-DD (store time zone) */
                from: string;
                /** @description YYYY-MM-DD, inclusive */
                to: string;
                /** @description only orders in this status now; omitted: every status */
                status?: "pending" | "paid" | "fulfilled" | "delivered" | "cancelled" | "partially_refunded" | "refunded";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description text/csv */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": string;
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    exportDailySalesCsv: {
        parameters: {
            query: {
                /** @description YYYY-MM-DD (store time zone) */
                from: string;
                /** @description YYYY-MM-DD, inclusive */
                to: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description text/csv */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": string;
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    uploadFile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["File"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported media type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The image’s bytes, with its stored content type */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/*": string;
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getAuthorizationServerMetadata: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        issuer: string;
                        authorization_endpoint: string;
                        token_endpoint: string;
                        registration_endpoint: string;
                        revocation_endpoint: string;
                        response_types_supported: string[];
                        response_modes_supported: string[];
                        grant_types_supported: string[];
                        token_endpoint_auth_methods_supported: string[];
                        revocation_endpoint_auth_methods_supported: string[];
                        code_challenge_methods_supported: string[];
                        scopes_supported: string[];
                        authorization_response_iss_parameter_supported: boolean;
                        client_id_metadata_document_supported: boolean;
                        service_documentation: string;
                    };
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getProtectedResourceMetadata: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        resource: string;
                        authorization_servers: string[];
                        scopes_supported: string[];
                        bearer_methods_supported: string[];
                    };
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getConnectorProtectedResourceMetadata: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        resource: string;
                        authorization_servers: string[];
                        scopes_supported: string[];
                        bearer_methods_supported: string[];
                    };
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    registerOAuthClient: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An OAuth registration error (RFC 7591 §3.2.2) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
        };
    };
    requestOAuthToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An OAuth error (RFC 6749 §5.2) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
            /** @description invalid_client */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
        };
    };
    revokeOAuthToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An OAuth error (RFC 7009 §2.2.1) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
        };
    };
    authorizeOAuthClient: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the authorization: sign-in, store picker or consent */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Back to the app’s redirect URI with `code` and `state`, or `error` (RFC 6749 §4.1.2) */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An error page: the client or its redirect URI cannot be trusted, so nothing is sent back to it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
        };
    };
    listConnectedApps: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["ConnectedApp"][];
                    };
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    removeConnectedApp: {
        parameters: {
            query?: {
                /** @description remove the app from this store only; omitted: from every store where you can remove it */
                storeId?: string;
            };
            header?: never;
            path: {
                clientId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: {
                            clientId: string;
                        };
                    };
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getConnectorDiscovery: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        name: string;
                        displayName: string;
                        description: string;
                        /** @description the MCP endpoint (POST, streamable HTTP) */
                        mcpUrl: string;
                        /** @enum {string} */
                        transport: "streamable-http";
                        authentication: {
                            /** @enum {string} */
                            type: "oauth2";
                            authorizationServerMetadataUrl: string;
                            protectedResourceMetadataUrl: string;
                            /** @enum {boolean} */
                            pkce: true;
                            /** @enum {string} */
                            defaultScope: "mcp:store";
                            /**
                             * @description an API key may be sent in this header instead of a token
                             * @enum {string}
                             */
                            alternativeHeader: "X-MerchantApiKey";
                        };
                        documentationUrl: string;
                    };
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getConnectorProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        name: string;
                        displayName: string;
                        description: string;
                        /** @description the MCP endpoint (POST, streamable HTTP) */
                        mcpUrl: string;
                        /** @enum {string} */
                        transport: "streamable-http";
                        authentication: {
                            /** @enum {string} */
                            type: "oauth2";
                            authorizationServerMetadataUrl: string;
                            protectedResourceMetadataUrl: string;
                            /** @enum {boolean} */
                            pkce: true;
                            /** @enum {string} */
                            defaultScope: "mcp:store";
                        };
                        privacyPolicyUrl: string;
                        termsOfServiceUrl: string;
                        supportUrl: string;
                    };
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listCustomers: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
                /** @description text to find in the name, email or phone */
                q?: string;
                /** @description true: only customers banned now; false: only those not banned now */
                banned?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Customer"][];
                        pagination: {
                            limit: number;
                            nextCursor: string | null;
                            hasMore: boolean;
                        };
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /**
                     * Format: email
                     * @description unique within the store and mode, without regard to case
                     */
                    email: string;
                    phone?: string | null;
                    addresses?: {
                        /** @description e.g. Home */
                        label?: string | null;
                        /** @description recipient, when not the customer */
                        name?: string | null;
                        line1: string;
                        line2?: string | null;
                        city: string;
                        postalCode?: string | null;
                        /** @description ISO 3166-2 code from GET /v1/states/{countryId}, e.g. US-CA */
                        stateId?: string | null;
                        /** @description ISO 3166-1 alpha-2 code from GET /v1/countries, e.g. US */
                        countryId: string;
                        phone?: string | null;
                    }[];
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Customer"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                customerId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Customer"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateCustomer: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The ETag of the GET of this URL (or a list of them, or *): the change is made only if it is still the current one; otherwise 412 PRECONDITION_FAILED with the current ETag, and nothing changes. Strong comparison: a weak tag (W/"…") never matches. */
                "If-Match"?: string;
            };
            path: {
                customerId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    /**
                     * Format: email
                     * @description unique within the store and mode, without regard to case
                     */
                    email?: string;
                    phone?: string | null;
                    addresses?: {
                        /** @description e.g. Home */
                        label?: string | null;
                        /** @description recipient, when not the customer */
                        name?: string | null;
                        line1: string;
                        line2?: string | null;
                        city: string;
                        postalCode?: string | null;
                        /** @description ISO 3166-2 code from GET /v1/states/{countryId}, e.g. US-CA */
                        stateId?: string | null;
                        /** @description ISO 3166-1 alpha-2 code from GET /v1/countries, e.g. US */
                        countryId: string;
                        phone?: string | null;
                    }[];
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Customer"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Precondition failed: the If-Match ETag is no longer current */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    banCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                customerId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description why; shown to staff, not to the customer */
                    reason: string;
                    /** @description when the ban ends; absent or null: until unbanned */
                    expiresAt?: string | null;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Customer"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    unbanCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                customerId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Customer"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listReviews: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
                rating?: number;
                /** @description true: only hidden reviews; false: only visible ones */
                hidden?: "true" | "false";
                productId?: string;
                customerId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Review"][];
                        pagination: {
                            limit: number;
                            nextCursor: string | null;
                            hasMore: boolean;
                        };
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createReview: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description a product of this store (GET /v1/products) */
                    productId: string;
                    /** @description a customer of this store (GET /v1/customers); one review per customer and product */
                    customerId: string;
                    /** @description 1 to 5 stars */
                    rating: number;
                    title?: string | null;
                    body?: string | null;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Review"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getReview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                reviewId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Review"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteReview: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The ETag of the GET of this URL (or a list of them, or *): the change is made only if it is still the current one; otherwise 412 PRECONDITION_FAILED with the current ETag, and nothing changes. Strong comparison: a weak tag (W/"…") never matches. */
                "If-Match"?: string;
            };
            path: {
                reviewId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: {
                            id: string;
                        };
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Precondition failed: the If-Match ETag is no longer current */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    replyToReview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                reviewId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the merchant's public reply; replaces an earlier one */
                    reply: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Review"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    removeReviewReply: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                reviewId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Review"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    hideReview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                reviewId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Review"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    showReview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                reviewId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Review"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listProductReviews: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
                rating?: number;
                /** @description true: only hidden reviews; false: only visible ones */
                hidden?: "true" | "false";
                customerId?: string;
            };
            header?: never;
            path: {
                productId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Review"][];
                        pagination: {
                            limit: number;
                            nextCursor: string | null;
                            hasMore: boolean;
                        };
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getProductRatingSummary: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                productId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["RatingSummary"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listPublishedPromoAds: {
        parameters: {
            query?: {
                placement?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["PromoAd"][];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listPromoAds: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
                status?: "draft" | "published";
                placement?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["PromoAd"][];
                        pagination: {
                            limit: number;
                            nextCursor: string | null;
                            hasMore: boolean;
                        };
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createPromoAd: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title: string;
                    body?: string | null;
                    /** @description an image uploaded to this store with POST /v1/files */
                    imageFileId?: string | null;
                    linkUrl?: string | null;
                    /** @description where the storefront shows it, e.g. home-hero; null: anywhere */
                    placement?: string | null;
                    /** @description when it goes live (once published) */
                    startsAt: string;
                    /** @description when it stops being live; after startsAt; null: no end */
                    endsAt?: string | null;
                    /**
                     * @description default draft; only published ads go live
                     * @enum {string}
                     */
                    status?: "draft" | "published";
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["PromoAd"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getPromoAd: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                adId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["PromoAd"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deletePromoAd: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The ETag of the GET of this URL (or a list of them, or *): the change is made only if it is still the current one; otherwise 412 PRECONDITION_FAILED with the current ETag, and nothing changes. Strong comparison: a weak tag (W/"…") never matches. */
                "If-Match"?: string;
            };
            path: {
                adId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: {
                            id: string;
                        };
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Precondition failed: the If-Match ETag is no longer current */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updatePromoAd: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The ETag of the GET of this URL (or a list of them, or *): the change is made only if it is still the current one; otherwise 412 PRECONDITION_FAILED with the current ETag, and nothing changes. Strong comparison: a weak tag (W/"…") never matches. */
                "If-Match"?: string;
            };
            path: {
                adId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title?: string;
                    body?: string | null;
                    /** @description an image uploaded to this store with POST /v1/files */
                    imageFileId?: string | null;
                    linkUrl?: string | null;
                    /** @description where the storefront shows it, e.g. home-hero; null: anywhere */
                    placement?: string | null;
                    /** @description when it goes live (once published) */
                    startsAt?: string;
                    /** @description when it stops being live; after startsAt; null: no end */
                    endsAt?: string | null;
                    /**
                     * @description default draft; only published ads go live
                     * @enum {string}
                     */
                    status?: "draft" | "published";
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["PromoAd"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Precondition failed: the If-Match ETag is no longer current */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listDeliveryZones: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["DeliveryZone"][];
                        pagination: {
                            limit: number;
                            nextCursor: string | null;
                            hasMore: boolean;
                        };
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createDeliveryZone: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @description countries, optionally narrowed to states; a region belongs to at most one zone of the store */
                    regions: {
                        countryId: string;
                        /** @description a state of the country; absent or null for the whole country */
                        stateId?: string | null;
                    }[];
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["DeliveryZone"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getDeliveryZone: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                zoneId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["DeliveryZone"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteDeliveryZone: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The ETag of the GET of this URL (or a list of them, or *): the change is made only if it is still the current one; otherwise 412 PRECONDITION_FAILED with the current ETag, and nothing changes. Strong comparison: a weak tag (W/"…") never matches. */
                "If-Match"?: string;
            };
            path: {
                zoneId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: {
                            id: string;
                        };
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Precondition failed: the If-Match ETag is no longer current */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateDeliveryZone: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The ETag of the GET of this URL (or a list of them, or *): the change is made only if it is still the current one; otherwise 412 PRECONDITION_FAILED with the current ETag, and nothing changes. Strong comparison: a weak tag (W/"…") never matches. */
                "If-Match"?: string;
            };
            path: {
                zoneId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    /** @description countries, optionally narrowed to states; a region belongs to at most one zone of the store */
                    regions?: {
                        countryId: string;
                        /** @description a state of the country; absent or null for the whole country */
                        stateId?: string | null;
                    }[];
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["DeliveryZone"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Precondition failed: the If-Match ETag is no longer current */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listDeliveryOptions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                zoneId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["DeliveryOption"][];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createDeliveryOption: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                zoneId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @description in the store currency, e.g. 4.99; 0 for free delivery */
                    fee: number;
                    /** @description the fee is waived when the order subtotal is at least this; null: never */
                    freeOver?: number | null;
                    /** @description fewest days to deliver; null: not stated */
                    estimatedDaysMin?: number | null;
                    /** @description most days to deliver; at least estimatedDaysMin */
                    estimatedDaysMax?: number | null;
                    /** @description default true */
                    active?: boolean;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["DeliveryOption"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getDeliveryOption: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                zoneId: string;
                optionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["DeliveryOption"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteDeliveryOption: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The ETag of the GET of this URL (or a list of them, or *): the change is made only if it is still the current one; otherwise 412 PRECONDITION_FAILED with the current ETag, and nothing changes. Strong comparison: a weak tag (W/"…") never matches. */
                "If-Match"?: string;
            };
            path: {
                zoneId: string;
                optionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: {
                            id: string;
                        };
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Precondition failed: the If-Match ETag is no longer current */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateDeliveryOption: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The ETag of the GET of this URL (or a list of them, or *): the change is made only if it is still the current one; otherwise 412 PRECONDITION_FAILED with the current ETag, and nothing changes. Strong comparison: a weak tag (W/"…") never matches. */
                "If-Match"?: string;
            };
            path: {
                zoneId: string;
                optionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    /** @description in the store currency, e.g. 4.99; 0 for free delivery */
                    fee?: number;
                    /** @description the fee is waived when the order subtotal is at least this; null: never */
                    freeOver?: number | null;
                    /** @description fewest days to deliver; null: not stated */
                    estimatedDaysMin?: number | null;
                    /** @description most days to deliver; at least estimatedDaysMin */
                    estimatedDaysMax?: number | null;
                    /** @description inactive options are kept but not offered or accepted */
                    active?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["DeliveryOption"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Precondition failed: the If-Match ETag is no longer current */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    quoteDelivery: {
        parameters: {
            query: {
                countryId: string;
                stateId?: string;
                /** @description order subtotal in the store currency, for free-over thresholds; default 0 */
                subtotal?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["DeliveryQuote"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listTaxRegions: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["TaxRegion"][];
                        pagination: {
                            limit: number;
                            nextCursor: string | null;
                            hasMore: boolean;
                        };
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createTaxRegion: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description default: the state or country id */
                    name?: string;
                    countryId: string;
                    /** @description a state of the country; absent or null for the whole country */
                    stateId?: string | null;
                    /** @description tax class → rate in basis points (2000 = 20 %); standard is required */
                    rates: {
                        [key: string]: number;
                    };
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["TaxRegion"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getTaxRegion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["TaxRegion"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteTaxRegion: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The ETag of the GET of this URL (or a list of them, or *): the change is made only if it is still the current one; otherwise 412 PRECONDITION_FAILED with the current ETag, and nothing changes. Strong comparison: a weak tag (W/"…") never matches. */
                "If-Match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: {
                            id: string;
                        };
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Precondition failed: the If-Match ETag is no longer current */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateTaxRegion: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The ETag of the GET of this URL (or a list of them, or *): the change is made only if it is still the current one; otherwise 412 PRECONDITION_FAILED with the current ETag, and nothing changes. Strong comparison: a weak tag (W/"…") never matches. */
                "If-Match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    countryId?: string;
                    stateId?: string | null;
                    /** @description replaces the whole table of rates */
                    rates?: {
                        [key: string]: number;
                    };
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["TaxRegion"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Precondition failed: the If-Match ETag is no longer current */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listLocations: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["StockLocation"][];
                        pagination: {
                            limit: number;
                            nextCursor: string | null;
                            hasMore: boolean;
                        };
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createLocation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    address?: {
                        line1: string;
                        line2?: string;
                        city: string;
                        postalCode?: string;
                        countryId: string;
                        stateId?: string;
                    } | null;
                    /** @description default true */
                    active?: boolean;
                    /** @description the order of preference, lower first; default: after the others */
                    position?: number;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["StockLocation"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getLocation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["StockLocation"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteLocation: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The ETag of the GET of this URL (or a list of them, or *): the change is made only if it is still the current one; otherwise 412 PRECONDITION_FAILED with the current ETag, and nothing changes. Strong comparison: a weak tag (W/"…") never matches. */
                "If-Match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: {
                            id: string;
                        };
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Precondition failed: the If-Match ETag is no longer current */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateLocation: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The ETag of the GET of this URL (or a list of them, or *): the change is made only if it is still the current one; otherwise 412 PRECONDITION_FAILED with the current ETag, and nothing changes. Strong comparison: a weak tag (W/"…") never matches. */
                "If-Match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    address?: {
                        line1: string;
                        line2?: string;
                        city: string;
                        postalCode?: string;
                        countryId: string;
                        stateId?: string;
                    } | null;
                    /** @description false takes the location's stock off sale; not for the default location */
                    active?: boolean;
                    position?: number;
                    /**
                     * @description true makes this the default location
                     * @enum {boolean}
                     */
                    isDefault?: true;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["StockLocation"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Precondition failed: the If-Match ETag is no longer current */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listLocationLevels: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["LocationStockLevel"][];
                        pagination: {
                            limit: number;
                            nextCursor: string | null;
                            hasMore: boolean;
                        };
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adjustLocationStock: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    skuId: string;
                    /** @description units added (positive) or removed (negative) */
                    delta?: number;
                    /** @description the counted units on hand */
                    onHand?: number;
                    /** @enum {string} */
                    reason: "received" | "damaged" | "count_correction" | "returned";
                    note?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: {
                            level: components["schemas"]["LocationStockLevel"];
                            quantityInStock: number;
                            adjustment: components["schemas"]["InventoryAdjustment"];
                        };
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listSkuLevels: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                skuId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: {
                            quantityInStock: number;
                            levels: components["schemas"]["LocationStockLevel"][];
                        };
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    transferStock: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    skuId: string;
                    fromLocationId: string;
                    toLocationId: string;
                    quantity: number;
                    note?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: {
                            from: components["schemas"]["LocationStockLevel"];
                            to: components["schemas"]["LocationStockLevel"];
                            quantityInStock: number;
                        };
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listOrderReturns: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path: {
                orderId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Return"][];
                        pagination: {
                            limit: number;
                            nextCursor: string | null;
                            hasMore: boolean;
                        };
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createReturn: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orderId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    lines: {
                        /** @description an order line id (GET /v1/orders/{orderId}: lines[].id) */
                        lineId: string;
                        quantity: number;
                    }[];
                    /** @enum {string} */
                    reason: "damaged" | "defective" | "wrong_item" | "not_as_described" | "no_longer_needed" | "other";
                    note?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Return"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getReturn: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orderId: string;
                returnId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Return"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    receiveReturn: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orderId: string;
                returnId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the stock location the units arrive at (GET /v1/locations) */
                    locationId: string;
                    lines: {
                        /** @description an order line of the return */
                        lineId: string;
                        /** @description true: back on hand at the location; false: written off */
                        restock: boolean;
                    }[];
                    /** @description true: refund the return at once, as POST …/refund does */
                    refund?: boolean;
                    /** @description true: refund the delivery fee with this return (it is refunded anyway with the return of the order's last units); once per order */
                    refundDelivery?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Return"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    refundReturn: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orderId: string;
                returnId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description true: refund the delivery fee with this return (it is refunded anyway with the return of the order's last units); once per order */
                    refundDelivery?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Return"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    closeReturn: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orderId: string;
                returnId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description why it is closed without a refund */
                    note?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Return"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listOrderShipments: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orderId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Shipment"][];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createShipment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orderId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    lines: {
                        /** @description the order line (lines[].id of the order) */
                        lineId?: string;
                        /** @description or the line's SKU */
                        skuId?: string;
                        quantity: number;
                    }[];
                    /** @description the location the units leave from (GET /v1/locations) */
                    locationId: string;
                    carrier?: string | null;
                    trackingNumber?: string | null;
                    /** @description the carrier's tracking page, sent to the customer */
                    trackingUrl?: string | null;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Shipment"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deliverShipment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orderId: string;
                shipmentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Shipment"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createCart: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["NewCart"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getCart: {
        parameters: {
            query?: never;
            header?: {
                /** @description the token POST /v1/carts answered (missing or wrong: 404 CART_NOT_FOUND) */
                "x-cart-token"?: string;
            };
            path: {
                cartId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Cart"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateCart: {
        parameters: {
            query?: never;
            header?: {
                /** @description the token POST /v1/carts answered (missing or wrong: 404 CART_NOT_FOUND) */
                "x-cart-token"?: string;
            };
            path: {
                cartId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email?: string | null;
                    shippingAddress?: {
                        name?: string | null;
                        line1: string;
                        line2?: string | null;
                        city: string;
                        postalCode?: string | null;
                        countryId: string;
                        stateId?: string | null;
                        phone?: string | null;
                    } | null;
                    /** @description null or left out at checkout: the shipping address */
                    billingAddress?: {
                        name?: string | null;
                        line1: string;
                        line2?: string | null;
                        city: string;
                        postalCode?: string | null;
                        countryId: string;
                        stateId?: string | null;
                        phone?: string | null;
                    } | null;
                    /** @description an option serving the shipping address, from GET /v1/delivery/quote */
                    deliveryOptionId?: string | null;
                    promotionCode?: string | null;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Cart"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    addCartLine: {
        parameters: {
            query?: never;
            header?: {
                /** @description the token POST /v1/carts answered (missing or wrong: 404 CART_NOT_FOUND) */
                "x-cart-token"?: string;
            };
            path: {
                cartId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    skuId: string;
                    quantity: number;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Cart"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    removeCartLine: {
        parameters: {
            query?: never;
            header?: {
                /** @description the token POST /v1/carts answered (missing or wrong: 404 CART_NOT_FOUND) */
                "x-cart-token"?: string;
            };
            path: {
                cartId: string;
                lineId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Cart"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateCartLine: {
        parameters: {
            query?: never;
            header?: {
                /** @description the token POST /v1/carts answered (missing or wrong: 404 CART_NOT_FOUND) */
                "x-cart-token"?: string;
            };
            path: {
                cartId: string;
                lineId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    quantity: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Cart"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    checkoutCart: {
        parameters: {
            query?: never;
            header?: {
                /** @description the token POST /v1/carts answered (missing or wrong: 404 CART_NOT_FOUND) */
                "x-cart-token"?: string;
            };
            path: {
                cartId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uri
                     * @description where the pay page sends the shopper back after paying; its origin must be one of the store's allowedOrigins in the key's mode
                     */
                    returnUrl?: string;
                } | null;
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Checkout"];
                    };
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Checkout"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listAbandonedCheckouts: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["AbandonedCheckout"][];
                        pagination: {
                            limit: number;
                            nextCursor: string | null;
                            hasMore: boolean;
                        };
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getPaymentOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["PaymentOptions"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    setPaymentOptions: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The ETag of the GET of this URL (or a list of them, or *): the change is made only if it is still the current one; otherwise 412 PRECONDITION_FAILED with the current ETag, and nothing changes. Strong comparison: a weak tag (W/"…") never matches. */
                "If-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the methods the store accepts, from: card, bank_transfer, cash_on_delivery, paypal */
                    enabledMethods: ("card" | "bank_transfer" | "cash_on_delivery" | "paypal")[];
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["PaymentOptions"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Precondition failed: the If-Match ETag is no longer current */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listOrderPayments: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orderId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["OrderPayments"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    recordPayment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orderId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description how the customer paid: a method enabled in GET /v1/payments/options, or manual (received, method not recorded)
                     * @enum {string}
                     */
                    method: "card" | "bank_transfer" | "cash_on_delivery" | "paypal" | "manual";
                    /** @description in the order currency, e.g. 19.99; at most what is outstanding */
                    amount: number;
                    /**
                     * @description default succeeded; pending reserves the amount until settled
                     * @enum {string}
                     */
                    status?: "pending" | "succeeded" | "failed";
                    /** @description your reference: bank transfer reference, receipt number… */
                    reference?: string | null;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["PaymentResult"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    settlePayment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orderId: string;
                paymentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description what became of the pending payment
                     * @enum {string}
                     */
                    status: "succeeded" | "failed";
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["PaymentResult"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listPaymentLinks: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
                /** @description the status links read as now (expiry is computed) */
                status?: "active" | "paid" | "expired" | "cancelled";
                orderId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["PaymentLink"][];
                        pagination: {
                            limit: number;
                            nextCursor: string | null;
                            hasMore: boolean;
                        };
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createPaymentLink: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description in the store currency with at most its decimals; with orderId, at most what is outstanding (default: all of it) */
                    amount?: number;
                    /** @description an order of the store */
                    orderId?: string;
                    /** @description shown to the customer; default "Order <number>" for order links */
                    description?: string | null;
                    /** @description when the link stops working; in the future, at most 365 days ahead; absent or null: never */
                    expiresAt?: string | null;
                    /**
                     * @description automatic (default): a card payment is captured at once; manual: authorized on the pay page, captured later with POST /v1/orders/{orderId}/capture
                     * @enum {string}
                     */
                    captureMethod?: "automatic" | "manual";
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["PaymentLink"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getPaymentLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                linkId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["PaymentLink"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    cancelPaymentLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                linkId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["PaymentLink"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listPaymentProviders: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["PaymentProvider"][];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    savePaymentProvider: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                provider: "test" | "stripe";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the provider's publishable key of this mode (Stripe: pk_live_… in live mode, pk_test_… in test mode); public, the pay page hands it to Stripe.js */
                    publishableKey: string;
                    /** @description the provider's secret key of this mode (Stripe: sk_live_… in live mode, sk_test_… in test mode); kept encrypted, never shown again */
                    secretKey: string;
                    /** @description the signing secret of the webhook endpoint you added at the provider for POST /v1/payment-providers/{provider}/events/{storeId}/{mode} (Stripe: whsec_…) */
                    webhookSecret: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["PaymentProvider"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description HTTP 502 */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listOrderProviderPayments: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orderId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["ProviderPayment"][];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    captureOrderPayment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orderId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["ProviderPayment"][];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description HTTP 502 */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    resolveProviderPayment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                providerPaymentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description accept: record it on the order; refund: give it back at the provider
                     * @enum {string}
                     */
                    action: "accept" | "refund";
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["ProviderPayment"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description HTTP 502 */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    receivePaymentProviderEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                provider: "test" | "stripe";
                storeId: string;
                mode: "live" | "test";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: {
                            /** @enum {string} */
                            outcome: "processed" | "duplicate" | "ignored";
                        };
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["StoreSettings"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateSettings: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The ETag of the GET of this URL (or a list of them, or *): the change is made only if it is still the current one; otherwise 412 PRECONDITION_FAILED with the current ETag, and nothing changes. Strong comparison: a weak tag (W/"…") never matches. */
                "If-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description put before every order number, e.g. NW- gives NW-1001; letters, digits and dashes, at most 12; may be empty */
                    orderNumberPrefix?: string;
                    /** @description the number the next order gets; may only move forward (numbers already given are never reused) */
                    nextOrderNumber?: number;
                    /** @description storefront origins whose pages may read the API's answers to a publishable key of this mode (CORS), e.g. https://shop.example.com; at most 20 */
                    allowedOrigins?: string[];
                    /** @description where store notifications go in this mode; null for none (at once). A new address is used only once the link mailed to it is opened (pendingNotificationEmail until then), and needs the read permissions of every notification that will go there (orders: orders:read and customers:read; low stock: inventory:read) */
                    notificationEmail?: string | null;
                    /** @description which store notifications go to notificationEmail in this mode; only the topics sent change */
                    notifications?: {
                        /** @description a mail for every new order */
                        orders?: boolean;
                        /** @description a mail when a SKU's stock crosses the low-stock threshold */
                        lowStock?: boolean;
                        /** @description a mail when an app is connected or removed */
                        apps?: boolean;
                    };
                    /** @description true: the AI connector (MCP) deletes, refunds, cancels and bans in this mode only once the merchant confirmed in the AI client itself (the client asks them; an assistant's confirm: true is refused, and so is a client that cannot ask); false (the default): a client that cannot ask may send confirm: true after asking in the chat. Through the AI connector it can be turned on, not off */
                    mcpRequireClientConfirmation?: boolean;
                    /** @description store-wide (both modes): SKUs with this many units or fewer count as low stock */
                    lowStockThreshold?: number;
                    /** @description store-wide (both modes): ISO 4217 code of prices, fees and payment links */
                    currency?: string;
                    /** @description store-wide (both modes): IANA time zone, e.g. Europe/Berlin */
                    timezone?: string;
                    /** @description prices and delivery fees include tax (VAT); false: tax is added */
                    pricesIncludeTax?: boolean;
                    /** @description of delivery fees */
                    shippingTaxClass?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["StoreSettings"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Precondition failed: the If-Match ETag is no longer current */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listWebhookEventTypes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["WebhookEventType"][];
                    };
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["WebhookEndpoint"][];
                        pagination: {
                            limit: number;
                            nextCursor: string | null;
                            hasMore: boolean;
                        };
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description https URL that receives the events (http only to loopback, in development) */
                    url: string;
                    /** @description event types (GET /v1/webhooks/event-types), `<area>.*` or `*` */
                    eventTypes: string[];
                    /** @description what the endpoint is for, for people */
                    description?: string;
                    /** @description default true */
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["WebhookEndpointWithSecret"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["WebhookEndpoint"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The ETag of the GET of this URL (or a list of them, or *): the change is made only if it is still the current one; otherwise 412 PRECONDITION_FAILED with the current ETag, and nothing changes. Strong comparison: a weak tag (W/"…") never matches. */
                "If-Match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: {
                            id: string;
                        };
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Precondition failed: the If-Match ETag is no longer current */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The ETag of the GET of this URL (or a list of them, or *): the change is made only if it is still the current one; otherwise 412 PRECONDITION_FAILED with the current ETag, and nothing changes. Strong comparison: a weak tag (W/"…") never matches. */
                "If-Match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description https URL that receives the events (http only to loopback, in development) */
                    url?: string;
                    /** @description event types (GET /v1/webhooks/event-types), `<area>.*` or `*` */
                    eventTypes?: string[];
                    /** @description what the endpoint is for, for people */
                    description?: string;
                    /** @description true enables the endpoint again (after 410 Gone or failures too); false pauses it */
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["WebhookEndpoint"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Precondition failed: the If-Match ETag is no longer current */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description how long the old secret keeps signing beside the new one; default 86400 (24 hours) */
                    overlapSeconds?: number;
                } | null;
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["WebhookEndpointWithSecret"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    sendWebhookTestEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["WebhookDeliveryDetail"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
                status?: "pending" | "succeeded" | "failed";
                /** @description only deliveries of this event type */
                eventType?: "order.created" | "order.status_changed" | "checkout.completed" | "order.refunded" | "return.received" | "shipment.created" | "shipment.delivered" | "product.created" | "product.updated" | "product.deleted" | "sku.stock_changed" | "inventory.low_stock" | "inventory_level.updated" | "customer.created" | "customer.banned" | "review.created" | "app.connected" | "app.disconnected" | "payment.succeeded" | "payment.failed" | "payment_link.paid" | "refund.succeeded" | "webhook.test";
                /** @description only the delivery of this event (the webhook-id a receiver got) */
                eventId?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["WebhookDelivery"][];
                        pagination: {
                            limit: number;
                            nextCursor: string | null;
                            hasMore: boolean;
                        };
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["WebhookDeliveryDetail"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    redeliverWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["WebhookDelivery"];
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    redeliverFailedWebhookDeliveries: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: {
                            redelivered: number;
                        };
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listEmails: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
                status?: "pending" | "sent" | "failed" | "dropped";
                kind?: "invitation" | "password_reset" | "order_created" | "order_paid" | "low_stock" | "app_connected" | "app_disconnected" | "notification_address" | "email_change" | "email_change_notice" | "email_verification" | "order_confirmation" | "order_shipped";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        status: true;
                        /** @description Short human-readable summary */
                        message: string;
                        data: components["schemas"]["Email"][];
                        pagination: {
                            limit: number;
                            nextCursor: string | null;
                            hasMore: boolean;
                        };
                    };
                };
            };
            /** @description Bad request: the request is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Forbidden: the credential may not do this (PERMISSION_DENIED, …) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not in the active store and mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation failed: error.details names each field and rule */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
}
