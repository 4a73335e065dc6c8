import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { api, apiWithEtag, type Tenant } from '../api/client.ts';
import type { Schemas } from '../api/wire.ts';
import { Confirm } from '../components/Confirm.tsx';
import { changedFields, EditorConflict } from '../components/Conflict.tsx';
import { ErrorPanel, Loading } from '../components/ErrorPanel.tsx';
import { Field, FormRefusal, fieldErrors, TextField } from '../components/Field.tsx';
import { ImagePreview, ImageUpload } from '../components/Images.tsx';
import { Section } from '../components/Section.tsx';
import { type Loaded, useEtagSave } from '../editor.ts';
import { formatMoney, formatNumber } from '../format.ts';
import { useSubmission } from '../idempotency.ts';
import { attributesLabel, attributesText, numberOrText, parseAttributes, productKey, useColors, useInvalidateCatalog } from './catalog.ts';
import { focusFirstField, useReturnFocus } from './focus.ts';
import { OptionsGrid } from './OptionsGrid.tsx';

type Color = Schemas['Color'];
type Product = Schemas['Product'];
type ProductWithVariants = Schemas['ProductWithVariants'];
type Sku = Schemas['Sku'];
type VariantGroup = Schemas['VariantGroup'];

const groupsPath = (productId: string) => `/v2/products/${encodeURIComponent(productId)}/variant-groups`;
const groupPath = (productId: string, groupId: string) => `${groupsPath(productId)}/${encodeURIComponent(groupId)}`;
const skuPath = (productId: string, groupId: string, skuId: string) => `${groupPath(productId, groupId)}/skus/${encodeURIComponent(skuId)}`;

const groupName = (g: Pick<VariantGroup, 'attributeName' | 'attributeValue'>) => `${g.attributeName}: ${g.attributeValue}`;
const skuName = (s: Sku) => {
  const options = attributesLabel(s.attributes);
  return s.sku ? `${s.sku}${options ? ` (${options})` : ''}` : options || 'the SKU';
};

/** The API's errors under `prefix` ("skus[1]."), keyed by the field name after it. */
function errorsUnder(errors: Map<string, string>, prefix: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const [path, rule] of errors) {
    if (!path.startsWith(prefix)) continue;
    const rest = path.slice(prefix.length);
    const field = rest.split(/[.[]/)[0] ?? rest;
    if (!out.has(field)) out.set(field, rule);
  }
  return out;
}

/** A colour swatch: SVG, because the CSP allows no style attributes and the palette's colours are data. */
function Swatch({ color }: { color: Color }) {
  return (
    <svg className="swatch" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <rect x="0.5" y="0.5" width="15" height="15" rx="3" fill={color.hex} stroke="#4b5563" />
    </svg>
  );
}

// ---- SKU fields (adding a group, adding a SKU, editing a SKU) ------------------------------------------------------

interface SkuValues {
  price: string;
  discount: string;
  quantityInStock: string;
  sku: string;
  attributes: string;
  /** empty: the product's tax class */
  taxClass: string;
}

const EMPTY_SKU: SkuValues = { price: '', discount: '', quantityInStock: '', sku: '', attributes: '', taxClass: '' };

function skuValues(s: Sku): SkuValues {
  return {
    price: String(s.price),
    discount: String(s.discount),
    quantityInStock: String(s.quantityInStock),
    sku: s.sku ?? '',
    attributes: attributesText(s.attributes),
    taxClass: s.taxClass ?? '',
  };
}

/** The wire fields of SKU values; `error` when the options cannot be read. */
function skuWire(v: SkuValues): { body: Record<string, unknown>; attributesError: string | null } {
  const attributes = parseAttributes(v.attributes);
  return {
    body: {
      price: numberOrText(v.price),
      discount: v.discount.trim() === '' ? 0 : numberOrText(v.discount),
      quantityInStock: numberOrText(v.quantityInStock),
      sku: v.sku.trim() === '' ? null : v.sku.trim(),
      attributes: 'value' in attributes ? attributes.value : {},
      taxClass: v.taxClass.trim() === '' ? null : v.taxClass.trim(),
    },
    attributesError: 'error' in attributes ? attributes.error : null,
  };
}

