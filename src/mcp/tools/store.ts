import { z } from 'zod';
import { PERMISSIONS } from '../../domain/shared/permissions.ts';
import { AuditFilterFields, AuditRecord, auditRangeIsOrdered, Business, BusinessPatch, toAuditRecord, toBusiness, toPermissionsRecord } from '../../wire/accounts.ts';
import { pagination } from '../../wire/page.ts';
import { defineTool, listOutput, PageInput, READ, UPDATE } from '../tool.ts';

const area = 'store' as const;

/** The store itself: business profile, audit log, and what this connection may do. */
export const storeTools = [
  defineTool({
    name: 'get_store_profile',
    area,
    title: 'Store business profile',
    description: 'The active store’s business profile (name, legal name, contact, address, currency, time zone, logo) and the mode (live or test) this connection works in.',
    permission: null,
    does: READ,
    input: z.strictObject({}),
    output: z.object({ store: Business }),
    async run(s, ctx) {
      const store = await s.stores.getBusiness(ctx);
      return { summary: `Store ${store.name} (${ctx.tenant.mode} mode)`, data: { store: toBusiness(store, ctx.tenant.mode) } };
    },
  }),
  defineTool({
    name: 'update_store_profile',
    area,
    title: 'Change the store business profile',
    description: 'Changes only the fields sent: name, legalName, contactEmail, contactPhone, address (countryId/stateId from GET /v1/countries), currency (ISO 4217), timezone (IANA), logoFileId.',
    permission: 'settings:write',
    does: UPDATE,
    input: BusinessPatch,
    output: z.object({ store: Business }),
    async run(s, ctx, args) {
      const store = await s.stores.updateBusiness(ctx, args);
      return { summary: `Store ${store.name} updated`, data: { store: toBusiness(store, ctx.tenant.mode) } };
    },
  }),
  defineTool({
    name: 'list_audit_log',
    area,
    title: 'Audit log',
    description:
      'Who changed what in the store (people, API keys, apps and this connector’s tool calls), newest first. Paginated. Narrow it by action (or a prefix such as product.*), the kind of credential, the member, the target and a time range.',
    permission: 'settings:read',
    does: READ,
    input: z.strictObject({ ...PageInput, ...AuditFilterFields }).refine(auditRangeIsOrdered, { path: ['to'], message: 'must be after from' }),
    output: listOutput(AuditRecord),
    async run(s, ctx, args) {
      const page = await s.audit.list(ctx, args);
      return { summary: `${page.items.length} audit entr${page.items.length === 1 ? 'y' : 'ies'}`, data: { items: page.items.map(toAuditRecord), pagination: pagination(args.limit, page.nextCursor) } };
    },
  }),
  defineTool({
    name: 'get_my_permissions',
    area,
    title: 'What this connection may do',
    description: 'The permissions this connection has in the store right now: the scopes the merchant granted, limited by the merchant’s own role. Tools needing anything else are not offered.',
    permission: null,
    does: READ,
    input: z.strictObject({}),
    output: z.object({ storeId: z.string(), mode: z.enum(['live', 'test']), role: z.string(), permissions: z.array(z.enum(PERMISSIONS)) }),
    async run(_s, ctx) {
      const mine = toPermissionsRecord(ctx);
      return { summary: `${mine.permissions.length} permission(s): ${mine.permissions.join(' ') || 'none'}`, data: mine };
    },
  }),
];
