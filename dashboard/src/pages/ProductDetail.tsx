import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { api, apiWithEtag, type Tenant } from '../api/client.ts';
import type { Schemas } from '../api/wire.ts';
import { Confirm } from '../components/Confirm.tsx';
import { changedFields, EditorConflict } from '../components/Conflict.tsx';
import { ErrorPanel, Loading } from '../components/ErrorPanel.tsx';
import { fieldErrors } from '../components/Field.tsx';
import { NotAllowed, Permission, Section } from '../components/Section.tsx';
import { type Loaded, useEtagSave } from '../editor.ts';
import { formatTimestamp } from '../format.ts';
import { priceText, productKey, READ, STATUS_LABEL, STOCK, TYPE_LABEL, useCategories, useInvalidateCatalog, WRITE } from '../products/catalog.ts';
import { formValues, PRODUCT_LABELS, ProductForm, type ProductFormValues, patchBody, shownAtProductFields } from '../products/ProductForm.tsx';
import { VariantGroups } from '../products/Variants.tsx';
import { tenantOf, useTenant, useTenantSearch } from '../tenant.tsx';

type Product = Schemas['Product'];

const productPath = (id: string) => `/v1/products/${encodeURIComponent(id)}`;

async function readProduct(tenant: Tenant, id: string, options: { signal?: AbortSignal; fresh?: boolean } = {}): Promise<Loaded<Product>> {
  const r = await apiWithEtag<Product>(productPath(id), { tenant, ...options });
  return { value: r.body.data, etag: r.etag };
}

/**
 * One product (its own chunk): its details as an editor (If-Match with the ETag it loaded; a 412 shows what changed),
 * and for a VARIABLE product its variant groups with the SKU grid. Read-only without products:write.
 */
export default function ProductDetail() {
  const state = useTenant();
  const tenant = tenantOf(state);
  const { productId = '' } = useParams();
  const search = useTenantSearch();
  const location = useLocation();
  const allowed = state.permissions?.has(READ) ?? false;
  const canWrite = state.permissions?.has(WRITE) ?? false;
  const canChangeStock = state.permissions?.has(STOCK) ?? false;
  const product = useQuery({
    queryKey: tenant ? [...productKey(tenant, productId), 'v1'] : ['none'],
    enabled: tenant !== null && allowed,
    refetchOnWindowFocus: false,
    queryFn: ({ signal }) => readProduct(tenant!, productId, { signal }),
  });
  if (!tenant || !state.store) return null;
  const p = product.data?.value;
  const created = (location.state as { created?: boolean } | null)?.created === true;
  return (
    <>
      <title>{`${p ? p.name : 'Product'} · ${state.store.name} · Dashboard`}</title>
      <p>
        <Link to={{ pathname: '/products', search }}>← All products</Link>
      </p>
      <h1>{p ? p.name : 'Product'}</h1>
      {state.permissions === null ? (
        <Loading what="your permissions" />
      ) : !allowed ? (
        <NotAllowed permission={READ} />
      ) : product.isPending ? (
        <Loading what="the product" />
      ) : product.isError ? (
        <ErrorPanel error={product.error} title="The product could not be loaded." onRetry={() => product.refetch()} />
      ) : p ? (
        <>
          {created && !(p.type === 'VARIABLE' && p.skuCount === 0) ? (
            <p className="notice" role="status">
              Product created.
            </p>
          ) : null}
          {p.type === 'VARIABLE' && p.skuCount === 0 ? (
            <p className="notice" role="status" data-testid="needs-skus">
              {created ? 'Product created. ' : ''}Now add its first variant group with its SKUs below: until then it has no price and cannot be ordered
              {p.status === 'active' ? ', though it is active' : ''}.
            </p>
          ) : null}
          <p className="muted" data-testid="product-summary">
            {TYPE_LABEL[p.type]} product · {STATUS_LABEL[p.status]} · {priceText(p)} · {p.totalStock} in stock · changed {formatTimestamp(p.updatedAt, state.store.timezone)}
          </p>
          <ProductEditor key={p.id} tenant={tenant} latest={product.data} canWrite={canWrite} canChangeStock={canChangeStock} currency={state.store.currency} />
          {p.type === 'VARIABLE' ? <VariantGroups tenant={tenant} product={p} canWrite={canWrite} canChangeStock={canChangeStock} /> : null}
          {canWrite ? <DeleteProduct tenant={tenant} product={p} /> : null}
        </>
      ) : null}
    </>
  );
}

