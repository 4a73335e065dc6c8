import { z } from 'zod';
import { CustomerBanBody, CustomerCreateBody, CustomerListFilters, CustomerPatchBody } from '../../domain/customers/customer-schemas.ts';
import { CustomerRecord, toCustomerRecord } from '../../wire/customers.ts';
import { pagination } from '../../wire/page.ts';
import { Confirm } from '../confirm.ts';
import { CREATE, defineTool, Id, listOutput, PageInput, READ, UPDATE } from '../tool.ts';

const area = 'customers' as const;

/** Customers: the same service as /v1/customers. */
export const customerTools = [
  defineTool({
    name: 'list_customers',
    area,
    title: 'List customers',
    description: 'Lists customers, newest first, a page at a time, with order count and total spent. q finds text in the name or email and digits in the phone; banned filters on whether a ban counts now.',
    permission: 'customers:read',
    does: READ,
    input: z.strictObject({ ...PageInput, q: CustomerListFilters.q, banned: z.boolean().optional().describe('true: only customers banned now; false: only those not banned now') }),
    output: listOutput(CustomerRecord),
    async run(s, ctx, args) {
      const page = await s.customers.list(ctx, args);
      return { summary: `${page.items.length} customer(s)`, data: { items: page.items.map((c) => toCustomerRecord(c, page.currency, ctx.now)), pagination: pagination(args.limit, page.nextCursor) } };
    },
  }),
  defineTool({
    name: 'get_customer',
    area,
    title: 'Get a customer',
    description: 'One customer with addresses, ban status, order count and total spent.',
    permission: 'customers:read',
    does: READ,
    input: z.strictObject({ customerId: Id }),
    output: z.object({ customer: CustomerRecord }),
    async run(s, ctx, args) {
      const { customer, currency } = await s.customers.get(ctx, args.customerId);
      return { summary: `Customer ${customer.name}`, data: { customer: toCustomerRecord(customer, currency, ctx.now) } };
    },
  }),
  defineTool({
    name: 'create_customer',
    area,
    title: 'Create a customer',
    description: 'Creates a customer. The email is unique within the store (without regard to case). Address countries and states are ids from the public GET /v1/countries and GET /v1/states/{countryId}.',
    permission: 'customers:write',
    does: CREATE,
    input: CustomerCreateBody,
    output: z.object({ customer: CustomerRecord }),
    async run(s, ctx, args) {
      const { customer, currency } = await s.customers.create(ctx, args);
      return { summary: `Customer ${customer.name} created (${customer.id})`, data: { customer: toCustomerRecord(customer, currency, ctx.now) } };
    },
  }),
  defineTool({
    name: 'update_customer',
    area,
    title: 'Change a customer',
    description: 'Changes only the fields sent; addresses, when sent, replaces the whole list; phone: null clears it.',
    permission: 'customers:write',
    does: UPDATE,
    input: z.strictObject({ customerId: Id, ...CustomerPatchBody.shape }),
    output: z.object({ customer: CustomerRecord }),
    async run(s, ctx, { customerId, ...patch }) {
      const { customer, currency } = await s.customers.update(ctx, customerId, patch);
      return { summary: `Customer ${customer.name} updated`, data: { customer: toCustomerRecord(customer, currency, ctx.now) } };
    },
  }),
  defineTool({
    name: 'ban_customer',
    area,
    title: 'Ban a customer',
    description: 'Bans a customer: they cannot place orders or be given new reviews until unbanned or until expiresAt. Needs a reason and confirm: true.',
    permission: 'customers:write',
    does: { effects: ['bans'], idempotent: true },
    confirm: (a) => `ban customer ${a.customerId}${a.expiresAt ? ` until ${a.expiresAt}` : ' until unbanned'}: they could no longer place orders`,
    input: z.strictObject({ customerId: Id, ...CustomerBanBody.shape, confirm: Confirm }),
    output: z.object({ customer: CustomerRecord }),
    precheck: (s, ctx, { customerId, confirm: _confirm, ...input }) => s.customers.checkBan(ctx, customerId, input),
    async run(s, ctx, { customerId, confirm: _confirm, ...input }) {
      const { customer, currency } = await s.customers.ban(ctx, customerId, input);
      return { summary: `Customer ${customer.name} banned`, data: { customer: toCustomerRecord(customer, currency, ctx.now) } };
    },
  }),
  defineTool({
    name: 'unban_customer',
    area,
    title: 'Lift a customer’s ban',
    description: 'Clears a customer’s ban, active or expired. A customer without a ban is answered as is.',
    permission: 'customers:write',
    does: UPDATE,
    input: z.strictObject({ customerId: Id }),
    output: z.object({ customer: CustomerRecord }),
    async run(s, ctx, args) {
      const { customer, currency } = await s.customers.unban(ctx, args.customerId);
      return { summary: `Customer ${customer.name} unbanned`, data: { customer: toCustomerRecord(customer, currency, ctx.now) } };
    },
  }),
];