function SkuFields({
  values,
  onChange,
  errors,
  currency,
  stockReadOnly,
}: {
  values: SkuValues;
  onChange: (v: SkuValues) => void;
  errors: Map<string, string>;
  currency: string;
  stockReadOnly: boolean;
}) {
  const set = (key: keyof SkuValues, value: string) => onChange({ ...values, [key]: value });
  return (
    <div className="field-grid">
      <TextField label={`Price (${currency})`} error={errors.get('price')} hint="Greater than 1." type="text" inputMode="decimal" required value={values.price} onChange={(v) => set('price', v)} />
      <TextField label="Discount (%)" error={errors.get('discount')} hint="0 to 100; empty for none." type="text" inputMode="decimal" value={values.discount} onChange={(v) => set('discount', v)} />
      <TextField label="Stock" error={errors.get('quantityInStock')} hint={stockReadOnly ? 'Changing stock needs the permission to update stock quantities (inventory:write).' : 'Units available to order.'} type="text" inputMode="numeric" required readOnly={stockReadOnly} value={values.quantityInStock} onChange={(v) => set('quantityInStock', v)} />
      <TextField label="SKU code" error={errors.get('sku')} hint="Unique in the store; optional." type="text" maxLength={100} value={values.sku} onChange={(v) => set('sku', v)} />
      <TextField label="Options" error={errors.get('attributes')} hint="Extra options of this SKU, such as Size=M; Fit=Slim. Optional." type="text" value={values.attributes} onChange={(v) => set('attributes', v)} />
      <TextField label="SKU tax class" error={errors.get('taxClass')} hint="Empty: the product’s tax class. Or standard, reduced, zero, or one of your own." type="text" maxLength={40} value={values.taxClass} onChange={(v) => set('taxClass', v)} />
    </div>
  );
}

// ---- the section --------------------------------------------------------------------------------------------------

/** A VARIABLE product's variant groups (GET /v2/products/{id}), each with its SKU grid; with products:write, all edits. */
export function VariantGroups({ tenant, product, canWrite, canChangeStock }: { tenant: Tenant; product: Product; canWrite: boolean; canChangeStock: boolean }) {
  const tree = useQuery({
    queryKey: [...productKey(tenant, product.id), 'tree'],
    queryFn: ({ signal }) => api<ProductWithVariants>(`/v2/products/${encodeURIComponent(product.id)}`, { tenant, signal }).then((r) => r.data),
  });
  const colors = useColors();
  const palette = new Map((colors.data ?? []).map((c) => [c.id, c]));
  const groups = tree.data?.variantGroups ?? [];
  return (
    <Section title="Variant groups and SKUs">
      <p className="muted">
        A group is one value of a dimension, such as Color: Red, with an optional colour and image. Its SKUs are what customers buy, each with its own price and
        stock.
      </p>
      {tree.isPending ? (
        <Loading what="the variant groups" />
      ) : tree.isError ? (
        <ErrorPanel error={tree.error} title="The variant groups could not be loaded." onRetry={() => tree.refetch()} />
      ) : groups.length === 0 ? (
        <p className="empty">
          {canWrite
            ? 'No variant groups yet, so this product has no price and cannot be ordered. Add the first group below, with at least one SKU.'
            : 'No variant groups yet. A store owner or admin adds them.'}
        </p>
      ) : (
        groups.map((g) => (
          <GroupPanel
            key={g.id}
            tenant={tenant}
            product={product}
            group={g}
            color={g.colorId ? (palette.get(g.colorId) ?? null) : null}
            colors={colors.data ?? []}
            canWrite={canWrite}
            canChangeStock={canChangeStock}
          />
        ))
      )}
      {colors.isError ? <ErrorPanel error={colors.error} title="The colour palette could not be loaded." onRetry={() => colors.refetch()} /> : null}
      {canWrite && tree.data ? <OptionsGrid tenant={tenant} product={product} groups={groups} /> : null}
      {canWrite ? <AddGroup tenant={tenant} product={product} colors={colors.data ?? []} /> : null}
    </Section>
  );
}

