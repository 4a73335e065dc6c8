import type { PersonalDataReads } from '../shared/personal-data.ts';
import type { EmailRepo } from '../email/ports.ts';
import type { StoreContext } from '../../context.ts';
import { AppError, type ErrorDetail } from '../../errors.ts';
import type { StoreRepo } from '../accounts/ports.ts';
import type { AuditRepo } from '../audit/ports.ts';
import type { CustomerRepo } from './ports.ts';
import { rehearse, type Transactional } from '../shared/transactional.ts';
import { requirePermission } from '../shared/access.ts';
import { recordAudit } from '../shared/audit-trail.ts';
import { isUniqueConflict } from '../shared/conflicts.ts';
import { invalid } from '../shared/validation.ts';
import { type Currency, storeCurrency } from '../shared/money.ts';
import { newId } from '../shared/ids.ts';
import { instant } from '../shared/instants.ts';
import { anyIdCursor, pageOf } from '../shared/pagination.ts';
import type { Precondition } from '../shared/preconditions.ts';
import type { ReferenceService } from '../reference/reference-service.ts';
import { foldForSearch } from '../shared/text.ts';
import { isBanned, normalizeEmail, normalizePhone, phoneDigits } from './customer-rules.ts';
import type { Customer, CustomerAddress, CustomerQuery, CustomerView } from './customer-types.ts';
import type { WebhookRepo } from '../webhooks/ports.ts';
import type { EventPublisher } from '../webhooks/publisher.ts';

/** The repositories customer-service.ts reads and writes (the composition root passes them; src/db implements them). */
export interface CustomerServiceRepos {
  audit: Pick<AuditRepo, 'insert'>;
  customers: Pick<CustomerRepo, 'emailTaken' | 'findCustomer' | 'insertCustomer' | 'listCustomers' | 'lockCustomer' | 'setBan' | 'statsFor' | 'updateCustomer'>;
  stores: Pick<StoreRepo, 'findStore'>;
  webhooks: Pick<WebhookRepo, 'subscribers' | 'insertEvents' | 'afterCommit'>;
  email: Pick<EmailRepo, 'insertMessages' | 'afterCommit'>;
}

export { isBanned } from './customer-rules.ts';

/** An address as both doors (REST, MCP) pass it after shape validation. */
export interface CustomerAddressInput {
  label?: string | null | undefined;
  name?: string | null | undefined;
  line1: string;
  line2?: string | null | undefined;
  city: string;
  postalCode?: string | null | undefined;
  stateId?: string | null | undefined;
  countryId: string;
  phone?: string | null | undefined;
}

export interface CustomerInput {
  name: string;
  email: string;
  phone?: string | null | undefined;
  addresses?: CustomerAddressInput[] | undefined;
}

export type CustomerPatch = Partial<CustomerInput>;

export interface BanInput {
  reason: string;
  /** ISO 8601 date-time (UTC without a zone); absent or null: until unbanned */
  expiresAt?: string | null | undefined;
}

export function customerNotFound(id: string): AppError {
  return new AppError('CUSTOMER_NOT_FOUND', `No customer "${id}" in this store. List customers with GET /v1/customers.`);
}

function emailTaken(email: string): AppError {
  return new AppError('CUSTOMER_EMAIL_TAKEN', `Another customer of this store already has the email "${email}" (case does not matter).`, {
    details: [{ path: 'email', rule: 'must be unique within the store' }],
  });
}

/**
 * Customers of a store: profile, addresses (validated against the reference countries and states), ban and unban,
 * and the order figures read from the orders table. Creating and banning a customer are published to the webhook
 * outbox (customer.created, customer.banned) in their transaction.
 */
