import type { StoreContext } from '../../context.ts';
import { AppError, type ErrorDetail } from '../../errors.ts';
import type { AuditRepo } from '../audit/ports.ts';
import type { ReferenceService } from '../reference/reference-service.ts';
import { requirePermission } from '../shared/access.ts';
import { recordAudit } from '../shared/audit-trail.ts';
import { newId } from '../shared/ids.ts';
import { anyIdCursor, pageOf } from '../shared/pagination.ts';
import type { Precondition } from '../shared/preconditions.ts';
import type { Transactional } from '../shared/transactional.ts';
import { invalid } from '../shared/validation.ts';
import type { TaxCalculator, TaxRepo } from './ports.ts';
import { calculateTableTax } from './tax-rules.ts';
import type { TaxRegionCreateInput, TaxRegionPatchInput } from './tax-schemas.ts';
import { TAX_LIMITS, type TaxRegion } from './types.ts';

/** The repositories tax-service.ts reads and writes (the composition root passes them; src/db implements them). */
export interface TaxServiceRepos {
  audit: Pick<AuditRepo, 'insert'>;
  taxes: Pick<TaxRepo, 'allRegions' | 'countRegions' | 'deleteRegion' | 'findRegion' | 'insertRegion' | 'listRegions' | 'lockRegions' | 'updateRegion'>;
}

/** The built-in tax calculator: the store's own tax regions and rates (tax-rules.ts `calculateTableTax`). */
export const tableTaxCalculator: TaxCalculator = {
  async calculate(repos, ctx, order) {
    if (order.address === null) return { lines: [], taxTotalMinor: 0 };
    return calculateTableTax(order, await repos.taxes.regionsOfCountry(ctx.tenant, order.address.countryId));
  },
};

function regionNotFound(id: string): AppError {
  return new AppError('TAX_REGION_NOT_FOUND', `No tax region "${id}" in this store. List them with GET /v1/tax-regions.`);
}

function place(r: { countryId: string; stateId: string | null }): string {
  return r.stateId ?? `${r.countryId} (whole country)`;
}