function ProductEditor({
  tenant,
  latest,
  canWrite,
  canChangeStock,
  currency,
}: {
  tenant: Tenant;
  /** The product as last read; adopted while the form has no unsaved changes (a SKU change changes its ETag too). */
  latest: Loaded<Product>;
  canWrite: boolean;
  canChangeStock: boolean;
  currency: string;
}) {
  const invalidate = useInvalidateCatalog(tenant);
  const categories = useCategories(tenant);
  const [loaded, setLoaded] = useState(latest);
  const [values, setValues] = useState<ProductFormValues>(() => formValues(latest.value));
  const [saved, setSaved] = useState(false);
  const id = latest.value.id;
  const editor = useEtagSave<Product, Record<string, unknown>>({
    changed: (before, now, patch) => changedFields<Product>(before, now, PRODUCT_LABELS, patch as Partial<Product>),
    write: (patch, headers) => apiWithEtag<Product>(productPath(id), { tenant, method: 'PATCH', body: patch, headers }),
    read: () => readProduct(tenant, id, { fresh: true }),
    onSaved: (next) => {
      setLoaded(next);
      setValues(formValues(next.value));
      setSaved(true);
      invalidate();
    },
    onTheirs: (current) => {
      setLoaded(current);
      setValues(formValues(current.value));
      invalidate();
    },
  });
  const patch = patchBody(formValues(loaded.value), values);
  const dirty = Object.keys(patch).length > 0;
  useEffect(() => {
    if (latest.etag === loaded.etag || dirty || editor.conflict) return;
    setLoaded(latest);
    setValues(formValues(latest.value));
  }, [latest, loaded.etag, dirty, editor.conflict]);
  const errors = fieldErrors(editor.error);
  const conflict = editor.conflict;
  return (
    <Section title="Details">
      <ProductForm
        tenant={tenant}
        values={values}
        onChange={(v) => {
          setValues(v);
          setSaved(false);
          editor.clearError();
        }}
        errors={errors}
        creating={false}
        noSkus={latest.value.type === 'VARIABLE' && latest.value.skuCount === 0}
        readOnly={!canWrite}
        canChangeStock={canChangeStock}
        categories={categories.data ?? []}
        currency={currency}
        onSubmit={() => {
          if (dirty) void editor.save(patch, loaded);
        }}
        actions={
          canWrite ? (
            <>
              {editor.error && !shownAtProductFields(errors) ? <ErrorPanel error={editor.error} title="The product could not be saved." /> : null}
              {editor.error && shownAtProductFields(errors) ? (
                <p className="field-error" role="alert">
                  Nothing was saved: correct the fields marked above.
                </p>
              ) : null}
              {conflict ? (
                <EditorConflict
                  what="this product"
                  conflict={conflict}
                  onReload={editor.loadTheirs}
                  onOverwrite={editor.saveMine}
                  busy={editor.busy}
                />
              ) : null}
              <div className="actions">
                <button type="submit" className="button button-primary" disabled={editor.busy || !dirty}>
                  {editor.busy ? 'Saving…' : 'Save changes'}
                </button>
                <button
                  type="button"
                  className="button"
                  disabled={!dirty || editor.busy}
                  onClick={() => {
                    setValues(formValues(loaded.value));
                    editor.cancel();
                  }}
                >
                  Discard changes
                </button>
              </div>
              <p role="status" className="muted">
                {saved && !dirty ? 'Saved.' : dirty ? 'You have unsaved changes.' : ''}
              </p>
            </>
          ) : (
            <p className="notice">
              Your role in this store lacks the <Permission code={WRITE} />, so you can look but not change.
            </p>
          )
        }
      />
      {categories.isError ? <ErrorPanel error={categories.error} title="The categories could not be loaded." onRetry={() => categories.refetch()} /> : null}
    </Section>
  );
}

function DeleteProduct({ tenant, product }: { tenant: Tenant; product: Product }) {
  const navigate = useNavigate();
  const search = useTenantSearch();
  const invalidate = useInvalidateCatalog(tenant);
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => api(productPath(product.id), { tenant, method: 'DELETE' }),
    onSuccess: () => {
      invalidate();
      navigate({ pathname: '/products', search });
    },
  });
  const what =
    product.skuCount === 0
      ? ''
      : product.type === 'VARIABLE'
        ? ` with its ${product.skuCount === 1 ? 'SKU' : `${product.skuCount} SKUs`} and their ${product.totalStock} units of stock`
        : ` with its ${product.totalStock} units of stock`;
  return (
    <Section title="Delete this product">
      {confirming ? (
        <Confirm
          testId="confirm-delete-product"
          title={
            <>
              Delete “{product.name}”{what}?
            </>
          }
          confirmLabel={`Delete “${product.name}”`}
          busyLabel="Deleting…"
          busy={remove.isPending}
          error={remove.error}
          errorTitle="The product could not be deleted."
          onConfirm={() => remove.mutate()}
          onCancel={() => {
            remove.reset();
            setConfirming(false);
          }}
        >
          <p>It goes from this store at once, with its variant groups and SKUs. Orders already placed keep their lines. This cannot be undone.</p>
        </Confirm>
      ) : (
        <>
          <p className="muted">To stop selling it but keep it, set its status to Archived instead.</p>
          <div className="actions">
            <button type="button" className="button button-danger" onClick={() => setConfirming(true)}>
              Delete product…
            </button>
          </div>
        </>
      )}
    </Section>
  );
}

