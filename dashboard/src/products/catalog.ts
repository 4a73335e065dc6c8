import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Tenant } from '../api/client.ts';
import type { QueryOf, Schemas } from '../api/wire.ts';
import { formatMoney } from '../format.ts';

type Category = Schemas['Category'];
type Color = Schemas['Color'];
type Product = Schemas['Product'];
type ProductSort = NonNullable<QueryOf<'/v1/products'>['sort']>;
type ProductStatus = Schemas['Product']['status'];
type ProductType = Schemas['Product']['type'];

/** Shared by the products, product and categories pages (products:read to see, products:write to change). */
export const READ = 'products:read';
export const WRITE = 'products:write';
/** Changing stock through a product or SKU also needs this (docs/catalog.md). */
export const STOCK = 'inventory:write';

export const STATUSES: ProductStatus[] = ['draft', 'active', 'archived'];
export const STATUS_LABEL: Record<ProductStatus, string> = { draft: 'Draft', active: 'Active', archived: 'Archived' };
export const STATUS_HINT: Record<ProductStatus, string> = {
  draft: 'not for sale yet',
  active: 'can be ordered',
  archived: 'kept for the record, not for sale',
};
export const TYPES: ProductType[] = ['SIMPLE', 'VARIABLE'];
export const TYPE_LABEL: Record<ProductType, string> = { SIMPLE: 'Simple', VARIABLE: 'Variable' };
export const SORTS: { value: ProductSort; label: string }[] = [
  { value: '-createdAt', label: 'Newest first' },
  { value: 'createdAt', label: 'Oldest first' },
  { value: 'name', label: 'Name, A to Z' },
  { value: '-name', label: 'Name, Z to A' },
  { value: '-updatedAt', label: 'Recently changed' },
  { value: 'updatedAt', label: 'Least recently changed' },
];

export const productsKey = (t: Tenant) => ['tenant', t.storeId, t.mode, 'products'] as const;
export const productKey = (t: Tenant, id: string) => ['tenant', t.storeId, t.mode, 'products', 'one', id] as const;
export const categoriesKey = (t: Tenant) => ['tenant', t.storeId, t.mode, 'categories'] as const;

/** After any catalog change: the lists, the product pages, the overview's stock figures and the audit log. */
export function useInvalidateCatalog(tenant: Tenant) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: productsKey(tenant) });
    void queryClient.invalidateQueries({ queryKey: ['tenant', tenant.storeId, tenant.mode, 'audit-log'] });
  };
}

/** The store's categories (GET /v1/categories), in tree order with their depth, for lists and pickers. */
export function useCategories(tenant: Tenant, enabled = true) {
  return useQuery({
    queryKey: categoriesKey(tenant),
    enabled,
    queryFn: ({ signal }) => api<Category[]>('/v1/categories', { tenant, signal }).then((r) => r.data),
    select: treeOrder,
  });
}

export interface CategoryNode extends Category {
  depth: number;
  /** "Parent › Child" */
  path: string;
}

/** Categories depth-first under their parents (the API lists them by position then name, parents anywhere). */
export function treeOrder(categories: Category[]): CategoryNode[] {
  const children = new Map<string | null, Category[]>();
  const ids = new Set(categories.map((c) => c.id));
  for (const c of categories) {
    const parent = c.parentId !== null && ids.has(c.parentId) ? c.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), c]);
  }
  const out: CategoryNode[] = [];
  const walk = (parent: string | null, depth: number, prefix: string) => {
    for (const c of children.get(parent) ?? []) {
      const path = prefix ? `${prefix} › ${c.name}` : c.name;
      out.push({ ...c, depth, path });
      if (depth < 10) walk(c.id, depth + 1, path);
    }
  };
  walk(null, 0, '');
  return out;
}

/** The system palette (GET /v1/colors, public, the same for every store). */
export function useColors() {
  return useQuery({
    queryKey: ['colors'],
    staleTime: 60 * 60 * 1000,
    queryFn: ({ signal }) => api<Color[]>('/v1/colors', { signal }).then((r) => r.data),
  });
}

/** The price shown for a product: its own (SIMPLE) or the range of its SKUs (VARIABLE), in the store currency. */
export function priceText(p: Pick<Product, 'type' | 'price' | 'priceRange' | 'currency'>): string {
  if (p.type === 'SIMPLE' && p.price !== null) return formatMoney(p.price, p.currency);
  if (!p.priceRange) return 'No SKUs yet';
  if (p.priceRange.min === p.priceRange.max) return formatMoney(p.priceRange.min, p.currency);
  return `${formatMoney(p.priceRange.min, p.currency)} – ${formatMoney(p.priceRange.max, p.currency)}`;
}

/** A form's number: the typed text as a number, or the text itself when it is not one (the API then names the field). */
export function numberOrText(text: string): number | string {
  const trimmed = text.trim();
  if (trimmed === '') return trimmed;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : trimmed;
}

/** Attributes as typed in one field, "Size=M; Fit=Slim", and back. */
export function attributesText(attributes: Record<string, string>): string {
  return Object.entries(attributes)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
}

export function parseAttributes(text: string): { value: Record<string, string> } | { error: string } {
  const value: Record<string, string> = {};
  for (const part of text.split(';')) {
    if (part.trim() === '') continue;
    const at = part.indexOf('=');
    if (at < 0) return { error: `must be pairs like Size=M separated by semicolons (“${part.trim()}” has no =)` };
    const key = part.slice(0, at).trim();
    if (key in value) return { error: `names “${key}” twice` };
    value[key] = part.slice(at + 1).trim();
  }
  return { value };
}

export function attributesLabel(attributes: Record<string, string>): string {
  const entries = Object.entries(attributes);
  return entries.length === 0 ? '' : entries.map(([k, v]) => `${k}: ${v}`).join(', ');
}