function GroupPanel({
  tenant,
  product,
  group,
  color,
  colors,
  canWrite,
  canChangeStock,
}: {
  tenant: Tenant;
  product: Product;
  group: VariantGroup;
  color: Color | null;
  colors: Color[];
  canWrite: boolean;
  canChangeStock: boolean;
}) {
  const headingId = useId();
  const invalidate = useInvalidateCatalog(tenant);
  const [mode, setMode] = useState<'view' | 'edit' | 'delete' | 'add-sku'>('view');
  const [editingSku, setEditingSku] = useState<string | null>(null);
  const [deletingSku, setDeletingSku] = useState<Sku | null>(null);
  useReturnFocus(mode === 'view' ? null : `group-${mode}-${group.id}`);
  useReturnFocus(editingSku ? `sku-edit-${editingSku}` : null);
  useReturnFocus(deletingSku ? `sku-delete-${deletingSku.id}` : null);
  const removeGroup = useMutation({
    mutationFn: () => api(groupPath(product.id, group.id), { tenant, method: 'DELETE' }),
    onSuccess: invalidate,
  });
  const removeSku = useMutation({
    mutationFn: (s: Sku) => api(skuPath(product.id, group.id, s.id), { tenant, method: 'DELETE' }),
    onSuccess: () => {
      setDeletingSku(null);
      invalidate();
    },
  });
  const name = groupName(group);
  const skuCount = group.skus.length === 1 ? '1 SKU' : `${group.skus.length} SKUs`;
  return (
    <section className="variant-group" aria-labelledby={headingId} data-testid="variant-group">
      <div className="panel-head">
        <h3 id={headingId}>
          {color ? <Swatch color={color} /> : null} {name}
          {color ? <span className="muted inline"> · colour {color.name}</span> : null}
        </h3>
        {canWrite && mode === 'view' ? (
          <div className="member-actions">
            <button type="button" className="button" aria-label={`Edit group ${name}`} data-return-focus={`group-edit-${group.id}`} onClick={() => setMode('edit')}>
              Edit group
            </button>
            <button type="button" className="button" aria-label={`Add a SKU to ${name}`} data-return-focus={`group-add-sku-${group.id}`} onClick={() => setMode('add-sku')}>
              Add a SKU
            </button>
            <button
              type="button"
              className="button"
              aria-label={`Delete group ${name}`}
              data-return-focus={`group-delete-${group.id}`}
              onClick={() => {
                removeGroup.reset();
                setMode('delete');
              }}
            >
              Delete group
            </button>
          </div>
        ) : null}
      </div>
      {group.image ? <ImagePreview tenant={tenant} fileId={group.image} alt={`${product.name}, ${name}`} /> : null}
      {mode === 'edit' ? <GroupEditor tenant={tenant} product={product} group={group} colors={colors} onDone={() => setMode('view')} /> : null}
      {mode === 'delete' ? (
        <Confirm
          testId="confirm-delete-group"
          title={
            <>
              Delete the group {name} and its {skuCount}
              {group.skus.some((s) => s.sku) ? ` (${group.skus.map((s) => s.sku ?? attributesLabel(s.attributes)).join(', ')})` : ''}?
            </>
          }
          confirmLabel={`Delete ${name}`}
          busyLabel="Deleting…"
          busy={removeGroup.isPending}
          error={removeGroup.error}
          errorTitle="The group could not be deleted."
          onConfirm={() => removeGroup.mutate()}
          onCancel={() => setMode('view')}
        >
          <p>
            Their {formatNumber(group.skus.reduce((n, s) => n + s.quantityInStock, 0))} units of stock go with them. Orders already placed keep their lines.
            This cannot be undone.
          </p>
        </Confirm>
      ) : null}
      <div className="table-wrap">
        <table className="text-table sku-grid">
          <caption className="visually-hidden">SKUs of {name}</caption>
          <thead>
            <tr>
              <th scope="col">SKU code</th>
              <th scope="col">Options</th>
              <th scope="col">Price</th>
              <th scope="col">Discount</th>
              <th scope="col">Stock</th>
              {canWrite ? (
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {group.skus.map((s) =>
              editingSku === s.id ? (
                <tr key={s.id} data-testid="sku-editor-row">
                  <td colSpan={canWrite ? 6 : 5}>
                    <SkuEditor
                      tenant={tenant}
                      product={product}
                      group={group}
                      sku={s}
                      canChangeStock={canChangeStock}
                      onDone={() => setEditingSku(null)}
                    />
                  </td>
                </tr>
              ) : (
                <tr key={s.id} data-testid="sku-row">
                  <th scope="row">{s.sku ?? <span className="muted inline">none</span>}</th>
                  <td data-label="Options">{attributesLabel(s.attributes) || '—'}</td>
                  <td data-label="Price" data-testid="sku-price">
                    {formatMoney(s.price, product.currency)}
                  </td>
                  <td data-label="Discount">{s.discount ? `${s.discount} %` : '—'}</td>
                  <td data-label="Stock">{formatNumber(s.quantityInStock)}</td>
                  {canWrite ? (
                    <td>
                      <div className="member-actions">
                        <button type="button" className="button" aria-label={`Edit SKU ${skuName(s)}`} data-return-focus={`sku-edit-${s.id}`} onClick={() => setEditingSku(s.id)}>
                          Edit
                        </button>
                        <button
                          type="button"
                          className="button"
                          aria-label={`Delete SKU ${skuName(s)}`}
                          data-return-focus={`sku-delete-${s.id}`}
                          onClick={() => {
                            removeSku.reset();
                            setDeletingSku(s);
                          }}
                        >
                          Delete
                        </button>
                      </div>
                    </td>
                  ) : null}
                </tr>
              ),
            )}
          </tbody>
        </table>
      </div>
      {deletingSku ? (
        <Confirm
          key={deletingSku.id}
          testId="confirm-delete-sku"
          title={
            <>
              Delete SKU {skuName(deletingSku)} of {name}?
            </>
          }
          confirmLabel={`Delete SKU ${deletingSku.sku ?? ''}`.trim()}
          busyLabel="Deleting…"
          busy={removeSku.isPending}
          error={removeSku.error}
          errorTitle="The SKU could not be deleted."
          onConfirm={() => removeSku.mutate(deletingSku)}
          onCancel={() => setDeletingSku(null)}
        >
          <p>
            Its {formatNumber(deletingSku.quantityInStock)} units of stock go with it. The last SKU of a group cannot be deleted: delete the group instead.
          </p>
        </Confirm>
      ) : null}
      {mode === 'add-sku' ? <AddSku tenant={tenant} product={product} group={group} onDone={() => setMode('view')} /> : null}
    </section>
  );
}

// ---- editing a SKU (If-Match, 412) --------------------------------------------------------------------------------

const SKU_LABELS = { price: 'Price', discount: 'Discount (%)', quantityInStock: 'Stock', sku: 'SKU code', attributes: 'Options', taxClass: 'SKU tax class' } as const;

async function readSku(tenant: Tenant, productId: string, groupId: string, skuId: string, fresh = false): Promise<Loaded<Sku>> {
  const r = await apiWithEtag<Sku>(skuPath(productId, groupId, skuId), { tenant, fresh });
  return { value: r.body.data, etag: r.etag };
}

/**
 * One SKU inline: loads it (GET …/skus/{id}, whose ETag the save sends as If-Match), saves only the changed fields, and
 * on 412 shows who changed what.
 */
function SkuEditor({
  tenant,
  product,
  group,
  sku,
  canChangeStock,
  onDone,
}: {
  tenant: Tenant;
  product: Product;
  group: VariantGroup;
  sku: Sku;
  canChangeStock: boolean;
  onDone: () => void;
}) {
  const loadedQuery = useQuery({
    queryKey: [...productKey(tenant, product.id), 'sku', sku.id],
    gcTime: 0,
    refetchOnWindowFocus: false,
    queryFn: () => readSku(tenant, product.id, group.id, sku.id, true),
  });
  if (loadedQuery.isPending) return <Loading what={`SKU ${skuName(sku)}`} />;
  if (loadedQuery.isError) return <ErrorPanel error={loadedQuery.error} title="The SKU could not be loaded." onRetry={() => loadedQuery.refetch()} />;
  return <SkuForm tenant={tenant} product={product} group={group} initial={loadedQuery.data} canChangeStock={canChangeStock} onDone={onDone} />;
}

function SkuForm({
  tenant,
  product,
  group,
  initial,
  canChangeStock,
  onDone,
}: {
  tenant: Tenant;
  product: Product;
  group: VariantGroup;
  initial: Loaded<Sku>;
  canChangeStock: boolean;
  onDone: () => void;
}) {
  const invalidate = useInvalidateCatalog(tenant);
  const legendId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => focusFirstField(formRef.current), []);
  const [loaded, setLoaded] = useState(initial);
  const [values, setValues] = useState(() => skuValues(initial.value));
  const editor = useEtagSave<Sku, Record<string, unknown>>({
    changed: (before, now, patch) => changedFields<Sku>(before, now, SKU_LABELS, patch as Partial<Sku>),
    write: (patch, headers) => apiWithEtag<Sku>(skuPath(product.id, group.id, initial.value.id), { tenant, method: 'PATCH', body: patch, headers }),
    read: () => readSku(tenant, product.id, group.id, initial.value.id, true),
    onSaved: () => {
      invalidate();
      onDone();
    },
    onTheirs: (current) => {
      setLoaded(current);
      setValues(skuValues(current.value));
      invalidate();
    },
  });
  const before = skuWire(skuValues(loaded.value)).body;
  const { body: after, attributesError } = skuWire(values);
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(after)) if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) patch[key] = after[key];
  const dirty = Object.keys(patch).length > 0;
  const errors = fieldErrors(editor.error);
  if (attributesError) errors.set('attributes', attributesError);
  const name = skuName(loaded.value);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (attributesError || !dirty) return;
    void editor.save(patch, loaded);
  };
  return (
    <form ref={formRef} className="sku-editor" onSubmit={submit} noValidate aria-labelledby={legendId}>
      <p id={legendId} className="confirm-title">
        Editing SKU {name} of {groupName(group)}
      </p>
      <SkuFields
        values={values}
        onChange={(v) => {
          setValues(v);
          editor.clearError();
        }}
        errors={errors}
        currency={product.currency}
        stockReadOnly={!canChangeStock}
      />
      <FormRefusal error={editor.error} shown={(k) => k in SKU_LABELS} title="The SKU could not be saved." />
      {editor.conflict ? (
        <EditorConflict
          what={`SKU ${name}`}
          conflict={editor.conflict}
          onReload={editor.loadTheirs}
          onOverwrite={editor.saveMine}
          busy={editor.busy}
        />
      ) : null}
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={editor.busy || !dirty}>
          {editor.busy ? 'Saving…' : 'Save SKU'}
        </button>
        <button type="button" className="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

// ---- editing a group's metadata (If-Match, 412) -------------------------------------------------------------------

interface GroupValues {
  attributeName: string;
  attributeValue: string;
  colorId: string;
  image: string | null;
}

const GROUP_LABELS = { attributeName: 'Dimension', attributeValue: 'Value', colorId: 'Colour', image: 'Image' } as const;

const groupValues = (g: VariantGroup): GroupValues => ({ attributeName: g.attributeName, attributeValue: g.attributeValue, colorId: g.colorId ?? '', image: g.image });

function groupWire(v: GroupValues) {
  return { attributeName: v.attributeName, attributeValue: v.attributeValue, colorId: v.colorId === '' ? null : v.colorId, image: v.image };
}

function GroupFields({
  tenant,
  values,
  onChange,
  errors,
  colors,
  imageAlt,
}: {
  tenant: Tenant;
  values: GroupValues;
  onChange: (v: GroupValues) => void;
  errors: Map<string, string>;
  colors: Color[];
  imageAlt: string;
}) {
  const set = <K extends keyof GroupValues>(key: K, value: GroupValues[K]) => onChange({ ...values, [key]: value });
  const chosen = colors.find((c) => c.id === values.colorId) ?? null;
  return (
    <>
      <div className="field-grid">
        <TextField label="Dimension" error={errors.get('attributeName')} hint="What varies, such as Color or Material." type="text" required maxLength={50} value={values.attributeName} onChange={(v) => set('attributeName', v)} />
        <TextField label="Value" error={errors.get('attributeValue')} hint="This group’s value, such as Red." type="text" required maxLength={100} value={values.attributeValue} onChange={(v) => set('attributeValue', v)} />
        <Field label="Colour" error={errors.get('colorId')} hint={chosen ? <>Shown as {chosen.name} ({chosen.hex}).</> : 'Optional: a colour from the palette.'}>
          {(p) => (
            <span className="swatch-select">
              <select {...p} value={values.colorId} onChange={(e) => set('colorId', e.target.value)}>
                <option value="">No colour</option>
                {colors.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
              {chosen ? <Swatch color={chosen} /> : null}
            </span>
          )}
        </Field>
      </div>
      <div className="group-image">
        {values.image ? (
          <div className="image-with-action">
            <ImagePreview tenant={tenant} fileId={values.image} alt={imageAlt} />
            <button type="button" className="button" onClick={() => set('image', null)}>
              Remove image
            </button>
          </div>
        ) : null}
        <ImageUpload
          tenant={tenant}
          label={values.image ? 'Replace the image' : 'Image'}
          hint="Optional. JPEG, PNG, WebP or GIF, at most 10 MiB; uploaded at once, kept with the group when you save."
          onUploaded={(id) => set('image', id)}
          error={errors.get('image')}
        />
      </div>
    </>
  );
}

function GroupEditor({ tenant, product, group, colors, onDone }: { tenant: Tenant; product: Product; group: VariantGroup; colors: Color[]; onDone: () => void }) {
  const loadedQuery = useQuery({
    queryKey: [...productKey(tenant, product.id), 'group', group.id],
    gcTime: 0,
    refetchOnWindowFocus: false,
    queryFn: async () => {
      const r = await apiWithEtag<VariantGroup>(groupPath(product.id, group.id), { tenant, fresh: true });
      return { value: r.body.data, etag: r.etag } as Loaded<VariantGroup>;
    },
  });
  if (loadedQuery.isPending) return <Loading what={`the group ${groupName(group)}`} />;
  if (loadedQuery.isError) return <ErrorPanel error={loadedQuery.error} title="The group could not be loaded." onRetry={() => loadedQuery.refetch()} />;
  return <GroupForm tenant={tenant} product={product} initial={loadedQuery.data} colors={colors} onDone={onDone} />;
}

function GroupForm({ tenant, product, initial, colors, onDone }: { tenant: Tenant; product: Product; initial: Loaded<VariantGroup>; colors: Color[]; onDone: () => void }) {
  const invalidate = useInvalidateCatalog(tenant);
  const titleId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => focusFirstField(formRef.current), []);
  const [loaded, setLoaded] = useState(initial);
  const [values, setValues] = useState(() => groupValues(initial.value));
  const id = initial.value.id;
  const editor = useEtagSave<VariantGroup, Record<string, unknown>>({
    changed: (before, now, patch) => changedFields<VariantGroup>(before, now, GROUP_LABELS, patch as Partial<VariantGroup>),
    write: (patch, headers) => apiWithEtag<VariantGroup>(groupPath(product.id, id), { tenant, method: 'PATCH', body: patch, headers }),
    read: async () => {
      const r = await apiWithEtag<VariantGroup>(groupPath(product.id, id), { tenant, fresh: true });
      return { value: r.body.data, etag: r.etag };
    },
    onSaved: () => {
      invalidate();
      onDone();
    },
    onTheirs: (current) => {
      setLoaded(current);
      setValues(groupValues(current.value));
      invalidate();
    },
  });
  const before = groupWire(groupValues(loaded.value));
  const after = groupWire(values);
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof typeof after)[]) if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) patch[key] = after[key];
  const dirty = Object.keys(patch).length > 0;
  const errors = fieldErrors(editor.error);
  return (
    <form
      ref={formRef}
      className="sku-editor"
      aria-labelledby={titleId}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (dirty) void editor.save(patch, loaded);
      }}
    >
      <p id={titleId} className="confirm-title">
        Editing the group {groupName(loaded.value)}
      </p>
      <GroupFields
        tenant={tenant}
        values={values}
        onChange={(v) => {
          setValues(v);
          editor.clearError();
        }}
        errors={errors}
        colors={colors}
        imageAlt={`${product.name}, ${groupName(values)}`}
      />
      <FormRefusal error={editor.error} shown={(k) => k in GROUP_LABELS || k === 'image'} title="The group could not be saved." />
      {editor.conflict ? (
        <EditorConflict
          what={`the group ${groupName(loaded.value)}`}
          conflict={editor.conflict}
          onReload={editor.loadTheirs}
          onOverwrite={editor.saveMine}
          busy={editor.busy}
        />
      ) : null}
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={editor.busy || !dirty}>
          {editor.busy ? 'Saving…' : 'Save group'}
        </button>
        <button type="button" className="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

