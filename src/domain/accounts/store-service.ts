import type { StoreContext, UserContext } from '../../context.ts';
import { AppError, type ErrorDetail } from '../../errors.ts';
import type { AuditRepo } from '../audit/ports.ts';
import type { CatalogRepo } from '../catalog/ports.ts';
import type { FileRepo } from '../files/ports.ts';
import type { ReferenceService } from '../reference/reference-service.ts';
import { requirePermission, requireSession } from '../shared/access.ts';
import { auditEntry, recordAudit } from '../shared/audit-trail.ts';
import { newId } from '../shared/ids.ts';
import { DEFAULT_CURRENCY, isCurrencyCode } from '../shared/money.ts';
import type { Role } from '../shared/permissions.ts';
import type { Precondition } from '../shared/preconditions.ts';
import type { Transactional } from '../shared/transactional.ts';
import { invalid } from '../shared/validation.ts';
import type { StorePatch, StoreRepo } from './ports.ts';
import type { Store } from './types.ts';

/** The repositories store-service.ts reads and writes (the composition root passes them; src/db implements them). */
export interface StoreServiceRepos {
  audit: Pick<AuditRepo, 'insert'>;
  catalog: Pick<CatalogRepo, 'storeHasAmounts'>;
  files: Pick<FileRepo, 'exists'>;
  stores: Pick<StoreRepo, 'findStore' | 'insertMember' | 'insertStore' | 'listStoresOfUser' | 'lockStore' | 'updateStore'>;
}

export const DEFAULT_TIMEZONE = 'UTC';

let timezones: ReadonlySet<string> | undefined;

/** Whether `zone` is an IANA time zone the runtime knows; read from ICU when first asked (not at start: memory). */
function isTimezone(zone: string): boolean {
  timezones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  return timezones.has(zone);
}

