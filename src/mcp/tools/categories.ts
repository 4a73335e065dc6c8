import { z } from 'zod';
import { CategoryCreateBody, CategoryPatchBody } from '../../domain/catalog/catalog-schemas.ts';
import { CategoryRecord, toCategoryRecord } from '../../wire/catalog.ts';
import { Confirm } from '../confirm.ts';
import { CREATE, DESTROY, DeletedOutput, defineTool, Id, READ, UPDATE } from '../tool.ts';

const area = 'categories' as const;

/** Product categories: the same service as /v1/categories. */
export const categoryTools = [
  defineTool({
    name: 'list_categories',
    area,
    title: 'List categories',
    description: 'All product categories of the store (a tree: parentId null for top-level ones), ordered by position. Category ids are what products take in categoryIds.',
    permission: 'products:read',
    does: READ,
    input: z.strictObject({}),
    output: z.object({ items: z.array(CategoryRecord) }),
    async run(s, ctx) {
      const items = await s.categories.list(ctx);
      return { summary: `${items.length} categor${items.length === 1 ? 'y' : 'ies'}`, data: { items: items.map(toCategoryRecord) } };
    },
  }),
  defineTool({
    name: 'create_category',
    area,
    title: 'Create a category',
    description: 'Creates a category; parentId nests it under another. The slug is generated from the name when not given.',
    permission: 'products:write',
    does: CREATE,
    input: CategoryCreateBody,
    output: z.object({ category: CategoryRecord }),
    async run(s, ctx, args) {
      const category = await s.categories.create(ctx, args);
      return { summary: `Category ${category.name} created (${category.id})`, data: { category: toCategoryRecord(category) } };
    },
  }),
  defineTool({
    name: 'update_category',
    area,
    title: 'Change a category',
    description: 'Changes the name, slug, parentId or position of a category (only the fields sent).',
    permission: 'products:write',
    does: UPDATE,
    input: z.strictObject({ categoryId: Id, ...CategoryPatchBody.shape }),
    output: z.object({ category: CategoryRecord }),
    async run(s, ctx, { categoryId, ...patch }) {
      const category = await s.categories.update(ctx, categoryId, patch);
      return { summary: `Category ${category.name} updated`, data: { category: toCategoryRecord(category) } };
    },
  }),
  defineTool({
    name: 'delete_category',
    area,
    title: 'Delete a category',
    description: 'Deletes an empty category: one with subcategories or products is refused (CATEGORY_NOT_EMPTY, saying what to move first) before any confirmation is asked for. Needs confirm: true.',
    permission: 'products:write',
    does: DESTROY,
    confirm: (a) => `delete category ${a.categoryId}, which has no subcategories and no products`,
    precheck: (s, ctx, a) => s.categories.checkRemovable(ctx, a.categoryId),
    input: z.strictObject({ categoryId: Id, confirm: Confirm }),
    output: DeletedOutput,
    async run(s, ctx, args) {
      await s.categories.remove(ctx, args.categoryId);
      return { summary: `Category ${args.categoryId} deleted`, data: { id: args.categoryId, deleted: true as const } };
    },
  }),
];
