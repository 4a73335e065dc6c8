import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { api, apiWithEtag, type Tenant } from '../api/client.ts';
import type { Schemas } from '../api/wire.ts';
import { Confirm } from '../components/Confirm.tsx';
import { changedFields, EditorConflict } from '../components/Conflict.tsx';
import { ErrorPanel, Loading } from '../components/ErrorPanel.tsx';
import { Field, FormRefusal, fieldErrors, TextField } from '../components/Field.tsx';
import { NotAllowed, Section } from '../components/Section.tsx';
import { type Loaded, useEtagSave } from '../editor.ts';
import { useSubmission } from '../idempotency.ts';
import { type CategoryNode, categoriesKey, READ, useCategories, WRITE } from '../products/catalog.ts';
import { focusFirstField, useReturnFocus } from '../products/focus.ts';
import { tenantOf, useTenant, useTenantSearch } from '../tenant.tsx';

type Category = Schemas['Category'];

const categoryPath = (id: string) => `/v1/categories/${encodeURIComponent(id)}`;

function useInvalidateCategories(tenant: Tenant) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: categoriesKey(tenant) });
    void queryClient.invalidateQueries({ queryKey: ['tenant', tenant.storeId, tenant.mode, 'audit-log'] });
  };
}

/** The category tree (its own chunk): list; with products:write create, rename and delete (an empty one). */
export default function Categories() {
  const state = useTenant();
  const tenant = tenantOf(state);
  const search = useTenantSearch();
  if (!tenant || !state.store) return null;
  const allowed = state.permissions?.has(READ) ?? false;
  const canWrite = state.permissions?.has(WRITE) ?? false;
  return (
    <>
      <title>{`Categories · ${state.store.name} · Dashboard`}</title>
      <p>
        <Link to={{ pathname: '/products', search }}>← All products</Link>
      </p>
      <h1>Categories</h1>
      <p className="muted">Group products for your storefront and for filtering. Categories nest up to five levels; a product may be in several.</p>
      {state.permissions === null ? <Loading what="your permissions" /> : !allowed ? <NotAllowed permission={READ} /> : <CategoryPage tenant={tenant} canWrite={canWrite} />}
    </>
  );
}

function CategoryPage({ tenant, canWrite }: { tenant: Tenant; canWrite: boolean }) {
  const categories = useCategories(tenant);
  const list = categories.data ?? [];
  return (
    <>
      {canWrite ? <CreateCategory tenant={tenant} categories={list} /> : null}
      <Section title="All categories">
        {categories.isPending ? (
          <Loading what="categories" />
        ) : categories.isError ? (
          <ErrorPanel error={categories.error} title="The categories could not be loaded." onRetry={() => categories.refetch()} />
        ) : list.length === 0 ? (
          <p className="empty">
            {canWrite ? 'No categories yet. Create the first above, then choose it on a product’s page.' : 'No categories yet. A store owner or admin creates them.'}
          </p>
        ) : (
          <ul className="category-tree">
            {list.map((c) => (
              <CategoryRow key={c.id} tenant={tenant} category={c} canWrite={canWrite} />
            ))}
          </ul>
        )}
      </Section>
    </>
  );
}

function CreateCategory({ tenant, categories }: { tenant: Tenant; categories: CategoryNode[] }) {
  // After a create the keyboard goes back to the first field, ready for the next one (not to the page's body).
  const formRef = useRef<HTMLFormElement>(null);
  const invalidate = useInvalidateCategories(tenant);
  const [name, setName] = useState('');
  const [parentId, setParentId] = useState('');
  const [created, setCreated] = useState<string | null>(null);
  const submission = useSubmission();
  const create = useMutation({
    mutationFn: (input: { body: Record<string, unknown>; key: string }) =>
      api<Category>('/v1/categories', { tenant, method: 'POST', headers: { 'Idempotency-Key': input.key }, body: input.body }).then((r) => r.data),
    onSuccess: (c) => {
      submission.forget();
      setName('');
      setCreated(`Created “${c.name}”.`);
      focusFirstField(formRef.current);
      invalidate();
    },
    onSettled: () => submission.settled(),
  });
  const errors = fieldErrors(create.error);
  const edited = () => {
    submission.forget();
    setCreated(null);
    if (create.isError) create.reset();
  };
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const body = parentId ? { name, parentId } : { name };
    const key = submission.begin(JSON.stringify(body));
    if (key !== null) create.mutate({ body, key });
  };
  return (
    <Section title="Create a category">
      <form ref={formRef} onSubmit={submit} noValidate>
        <TextField label="Name" error={errors.get('name') ?? errors.get('slug')} type="text" required maxLength={200} value={name} onChange={(v) => { setName(v); edited(); }} />
        <Field label="Inside" error={errors.get('parentId')} hint="Leave at “Top level”, or choose the category it belongs under.">
          {(p) => (
            <select
              {...p}
              value={parentId}
              onChange={(e) => {
                setParentId(e.target.value);
                edited();
              }}
            >
              <option value="">Top level</option>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.path}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="actions">
          <button type="submit" className="button button-primary" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create category'}
          </button>
        </div>
        <FormRefusal error={create.error} shown={['name', 'parentId', 'slug']} title="The category could not be created." nothing="Nothing was created" />
        <p role="status" className="muted">
          {created ?? ''}
        </p>
      </form>
    </Section>
  );
}

