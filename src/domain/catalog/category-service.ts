import type { StoreContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { AuditRepo } from '../audit/ports.ts';
import type { CatalogRepo } from './ports.ts';
import type { Transactional } from '../shared/transactional.ts';
import { readAs, requirePermission } from '../shared/access.ts';
import { recordAudit } from '../shared/audit-trail.ts';
import { newId } from '../shared/ids.ts';
import type { Precondition } from '../shared/preconditions.ts';
import { slugify } from '../reference/specifications.ts';
import { isUniqueConflict } from '../shared/conflicts.ts';
import { invalid } from '../shared/validation.ts';
import { CATALOG_LIMITS, type Category } from './types.ts';

/** The repositories category-service.ts reads and writes (the composition root passes them; src/db implements them). */
export interface CategoryServiceRepos {
  audit: Pick<AuditRepo, 'insert'>;
  catalog: Pick<CatalogRepo, 'categorySlugTaken' | 'categoryUsage' | 'deleteCategory' | 'findCategory' | 'insertCategory' | 'listCategories' | 'lockCategory' | 'updateCategory'>;
}

export interface CategoryInput {
  name: string;
  slug?: string | undefined;
  parentId?: string | null | undefined;
  position?: number | undefined;
}

/** The category tree of a store: parent, name, slug, position. */
export function createCategoryService(deps: { repos: Transactional<CategoryServiceRepos> }) {
  const { repos } = deps;

  function categoryNotFound(id: string): AppError {
    return new AppError('CATEGORY_NOT_FOUND', `No category "${id}" in this store. List them with GET /v1/categories.`);
  }

  async function requireCategory(repos: CategoryServiceRepos, ctx: StoreContext, id: string): Promise<Category> {
    const category = await repos.catalog.findCategory(ctx.tenant, id);
    if (!category) throw categoryNotFound(id);
    return category;
  }

  /** Inside a write transaction: the category, locked, after the caller's precondition (If-Match) held. */
  async function lockCategory(repos: CategoryServiceRepos, ctx: StoreContext, id: string, precondition?: Precondition<Category>): Promise<Category> {
    const category = await repos.catalog.lockCategory(ctx.tenant, id);
    if (!category) throw categoryNotFound(id);
    precondition?.(category);
    return category;
  }

  /** The parent must exist in the store, must not be the category itself or below it, and the tree stays shallow. */
  async function checkParent(repos: CategoryServiceRepos, ctx: StoreContext, parentId: string, selfId?: string): Promise<void> {
    const all = new Map((await repos.catalog.listCategories(ctx.tenant)).map((c) => [c.id, c]));
    if (!all.has(parentId)) throw invalid([{ path: 'parentId', rule: 'must be a category of this store' }]);
    let depth = 1;
    for (let at: string | null = parentId; at !== null; at = all.get(at)?.parentId ?? null) {
      if (at === selfId) throw invalid([{ path: 'parentId', rule: 'must not be the category itself or one of its sub-categories' }]);
      depth += 1;
    }
    if (depth > CATALOG_LIMITS.categoryDepth) throw invalid([{ path: 'parentId', rule: `categories nest at most ${CATALOG_LIMITS.categoryDepth} levels deep` }]);
  }

  function slugTaken(slug: string): AppError {
    return new AppError('SLUG_TAKEN', `Another category of this store already has the slug "${slug}".`, { details: [{ path: 'slug', rule: 'must be unique within the store' }] });
  }

  return {
    /** Every category of the store; a shopper sees them all too (a category has no status). */
    async list(ctx: StoreContext): Promise<Category[]> {
      readAs(ctx, 'catalog');
      return repos.catalog.listCategories(ctx.tenant);
    },

    async get(ctx: StoreContext, id: string): Promise<Category> {
      readAs(ctx, 'catalog');
      return requireCategory(repos, ctx, id);
    },

    async create(ctx: StoreContext, input: CategoryInput): Promise<Category> {
      requirePermission(ctx, 'products:write');
      const { tenant } = ctx;
      try {
        return await repos.transaction(async (repos) => {
          if (input.parentId) await checkParent(repos, ctx, input.parentId);
          let slug = input.slug ?? (slugify(input.name) || 'category');
          if (await repos.catalog.categorySlugTaken(tenant, slug)) {
            if (input.slug !== undefined) throw slugTaken(slug);
            const base = slug;
            for (let n = 2; await repos.catalog.categorySlugTaken(tenant, slug); n += 1) slug = `${base}-${n}`;
          }
          const category: Category = {
            id: newId('cat', ctx.now),
            parentId: input.parentId ?? null,
            name: input.name,
            slug,
            position: input.position ?? 0,
            createdAt: ctx.now,
            updatedAt: ctx.now,
          };
          await repos.catalog.insertCategory(tenant, category);
          await recordAudit(repos, ctx, { action: 'category.create', targetType: 'category', targetId: category.id, details: { name: category.name } });
          return category;
        });
      } catch (error) {
        if (isUniqueConflict(error, 'category_slug')) throw slugTaken(input.slug ?? input.name);
        throw error;
      }
    },

    async update(ctx: StoreContext, id: string, patch: Partial<CategoryInput>, precondition?: Precondition<Category>): Promise<Category> {
      requirePermission(ctx, 'products:write');
      const { tenant } = ctx;
      try {
        return await repos.transaction(async (repos) => {
          await lockCategory(repos, ctx, id, precondition);
          if (patch.parentId) await checkParent(repos, ctx, patch.parentId, id);
          if (patch.slug !== undefined && (await repos.catalog.categorySlugTaken(tenant, patch.slug, id))) throw slugTaken(patch.slug);
          await repos.catalog.updateCategory(tenant, id, patch, ctx.now);
          await recordAudit(repos, ctx, { action: 'category.update', targetType: 'category', targetId: id, details: { fields: Object.keys(patch) } });
          return requireCategory(repos, ctx, id);
        });
      } catch (error) {
        if (isUniqueConflict(error, 'category_slug')) throw slugTaken(patch.slug ?? '');
        throw error;
      }
    },

    /**
     * Refuses, as `remove` would now, a category that cannot be deleted (unknown: 404; with sub-categories or products:
     * 409), and changes nothing: what the AI connector checks before it asks the merchant to confirm a deletion.
     */
    async checkRemovable(ctx: StoreContext, id: string): Promise<void> {
      requirePermission(ctx, 'products:write');
      await requireCategory(repos, ctx, id);
      refuseIfNotEmpty(id, await repos.catalog.categoryUsage(ctx.tenant, id));
    },

    /** A category with sub-categories or products is not deleted (409 saying what to move first). */
    async remove(ctx: StoreContext, id: string, precondition?: Precondition<Category>): Promise<void> {
      requirePermission(ctx, 'products:write');
      const { tenant } = ctx;
      await repos.transaction(async (repos) => {
        await lockCategory(repos, ctx, id, precondition);
        refuseIfNotEmpty(id, await repos.catalog.categoryUsage(tenant, id));
        await repos.catalog.deleteCategory(tenant, id);
        await recordAudit(repos, ctx, { action: 'category.delete', targetType: 'category', targetId: id });
      });
    },
  };
}

/** 409 CATEGORY_NOT_EMPTY saying what to move first. */
function refuseIfNotEmpty(id: string, usage: { children: number; products: number }): void {
  if (usage.children === 0 && usage.products === 0) return;
  const parts = [usage.children > 0 ? `${usage.children} sub-categor${usage.children === 1 ? 'y' : 'ies'}` : '', usage.products > 0 ? `${usage.products} product${usage.products === 1 ? '' : 's'}` : ''].filter(Boolean);
  throw new AppError('CATEGORY_NOT_EMPTY', `Category ${id} still has ${parts.join(' and ')}. Move them to another category (or remove them from this one) first.`);
}

export type CategoryService = ReturnType<typeof createCategoryService>;
