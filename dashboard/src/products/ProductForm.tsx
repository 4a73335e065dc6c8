import { type FormEvent, type ReactNode, useId } from 'react';
import type { Tenant } from '../api/client.ts';
import type { Schemas } from '../api/wire.ts';
import { Field, TextField } from '../components/Field.tsx';
import { ImageList } from '../components/Images.tsx';
import { type CategoryNode, numberOrText, STATUS_HINT, STATUS_LABEL, STATUSES } from './catalog.ts';

type Product = Schemas['Product'];
type ProductStatus = Schemas['Product']['status'];
type ProductType = Schemas['Product']['type'];

/** What the product form holds: text as typed, converted when sent. */
export interface ProductFormValues {
  type: ProductType;
  name: string;
  slug: string;
  description: string;
  status: ProductStatus;
  categoryIds: string[];
  imageFileIds: string[];
  price: string;
  discount: string;
  quantityInStock: string;
  sku: string;
  taxClass: string;
}

export const EMPTY_PRODUCT: ProductFormValues = {
  type: 'SIMPLE',
  name: '',
  slug: '',
  description: '',
  status: 'draft',
  categoryIds: [],
  imageFileIds: [],
  price: '',
  discount: '',
  quantityInStock: '',
  sku: '',
  taxClass: 'standard',
};

export function formValues(p: Product): ProductFormValues {
  return {
    type: p.type,
    name: p.name,
    slug: p.slug,
    description: p.description ?? '',
    status: p.status,
    categoryIds: p.categoryIds,
    imageFileIds: p.imageFileIds,
    price: p.price === null ? '' : String(p.price),
    discount: p.discount === null ? '' : String(p.discount),
    quantityInStock: p.quantityInStock === null ? '' : String(p.quantityInStock),
    sku: p.sku ?? '',
    taxClass: p.taxClass,
  };
}

/** The wire value of each field (empty optional text becomes null or is left out). */
function wire(v: ProductFormValues) {
  return {
    name: v.name,
    slug: v.slug.trim(),
    description: v.description.trim() === '' ? null : v.description,
    status: v.status,
    categoryIds: v.categoryIds,
    imageFileIds: v.imageFileIds,
    price: numberOrText(v.price),
    discount: v.discount.trim() === '' ? 0 : numberOrText(v.discount),
    quantityInStock: numberOrText(v.quantityInStock),
    sku: v.sku.trim() === '' ? null : v.sku.trim(),
    // An emptied class is the default one.
    taxClass: v.taxClass.trim() === '' ? 'standard' : v.taxClass.trim(),
  };
}

const SIMPLE_ONLY = ['price', 'discount', 'quantityInStock', 'sku'] as const;

/** The POST /v1/products body: SIMPLE products carry their price and stock, VARIABLE ones do not. */
export function createBody(v: ProductFormValues): Record<string, unknown> {
  const w = wire(v);
  const body: Record<string, unknown> = { type: v.type, name: w.name, status: w.status, categoryIds: w.categoryIds, imageFileIds: w.imageFileIds };
  if (w.slug) body.slug = w.slug;
  if (w.description !== null) body.description = w.description;
  body.taxClass = w.taxClass;
  if (v.type === 'SIMPLE') {
    body.price = w.price;
    body.discount = w.discount;
    body.quantityInStock = w.quantityInStock;
    if (w.sku !== null) body.sku = w.sku;
  }
  return body;
}

/** The PATCH /v1/products/{id} body: only the fields that differ from the loaded product. */
export function patchBody(loaded: ProductFormValues, v: ProductFormValues): Record<string, unknown> {
  const before = wire(loaded);
  const after = wire(v);
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof typeof after)[]) {
    if (v.type === 'VARIABLE' && (SIMPLE_ONLY as readonly string[]).includes(key)) continue;
    if (key === 'slug' && after.slug === '') continue; // a slug cannot be emptied; leaving it blank keeps it
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) patch[key] = after[key];
  }
  return patch;
}

/** The fields a 412 compares, as the merchant knows them. */
export const PRODUCT_LABELS = {
  name: 'Name',
  slug: 'Slug',
  description: 'Description',
  status: 'Status',
  categoryIds: 'Categories',
  imageFileIds: 'Images',
  price: 'Price',
  discount: 'Discount (%)',
  quantityInStock: 'Stock',
  sku: 'SKU code',
  taxClass: 'Tax class',
} as const;

const FIELDS = ['type', ...Object.keys(PRODUCT_LABELS)];

/** The API error for a field, including those of its list items (`categoryIds[2]`). */
function errorOf(errors: Map<string, string>, field: string): string | null {
  for (const [path, rule] of errors) if (path === field || path.startsWith(`${field}[`) || path.startsWith(`${field}.`)) return rule;
  return null;
}

/** Whether every validation error of the answer has a field of this form to show next to. */
export function shownAtProductFields(errors: Map<string, string>): boolean {
  return errors.size > 0 && [...errors.keys()].every((path) => FIELDS.some((f) => path === f || path.startsWith(`${f}[`) || path.startsWith(`${f}.`)));
}

/**
 * The product's own fields (create and edit). Price, discount, stock and SKU code show for SIMPLE products only; a
 * VARIABLE product's are on its SKUs. `canChangeStock` (inventory:write) gates the stock field on an edit.
 */
