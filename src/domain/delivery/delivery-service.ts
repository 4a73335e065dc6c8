import type { StoreContext, Tenant } from '../../context.ts';
import { AppError, type ErrorDetail } from '../../errors.ts';
import type { StoreRepo } from '../accounts/ports.ts';
import type { AuditRepo } from '../audit/ports.ts';
import type { DeliveryRepo } from './ports.ts';
import type { Transactional } from '../shared/transactional.ts';
import { readAs, requirePermission } from '../shared/access.ts';
import { recordAudit } from '../shared/audit-trail.ts';
import { invalid } from '../shared/validation.ts';
import { type Currency, storeCurrency, toMinor } from '../shared/money.ts';
import { newId } from '../shared/ids.ts';
import { anyIdCursor, pageOf } from '../shared/pagination.ts';
import type { Precondition } from '../shared/preconditions.ts';
import type { ReferenceService } from '../reference/reference-service.ts';
import { checkRegionList, deliveryFee, describeRegion, regionKey, servingZone } from './delivery-rules.ts';
import type { OptionCreateInput, OptionPatchInput, ZoneCreateInput, ZonePatchInput } from './delivery-schemas.ts';
import { DELIVERY_LIMITS, type DeliveryAddress, type DeliveryOption, type DeliveryZone, type Region, type ZoneWithOptions } from './types.ts';

/** The repositories delivery-service.ts reads and writes (the composition root passes them; src/db implements them). */
export interface DeliveryServiceRepos {
  audit: Pick<AuditRepo, 'insert'>;
  delivery: Pick<DeliveryRepo, 'allZones' | 'countOptions' | 'countZones' | 'deleteOption' | 'deleteZone' | 'findOption' | 'findZone' | 'insertOption' | 'insertZone' | 'listZones' | 'lockZones' | 'optionWithZones' | 'optionsOfZones' | 'updateOption' | 'updateZone'>;
  stores: Pick<StoreRepo, 'findStore'>;
}

export interface DeliveryQuote {
  option: DeliveryOption;
  zone: DeliveryZone;
  /** the fee for this subtotal, in minor units of the store currency (0 when the free-over threshold is reached) */
  feeMinor: number;
}

/**
 * "Orders only accept an option that serves the address": checks a delivery option for an order and prices it, in
 * the caller's transaction (pass the transaction's `repos`; this reads nothing else). The option must belong to the
 * tenant, be active, and be an option of the zone that serves the address (see `servingZone`); otherwise 422
 * VALIDATION_FAILED naming `path` (default `deliveryOptionId`). The fee is waived when `subtotalMinor` is at least the
 * option's free-over threshold. The address is trusted to be valid reference data (the order checks it).
 */
export async function quoteDeliveryOption(
  repos: Pick<DeliveryServiceRepos, 'delivery'>,
  tenant: Tenant,
  input: { optionId: string; address: DeliveryAddress; subtotalMinor: number; path?: string },
): Promise<DeliveryQuote> {
  const path = input.path ?? 'deliveryOptionId';
  const { option, zones } = await repos.delivery.optionWithZones(tenant, input.optionId);
  if (!option) throw invalid([{ path, rule: 'must be a delivery option of this store, from GET /v1/delivery/zones' }]);
  if (!option.active) throw invalid([{ path, rule: 'must be an active delivery option' }]);
  const zone = servingZone(zones, input.address);
  const where = input.address.stateId ? `${input.address.stateId}, ${input.address.countryId}` : input.address.countryId;
  if (zone === null || zone.id !== option.zoneId) {
    throw invalid([{ path, rule: `must be a delivery option that serves the address (${where}); see GET /v1/delivery/quote` }]);
  }
  return { option, zone, feeMinor: deliveryFee(option, input.subtotalMinor) };
}

/**
 * `quoteDeliveryOption` in the shape the order service on main declares as `DeliveryQuoter`
 * (`src/domain/orders/order-service.ts` there): wire it in the container with `delivery: orderDeliveryQuoter`.
 */
export const orderDeliveryQuoter = {
  async quote(
    repos: Pick<DeliveryServiceRepos, 'delivery'>,
    ctx: StoreContext,
    input: { deliveryOptionId: string; address: DeliveryAddress; subtotalMinor: number },
  ): Promise<{ optionId: string; name: string; feeMinor: number }> {
    const { option, feeMinor } = await quoteDeliveryOption(repos, ctx.tenant, { optionId: input.deliveryOptionId, address: input.address, subtotalMinor: input.subtotalMinor });
    return { optionId: option.id, name: option.name, feeMinor };
  },
};