export function createCustomerService(deps: {
  repos: Transactional<CustomerServiceRepos>;
  reference: ReferenceService;
  reads: PersonalDataReads;
  /** The webhook outbox. */
  events: Pick<EventPublisher, 'publish'>;
}) {
  const { repos, reference, reads, events } = deps;

  async function views(repos: CustomerServiceRepos, ctx: StoreContext, customers: Customer[]): Promise<CustomerView[]> {
    const stats = await repos.customers.statsFor(ctx.tenant, customers.map((c) => c.id));
    return customers.map((c) => ({ ...c, stats: stats.get(c.id) ?? { orderCount: 0, totalSpentMinor: 0 } }));
  }

  async function requireCustomer(repos: CustomerServiceRepos, ctx: StoreContext, id: string): Promise<Customer> {
    const customer = await repos.customers.findCustomer(ctx.tenant, id);
    if (!customer) throw customerNotFound(id);
    return customer;
  }

  /** Inside a write transaction: the customer, its row locked (writes to one customer run one at a time). */
  async function lockCustomer(repos: CustomerServiceRepos, ctx: StoreContext, id: string): Promise<Customer> {
    const customer = await repos.customers.lockCustomer(ctx.tenant, id);
    if (!customer) throw customerNotFound(id);
    return customer;
  }

  /**
   * Addresses against the reference data: the country must be an active country, the state (when given) one of that
   * country's. Runs before any transaction (the reference service may read the database on its first use).
   */
  async function checkAddresses(ctx: StoreContext, input: CustomerAddressInput[]): Promise<{ details: ErrorDetail[]; addresses: CustomerAddress[] }> {
    const details: ErrorDetail[] = [];
    const countries = new Map((await reference.listCountries(ctx)).map((c) => [c.id, c]));
    const addresses: CustomerAddress[] = [];
    for (const [i, a] of input.entries()) {
      const countryId = a.countryId.toUpperCase();
      const stateId = a.stateId ? a.stateId.toUpperCase() : null;
      const country = countries.get(countryId);
      if (!country?.status) {
        details.push({ path: `addresses[${i}].countryId`, rule: 'must be a country id from GET /v1/countries' });
      } else if (stateId !== null) {
        const states = await reference.listStates(ctx, countryId);
        const state = states.find((s) => s.id === stateId);
        if (!state?.status) details.push({ path: `addresses[${i}].stateId`, rule: `must be a state of ${countryId}, from GET /v1/states/${countryId}` });
      }
      addresses.push({
        label: a.label ?? null,
        name: a.name ?? null,
        line1: a.line1,
        line2: a.line2 ?? null,
        city: a.city,
        postalCode: a.postalCode ?? null,
        stateId,
        countryId,
        phone: a.phone ? normalizePhone(a.phone) : null,
      });
    }
    return { details, addresses };
  }

  /** `ban` in the caller's transaction. */
  async function banIn(repos: CustomerServiceRepos, ctx: StoreContext, id: string, input: BanInput): Promise<CustomerView> {
    const expiresAt = input.expiresAt ? instant(input.expiresAt) : null;
    const current = await lockCustomer(repos, ctx, id);
    if (expiresAt !== null && expiresAt.getTime() <= ctx.now.getTime()) throw invalid([{ path: 'expiresAt', rule: 'must be in the future' }]);
    await repos.customers.setBan(ctx.tenant, id, { bannedAt: ctx.now, reason: input.reason, expiresAt }, ctx.now);
    await recordAudit(repos, ctx, {
      action: 'customer.ban',
      targetType: 'customer',
      targetId: id,
      details: { reason: input.reason, expiresAt: expiresAt?.toISOString() ?? null, wasBanned: isBanned(current, ctx.now) },
    });
    return (await views(repos, ctx, [await requireCustomer(repos, ctx, id)]))[0]!;
  }

  return {
    /** A page of customers, newest first; `q` finds text in the name or email and digits in the phone. */
    async list(ctx: StoreContext, query: CustomerQuery): Promise<{ items: CustomerView[]; nextCursor: string | null; currency: Currency }> {
      requirePermission(ctx, 'customers:read');
      const { tenant } = ctx;
      const before = query.cursor === undefined ? undefined : anyIdCursor.decode(query.cursor);
      const text = query.q ? foldForSearch(query.q.trim()) : '';
      const digits = phoneDigits(text);
      const rows = await repos.customers.listCustomers(tenant, {
        limit: query.limit,
        before,
        text: text === '' ? undefined : text,
        digits: digits.length >= 3 ? digits : undefined,
        banned: query.banned,
        now: ctx.now,
      });
      const page = pageOf(rows, query.limit, (last) => anyIdCursor.encode(last.id));
      reads.note(ctx, 'customers', page.items.length);
      return { items: await views(repos, ctx, page.items), nextCursor: page.nextCursor, currency: await storeCurrency(repos, ctx) };
    },

    /** One customer with its order count and total spent. */
    async get(ctx: StoreContext, id: string): Promise<{ customer: CustomerView; currency: Currency }> {
      requirePermission(ctx, 'customers:read');
      const customer = await requireCustomer(repos, ctx, id);
      reads.note(ctx, 'customers', 1);
      return { customer: (await views(repos, ctx, [customer]))[0]!, currency: await storeCurrency(repos, ctx) };
    },

    /** A new customer; the email is unique within the store and mode without regard to case (409 otherwise). */
    async create(ctx: StoreContext, input: CustomerInput): Promise<{ customer: CustomerView; currency: Currency }> {
      requirePermission(ctx, 'customers:write');
      const { tenant } = ctx;
      const checked = await checkAddresses(ctx, input.addresses ?? []);
      if (checked.details.length > 0) throw invalid(checked.details);
      const email = input.email.trim();
      const currency = await storeCurrency(repos, ctx);
      try {
        return await repos.transaction(async (repos) => {
          if (await repos.customers.emailTaken(tenant, normalizeEmail(email))) throw emailTaken(email);
          const customer: Customer = {
            id: newId('cus', ctx.now),
            name: input.name,
            email,
            phone: input.phone ? normalizePhone(input.phone) : null,
            addresses: checked.addresses,
            bannedAt: null,
            banReason: null,
            banExpiresAt: null,
            createdAt: ctx.now,
            updatedAt: ctx.now,
          };
          await repos.customers.insertCustomer(tenant, customer, { name: foldForSearch(customer.name), email: normalizeEmail(email) });
          await recordAudit(repos, ctx, { action: 'customer.create', targetType: 'customer', targetId: customer.id, details: { addresses: customer.addresses.length } });
          const created: CustomerView = { ...customer, stats: { orderCount: 0, totalSpentMinor: 0 } };
          await events.publish(repos, tenant, ctx.now, () => [{ type: 'customer.created', customer: created, currency }]);
          return { customer: created, currency };
        });
      } catch (error) {
        if (isUniqueConflict(error, 'customer_email')) throw emailTaken(email);
        throw error;
      }
    },

    /** Changes only the sent fields; `addresses`, when sent, replaces the list; `phone: null` clears the phone. */
    async update(ctx: StoreContext, id: string, patch: CustomerPatch, precondition?: Precondition<CustomerView, Currency>): Promise<{ customer: CustomerView; currency: Currency }> {
      requirePermission(ctx, 'customers:write');
      const { tenant } = ctx;
      // Reference reads happen before the transaction: SQLite has one connection.
      const checked = patch.addresses === undefined ? undefined : await checkAddresses(ctx, patch.addresses);
      const currency = await storeCurrency(repos, ctx);
      const email = patch.email?.trim();
      try {
        return await repos.transaction(async (repos) => {
          const current = await lockCustomer(repos, ctx, id);
          if (precondition) precondition((await views(repos, ctx, [current]))[0]!, currency);
          if (checked && checked.details.length > 0) throw invalid(checked.details);
          if (email !== undefined && (await repos.customers.emailTaken(tenant, normalizeEmail(email), id))) throw emailTaken(email);
          await repos.customers.updateCustomer(
            tenant,
            id,
            {
              ...(patch.name !== undefined ? { name: patch.name, nameFolded: foldForSearch(patch.name) } : {}),
              ...(email !== undefined ? { email, emailNormalized: normalizeEmail(email) } : {}),
              ...(patch.phone !== undefined ? { phone: patch.phone === null ? null : normalizePhone(patch.phone) } : {}),
              ...(checked ? { addresses: checked.addresses } : {}),
            },
            ctx.now,
          );
          await recordAudit(repos, ctx, { action: 'customer.update', targetType: 'customer', targetId: id, details: { fields: Object.keys(patch) } });
          return { customer: (await views(repos, ctx, [await requireCustomer(repos, ctx, id)]))[0]!, currency };
        });
      } catch (error) {
        if (isUniqueConflict(error, 'customer_email') && email !== undefined) throw emailTaken(email);
        throw error;
      }
    },

    /**
     * Bans the customer: they cannot place orders (enforced by the order service through `isBanned`) or be given new
     * reviews. Banning again replaces the reason and expiry. `expiresAt` must be in the future.
     */
    async ban(ctx: StoreContext, id: string, input: BanInput): Promise<{ customer: CustomerView; currency: Currency }> {
      requirePermission(ctx, 'customers:write');
      const currency = await storeCurrency(repos, ctx);
      return repos.transaction(async (repos) => {
        const customer = await banIn(repos, ctx, id, input);
        await events.publish(repos, ctx.tenant, ctx.now, () => [{ type: 'customer.banned', customer, currency }]);
        return { customer, currency };
      });
    },

    /** Refuses as `ban` would, changing nothing (rehearsed and rolled back). */
    async checkBan(ctx: StoreContext, id: string, input: BanInput): Promise<void> {
      requirePermission(ctx, 'customers:write');
      await rehearse(repos, (repos) => banIn(repos, ctx, id, input));
    },

    /** Lifts the ban (an expired one too). Unbanning a customer who has no ban changes nothing and still answers. */
    async unban(ctx: StoreContext, id: string): Promise<{ customer: CustomerView; currency: Currency }> {
      requirePermission(ctx, 'customers:write');
      const { tenant } = ctx;
      const currency = await storeCurrency(repos, ctx);
      return repos.transaction(async (repos) => {
        const current = await lockCustomer(repos, ctx, id);
        if (current.bannedAt !== null) {
          await repos.customers.setBan(tenant, id, null, ctx.now);
          await recordAudit(repos, ctx, { action: 'customer.unban', targetType: 'customer', targetId: id, details: { wasBanned: isBanned(current, ctx.now) } });
        }
        return { customer: (await views(repos, ctx, [await requireCustomer(repos, ctx, id)]))[0]!, currency };
      });
    },
  };
}

export type CustomerService = ReturnType<typeof createCustomerService>;
