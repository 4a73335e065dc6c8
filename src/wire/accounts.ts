import { z } from 'zod';
import type { ApiKey, Invitation, Member, PublishableKey, Store, User } from '../domain/accounts/types.ts';
import type { AuditEntry } from '../domain/shared/audit-trail.ts';
import type { Profile } from '../domain/accounts/account-service.ts';
import type { StoreContext } from '../context.ts';
import { PERMISSIONS, ROLES, type Role, sortPermissions } from '../domain/shared/permissions.ts';
import { envelope, type Representation, WireTimestamp, wireTimestamp } from './envelope.ts';
import { pageSchema } from './page.ts';

// ---- inputs the tools share too -----------------------------------------------------------------------------

export const Email = z.email({ error: 'must be a valid email address' }).max(320, 'must be at most 320 characters');
export const Name = z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters');
export const Phone = z.string().trim().regex(/^\+?[0-9 ().-]{4,40}$/, 'must be a phone number such as +1 555 0100');

const Nullable = (s: z.ZodString) => s.nullable().optional();
export const BusinessPatch = z.strictObject({
  name: Name.optional(),
  legalName: Nullable(z.string().trim().max(200)),
  contactEmail: Email.nullable().optional(),
  contactPhone: Phone.nullable().optional(),
  address: z
    .strictObject({
      line1: Nullable(z.string().trim().max(200)),
      line2: Nullable(z.string().trim().max(200)),
      city: Nullable(z.string().trim().max(120)),
      postalCode: Nullable(z.string().trim().max(20)),
      countryId: Nullable(z.string().max(2)),
      stateId: Nullable(z.string().max(10)),
    })
    .optional(),
  currency: z.string().length(3, 'must be a 3-letter ISO 4217 code').optional(),
  timezone: z.string().max(64).optional(),
  logoFileId: z.string().max(40).nullable().optional(),
});

export const RoleSchema = z.enum(ROLES);

export const PermissionSchema = z.enum(PERMISSIONS);
const AuditInstant = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time with a zone, e.g. 2026-11-22T00:00:00Z' });

/** The audit log's filters (all optional, combined with AND), for GET /v1/audit-logs and the list_audit_log tool. */
export const AuditFilterFields = {
  action: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(100, 'must be at most 100 characters')
    .regex(/^[a-z0-9_.-]+\*?$/, 'must be an action such as product.update, or a prefix ending in * such as product.*')
    .optional()
    .describe('an action (product.update) or a prefix ending in * (product.*)'),
  actorType: z
    .enum(['user', 'api_key', 'oauth_app', 'ai_connector', 'system'], { error: 'must be one of user, api_key, oauth_app, ai_connector, system' })
    .optional()
    .describe('what kind of credential acted'),
  userId: z.string().max(100, 'must be at most 100 characters').optional().describe('the member who acted, directly or through their key, app or AI connector'),
  targetType: z.string().max(100, 'must be at most 100 characters').optional(),
  targetId: z.string().max(100, 'must be at most 100 characters').optional(),
  from: AuditInstant.optional().describe('at or after this instant'),
  to: AuditInstant.optional().describe('before this instant'),
};

/** An audit range's `to` is after its `from`. */
export const auditRangeIsOrdered = (q: { from?: string | undefined; to?: string | undefined }) => q.from === undefined || q.to === undefined || Date.parse(q.from) < Date.parse(q.to);

// ---- outputs ------------------------------------------------------------------------------------------------

export const UserRecord = z
  .object({
    id: z.string(),
    email: z.string(),
    emailVerified: z.boolean().describe('whether the email was proven by opening a link mailed to it (needed to accept an invitation with a token passed by hand)'),
    name: z.string(),
    phone: z.string().nullable(),
    createdAt: WireTimestamp,
    updatedAt: WireTimestamp,
  })
  .meta({ id: 'User' });

/** The signed-in merchant (GET /v1/merchants/profile): the user and the new email waiting for its link. */
export const ProfileRecord = UserRecord.extend({
  pendingEmail: z.string().nullable().describe('a new email asked for and not yet confirmed from the link mailed to it; null when none is waiting'),
}).meta({ id: 'Profile' });