function CategoryRow({ tenant, category, canWrite }: { tenant: Tenant; category: CategoryNode; canWrite: boolean }) {
  const invalidate = useInvalidateCategories(tenant);
  const [mode, setMode] = useState<'view' | 'rename' | 'delete'>('view');
  useReturnFocus(mode === 'view' ? null : `category-${mode}-${category.id}`);
  const remove = useMutation({
    mutationFn: () => api(categoryPath(category.id), { tenant, method: 'DELETE' }),
    onSuccess: invalidate,
  });
  return (
    <li className={`category-row depth-${Math.min(category.depth, 4)}`} data-testid="category-row">
      <div className="row">
        <span>
          <span className="row-title">{category.name}</span>
          <span className="muted">
            {category.depth > 0 ? `in ${category.path.split(' › ').slice(0, -1).join(' › ')} · ` : ''}slug <code>{category.slug}</code>
          </span>
        </span>
        {canWrite && mode === 'view' ? (
          <span className="member-actions">
            <button type="button" className="button" aria-label={`Rename ${category.name}`} data-return-focus={`category-rename-${category.id}`} onClick={() => setMode('rename')}>
              Rename
            </button>
            <button
              type="button"
              className="button"
              aria-label={`Delete ${category.name}`}
              data-return-focus={`category-delete-${category.id}`}
              onClick={() => {
                remove.reset();
                setMode('delete');
              }}
            >
              Delete
            </button>
          </span>
        ) : null}
      </div>
      {mode === 'rename' ? <RenameCategory tenant={tenant} category={category} onDone={() => setMode('view')} /> : null}
      {mode === 'delete' ? (
        <Confirm
          testId="confirm-delete-category"
          title={<>Delete the category “{category.path}”?</>}
          confirmLabel={`Delete “${category.name}”`}
          busyLabel="Deleting…"
          busy={remove.isPending}
          error={remove.error}
          errorTitle="The category could not be deleted."
          onConfirm={() => remove.mutate()}
          onCancel={() => setMode('view')}
        >
          <p>Only an empty category can go: move its products and sub-categories elsewhere first. Products themselves are never deleted with it.</p>
        </Confirm>
      ) : null}
    </li>
  );
}

function RenameCategory({ tenant, category, onDone }: { tenant: Tenant; category: Category; onDone: () => void }) {
  const loaded = useQuery({
    queryKey: [...categoriesKey(tenant), 'one', category.id],
    gcTime: 0,
    refetchOnWindowFocus: false,
    queryFn: async () => {
      const r = await apiWithEtag<Category>(categoryPath(category.id), { tenant, fresh: true });
      return { value: r.body.data, etag: r.etag } as Loaded<Category>;
    },
  });
  if (loaded.isPending) return <Loading what={`“${category.name}”`} />;
  if (loaded.isError) return <ErrorPanel error={loaded.error} title="The category could not be loaded." onRetry={() => loaded.refetch()} />;
  return <RenameForm tenant={tenant} initial={loaded.data} onDone={onDone} />;
}

function RenameForm({ tenant, initial, onDone }: { tenant: Tenant; initial: Loaded<Category>; onDone: () => void }) {
  const invalidate = useInvalidateCategories(tenant);
  const titleId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => focusFirstField(formRef.current), []);
  const [loaded, setLoaded] = useState(initial);
  const [name, setName] = useState(initial.value.name);
  const editor = useEtagSave<Category, { name: string }>({
    changed: (before, now, patch) => changedFields<Category>(before, now, { name: 'Name', parentId: 'Inside', slug: 'Slug' }, patch),
    // If-Match as every editor sends it; the server honours it on categories once it supports it there.
    write: (patch, headers) => apiWithEtag<Category>(categoryPath(initial.value.id), { tenant, method: 'PATCH', body: patch, headers }),
    read: async () => {
      const r = await apiWithEtag<Category>(categoryPath(initial.value.id), { tenant, fresh: true });
      return { value: r.body.data, etag: r.etag };
    },
    onSaved: () => {
      invalidate();
      onDone();
    },
    onTheirs: (current) => {
      setLoaded(current);
      setName(current.value.name);
    },
  });
  const errors = fieldErrors(editor.error);
  const dirty = name !== loaded.value.name;
  return (
    <form
      ref={formRef}
      className="sku-editor"
      aria-labelledby={titleId}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (dirty) void editor.save({ name }, loaded);
      }}
    >
      <p id={titleId} className="confirm-title">
        Rename “{loaded.value.name}”
      </p>
      <TextField label="New name" error={errors.get('name') ?? errors.get('slug')} type="text" required maxLength={200} value={name} onChange={(v) => { setName(v); editor.clearError(); }} />
      <FormRefusal error={editor.error} shown={['name', 'slug']} title="The category could not be renamed." />
      {editor.conflict ? (
        <EditorConflict
          what={`the category “${loaded.value.name}”`}
          conflict={editor.conflict}
          onReload={editor.loadTheirs}
          onOverwrite={editor.saveMine}
          busy={editor.busy}
        />
      ) : null}
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={editor.busy || !dirty}>
          {editor.busy ? 'Saving…' : 'Save name'}
        </button>
        <button type="button" className="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