/** Tax regions: where a store charges tax, and at what rate for each tax class (docs/taxes.md). */
export function createTaxService(deps: { repos: Transactional<TaxServiceRepos>; reference: ReferenceService }) {
  const { repos, reference } = deps;

  /** Reference checks, before any transaction: the country exists and is current, the state is one of its states. */
  async function checkPlace(ctx: StoreContext, countryId: string, stateId: string | null): Promise<void> {
    const details: ErrorDetail[] = [];
    const country = (await reference.listCountries(ctx)).find((c) => c.id === countryId);
    if (!country) details.push({ path: 'countryId', rule: 'must be a country id from GET /v1/countries' });
    else if (!country.status) details.push({ path: 'countryId', rule: 'must be a current country (this one is no longer in ISO 3166)' });
    else if (stateId !== null) {
      const state = (await reference.listStates(ctx, countryId)).find((s) => s.id === stateId);
      if (!state) details.push({ path: 'stateId', rule: `must be a state of ${countryId}, from GET /v1/states/${countryId}` });
      else if (!state.status) details.push({ path: 'stateId', rule: 'must be a current state (this one is no longer in ISO 3166-2)' });
    }
    if (details.length > 0) throw invalid(details);
  }

  /** Inside the region lock: no other region of the store and mode has the same place (409 naming it). */
  async function checkPlaceFree(repos: TaxServiceRepos, ctx: StoreContext, where: { countryId: string; stateId: string | null }, selfId?: string): Promise<void> {
    const owner = (await repos.taxes.allRegions(ctx.tenant)).find((r) => r.id !== selfId && r.countryId === where.countryId && r.stateId === where.stateId);
    if (!owner) return;
    throw new AppError('TAX_REGION_TAKEN', `${place(where)} already has the tax region "${owner.name}". Change that region's rates instead.`, {
      details: [{ path: where.stateId === null ? 'countryId' : 'stateId', rule: `already has the tax region "${owner.name}" (${owner.id}); a place has one tax region` }],
    });
  }

  async function requireRegion(repos: TaxServiceRepos, ctx: StoreContext, id: string): Promise<TaxRegion> {
    const region = await repos.taxes.findRegion(ctx.tenant, id);
    if (!region) throw regionNotFound(id);
    return region;
  }

  return {
    async listRegions(ctx: StoreContext, page: { limit: number; cursor?: string | undefined }): Promise<{ items: TaxRegion[]; nextCursor: string | null }> {
      requirePermission(ctx, 'settings:read');
      const after = page.cursor === undefined ? undefined : anyIdCursor.decode(page.cursor);
      return pageOf(await repos.taxes.listRegions(ctx.tenant, { limit: page.limit, after }), page.limit, (last) => anyIdCursor.encode(last.id));
    },

    async getRegion(ctx: StoreContext, id: string): Promise<TaxRegion> {
      requirePermission(ctx, 'settings:read');
      return requireRegion(repos, ctx, id);
    },

    async createRegion(ctx: StoreContext, input: TaxRegionCreateInput): Promise<TaxRegion> {
      requirePermission(ctx, 'settings:write');
      const stateId = input.stateId ?? null;
      if (stateId !== null && !stateId.startsWith(`${input.countryId}-`)) throw invalid([{ path: 'stateId', rule: `must be a state of ${input.countryId}, from GET /v1/states/${input.countryId}` }]);
      await checkPlace(ctx, input.countryId, stateId);
      return repos.transaction(async (repos) => {
        await repos.taxes.lockRegions(ctx.tenant);
        if ((await repos.taxes.countRegions(ctx.tenant)) >= TAX_LIMITS.regionsPerStore) {
          throw new AppError('LIMIT_EXCEEDED', `A store has at most ${TAX_LIMITS.regionsPerStore} tax regions per mode.`);
        }
        await checkPlaceFree(repos, ctx, { countryId: input.countryId, stateId });
        const region: TaxRegion = {
          id: newId('taxr', ctx.now),
          name: input.name ?? stateId ?? input.countryId,
          countryId: input.countryId,
          stateId,
          rates: input.rates,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        };
        await repos.taxes.insertRegion(ctx.tenant, region);
        await recordAudit(repos, ctx, { action: 'tax_region.create', targetType: 'tax_region', targetId: region.id, details: { name: region.name, countryId: region.countryId, stateId, rates: region.rates } });
        return region;
      });
    },

    /** Changes the sent fields; `rates` replaces the whole table. Orders already placed keep the tax they were placed with. */
    async updateRegion(ctx: StoreContext, id: string, patch: TaxRegionPatchInput, precondition?: Precondition<TaxRegion>): Promise<TaxRegion> {
      requirePermission(ctx, 'settings:write');
      const before = await requireRegion(repos, ctx, id);
      const moves = patch.countryId !== undefined || patch.stateId !== undefined;
      const countryId = patch.countryId ?? before.countryId;
      const stateId = patch.stateId !== undefined ? patch.stateId : patch.countryId !== undefined && patch.countryId !== before.countryId ? null : before.stateId;
      if (moves) {
        if (stateId !== null && !stateId.startsWith(`${countryId}-`)) throw invalid([{ path: 'stateId', rule: `must be a state of ${countryId}, from GET /v1/states/${countryId}` }]);
        await checkPlace(ctx, countryId, stateId);
      }
      return repos.transaction(async (repos) => {
        await repos.taxes.lockRegions(ctx.tenant);
        const current = await requireRegion(repos, ctx, id);
        if (precondition) precondition(current);
        if (moves) await checkPlaceFree(repos, ctx, { countryId, stateId }, id);
        const change = {
          ...(patch.name !== undefined ? { name: patch.name } : {}),
          ...(moves ? { countryId, stateId } : {}),
          ...(patch.rates !== undefined ? { rates: patch.rates } : {}),
        };
        await repos.taxes.updateRegion(ctx.tenant, id, change, ctx.now);
        await recordAudit(repos, ctx, { action: 'tax_region.update', targetType: 'tax_region', targetId: id, details: { fields: Object.keys(patch), ...change } });
        return requireRegion(repos, ctx, id);
      });
    },

    async deleteRegion(ctx: StoreContext, id: string, precondition?: Precondition<TaxRegion>): Promise<void> {
      requirePermission(ctx, 'settings:write');
      await repos.transaction(async (repos) => {
        await repos.taxes.lockRegions(ctx.tenant);
        const region = await requireRegion(repos, ctx, id);
        if (precondition) precondition(region);
        await repos.taxes.deleteRegion(ctx.tenant, id);
        await recordAudit(repos, ctx, { action: 'tax_region.delete', targetType: 'tax_region', targetId: id, details: { name: region.name, countryId: region.countryId, stateId: region.stateId } });
      });
    },
  };
}

export type TaxService = ReturnType<typeof createTaxService>;
