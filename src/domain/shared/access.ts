import type { StoreContext, UserContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { effectivePermissions, type Permission } from './permissions.ts';

/**
 * Refuses with 403 PERMISSION_DENIED, naming the permission, unless the caller has it in the active store. For an
 * app whose granted scopes lack it while the approving merchant's role has it, the refusal also carries
 * `WWW-Authenticate: Bearer error="insufficient_scope", scope="<permission>"` (RFC 6750 §3.1), so the app can ask the
 * merchant for it (step-up). When the merchant's role lacks it, asking again would not help: no challenge.
 */
export function requirePermission(ctx: StoreContext, permission: Permission): void {
  if (ctx.permissions.has(permission)) return;
  if (isShopper(ctx)) {
    throw new AppError(
      'PERMISSION_DENIED',
      `A publishable key reads only what a shopper may see (active products, categories, published promo ads, delivery quotes); this needs the ${permission} permission. Call it from a server with a secret API key.`,
      { details: [{ path: 'permission', rule: permission }] },
    );
  }
  if (canStepUp(ctx, permission)) {
    throw insufficientScope(`This action needs the ${permission} scope, which the merchant did not grant this app.`, permission, `The app needs the ${permission} scope`);
  }
  throw new AppError(
    'PERMISSION_DENIED',
    ctx.app
      ? `This action needs the ${permission} permission, which the merchant who approved this app does not have in this store.`
      : `This action needs the ${permission} permission, which your ${describeCredential(ctx)} does not have in this store.`,
    { details: [{ path: 'permission', rule: permission }] },
  );
}

/**
 * Whether an app's token lacks `permission` only because the merchant did not grant the scope, so that asking the
 * merchant for it (OAuth step-up) would let the action through: their role in the store has it.
 */
export function canStepUp(ctx: StoreContext, permission: Permission): boolean {
  return ctx.app !== undefined && !ctx.permissions.has(permission) && effectivePermissions(ctx.role, null).has(permission);
}

/** Refuses with 403 unless the caller is a person signed in with a session (not an API key or an app). */
export function requireSession(ctx: UserContext, action: string): void {
  if (ctx.credential !== 'session') {
    throw new AppError(
      'CREDENTIAL_NOT_ALLOWED',
      `${action} needs a signed-in merchant (a session token); ${credentialName(ctx)} cannot do it.`,
    );
  }
}

function describeCredential(ctx: UserContext): string {
  if (ctx.credential === 'api_key') return 'API key';
  return 'role';
}

/** "an API key", "an app token", "a publishable key", "a session": for messages. */
export function credentialName(ctx: Pick<UserContext, 'credential'>): string {
  return { session: 'a session', api_key: 'an API key', oauth: 'an app token', publishable_key: 'a publishable key' }[ctx.credential];
}

/**
 * What a shopper may see (docs/storefront.md): the reads a publishable key is allowed, each with the permission a
 * member needs for the same read. Each is checked by the service that serves it (`readAs`), which then narrows its
 * answer to what a shopper may see:
 * - `catalog`: active products with their variant groups and SKUs (a draft or archived product, its groups and its
 *   SKUs are 404), and the categories;
 * - `published-promo-ads`: the promo ads live now;
 * - `delivery-quote`: the delivery options and fees for an address.
 * Nothing else: every other service checks a permission with `requirePermission`, and a publishable key has none.
 */
export const SHOPPER_READS = {
  catalog: 'products:read',
  'published-promo-ads': 'promotions:read',
  'delivery-quote': 'delivery:read',
} as const satisfies Record<string, Permission>;
export type ShopperRead = keyof typeof SHOPPER_READS;

/** Whether the caller is a storefront reading with a publishable key: a shopper, with no permission at all. */
export function isShopper(ctx: Pick<UserContext, 'credential'>): boolean {
  return ctx.credential === 'publishable_key';
}

/**
 * A read a shopper may make (`what`) and a member may make with its permission (`SHOPPER_READS`). Answers how the
 * caller reads: 'member' (everything the permission covers) or 'shopper' (the service must narrow its answer to what
 * a shopper may see). Refuses as `requirePermission` does otherwise.
 */
export function readAs(ctx: StoreContext, what: ShopperRead): 'member' | 'shopper' {
  if (isShopper(ctx)) return 'shopper';
  requirePermission(ctx, SHOPPER_READS[what]);
  return 'member';
}

/**
 * 403 PERMISSION_DENIED for an app token that lacks the scope an action needs, with the RFC 6750 §3.1 challenge
 * `Bearer error="insufficient_scope", scope="<scope>"` (`scope` left out when no single scope would do); the details
 * name each permission `needed` (by default the scope).
 */
export function insufficientScope(message: string, scope: string | undefined, description: string, needed: readonly string[] = scope === undefined ? [] : [scope]): AppError {
  const scopePart = scope === undefined ? '' : `, scope="${scope}"`;
  return new AppError('PERMISSION_DENIED', message, {
    details: needed.map((permission) => ({ path: 'permission', rule: permission })),
    headers: { 'www-authenticate': `Bearer realm="commerce-service", error="insufficient_scope"${scopePart}, error_description="${description}"` },
  });
}
