import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { api } from '../api/client.ts';
import type { Schemas } from '../api/wire.ts';
import { ErrorPanel, Loading } from '../components/ErrorPanel.tsx';
import { fieldErrors } from '../components/Field.tsx';
import { NotAllowed, Section } from '../components/Section.tsx';
import { useSubmission } from '../idempotency.ts';
import { useCategories, useInvalidateCatalog, WRITE } from '../products/catalog.ts';
import { createBody, EMPTY_PRODUCT, ProductForm, type ProductFormValues, shownAtProductFields } from '../products/ProductForm.tsx';
import { tenantOf, useTenant, useTenantSearch } from '../tenant.tsx';

type Product = Schemas['Product'];

/** A new product (its own chunk): POST /v1/products with an Idempotency-Key, then on to the product's page. */
export default function ProductNew() {
  const state = useTenant();
  const tenant = tenantOf(state);
  const search = useTenantSearch();
  const navigate = useNavigate();
  const allowed = state.permissions?.has(WRITE) ?? false;
  const [values, setValues] = useState<ProductFormValues>(EMPTY_PRODUCT);
  const categories = useCategories(tenant ?? { storeId: '', mode: 'live' }, tenant !== null && allowed);
  const invalidate = useInvalidateCatalog(tenant ?? { storeId: '', mode: 'live' });
  // One Idempotency-Key per submission of the same values: a double click or a retry creates one product.
  const submission = useSubmission();
  const create = useMutation({
    mutationFn: (input: { body: Record<string, unknown>; key: string }) =>
      api<Product>('/v1/products', { tenant: tenant!, method: 'POST', headers: { 'Idempotency-Key': input.key }, body: input.body }).then((r) => r.data),
    onSuccess: (product) => {
      submission.forget();
      invalidate();
      navigate({ pathname: `/products/${encodeURIComponent(product.id)}`, search }, { state: { created: true } });
    },
    onSettled: () => submission.settled(),
  });
  if (!tenant || !state.store) return null;
  const errors = fieldErrors(create.error);
  const submit = () => {
    const body = createBody(values);
    const key = submission.begin(JSON.stringify(body));
    if (key !== null) create.mutate({ body, key });
  };
  const change = (v: ProductFormValues) => {
    // A VARIABLE product starts without SKUs, so it cannot start active (it could not be ordered).
    setValues(v.type === 'VARIABLE' && v.status === 'active' ? { ...v, status: 'draft' } : v);
    submission.forget();
    if (create.isError) create.reset();
  };
  return (
    <>
      <title>{`New product · ${state.store.name} · Dashboard`}</title>
      <p>
        <Link to={{ pathname: '/products', search }}>← All products</Link>
      </p>
      <h1>New product</h1>
      {state.permissions === null ? (
        <Loading what="your permissions" />
      ) : !allowed ? (
        <NotAllowed permission={WRITE} />
      ) : (
        <Section title="Details">
          <ProductForm
            tenant={tenant}
            values={values}
            onChange={change}
            errors={errors}
            creating
            noSkus={values.type === 'VARIABLE'}
            readOnly={false}
            canChangeStock
            categories={categories.data ?? []}
            currency={state.store.currency}
            onSubmit={submit}
            actions={
              <>
                {create.isError && !shownAtProductFields(errors) ? <ErrorPanel error={create.error} title="The product could not be created." /> : null}
                {create.isError && shownAtProductFields(errors) ? (
                  <p className="field-error" role="alert">
                    The product was not created: correct the fields marked above.
                  </p>
                ) : null}
                <div className="actions">
                  <button type="submit" className="button button-primary" disabled={create.isPending}>
                    {create.isPending ? 'Creating…' : 'Create product'}
                  </button>
                  <Link className="button" to={{ pathname: '/products', search }}>
                    Cancel
                  </Link>
                </div>
              </>
            }
          />
          {categories.isError ? <ErrorPanel error={categories.error} title="The categories could not be loaded." onRetry={() => categories.refetch()} /> : null}
        </Section>
      )}
    </>
  );
}