export function ProductForm({
  tenant,
  values,
  onChange,
  errors,
  creating,
  readOnly,
  canChangeStock,
  categories,
  currency,
  onSubmit,
  actions,
  noSkus = false,
}: {
  tenant: Tenant;
  values: ProductFormValues;
  onChange: (v: ProductFormValues) => void;
  errors: Map<string, string>;
  creating: boolean;
  readOnly: boolean;
  canChangeStock: boolean;
  categories: CategoryNode[];
  currency: string;
  onSubmit: () => void;
  actions: ReactNode;
  /** A VARIABLE product without SKUs yet: it cannot be ordered, so Active is not offered (unless it already is). */
  noSkus?: boolean;
}) {
  const typeHint = useId();
  const taxClasses = useId();
  const set = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) => onChange({ ...values, [key]: value });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!readOnly) onSubmit();
  };
  const typeError = errorOf(errors, 'type');
  const categoriesError = errorOf(errors, 'categoryIds');
  return (
    <form onSubmit={submit} noValidate className="product-form">
      {creating ? (
        <fieldset className="fieldset" aria-describedby={typeHint}>
          <legend>Type</legend>
          <p id={typeHint} className="field-hint">
            The type cannot be changed later.
          </p>
          <label className="choice">
            <input type="radio" name="type" value="SIMPLE" checked={values.type === 'SIMPLE'} onChange={() => set('type', 'SIMPLE')} /> <strong>Simple</strong>: one
            price and one stock count
          </label>
          <label className="choice">
            <input type="radio" name="type" value="VARIABLE" checked={values.type === 'VARIABLE'} onChange={() => set('type', 'VARIABLE')} /> <strong>Variable</strong>:
            options such as colour and size, each SKU with its own price and stock (added after creating it)
          </label>
          {typeError ? <p className="field-error">Type {typeError}.</p> : null}
        </fieldset>
      ) : null}
      <TextField label="Name" error={errorOf(errors, 'name')} type="text" required maxLength={200} readOnly={readOnly} value={values.name} onChange={(v) => set('name', v)} />
      <TextField label="Slug" error={errorOf(errors, 'slug')} hint={creating ? 'Lower-case letters, digits and hyphens. Leave it empty to make one from the name.' : 'Lower-case letters, digits and hyphens; used in your storefront’s addresses.'} type="text" maxLength={200} readOnly={readOnly} value={values.slug} onChange={(v) => set('slug', v)} />
      <Field label="Description" error={errorOf(errors, 'description')}>
        {(p) => <textarea {...p} rows={4} maxLength={20000} readOnly={readOnly} value={values.description} onChange={(e) => set('description', e.target.value)} />}
      </Field>
      <Field
        label="Status"
        error={errorOf(errors, 'status')}
        hint={noSkus && values.status !== 'active' ? 'It can be made active once it has SKUs: add a variant group with its SKUs first.' : undefined}
      >
        {(p) => (
          <select {...p} value={values.status} disabled={readOnly} onChange={(e) => set('status', e.target.value as ProductStatus)}>
            {STATUSES.map((s) => (
              <option key={s} value={s} disabled={s === 'active' && noSkus && values.status !== 'active'}>
                {STATUS_LABEL[s]}: {s === 'active' && noSkus && values.status !== 'active' ? 'once it has SKUs' : STATUS_HINT[s]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        label="Tax class"
        error={errorOf(errors, 'taxClass')}
        hint="Standard unless you choose another: reduced, zero, or a class of your own that you gave a rate under Taxes."
      >
        {(p) => (
          <>
            <input {...p} type="text" list={taxClasses} maxLength={40} readOnly={readOnly} value={values.taxClass} onChange={(e) => set('taxClass', e.target.value)} />
            <datalist id={taxClasses}>
              <option value="standard" />
              <option value="reduced" />
              <option value="zero" />
            </datalist>
          </>
        )}
      </Field>
      {values.type === 'SIMPLE' ? (
        <div className="field-grid">
          <TextField label={`Price (${currency})`} error={errorOf(errors, 'price')} hint="Greater than 1." type="text" inputMode="decimal" required readOnly={readOnly} value={values.price} onChange={(v) => set('price', v)} />
          <TextField label="Discount (%)" error={errorOf(errors, 'discount')} hint="0 to 100; empty for none." type="text" inputMode="decimal" readOnly={readOnly} value={values.discount} onChange={(v) => set('discount', v)} />
          <TextField label="Stock" error={errorOf(errors, 'quantityInStock')} hint={!creating && !canChangeStock ? 'Changing stock needs the permission to update stock quantities (inventory:write).' : 'Units available to order.'} type="text" inputMode="numeric" required readOnly={readOnly || (!creating && !canChangeStock)} value={values.quantityInStock} onChange={(v) => set('quantityInStock', v)} />
          <TextField label="SKU code" error={errorOf(errors, 'sku')} hint="Your own stock-keeping code, unique in the store; optional." type="text" maxLength={100} readOnly={readOnly} value={values.sku} onChange={(v) => set('sku', v)} />
        </div>
      ) : null}
      <fieldset className="fieldset">
        <legend>Categories</legend>
        {categories.length === 0 ? (
          <p className="muted">This store has no categories yet; add them under Categories.</p>
        ) : (
          <ul className="checkboxes">
            {categories.map((c) => (
              <li key={c.id}>
                <label>
                  <input
                    type="checkbox"
                    name="categoryIds"
                    value={c.id}
                    disabled={readOnly}
                    checked={values.categoryIds.includes(c.id)}
                    onChange={(e) => set('categoryIds', e.target.checked ? [...values.categoryIds, c.id] : values.categoryIds.filter((id) => id !== c.id))}
                  />{' '}
                  {c.path}
                </label>
              </li>
            ))}
          </ul>
        )}
        {categoriesError ? <p className="field-error">Categories: {categoriesError}.</p> : null}
      </fieldset>
      <ImageList
        tenant={tenant}
        productName={values.name}
        fileIds={values.imageFileIds}
        onChange={(ids) => set('imageFileIds', ids)}
        canWrite={!readOnly}
        error={errorOf(errors, 'imageFileIds')}
      />
      {actions}
    </form>
  );
}
