import type { StoreContext, UserContext } from '../context.ts';
import { AppError } from '../errors.ts';
import type { Permission } from './permissions.ts';

/** Refuses with 403 PERMISSION_DENIED, naming the permission, unless the caller has it in the active store. */
export function requirePermission(ctx: StoreContext, permission: Permission): void {
  if (!ctx.permissions.has(permission)) {
    throw new AppError(
      'PERMISSION_DENIED',
      `This action needs the ${permission} permission, which your ${describeCredential(ctx)} does not have in this store.`,
      { details: [{ path: 'permission', rule: permission }] },
    );
  }
}

/** Refuses with 403 unless the caller is a person signed in with a session (not an API key or an app). */
export function requireSession(ctx: UserContext, action: string): void {
  if (ctx.credential !== 'session') {
    throw new AppError(
      'CREDENTIAL_NOT_ALLOWED',
      `${action} needs a signed-in merchant (a session token); an ${ctx.credential === 'api_key' ? 'API key' : 'app token'} cannot do it.`,
    );
  }
}

function describeCredential(ctx: UserContext): string {
  if (ctx.credential === 'api_key') return 'API key';
  if (ctx.credential === 'oauth') return 'app authorization';
  return 'role';
}