export function newStore(name: string, now: Date): Store {
  return {
    id: newId('sto', now),
    name,
    legalName: null,
    contactEmail: null,
    contactPhone: null,
    address: { line1: null, line2: null, city: null, postalCode: null, countryId: null, stateId: null },
    currency: DEFAULT_CURRENCY,
    timezone: DEFAULT_TIMEZONE,
    logoFileId: null,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * Writes a checked change of the business profile (`checkBusinessChange`) with its audit entry, in the caller's
 * transaction (the settings service changes currency and time zone along with other settings). The caller holds the
 * store row's lock.
 */
async function writeBusiness(repos: { audit: Pick<AuditRepo, 'insert'>; stores: Pick<StoreRepo, 'updateStore'> }, ctx: StoreContext, patch: StorePatch): Promise<void> {
  await repos.stores.updateStore(ctx.tenant.storeId, patch, ctx.now);
  await recordAudit(repos, ctx, { action: 'store.update', targetType: 'store', targetId: ctx.tenant.storeId, details: { fields: changedFields(patch) } });
}

function storeGone(): AppError {
  return new AppError('STORE_NOT_FOUND', 'This store no longer exists.');
}

/** Stores the caller belongs to, creating stores, and the store's business profile. */
export function createStoreService(deps: { repos: Transactional<StoreServiceRepos>; reference: ReferenceService }) {
  const { repos, reference } = deps;

  async function requireStore(ctx: StoreContext): Promise<Store> {
    const store = await repos.stores.findStore(ctx.tenant.storeId);
    if (!store) throw storeGone();
    return store;
  }

  /**
   * The rules of a business profile change: country, state, currency, time zone and logo, and the currency lock (422
   * or 409 naming the field). Reads outside any transaction: the reference and file lookups may use the database.
   */
  async function checkBusinessChange(ctx: StoreContext, patch: StorePatch): Promise<void> {
    const current = await requireStore(ctx);
    const details: ErrorDetail[] = [];
    if (patch.currency !== undefined && !isCurrencyCode(patch.currency)) details.push({ path: 'currency', rule: 'must be an ISO 4217 currency code, e.g. USD' });
    if (patch.timezone !== undefined && !isTimezone(patch.timezone)) details.push({ path: 'timezone', rule: 'must be an IANA time zone, e.g. Europe/Berlin' });
    if (patch.logoFileId !== undefined && patch.logoFileId !== null) {
      if (!(await repos.files.exists(ctx.tenant, patch.logoFileId))) {
        details.push({ path: 'logoFileId', rule: 'must be the id of an image uploaded to this store (POST /v1/files, same mode)' });
      }
    }
    const countryId = patch.address?.countryId !== undefined ? patch.address.countryId : current.address.countryId;
    const stateId = patch.address?.stateId !== undefined ? patch.address.stateId : current.address.stateId;
    if (countryId !== null && patch.address?.countryId !== undefined) {
      const known = await reference.listCountries(ctx).then((all) => all.some((c) => c.id === countryId));
      if (!known) details.push({ path: 'address.countryId', rule: 'must be a country id from GET /v1/countries' });
    }
    if (stateId !== null && (patch.address?.stateId !== undefined || patch.address?.countryId !== undefined)) {
      const states = countryId === null ? [] : await reference.listStates(ctx, countryId).catch(() => []);
      if (!states.some((s) => s.id === stateId)) {
        details.push({ path: 'address.stateId', rule: 'must be a state of the address country, from GET /v1/states/{countryId}' });
      }
    }
    if (details.length > 0) throw invalid(details);
    if (patch.currency !== undefined && patch.currency !== current.currency && (await repos.catalog.storeHasAmounts(ctx.tenant.storeId))) {
      throw new AppError(
        'CURRENCY_LOCKED',
        `The store already has prices, promotions or orders in ${current.currency}; they are kept in its minor units, so the currency cannot change. Open a new store for another currency.`,
        { details: [{ path: 'currency', rule: `is fixed at ${current.currency} once amounts exist` }] },
      );
    }
  }

  return {
    /** Joins the caller's transaction (pass its repos): see `writeBusiness` above; the settings service calls it. */
    writeBusiness,

    /** A session sees every store it belongs to; an API key or an app token only its own. */
    async listStores(ctx: UserContext, keyStoreId?: string): Promise<Array<{ store: Store; role: Role }>> {
      const all = await repos.stores.listStoresOfUser(ctx.actor.userId!);
      return keyStoreId === undefined ? all : all.filter((s) => s.store.id === keyStoreId);
    },

    /** Creates a store owned by the signed-in merchant. */
    async createStore(ctx: UserContext, input: { name: string; currency?: string; timezone?: string }): Promise<{ store: Store; role: Role }> {
      requireSession(ctx, 'Creating a store');
      const details: ErrorDetail[] = [];
      if (input.currency !== undefined && !isCurrencyCode(input.currency)) details.push({ path: 'currency', rule: 'must be an ISO 4217 currency code, e.g. USD' });
      if (input.timezone !== undefined && !isTimezone(input.timezone)) details.push({ path: 'timezone', rule: 'must be an IANA time zone, e.g. Europe/Berlin' });
      if (details.length > 0) throw invalid(details);
      const store = { ...newStore(input.name, ctx.now), currency: input.currency ?? DEFAULT_CURRENCY, timezone: input.timezone ?? DEFAULT_TIMEZONE };
      await repos.transaction(async (repos) => {
        await repos.stores.insertStore(store);
        await repos.stores.insertMember(store.id, ctx.actor.userId!, 'owner', ctx.now);
        await repos.audit.insert(auditEntry(ctx, store.id, 'live', { action: 'store.create', targetType: 'store', targetId: store.id, details: { name: store.name } }));
      });
      return { store, role: 'owner' };
    },

    /** Any member may read the business profile of the active store. */
    async getBusiness(ctx: StoreContext): Promise<Store> {
      return requireStore(ctx);
    },

    checkBusinessChange,

    /**
     * Changes the sent fields of the business profile (settings:write). Country, state, currency and zone are checked.
     * `precondition` (If-Match) is checked against the current profile, with the store row locked.
     */
    async updateBusiness(ctx: StoreContext, patch: StorePatch, precondition?: Precondition<Store>): Promise<Store> {
      requirePermission(ctx, 'settings:write');
      await checkBusinessChange(ctx, patch);
      await repos.transaction(async (repos) => {
        const current = await repos.stores.lockStore(ctx.tenant.storeId);
        if (!current) throw storeGone();
        precondition?.(current);
        await writeBusiness(repos, ctx, patch);
      });
      return requireStore(ctx);
    },
  };
}

function changedFields(patch: StorePatch): string[] {
  const fields = Object.keys(patch).filter((k) => k !== 'address');
  for (const k of Object.keys(patch.address ?? {})) fields.push(`address.${k}`);
  return fields;
}

export type StoreService = ReturnType<typeof createStoreService>;