// ---- adding (POST with an Idempotency-Key) ------------------------------------------------------------------------

function AddGroup({ tenant, product, colors }: { tenant: Tenant; product: Product; colors: Color[] }) {
  const addFormRef = useRef<HTMLFormElement>(null);
  const invalidate = useInvalidateCatalog(tenant);
  const titleId = useId();
  const blank: GroupValues = { attributeName: '', attributeValue: '', colorId: '', image: null };
  const [values, setValues] = useState<GroupValues>(blank);
  const [skus, setSkus] = useState<SkuValues[]>([EMPTY_SKU]);
  const [added, setAdded] = useState<string | null>(null);
  const submission = useSubmission();
  const add = useMutation({
    mutationFn: (input: { body: Record<string, unknown>; key: string }) =>
      api<VariantGroup>(groupsPath(product.id), { tenant, method: 'POST', headers: { 'Idempotency-Key': input.key }, body: input.body }).then((r) => r.data),
    onSuccess: (group) => {
      submission.forget();
      setValues({ ...blank, attributeName: group.attributeName });
      setSkus([EMPTY_SKU]);
      setAdded(`Added ${groupName(group)} with ${group.skus.length === 1 ? '1 SKU' : `${group.skus.length} SKUs`}.`);
      invalidate();
      // The keyboard goes to Value (Dimension is kept), ready for the next group, not to the page's body.
      addFormRef.current?.querySelectorAll<HTMLInputElement>('input')[1]?.focus();
    },
    onSettled: () => submission.settled(),
  });
  const edited = () => {
    submission.forget();
    setAdded(null);
    if (add.isError) add.reset();
  };
  const wired = skus.map(skuWire);
  const localErrors = new Map<string, string>();
  wired.forEach((w, i) => {
    if (w.attributesError) localErrors.set(`skus[${i}].attributes`, w.attributesError);
  });
  const errors = new Map([...fieldErrors(add.error), ...localErrors]);
  const groupErrors = errorsUnder(errors, '');
  const shown = (path: string) => path in GROUP_LABELS || /^skus(\[\d+\]\.(price|discount|quantityInStock|sku|attributes).*)?$/.test(path);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (localErrors.size > 0) return;
    const body = { ...groupWire(values), skus: wired.map((w) => w.body) };
    if (body.colorId === null) delete (body as Record<string, unknown>).colorId;
    if (body.image === null) delete (body as Record<string, unknown>).image;
    const key = submission.begin(JSON.stringify(body));
    if (key !== null) add.mutate({ body, key });
  };
  return (
    <form ref={addFormRef} className="add-group" onSubmit={submit} noValidate aria-labelledby={titleId}>
      <h3 id={titleId}>Add a variant group</h3>
      <GroupFields
        tenant={tenant}
        values={values}
        onChange={(v) => {
          setValues(v);
          edited();
        }}
        errors={groupErrors}
        colors={colors}
        imageAlt={`${product.name}, ${groupName(values)}`}
      />
      {skus.map((s, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity until they are saved; their order is their identity
        <fieldset key={i} className="fieldset">
          <legend>SKU {i + 1}</legend>
          <SkuFields
            values={s}
            onChange={(v) => {
              setSkus(skus.map((old, j) => (j === i ? v : old)));
              edited();
            }}
            errors={errorsUnder(errors, `skus[${i}].`)}
            currency={product.currency}
            stockReadOnly={false}
          />
          {skus.length > 1 ? (
            <button
              type="button"
              className="button"
              onClick={() => {
                setSkus(skus.filter((_, j) => j !== i));
                edited();
              }}
            >
              Remove SKU {i + 1}
            </button>
          ) : null}
        </fieldset>
      ))}
      {errors.get('skus') ? <p className="field-error">SKUs: {errors.get('skus')}.</p> : null}
      <div className="actions">
        <button
          type="button"
          className="button"
          onClick={() => {
            setSkus([...skus, EMPTY_SKU]);
            edited();
          }}
        >
          Add another SKU
        </button>
        <button type="submit" className="button button-primary" disabled={add.isPending}>
          {add.isPending ? 'Adding…' : 'Add group'}
        </button>
      </div>
      <FormRefusal error={add.error} shown={shown} title="The group could not be added." nothing="Nothing was added" />
      <p role="status" className="muted">
        {added ?? ''}
      </p>
    </form>
  );
}

