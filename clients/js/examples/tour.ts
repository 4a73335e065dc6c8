// The README's tour with the typed client: B, EMAIL, PASSWORD and APIKEY as npm start printed them.
import { CommerceApiError, createCommerceClient, ifMatch, ok, pages } from '@commerce-service/client';

const baseUrl = process.env.B ?? 'http://localhost:3000';
const anonymous = createCommerceClient({ baseUrl });

// 1–2. Liveness, public reference data, and a refusal as a typed error
console.log((await ok(anonymous.GET('/healthz'))).status);
const united = await ok(anonymous.GET('/v1/countries', { params: { query: { name: 'united' } } }));
console.log(united.data.map((country) => country.name).join(', '));
try {
  await ok(anonymous.GET('/v1/states/{countryId}', { params: { path: { countryId: 'XX' } } }));
} catch (error) {
  if (error instanceof CommerceApiError) console.log(error.status, error.code, error.requestId);
}

// 3. Sign in: a session token, your stores, and the store to act in
const login = await ok(anonymous.POST('/v1/auth/login', { body: { email: process.env.EMAIL ?? 'demo@example.com', password: process.env.PASSWORD ?? '' } }));
const session = createCommerceClient({ baseUrl, token: login.data.token });
const stores = await ok(session.GET('/v1/stores'));
const store = session.with({ merchantId: stores.data[0]!.id });
console.log((await ok(store.GET('/v1/users/me/permissions'))).data.role);

// 4. The API key authenticates its own store directly
const api = createCommerceClient({ baseUrl, apiKey: process.env.APIKEY ?? '' });
console.log((await ok(api.GET('/v1/merchants/profile/business'))).data.name);

// 6–7. A restricted key in the test environment, and the audit log
const test = store.with({ mode: 'test' });
const readOnly = await ok(test.POST('/v1/api-keys', { body: { name: 'Read-only test key', permissions: ['products:read'] } }));
console.log(readOnly.data.key?.slice(0, 8));
console.log((await ok(test.GET('/v1/audit-logs', { params: { query: { limit: 5 } } }))).data.map((entry) => entry.action));

// 8. A credential that is not one: 401 AUTH_INVALID
await ok(createCommerceClient({ baseUrl, apiKey: 'sk_live_nope' }).GET('/v1/api-keys')).catch((error: CommerceApiError) => console.log(error.code));

// 9. POST carries an Idempotency-Key: send one yourself to retry safely later; the same answer comes back once more
const key = crypto.randomUUID();
const first = await api.POST('/v1/api-keys', { body: { name: 'Retried once' }, headers: { 'Idempotency-Key': key } });
const again = await api.POST('/v1/api-keys', { body: { name: 'Retried once' }, headers: { 'Idempotency-Key': key } });
console.log(first.data?.data.id === again.data?.data.id, again.response.headers.get('idempotent-replayed'));

// 10. The catalog: a VARIABLE product, a variant group with its SKUs, a refusal naming the field, every product
const product = await ok(api.POST('/v1/products', { body: { type: 'VARIABLE', name: 'Linen Shirt', status: 'active' } }));
const group = await ok(
  api.POST('/v2/products/{productId}/variant-groups', {
    params: { path: { productId: product.data.id } },
    body: { attributeName: 'Color', attributeValue: 'Navy', skus: [{ price: 49.99, quantityInStock: 12, sku: 'LIN-N-M', attributes: { Size: 'M' } }] },
  }),
);
await ok(
  api.POST('/v2/products/{productId}/variant-groups', {
    params: { path: { productId: product.data.id } },
    body: { attributeName: 'Color', attributeValue: 'Navy', skus: [{ price: 1, quantityInStock: 1 }] },
  }),
).catch((error: CommerceApiError) => console.log(error.code, error.details?.map((detail) => detail.path)));
let count = 0;
for await (const _ of pages((cursor) => api.GET('/v2/products', { params: { query: { limit: 50, cursor } } }))) count++;
console.log(count, 'products');

// A change made only if nobody changed the product since it was loaded: If-Match from its ETag
const loaded = await api.GET('/v1/products/{productId}', { params: { path: { productId: product.data.id } } });
await ok(api.PATCH('/v1/products/{productId}', { params: { path: { productId: product.data.id } }, body: { name: 'Linen Shirt (navy)' }, headers: ifMatch(loaded) }));
await ok(api.PATCH('/v1/products/{productId}', { params: { path: { productId: product.data.id } }, body: { name: 'Too late' }, headers: ifMatch(loaded) })).catch(
  (error: CommerceApiError) => console.log(error.code),
);

// 11. Store operations: a customer, a delivery zone and option, an order priced by the server, paid, the figures
const customer = await ok(
  api.POST('/v1/customers', { body: { name: 'Ada Buyer', email: 'ada@example.com', addresses: [{ line1: '1 Main St', city: 'Springfield', countryId: 'US', stateId: 'US-IL' }] } }),
);
const zone = await ok(api.POST('/v1/delivery/zones', { body: { name: 'USA', regions: [{ countryId: 'US' }] } }));
const option = await ok(api.POST('/v1/delivery/zones/{zoneId}/options', { params: { path: { zoneId: zone.data.id } }, body: { name: 'Standard', fee: 4.99, freeOver: 100 } }));
const order = await ok(
  api.POST('/v1/orders', { body: { customerId: customer.data.id, lines: [{ skuId: group.data.skus[0]!.id, quantity: 2 }], deliveryOptionId: option.data.id } }),
);
console.log((await ok(api.GET('/v1/orders/{orderId}/transitions', { params: { path: { orderId: order.data.id } } }))).data.moves.map((move) => move.to));
const paid = await ok(api.POST('/v1/orders/{orderId}/transitions', { params: { path: { orderId: order.data.id } }, body: { to: 'paid' } }));
console.log(paid.data.status, paid.data.total);
console.log((await ok(api.GET('/v1/dashboard/overview/summary', { params: { query: { period: 'today' } } }))).data.period.orderCount);

// 15. Sign out
await ok(session.POST('/v1/auth/logout'));
console.log('signed out');