export const StoreSummary = z
  .object({
    id: z.string(),
    name: z.string(),
    role: RoleSchema.describe("the caller's role in the store"),
    currency: z.string(),
    timezone: z.string(),
    createdAt: WireTimestamp,
  })
  .meta({ id: 'StoreSummary' });

export const Business = z
  .object({
    storeId: z.string(),
    name: z.string(),
    legalName: z.string().nullable(),
    contactEmail: z.string().nullable(),
    contactPhone: z.string().nullable(),
    address: z.object({
      line1: z.string().nullable(),
      line2: z.string().nullable(),
      city: z.string().nullable(),
      postalCode: z.string().nullable(),
      countryId: z.string().nullable().describe('from GET /v1/countries'),
      stateId: z.string().nullable().describe('from GET /v1/states/{countryId}'),
    }),
    currency: z.string().describe('ISO 4217'),
    timezone: z.string().describe('IANA time zone'),
    logoFileId: z.string().nullable(),
    mode: z.enum(['live', 'test']).describe('the mode of this request'),
    createdAt: WireTimestamp,
    updatedAt: WireTimestamp,
  })
  .meta({ id: 'BusinessProfile' });

export const SessionRecord = z.object({
  token: z.string().describe('send as Authorization: Bearer <token>; shown only here'),
  expiresAt: WireTimestamp,
});

export const SignupResponse = envelope(z.object({ user: UserRecord, store: StoreSummary, token: z.string(), expiresAt: WireTimestamp }));
export const LoginResponse = envelope(z.object({ token: z.string(), expiresAt: WireTimestamp, user: UserRecord, stores: z.array(StoreSummary) }));

export const PermissionsRecord = z
  .object({
    storeId: z.string(),
    mode: z.enum(['live', 'test']),
    role: RoleSchema,
    credential: z.enum(['session', 'api_key', 'oauth', 'publishable_key']),
    permissions: z.array(PermissionSchema),
  })
  .meta({ id: 'EffectivePermissions' });

/** What the caller may do in the active store and mode: their role's permissions within the credential's limits. */
export function toPermissionsRecord(ctx: StoreContext): z.input<typeof PermissionsRecord> {
  return { storeId: ctx.tenant.storeId, mode: ctx.tenant.mode, role: ctx.role, credential: ctx.credential, permissions: sortPermissions(ctx.permissions) };
}

export const MemberRecord = z
  .object({ userId: z.string(), email: z.string(), name: z.string(), role: RoleSchema, joinedAt: WireTimestamp, updatedAt: WireTimestamp })
  .meta({ id: 'Member' });

export const InvitationRecord = z
  .object({
    id: z.string(),
    email: z.string(),
    role: RoleSchema,
    createdAt: WireTimestamp,
    expiresAt: WireTimestamp,
    token: z.string().optional().describe('only in the response that creates it: pass it to the invitee'),
    emailed: z
      .boolean()
      .optional()
      .describe('only in the responses that create or resend it: whether the invitation mail (with its own link) was queued; see GET /v1/emails for how its sending went'),
  })
  .meta({ id: 'Invitation' });

export const ApiKeyRecord = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string().describe('the first characters of the key, to recognise it'),
    mode: z.enum(['live', 'test']),
    permissions: z.array(PermissionSchema).nullable().describe("null: everything its creator may do"),
    createdAt: WireTimestamp,
    lastUsedAt: WireTimestamp.nullable(),
    key: z.string().optional().describe('the secret, only in the response that creates it'),
  })
  .meta({ id: 'ApiKey' });

export const PublishableKeyRecord = z
  .object({
    id: z.string(),
    name: z.string(),
    mode: z.enum(['live', 'test']),
    key: z.string().describe('the key itself (pk_live_… or pk_test_…): not a secret, shown whenever keys are listed; put it in your storefront’s pages'),
    createdAt: WireTimestamp,
    lastUsedAt: WireTimestamp.nullable(),
  })
  .meta({ id: 'PublishableKey' });

