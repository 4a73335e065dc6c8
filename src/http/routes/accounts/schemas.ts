import { z } from 'zod';
import { PERMISSIONS } from '../../../domain/shared/permissions.ts';
import { AuditFilterFields, auditRangeIsOrdered, Email, Name, PermissionSchema, Phone, RoleSchema } from '../../../wire/accounts.ts';
import { PAGE_SHORT_CURSOR, pageFields } from '../../../wire/page.ts';

// The request schemas only the REST routes take; the records and the inputs the MCP tools share are in src/wire/accounts.ts.

const Password = z.string().min(12, 'must be at least 12 characters').max(256, 'must be at most 256 characters');
export const SignupBody = z.object({ email: Email, password: Password, name: Name, storeName: Name });
export const PasswordResetBody = z.object({ email: Email.describe('the email you sign in with') });
export const PasswordResetConfirmBody = z.object({ token: z.string({ error: 'must be a string' }).min(1, 'must not be empty').max(200, 'must be at most 200 characters'), password: Password });
export const LoginBody = z.object({ email: z.string().max(320), password: z.string().max(256) });

export const ProfilePatch = z.strictObject({
  email: Email.optional().describe('a new email takes effect only once the link mailed to it is opened (pendingEmail until then); the old address is told, with a link to undo it'),
  name: Name.optional(),
  phone: Phone.nullable().optional(),
  currentPassword: z.string().max(256, 'must be at most 256 characters').optional().describe('required to change the email, unless this session signed in within the last 5 minutes'),
});

export const StoreCreateBody = z.object({
  name: Name,
  currency: z.string().length(3, 'must be a 3-letter ISO 4217 code').optional(),
  timezone: z.string().max(64).optional(),
});

export const InviteBody = z.object({ email: Email, role: RoleSchema });
export const RoleBody = z.object({ role: RoleSchema });
export const AcceptBody = z.object({ token: z.string().min(1).max(200) });
export const UserIdParams = z.object({ userId: z.string().max(64) });
export const IdParams = z.object({ id: z.string().max(64) });

export const ApiKeyCreateBody = z.object({
  name: Name,
  mode: z.enum(['live', 'test']).optional().describe('defaults to the mode of the request (X-Mode, else live)'),
  permissions: z
    .array(PermissionSchema)
    .max(PERMISSIONS.length)
    .optional()
    .describe('restrict the key to these permissions (write implies read); omitted: everything its creator may do'),
});

export const PublishableKeyCreateBody = z.object({
  name: Name.describe('what the key is for, e.g. the storefront it is in'),
  mode: z.enum(['live', 'test']).optional().describe('defaults to the mode of the request (X-Mode, else live)'),
});

export const PageQuery = z.object(pageFields(PAGE_SHORT_CURSOR, 'query'));

/** GET /v1/audit-logs: a page, narrowed by what was done, by whom, to what and when. */
export const AuditLogQuery = PageQuery.extend(AuditFilterFields).refine(auditRangeIsOrdered, { path: ['to'], message: 'must be after from' });
