import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CustomerBanBody, CustomerCreateBody, CustomerPatchBody } from '../../../domain/customers/customer-schemas.ts';
import type { CustomerService } from '../../../domain/customers/customer-service.ts';
import { envelope, ok } from '../../../wire/envelope.ts';
import { ErrorEnvelopeSchema } from '../../envelope.ts';
import { storeCtx } from '../../plugins/auth.ts';
import { HONOURS_IF_MATCH, IF_MATCH_NOTE, ifMatch, PRECONDITION_FAILED, sendWithEtag } from '../../preconditions.ts';
import { okPage, pagedEnvelope } from '../../../wire/page.ts';
import { CustomerListQuery, CustomerRecord, customerRep, toCustomerRecord } from '../../../wire/customers.ts';

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema, 409: ErrorEnvelopeSchema, 422: ErrorEnvelopeSchema };
const CustomerParams = z.object({ customerId: z.string().max(64) });

/** Customers: list and search, get with order figures, create, change, ban and unban. */
export async function customerRoutes(app: FastifyInstance, deps: { customers: CustomerService }): Promise<void> {
  const { customers } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { auth: 'store' as const };
  const tags = ['Customers'];
  const One = envelope(CustomerRecord);

  r.get(
    '/v1/customers',
    {
      config,
      schema: {
        tags,
        summary: 'List customers, newest first (customers:read)',
        description: 'q finds text in the name or email (case- and accent-insensitive) and digits in the phone; banned=true|false filters on whether a ban counts now. Cursor pagination.',
        querystring: CustomerListQuery,
        response: { 200: pagedEnvelope(z.array(CustomerRecord)), ...errors },
      },
    },
    async (request) => {
      const ctx = storeCtx(request);
      const { banned, ...rest } = request.query;
      const page = await customers.list(ctx, { ...rest, banned: banned === undefined ? undefined : banned === 'true' });
      return okPage('Customers retrieved', page.items.map((c) => toCustomerRecord(c, page.currency, ctx.now)), request.query.limit, page.nextCursor);
    },
  );

  r.post(
    '/v1/customers',
    {
      config,
      schema: {
        tags,
        summary: 'Create a customer (customers:write)',
        description: 'The email is unique within the store and mode without regard to case (409 CUSTOMER_EMAIL_TAKEN). Address countries and states come from GET /v1/countries and GET /v1/states/{countryId}.',
        body: CustomerCreateBody,
        response: { 201: One, ...errors },
      },
    },
    async (request, reply) => {
      const ctx = storeCtx(request);
      const { customer, currency } = await customers.create(ctx, request.body);
      return reply.code(201).send(ok('Customer created', toCustomerRecord(customer, currency, ctx.now)));
    },
  );

  r.get(
    '/v1/customers/:customerId',
    { config, schema: { tags, summary: 'Get a customer with order count and total spent (customers:read)', params: CustomerParams, response: { 200: One, ...errors } } },
    async (request) => {
      const ctx = storeCtx(request);
      const { customer, currency } = await customers.get(ctx, request.params.customerId);
      return ok(customerRep(ctx.now).message, toCustomerRecord(customer, currency, ctx.now));
    },
  );

  r.patch(
    '/v1/customers/:customerId',
    {
      config: { ...config, ...HONOURS_IF_MATCH },
      schema: {
        tags,
        summary: 'Change a customer (customers:write)',
        description: `Only the sent fields change; addresses, when sent, replaces the whole list; phone: null clears it. ${IF_MATCH_NOTE}`,
        params: CustomerParams,
        body: CustomerPatchBody,
        response: { 200: One, ...errors, ...PRECONDITION_FAILED },
      },
    },
    async (request, reply) => {
      const ctx = storeCtx(request);
      const rep = customerRep(ctx.now);
      const { customer, currency } = await customers.update(ctx, request.params.customerId, request.body, ifMatch(request, rep));
      return sendWithEtag(reply, rep, customer, currency).send(ok('Customer updated', toCustomerRecord(customer, currency, ctx.now)));
    },
  );

  r.post(
    '/v1/customers/:customerId/ban',
    {
      config,
      schema: {
        tags,
        summary: 'Ban a customer (customers:write)',
        description: 'A banned customer cannot place orders or be given new reviews. expiresAt (optional, in the future) ends the ban by itself; banning again replaces the reason and expiry.',
        params: CustomerParams,
        body: CustomerBanBody,
        response: { 200: One, ...errors },
      },
    },
    async (request) => {
      const ctx = storeCtx(request);
      const { customer, currency } = await customers.ban(ctx, request.params.customerId, request.body);
      return ok('Customer banned', toCustomerRecord(customer, currency, ctx.now));
    },
  );

  r.post(
    '/v1/customers/:customerId/unban',
    {
      config,
      schema: {
        tags,
        summary: 'Lift a customer’s ban (customers:write)',
        description: 'Clears the ban, active or expired. A customer without a ban is answered as is, and nothing is written.',
        params: CustomerParams,
        response: { 200: One, ...errors },
      },
    },
    async (request) => {
      const ctx = storeCtx(request);
      const { customer, currency } = await customers.unban(ctx, request.params.customerId);
      return ok('Customer unbanned', toCustomerRecord(customer, currency, ctx.now));
    },
  );
}