export const AuditRecord = z
  .object({
    id: z.string(),
    action: z.string(),
    actor: z.object({ type: z.string(), id: z.string(), label: z.string(), userId: z.string().nullable() }),
    targetType: z.string().nullable(),
    targetId: z.string().nullable(),
    details: z.record(z.string(), z.unknown()).nullable(),
    mode: z.enum(['live', 'test']),
    requestId: z.string().nullable(),
    createdAt: WireTimestamp,
  })
  .meta({ id: 'AuditEntry' });

/** The `pagination` of the audit log. */
export const AuditPagination = pageSchema('pass as ?cursor= for the next page; null on the last page');

export function toUserRecord(u: User): z.input<typeof UserRecord> {
  return { id: u.id, email: u.email, emailVerified: u.emailVerifiedAt !== null, name: u.name, phone: u.phone, createdAt: wireTimestamp(u.createdAt), updatedAt: wireTimestamp(u.updatedAt) };
}

export function toProfileRecord(p: Profile): z.input<typeof ProfileRecord> {
  return { ...toUserRecord(p), pendingEmail: p.pendingEmail };
}

export function toStoreSummary(s: Store, role: Role): z.input<typeof StoreSummary> {
  return { id: s.id, name: s.name, role, currency: s.currency, timezone: s.timezone, createdAt: wireTimestamp(s.createdAt) };
}

export function toBusiness(s: Store, mode: 'live' | 'test'): z.input<typeof Business> {
  return {
    storeId: s.id,
    name: s.name,
    legalName: s.legalName,
    contactEmail: s.contactEmail,
    contactPhone: s.contactPhone,
    address: { ...s.address },
    currency: s.currency,
    timezone: s.timezone,
    logoFileId: s.logoFileId,
    mode,
    createdAt: wireTimestamp(s.createdAt),
    updatedAt: wireTimestamp(s.updatedAt),
  };
}

// The GET representations, for ETags and If-Match on writes.
export const ProfileRep: Representation<Profile> = { schema: envelope(ProfileRecord), message: 'Profile retrieved', toWire: toProfileRecord };

/** The business profile as GET shows it in the request's mode (the body names the mode). */
export function businessRep(mode: 'live' | 'test'): Representation<Store> {
  return { schema: envelope(Business), message: 'Business profile retrieved', toWire: (store) => toBusiness(store, mode) };
}

export function toMemberRecord(m: Member): z.input<typeof MemberRecord> {
  return { userId: m.userId, email: m.email, name: m.name, role: m.role, joinedAt: wireTimestamp(m.createdAt), updatedAt: wireTimestamp(m.updatedAt) };
}

export function toInvitationRecord(i: Invitation, token?: string, emailed?: boolean): z.input<typeof InvitationRecord> {
  return {
    id: i.id,
    email: i.email,
    role: i.role,
    createdAt: wireTimestamp(i.createdAt),
    expiresAt: wireTimestamp(i.expiresAt),
    ...(token ? { token } : {}),
    ...(emailed !== undefined ? { emailed } : {}),
  };
}

export function toApiKeyRecord(k: ApiKey, secret?: string): z.input<typeof ApiKeyRecord> {
  return {
    id: k.id,
    name: k.name,
    prefix: k.prefix,
    mode: k.mode,
    permissions: k.permissions,
    createdAt: wireTimestamp(k.createdAt),
    lastUsedAt: k.lastUsedAt === null ? null : wireTimestamp(k.lastUsedAt),
    ...(secret ? { key: secret } : {}),
  };
}

export function toPublishableKeyRecord(k: PublishableKey): z.input<typeof PublishableKeyRecord> {
  return {
    id: k.id,
    name: k.name,
    mode: k.mode,
    key: k.key,
    createdAt: wireTimestamp(k.createdAt),
    lastUsedAt: k.lastUsedAt === null ? null : wireTimestamp(k.lastUsedAt),
  };
}

export function toAuditRecord(e: AuditEntry): z.input<typeof AuditRecord> {
  return {
    id: e.id,
    action: e.action,
    actor: { type: e.actorType, id: e.actorId, label: e.actorLabel, userId: e.userId },
    targetType: e.targetType,
    targetId: e.targetId,
    details: e.details,
    mode: e.mode,
    requestId: e.requestId,
    createdAt: wireTimestamp(e.createdAt),
  };
}
