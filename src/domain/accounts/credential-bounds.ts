import type { StoreContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { credentialName, SHOPPER_READS } from '../shared/access.ts';
import { expandPermissions, type Permission, ROLE_PERMISSIONS, type Role, sortPermissions } from '../shared/permissions.ts';

/**
 * No credential creates something stronger than itself (docs/security.md, "Effective permissions").
 *
 * The effective permissions of a request (`ctx.permissions`) are the member's role ∩ the credential's restriction (a
 * restricted API key's list, an app token's granted scopes) in the active store and mode. Every action that creates or
 * widens a credential or a membership is bounded by them:
 * - an API key gets at most the caller's effective permissions;
 * - a publishable key (a storefront's, with the fixed shopper reads) only from a caller who holds the permissions those
 *   reads are part of;
 * - a membership (invitation, role change) gets a role only when every permission of that role is within them, and a
 *   member is acted on only when their current role is within them (nobody demotes or removes someone stronger);
 * - the owner role is given, taken or removed only by a signed-in owner (a full session): it is the role that
 *   manages everyone else;
 * - an app token never creates API keys (secret or publishable) or changes memberships, whatever its scopes: an app is the merchant's
 *   delegate for the scopes they granted, and minting credentials or members would outlive and exceed that grant.
 */

/** A person signed in with a session: the member's whole role, no credential restriction. */
export function isFullSession(ctx: StoreContext): boolean {
  return ctx.credential === 'session';
}

/** The permissions of `wanted` (write implying read) that the caller lacks, in vocabulary order. */
export function permissionsBeyond(ctx: StoreContext, wanted: Iterable<Permission>): Permission[] {
  return sortPermissions(expandPermissions(wanted)).filter((p) => !ctx.permissions.has(p));
}

function beyondError(message: string, beyond: readonly Permission[], path: string): AppError {
  return new AppError('PERMISSION_DENIED', `${message}: ${beyond.join(', ')}.`, {
    details: beyond.map((p) => ({ path, rule: `you lack ${p}` })),
  });
}

/** 403 CREDENTIAL_NOT_ALLOWED for an app token (OAuth), which may never create credentials or change memberships. */
export function refuseAppToken(ctx: StoreContext, action: string): void {
  if (ctx.credential !== 'oauth') return;
  throw new AppError(
    'CREDENTIAL_NOT_ALLOWED',
    `${action} is not open to connected apps, whatever scopes they were granted: it would give out access beyond what the merchant approved. Sign in (a session token) or use an API key.`,
  );
}

/**
 * The permissions a new API key is given: the ones asked for, all within the caller's effective permissions (403
 * naming the others); when none are asked for, the caller's effective permissions, stored explicitly, except for a
 * full session, whose key follows the creator's role (null).
 */
export function keyPermissions(ctx: StoreContext, requested: readonly Permission[] | undefined): Permission[] | null {
  if (requested === undefined) return isFullSession(ctx) ? null : sortPermissions(ctx.permissions);
  const beyond = permissionsBeyond(ctx, requested);
  if (beyond.length > 0) throw beyondError('You cannot give a key permissions you do not have', beyond, 'permissions');
  return sortPermissions(expandPermissions(requested));
}

/**
 * Refuses unless the caller may hand out a publishable key. Its capability is fixed (a shopper's reads,
 * `SHOPPER_READS`), each a part of what a permission allows a member (products:read, promotions:read, delivery:read),
 * so the caller must hold all of those: 403 naming the ones missing.
 */
export function requireCanCreatePublishableKey(ctx: StoreContext): void {
  const beyond = permissionsBeyond(ctx, Object.values(SHOPPER_READS));
  if (beyond.length > 0) throw beyondError('You cannot create a publishable key: its shopper reads need permissions you do not have', beyond, 'permission');
}

/**
 * Refuses unless the caller may give `role` to someone (an invitation, a role change): every permission of the role
 * within the caller's effective permissions, and the owner role only from a signed-in owner.
 */
export function requireCanGrantRole(ctx: StoreContext, role: Role, path = 'role'): void {
  if (role === 'owner') requireOwnerSession(ctx, 'Making someone an owner');
  const beyond = permissionsBeyond(ctx, ROLE_PERMISSIONS[role]);
  if (beyond.length > 0) throw beyondError(`You cannot give the ${role} role, which has permissions you do not have`, beyond, path);
}

/**
 * Refuses unless the caller may act on a member who has `current` role (change their role, remove them): nobody acts
 * on a member stronger than their own effective permissions, and owners only by a signed-in owner.
 */
export function requireCanActOnMember(ctx: StoreContext, current: Role): void {
  if (current === 'owner') requireOwnerSession(ctx, "Changing or removing an owner's membership");
  const beyond = permissionsBeyond(ctx, ROLE_PERMISSIONS[current]);
  if (beyond.length > 0) throw beyondError(`You cannot change a ${current}'s membership, which has permissions you do not have`, beyond, 'userId');
}

function requireOwnerSession(ctx: StoreContext, action: string): void {
  if (isFullSession(ctx) && ctx.role === 'owner') return;
  throw new AppError(
    'CREDENTIAL_NOT_ALLOWED',
    `${action} needs a signed-in owner of this store (a session token); ${
      ctx.credential === 'session' ? `your role here is ${ctx.role}` : `${credentialName(ctx)} cannot do it`
    }.`,
  );
}
