/**
 * What each OAuth scope lets a connected app do, in the words of the consent page (src/domain/oauth/scopes.ts;
 * test/dashboard-account.test.ts keeps the two equal), for the Connected apps page.
 */
export const SCOPE_DESCRIPTIONS: Readonly<Record<string, string>> = {
  'mcp:store': 'Use your store through the AI connector, with everything your role allows',
  'orders:read': 'View orders and their history',
  'orders:write': 'Create, update, cancel and refund orders',
  'products:read': 'View products, categories and inventory',
  'products:write': 'Create, edit and delete products',
  'customers:read': 'View customer details and profiles',
  'customers:write': 'Update or ban customer accounts',
  'inventory:read': 'View stock levels across warehouses',
  'inventory:write': 'Update stock quantities and manage warehouse inventory',
  'analytics:read': 'View and export analytics and reports',
  'promotions:read': 'View promotions and discount rules',
  'promotions:write': 'Create, edit and delete promotions',
  'reviews:read': 'View product reviews',
  'reviews:write': 'Manage and respond to reviews',
  'delivery:read': 'View delivery options and zones',
  'delivery:write': 'Manage delivery options and zones',
  'payments:read': 'View payment records and payment links',
  'payments:write': 'Manage payment options and payment links',
  'settings:read': 'View store settings and audit logs',
  'settings:write': 'Manage store settings, the domain whitelist and API keys',
};