function zoneNotFound(id: string): AppError {
  return new AppError('DELIVERY_ZONE_NOT_FOUND', `No delivery zone "${id}" in this store. List them with GET /v1/delivery/zones.`);
}

function optionNotFound(id: string): AppError {
  return new AppError('DELIVERY_OPTION_NOT_FOUND', `No delivery option "${id}" in this zone. List them with GET /v1/delivery/zones/{zoneId}/options.`);
}

function moneyDetail(path: string, amount: number, currency: Currency, details: ErrorDetail[]): number | undefined {
  const minor = toMinor(amount, currency);
  if (minor === null) {
    details.push({ path, rule: `must have at most ${currency.digits} decimal places (${currency.code})` });
    return undefined;
  }
  return minor;
}

/** Delivery zones (where a store delivers) and their options (how, for what fee, how fast). */
export function createDeliveryService(deps: { repos: Transactional<DeliveryServiceRepos>; reference: ReferenceService }) {
  const { repos, reference } = deps;

  /**
   * Reference checks, before any transaction (the reference service may read the database on first use): every
   * country exists and is current, every state belongs to its region's country; plus the rules within the list.
   */
  async function checkRegions(ctx: StoreContext, regions: Array<{ countryId: string; stateId?: string | null | undefined }>): Promise<Region[]> {
    const countries = new Map((await reference.listCountries(ctx)).map((c) => [c.id, c]));
    const details: ErrorDetail[] = [];
    const out: Region[] = [];
    for (const [i, r] of regions.entries()) {
      const region: Region = { countryId: r.countryId, stateId: r.stateId ?? null };
      out.push(region);
      const country = countries.get(r.countryId);
      if (!country) {
        details.push({ path: `regions[${i}].countryId`, rule: 'must be a country id from GET /v1/countries' });
        continue;
      }
      if (!country.status) {
        details.push({ path: `regions[${i}].countryId`, rule: 'must be a current country (this one is no longer in ISO 3166)' });
        continue;
      }
      if (region.stateId !== null) {
        const state = (await reference.listStates(ctx, country.id)).find((s) => s.id === region.stateId);
        if (!state) details.push({ path: `regions[${i}].stateId`, rule: `must be a state of ${country.id}, from GET /v1/states/${country.id}` });
        else if (!state.status) details.push({ path: `regions[${i}].stateId`, rule: 'must be a current state (this one is no longer in ISO 3166-2)' });
      }
    }
    details.push(...checkRegionList(out));
    if (details.length > 0) throw invalid(details);
    return out;
  }

  /** Inside the zone lock: no region may already belong to another zone of the store and mode (409 naming it). */
  async function checkRegionsFree(repos: DeliveryServiceRepos, ctx: StoreContext, regions: Region[], selfId?: string): Promise<void> {
    const owners = new Map<string, DeliveryZone>();
    for (const zone of await repos.delivery.allZones(ctx.tenant)) {
      if (zone.id === selfId) continue;
      for (const r of zone.regions) owners.set(regionKey(r), zone);
    }
    const taken = regions.flatMap((r, i) => {
      const owner = owners.get(regionKey(r));
      return owner ? [{ i, region: r, owner }] : [];
    });
    if (taken.length === 0) return;
    const details: ErrorDetail[] = taken.map(({ i, owner }) => ({ path: `regions[${i}]`, rule: `is already in the zone "${owner.name}" (${owner.id}); a region belongs to one zone` }));
    const first = taken[0]!;
    const more = taken.length > 1 ? ` (and ${taken.length - 1} more)` : '';
    throw new AppError(
      'DELIVERY_REGION_TAKEN',
      `${describeRegion(first.region)} is already in the delivery zone "${first.owner.name}"${more}. Take it out of that zone first, or edit that zone instead.`,
      { details },
    );
  }

  async function requireZone(repos: DeliveryServiceRepos, ctx: StoreContext, id: string): Promise<DeliveryZone> {
    const zone = await repos.delivery.findZone(ctx.tenant, id);
    if (!zone) throw zoneNotFound(id);
    return zone;
  }

  async function withOptions(repos: DeliveryServiceRepos, ctx: StoreContext, zones: DeliveryZone[]): Promise<ZoneWithOptions[]> {
    const options = await repos.delivery.optionsOfZones(
      ctx.tenant,
      zones.map((z) => z.id),
    );
    return zones.map((z) => ({ ...z, options: options.filter((o) => o.zoneId === z.id) }));
  }

  async function requireOption(repos: DeliveryServiceRepos, ctx: StoreContext, zoneId: string, optionId: string): Promise<DeliveryOption> {
    await requireZone(repos, ctx, zoneId);
    const option = await repos.delivery.findOption(ctx.tenant, optionId);
    if (!option || option.zoneId !== zoneId) throw optionNotFound(optionId);
    return option;
  }

  /** Money and day rules that need the currency or the option's other fields; the result is the stored shape. */
  function optionValues(input: OptionPatchInput, current: DeliveryOption | null, currency: Currency) {
    const details: ErrorDetail[] = [];
    const values: Partial<DeliveryOption> = {};
    if (input.name !== undefined) values.name = input.name;
    if (input.fee !== undefined) {
      const fee = moneyDetail('fee', input.fee, currency, details);
      if (fee !== undefined) values.feeMinor = fee;
    }
    if (input.freeOver !== undefined) {
      if (input.freeOver === null) values.freeOverMinor = null;
      else {
        const freeOver = moneyDetail('freeOver', input.freeOver, currency, details);
        if (freeOver !== undefined) values.freeOverMinor = freeOver;
      }
    }
    if (input.estimatedDaysMin !== undefined) values.estimatedDaysMin = input.estimatedDaysMin;
    if (input.estimatedDaysMax !== undefined) values.estimatedDaysMax = input.estimatedDaysMax;
    if (input.active !== undefined) values.active = input.active;
    const min = values.estimatedDaysMin !== undefined ? values.estimatedDaysMin : (current?.estimatedDaysMin ?? null);
    const max = values.estimatedDaysMax !== undefined ? values.estimatedDaysMax : (current?.estimatedDaysMax ?? null);
    if (min !== null && max !== null && max < min) {
      details.push({ path: input.estimatedDaysMax !== undefined ? 'estimatedDaysMax' : 'estimatedDaysMin', rule: `must keep estimatedDaysMin (${min}) at most estimatedDaysMax (${max})` });
    }
    if (details.length > 0) throw invalid(details);
    return values;
  }

  return {
    async listZones(ctx: StoreContext, page: { limit: number; cursor?: string | undefined }): Promise<{ items: ZoneWithOptions[]; nextCursor: string | null; currency: Currency }> {
      requirePermission(ctx, 'delivery:read');
      const after = page.cursor === undefined ? undefined : anyIdCursor.decode(page.cursor);
      const rows = await repos.delivery.listZones(ctx.tenant, { limit: page.limit, after });
      const zones = pageOf(rows, page.limit, (last) => anyIdCursor.encode(last.id));
      const [items, currency] = await Promise.all([withOptions(repos, ctx, zones.items), storeCurrency(repos, ctx)]);
      return { items, currency, nextCursor: zones.nextCursor };
    },

    async getZone(ctx: StoreContext, zoneId: string): Promise<{ zone: ZoneWithOptions; currency: Currency }> {
      requirePermission(ctx, 'delivery:read');
      const zone = await requireZone(repos, ctx, zoneId);
      const [[withOpts], currency] = await Promise.all([withOptions(repos, ctx, [zone]), storeCurrency(repos, ctx)]);
      return { zone: withOpts!, currency };
    },

    async createZone(ctx: StoreContext, input: ZoneCreateInput): Promise<{ zone: ZoneWithOptions; currency: Currency }> {
      requirePermission(ctx, 'delivery:write');
      const { tenant } = ctx;
      const regions = await checkRegions(ctx, input.regions);
      return repos.transaction(async (repos) => {
        await repos.delivery.lockZones(tenant);
        if ((await repos.delivery.countZones(tenant)) >= DELIVERY_LIMITS.zonesPerStore) {
          throw new AppError('LIMIT_EXCEEDED', `A store has at most ${DELIVERY_LIMITS.zonesPerStore} delivery zones per mode. Add regions to an existing zone instead.`);
        }
        await checkRegionsFree(repos, ctx, regions);
        const zone: DeliveryZone = { id: newId('dzone', ctx.now), name: input.name, regions, createdAt: ctx.now, updatedAt: ctx.now };
        await repos.delivery.insertZone(tenant, zone);
        await recordAudit(repos, ctx, { action: 'delivery_zone.create', targetType: 'delivery_zone', targetId: zone.id, details: { name: zone.name, regions: regions.map(regionKey) } });
        return { zone: { ...zone, options: [] }, currency: await storeCurrency(repos, ctx) };
      });
    },

    /**
     * Changes the name and/or replaces the region list (the same rules as on create). `precondition` (If-Match) is
     * checked against the zone with its options, under the zone lock that option writes take too.
     */
    async updateZone(ctx: StoreContext, zoneId: string, patch: ZonePatchInput, precondition?: Precondition<ZoneWithOptions, Currency>): Promise<{ zone: ZoneWithOptions; currency: Currency }> {
      requirePermission(ctx, 'delivery:write');
      const { tenant } = ctx;
      const regions = patch.regions === undefined ? undefined : await checkRegions(ctx, patch.regions);
      return repos.transaction(async (repos) => {
        await repos.delivery.lockZones(tenant);
        const current = await requireZone(repos, ctx, zoneId);
        if (precondition) precondition((await withOptions(repos, ctx, [current]))[0]!, await storeCurrency(repos, ctx));
        if (regions) await checkRegionsFree(repos, ctx, regions, zoneId);
        const change = { ...(patch.name !== undefined ? { name: patch.name } : {}), ...(regions ? { regions } : {}) };
        await repos.delivery.updateZone(tenant, zoneId, change, ctx.now);
        await recordAudit(repos, ctx, {
          action: 'delivery_zone.update',
          targetType: 'delivery_zone',
          targetId: zoneId,
          details: { fields: Object.keys(change), ...(regions ? { regions: regions.map(regionKey) } : {}) },
        });
        const [zone] = await withOptions(repos, ctx, [await requireZone(repos, ctx, zoneId)]);
        return { zone: zone!, currency: await storeCurrency(repos, ctx) };
      });
    },

    /** Deletes the zone with its options. Orders keep the option name they were placed with. */
    async deleteZone(ctx: StoreContext, zoneId: string, precondition?: Precondition<ZoneWithOptions, Currency>): Promise<void> {
      requirePermission(ctx, 'delivery:write');
      const { tenant } = ctx;
      await repos.transaction(async (repos) => {
        await repos.delivery.lockZones(tenant);
        const zone = await requireZone(repos, ctx, zoneId);
        if (precondition) precondition((await withOptions(repos, ctx, [zone]))[0]!, await storeCurrency(repos, ctx));
        const options = await repos.delivery.countOptions(tenant, zoneId);
        if (!(await repos.delivery.deleteZone(tenant, zoneId))) throw zoneNotFound(zoneId);
        await recordAudit(repos, ctx, { action: 'delivery_zone.delete', targetType: 'delivery_zone', targetId: zoneId, details: { name: zone.name, optionsDeleted: options } });
      });
    },

    async listOptions(ctx: StoreContext, zoneId: string): Promise<{ items: DeliveryOption[]; currency: Currency }> {
      requirePermission(ctx, 'delivery:read');
      const zone = await requireZone(repos, ctx, zoneId);
      const [[withOpts], currency] = await Promise.all([withOptions(repos, ctx, [zone]), storeCurrency(repos, ctx)]);
      return { items: withOpts!.options, currency };
    },

    async getOption(ctx: StoreContext, zoneId: string, optionId: string): Promise<{ option: DeliveryOption; currency: Currency }> {
      requirePermission(ctx, 'delivery:read');
      const option = await requireOption(repos, ctx, zoneId, optionId);
      return { option, currency: await storeCurrency(repos, ctx) };
    },

    async createOption(ctx: StoreContext, zoneId: string, input: OptionCreateInput): Promise<{ option: DeliveryOption; currency: Currency }> {
      requirePermission(ctx, 'delivery:write');
      const { tenant } = ctx;
      return repos.transaction(async (repos) => {
        // Serialized with zone deletes and other option creates, so the per-zone limit holds and the zone stays.
        await repos.delivery.lockZones(tenant);
        await requireZone(repos, ctx, zoneId);
        const currency = await storeCurrency(repos, ctx);
        const values = optionValues(input, null, currency);
        if ((await repos.delivery.countOptions(tenant, zoneId)) >= DELIVERY_LIMITS.optionsPerZone) {
          throw new AppError('LIMIT_EXCEEDED', `A delivery zone has at most ${DELIVERY_LIMITS.optionsPerZone} options. Delete or reuse one first.`);
        }
        const option: DeliveryOption = {
          id: newId('dopt', ctx.now),
          zoneId,
          name: input.name,
          feeMinor: values.feeMinor!,
          freeOverMinor: values.freeOverMinor ?? null,
          estimatedDaysMin: values.estimatedDaysMin ?? null,
          estimatedDaysMax: values.estimatedDaysMax ?? null,
          active: values.active ?? true,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        };
        await repos.delivery.insertOption(tenant, option);
        await recordAudit(repos, ctx, { action: 'delivery_option.create', targetType: 'delivery_option', targetId: option.id, details: { zoneId, name: option.name, feeMinor: option.feeMinor } });
        return { option, currency };
      });
    },

    /** `precondition` (If-Match) is checked against the current option, under the zone lock. */
    async updateOption(
      ctx: StoreContext,
      zoneId: string,
      optionId: string,
      patch: OptionPatchInput,
      precondition?: Precondition<DeliveryOption, Currency>,
    ): Promise<{ option: DeliveryOption; currency: Currency }> {
      requirePermission(ctx, 'delivery:write');
      const { tenant } = ctx;
      return repos.transaction(async (repos) => {
        // An option is part of its zone's representation: its writes wait for zone writes and the other way round.
        await repos.delivery.lockZones(tenant);
        const current = await requireOption(repos, ctx, zoneId, optionId);
        const currency = await storeCurrency(repos, ctx);
        precondition?.(current, currency);
        const values = optionValues(patch, current, currency);
        await repos.delivery.updateOption(tenant, optionId, values, ctx.now);
        await recordAudit(repos, ctx, { action: 'delivery_option.update', targetType: 'delivery_option', targetId: optionId, details: { zoneId, fields: Object.keys(values) } });
        return { option: (await repos.delivery.findOption(tenant, optionId))!, currency };
      });
    },

    async deleteOption(ctx: StoreContext, zoneId: string, optionId: string, precondition?: Precondition<DeliveryOption, Currency>): Promise<void> {
      requirePermission(ctx, 'delivery:write');
      const { tenant } = ctx;
      await repos.transaction(async (repos) => {
        await repos.delivery.lockZones(tenant);
        const option = await requireOption(repos, ctx, zoneId, optionId);
        if (precondition) precondition(option, await storeCurrency(repos, ctx));
        await repos.delivery.deleteOption(tenant, optionId);
        await recordAudit(repos, ctx, { action: 'delivery_option.delete', targetType: 'delivery_option', targetId: optionId, details: { zoneId, name: option.name } });
      });
    },

    /**
     * The active options that serve an address, with their fee for `subtotal` (a decimal in the store currency),
     * cheapest first: what a checkout would offer, through the same rules `quoteDeliveryOption` applies to orders.
     */
    async quote(
      ctx: StoreContext,
      query: { countryId: string; stateId?: string | undefined; subtotal: number },
    ): Promise<{ zone: DeliveryZone | null; quotes: DeliveryQuote[]; subtotalMinor: number; currency: Currency; address: Region }> {
      // A shopper gets the same quote: the active options that serve the address, as a checkout offers them.
      readAs(ctx, 'delivery-quote');
      const details: ErrorDetail[] = [];
      const country = (await reference.listCountries(ctx)).find((c) => c.id === query.countryId);
      if (!country) details.push({ path: 'countryId', rule: 'must be a country id from GET /v1/countries', in: 'query' });
      else if (query.stateId !== undefined && !(await reference.listStates(ctx, country.id)).some((s) => s.id === query.stateId)) {
        details.push({ path: 'stateId', rule: `must be a state of ${country.id}, from GET /v1/states/${country.id}`, in: 'query' });
      }
      const currency = await storeCurrency(repos, ctx);
      const subtotalMinor = toMinor(query.subtotal, currency);
      if (subtotalMinor === null) details.push({ path: 'subtotal', rule: `must have at most ${currency.digits} decimal places (${currency.code})`, in: 'query' });
      if (details.length > 0) throw invalid(details);
      const address: Region = { countryId: query.countryId, stateId: query.stateId ?? null };
      const zone = servingZone(await repos.delivery.allZones(ctx.tenant), address);
      if (!zone) return { zone: null, quotes: [], subtotalMinor: subtotalMinor!, currency, address };
      const [withOpts] = await withOptions(repos, ctx, [zone]);
      const quotes = withOpts!.options
        .filter((o) => o.active)
        .map((option) => ({ option, zone, feeMinor: deliveryFee(option, subtotalMinor!) }))
        .sort((a, b) => a.feeMinor - b.feeMinor || a.option.name.localeCompare(b.option.name, 'en'));
      return { zone, quotes, subtotalMinor: subtotalMinor!, currency, address };
    },
  };
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;