function AddSku({ tenant, product, group, onDone }: { tenant: Tenant; product: Product; group: VariantGroup; onDone: () => void }) {
  const invalidate = useInvalidateCatalog(tenant);
  const titleId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => focusFirstField(formRef.current), []);
  const [values, setValues] = useState<SkuValues>(EMPTY_SKU);
  const submission = useSubmission();
  const add = useMutation({
    mutationFn: (input: { body: Record<string, unknown>; key: string }) =>
      api<Sku>(`${groupPath(product.id, group.id)}/skus`, { tenant, method: 'POST', headers: { 'Idempotency-Key': input.key }, body: input.body }).then((r) => r.data),
    onSuccess: () => {
      submission.forget();
      invalidate();
      onDone();
    },
    onSettled: () => submission.settled(),
  });
  const { body, attributesError } = skuWire(values);
  const errors = fieldErrors(add.error);
  if (attributesError) errors.set('attributes', attributesError);
  return (
    <form
      ref={formRef}
      className="sku-editor"
      aria-labelledby={titleId}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (attributesError) return;
        if (body.sku === null) delete body.sku;
        const key = submission.begin(JSON.stringify(body));
        if (key !== null) add.mutate({ body, key });
      }}
    >
      <p id={titleId} className="confirm-title">
        Add a SKU to {groupName(group)}
      </p>
      <SkuFields
        values={values}
        onChange={(v) => {
          setValues(v);
          submission.forget();
          if (add.isError) add.reset();
        }}
        errors={errors}
        currency={product.currency}
        stockReadOnly={false}
      />
      <FormRefusal error={add.error} shown={(k) => k in SKU_LABELS} title="The SKU could not be added." nothing="Nothing was added" />
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={add.isPending}>
          {add.isPending ? 'Adding…' : 'Add SKU'}
        </button>
        <button type="button" className="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
