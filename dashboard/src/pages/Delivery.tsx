import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { api, type Tenant } from '../api/client.ts';
import type { Schemas } from '../api/wire.ts';
import { Confirm } from '../components/Confirm.tsx';
import { EditorConflict } from '../components/Conflict.tsx';
import { CreateActions, CreateSection, useCreateForm } from '../components/CreateSection.tsx';
import { ErrorPanel, Loading } from '../components/ErrorPanel.tsx';
import { Field, TextField } from '../components/Field.tsx';
import { CardNotice, ListCard, useCardActions } from '../components/ListCard.tsx';
import { LoadMore } from '../components/LoadMore.tsx';
import { NotAllowed, Section } from '../components/Section.tsx';
import { useEtagEditor } from '../editor.ts';
import { formatMoney } from '../format.ts';
import { useSubmission } from '../idempotency.ts';
import { changedOnly, formErrors, numberOrNull, numberText, shownAtFields } from '../selling/forms.ts';
import { CountryStateFields, RegionName, RegionsPicker, regionName, useCountries } from '../selling/regions.tsx';
import { tenantOf, useTenant } from '../tenant.tsx';

type DeliveryOption = Schemas['DeliveryOption'];
type DeliveryQuote = Schemas['DeliveryQuote'];
type DeliveryRegion = Schemas['DeliveryRegion'];
type DeliveryZone = Schemas['DeliveryZone'];

const READ = 'delivery:read';
const WRITE = 'delivery:write';
const PAGE = 20;

const deliveryKey = (t: Tenant) => ['tenant', t.storeId, t.mode, 'delivery'] as const;

function useInvalidateDelivery(tenant: Tenant) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: [...deliveryKey(tenant), 'zones'] });
    void queryClient.invalidateQueries({ queryKey: [...deliveryKey(tenant), 'quote'] });
    void queryClient.invalidateQueries({ queryKey: ['tenant', tenant.storeId, tenant.mode, 'audit-log'] });
  };
}

/** Focus moves to an inline form when it opens, so keyboard and screen-reader users land in it (it is labelled). */
function useFocusOnMount<T extends HTMLElement>(): RefObject<T | null> {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}

/** "3–5 days", "2 days", "up to 4 days", "Not stated". */
function daysText(min: number | null, max: number | null): string {
  const d = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;
  if (min !== null && max !== null) return min === max ? d(min) : `${min}–${d(max)}`;
  if (min !== null) return `from ${d(min)}`;
  if (max !== null) return `up to ${d(max)}`;
  return 'Not stated';
}

/** Delivery (its own chunk): zones with their options, a quote for an address, and with delivery:write every change. */
export default function Delivery() {
  const state = useTenant();
  const tenant = tenantOf(state);
  const allowed = state.permissions?.has(READ) ?? false;
  const canWrite = state.permissions?.has(WRITE) ?? false;
  if (!tenant || !state.store) return null;
  return (
    <>
      <title>{`Delivery · ${state.store.name} · Dashboard`}</title>
      <h1>Delivery</h1>
      <p className="muted">
        Where you deliver (zones: countries or states) and how (each zone’s options, with a fee, a threshold above which delivery is free, and how long it
        takes). An address is served by the zone that lists its state, else by the zone that lists its whole country.
      </p>
      {state.permissions === null ? (
        <Loading what="your permissions" />
      ) : !allowed ? (
        <NotAllowed permission={READ} />
      ) : (
        <>
          {canWrite ? <NewZone tenant={tenant} /> : null}
          <Zones tenant={tenant} currency={state.store.currency} canWrite={canWrite} />
          <QuoteHelper tenant={tenant} currency={state.store.currency} />
        </>
      )}
    </>
  );
}

function Zones({ tenant, currency, canWrite }: { tenant: Tenant; currency: string; canWrite: boolean }) {
  const query = useInfiniteQuery({
    queryKey: [...deliveryKey(tenant), 'zones'],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const q = new URLSearchParams({ limit: String(PAGE) });
      if (pageParam) q.set('cursor', pageParam);
      return api<DeliveryZone[]>(`/v1/delivery/zones?${q}`, { tenant, signal });
    },
    getNextPageParam: (last) => last.pagination?.nextCursor ?? null,
  });
  const zones = query.data?.pages.flatMap((p) => p.data) ?? [];
  if (query.isPending) return <Loading what="delivery zones" />;
  if (query.isError && zones.length === 0) return <ErrorPanel error={query.error} title="The delivery zones could not be loaded." onRetry={() => query.refetch()} />;
  return (
    <>
      <h2 className="page-subheading">Zones in {tenant.mode === 'test' ? 'test' : 'live'} mode</h2>
      {zones.length === 0 ? (
        <p className="empty zone-empty">
          {canWrite
            ? 'You deliver nowhere yet. Add a zone above: the countries or states you deliver to. Then give it options with their fees.'
            : 'This store delivers nowhere yet. A store owner or admin can add delivery zones.'}
        </p>
      ) : (
        zones.map((z) => <ZoneCard key={z.id} tenant={tenant} zone={z} currency={currency} canWrite={canWrite} />)
      )}
      <LoadMore query={query} failed="More zones could not be loaded." label="Load more zones" />
    </>
  );
}

// ---- zones --------------------------------------------------------------------------------------------------

function NewZone({ tenant }: { tenant: Tenant }) {
  const invalidate = useInvalidateDelivery(tenant);
  const form = useCreateForm({
    empty: { name: '', regions: [] as DeliveryRegion[] },
    bodyOf: (d) => d,
    send: (body, key) => api<DeliveryZone>('/v1/delivery/zones', { tenant, method: 'POST', headers: { 'Idempotency-Key': key }, body }).then((r) => r.data),
    created: (zone) => {
      invalidate();
      return `Zone “${zone.name}” added. Give it delivery options so customers there can choose one.`;
    },
  });
  const { draft, edit } = form;
  const errors = formErrors(form.create.error);
  return (
    <CreateSection title="New zone" openLabel="Add a zone" formLabel="New zone" {...form.section} intro={<p className="muted">A zone is a set of countries or states you deliver to with the same options.</p>}>
      <TextField label="Zone name" error={errors.get('name')} hint="For you, e.g. “Mainland US” or “EU”." type="text" name="name" maxLength={200} value={draft.name} onChange={(name) => edit({ name })} />
      <RegionsPicker regions={draft.regions} onChange={(regions) => edit({ regions })} errors={errors} disabled={false} />
      <CreateActions form={form} label="Add zone" busyLabel="Adding…" failed="The zone could not be added." shown={(p) => p === 'name' || p === 'regions' || p.startsWith('regions[')} />
    </CreateSection>
  );
}

type Action = { kind: 'edit-zone' } | { kind: 'add-option' } | { kind: 'edit-option'; option: DeliveryOption } | { kind: 'delete-zone' } | { kind: 'delete-option'; option: DeliveryOption };

function ZoneCard({ tenant, zone, currency, canWrite }: { tenant: Tenant; zone: DeliveryZone; currency: string; canWrite: boolean }) {
  const invalidate = useInvalidateDelivery(tenant);
  const card = useCardActions<Action>(
    (a) =>
      a.kind === 'delete-option'
        ? api(`/v1/delivery/zones/${encodeURIComponent(zone.id)}/options/${encodeURIComponent(a.option.id)}`, { tenant, method: 'DELETE' })
        : api(`/v1/delivery/zones/${encodeURIComponent(zone.id)}`, { tenant, method: 'DELETE' }),
    (a) => {
      invalidate();
      return a.kind === 'delete-option' ? `Option “${a.option.name}” deleted.` : null;
    },
  );
  const { action, remove, start, done } = card;
  const optionCount = `${zone.options.length} delivery option${zone.options.length === 1 ? '' : 's'}`;
  return (
    <ListCard
      card={card}
      title={zone.name}
      testId="zone"
      headingClassName="zone-name"
      buttons={
        canWrite
          ? [
              { label: 'Edit zone', name: `Edit zone ${zone.name}`, onClick: () => start({ kind: 'edit-zone' }) },
              { label: 'Delete zone', name: `Delete zone ${zone.name}`, onClick: () => start({ kind: 'delete-zone' }) },
            ]
          : null
      }
    >
      {action?.kind === 'edit-zone' ? (
        <ZoneEditor tenant={tenant} zone={zone} onDone={() => done(`Zone “${zone.name}” saved.`)} onCancel={() => start(null)} />
      ) : (
        <p className="zone-regions" data-testid="zone-regions">
          Delivers to:{' '}
          {zone.regions.map((r, i) => (
            <span key={`${r.countryId}:${r.stateId ?? ''}`}>
              {i > 0 ? '; ' : ''}
              <RegionName region={r} />
            </span>
          ))}
        </p>
      )}
      {action?.kind === 'delete-zone' ? (
        <Confirm
          title={
            <>
              Delete the zone “{zone.name}” and its {optionCount}?
            </>
          }
          confirmLabel={`Delete ${zone.name}`}
          busyLabel="Deleting…"
          busy={remove.isPending}
          error={remove.error}
          errorTitle="The zone could not be deleted."
          onConfirm={() => remove.mutate(action)}
          onCancel={() => start(null)}
          testId="confirm-delete-zone"
        >
          <p>Customers in its regions can no longer choose delivery. Orders already placed keep their delivery option’s name and fee.</p>
        </Confirm>
      ) : null}
      <CardNotice notice={card.notice} />
      {zone.options.length === 0 ? (
        <p className="empty">
          No delivery options in this zone: customers there cannot choose delivery yet.{canWrite ? ' Add one below.' : ''}
        </p>
      ) : (
        <div className="table-wrap">
          <table className="text-table selling-table">
            <caption className="visually-hidden">Delivery options of {zone.name}</caption>
            <thead>
              <tr>
                <th scope="col">Option</th>
                <th scope="col">Fee</th>
                <th scope="col">Free from</th>
                <th scope="col">Takes</th>
                <th scope="col">Offered</th>
                {canWrite ? (
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {zone.options.map((o) => (
                <tr key={o.id} data-testid="delivery-option">
                  <th scope="row">{o.name}</th>
                  <td data-label="Fee">{o.fee === 0 ? 'Free' : formatMoney(o.fee, o.currency)}</td>
                  <td data-label="Free from">{o.freeOver === null ? 'Never' : `orders of ${formatMoney(o.freeOver, o.currency)}`}</td>
                  <td data-label="Takes">{daysText(o.estimatedDaysMin, o.estimatedDaysMax)}</td>
                  <td data-label="Offered">{o.active ? 'Yes' : 'No (switched off)'}</td>
                  {canWrite ? (
                    <td>
                      <div className="member-actions">
                        <button type="button" className="button" aria-label={`Edit ${o.name} in ${zone.name}`} onClick={() => start({ kind: 'edit-option', option: o })}>
                          Edit
                        </button>
                        <button type="button" className="button" aria-label={`Delete ${o.name} from ${zone.name}`} onClick={() => start({ kind: 'delete-option', option: o })}>
                          Delete
                        </button>
                      </div>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {action?.kind === 'delete-option' ? (
        <Confirm
          title={
            <>
              Delete the option “{action.option.name}” from {zone.name}?
            </>
          }
          confirmLabel={`Delete ${action.option.name}`}
          busyLabel="Deleting…"
          busy={remove.isPending}
          error={remove.error}
          errorTitle="The option could not be deleted."
          onConfirm={() => remove.mutate(action)}
          onCancel={() => start(null)}
          testId="confirm-delete-option"
        >
          <p>Customers can no longer choose it. Orders already placed with it keep its name and fee.{action.option.active ? '' : ' (It is switched off already.)'}</p>
        </Confirm>
      ) : null}
      {action?.kind === 'edit-option' ? (
        <OptionEditor
          key={action.option.id}
          tenant={tenant}
          zone={zone}
          option={action.option}
          currency={currency}
          onDone={(o) => done(`Option “${o.name}” saved.`)}
          onCancel={() => start(null)}
        />
      ) : null}
      {canWrite ? (
        action?.kind === 'add-option' ? (
          <NewOption tenant={tenant} zone={zone} currency={currency} onDone={(o) => done(`Option “${o.name}” added.`)} onCancel={() => start(null)} />
        ) : action === null ? (
          <div className="actions">
            <button type="button" className="button" aria-label={`Add an option to ${zone.name}`} onClick={() => start({ kind: 'add-option' })}>
              Add an option
            </button>
          </div>
        ) : null
      ) : null}
    </ListCard>
  );
}

const ZONE_LABELS: Partial<Record<keyof DeliveryZone, string>> = { name: 'Name', regions: 'Regions' };

function ZoneEditor({ tenant, zone, onDone, onCancel }: { tenant: Tenant; zone: DeliveryZone; onDone: () => void; onCancel: () => void }) {
  const invalidate = useInvalidateDelivery(tenant);
  const countries = useCountries();
  const editor = useEtagEditor<DeliveryZone>({
    labels: ZONE_LABELS,
    show: (field, value) =>
            field === 'regions' && Array.isArray(value) ? (value as DeliveryRegion[]).map((r) => regionName(r, countries.data, undefined)).join('; ') : String(value ?? ''),
    tenant,
    path: `/v1/delivery/zones/${encodeURIComponent(zone.id)}`,
    queryKey: [...deliveryKey(tenant), 'zone', zone.id],
    enabled: true,
    onStale: invalidate,
    onSaved: () => {
      invalidate();
      onDone();
    },
  });
  const base = editor.base;
  if (editor.query.isError && !base) return <ErrorPanel error={editor.query.error} title="The zone could not be loaded." onRetry={() => editor.query.refetch()} />;
  if (!base) return <Loading what="the zone" />;
  return (
    <>
      {editor.conflict ? (
        <EditorConflict
          what={`the zone “${base.value.name}”`}
          conflict={editor.conflict}
          busy={editor.saving}
          onReload={editor.reload}
          onOverwrite={editor.overwrite}
        />
      ) : null}
      <ZoneForm
        key={editor.version}
        base={base.value}
        saving={editor.saving}
        error={editor.error}
        onEdited={editor.resetError}
        onSave={(patch) => editor.save(patch, patch as Partial<DeliveryZone>)}
        onCancel={onCancel}
      />
    </>
  );
}

function ZoneForm({
  base,
  saving,
  error,
  onEdited,
  onSave,
  onCancel,
}: {
  base: DeliveryZone;
  saving: boolean;
  error: unknown;
  onEdited: () => void;
  onSave: (patch: Record<string, unknown>) => void;
  onCancel: () => void;
}) {
  const focusRef = useFocusOnMount<HTMLFormElement>();
  const [name, setName] = useState(base.name);
  const [regions, setRegions] = useState<DeliveryRegion[]>(base.regions);
  const errors = formErrors(error);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const patch = changedOnly<Record<string, unknown>>({ name: base.name, regions: base.regions }, { name, regions });
    if (Object.keys(patch).length === 0) onCancel();
    else onSave(patch);
  };
  return (
    <form ref={focusRef} tabIndex={-1} onSubmit={submit} noValidate aria-label={`Edit the zone ${base.name}`} className="inline-editor">
      <TextField label="Zone name" error={errors.get('name')} type="text" name="name" maxLength={200} value={name} onChange={(v) => { setName(v); onEdited(); }} />
      <RegionsPicker
        regions={regions}
        onChange={(next) => {
          setRegions(next);
          onEdited();
        }}
        errors={errors}
        disabled={false}
      />
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save zone'}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
      {error && !shownAtFields(error, (p) => p === 'name' || p === 'regions' || p.startsWith('regions[')) ? <ErrorPanel error={error} title="The zone could not be saved." /> : null}
    </form>
  );
}

// ---- options ------------------------------------------------------------------------------------------------

interface OptionDraft {
  name: string;
  fee: string;
  freeOver: string;
  estimatedDaysMin: string;
  estimatedDaysMax: string;
  active: boolean;
}

const OPTION_FIELDS = ['name', 'fee', 'freeOver', 'estimatedDaysMin', 'estimatedDaysMax', 'active'];

const OPTION_LABELS: Partial<Record<keyof DeliveryOption, string>> = {
  name: 'Name',
  fee: 'Fee',
  freeOver: 'Free from',
  estimatedDaysMin: 'Fewest days',
  estimatedDaysMax: 'Most days',
  active: 'Offered',
};

const optionDraft = (o: DeliveryOption): OptionDraft => ({
  name: o.name,
  fee: numberText(o.fee),
  freeOver: numberText(o.freeOver),
  estimatedDaysMin: numberText(o.estimatedDaysMin),
  estimatedDaysMax: numberText(o.estimatedDaysMax),
  active: o.active,
});

const optionBody = (d: OptionDraft): Record<string, unknown> => ({
  name: d.name,
  fee: numberOrNull(d.fee),
  freeOver: numberOrNull(d.freeOver),
  estimatedDaysMin: numberOrNull(d.estimatedDaysMin),
  estimatedDaysMax: numberOrNull(d.estimatedDaysMax),
  active: d.active,
});

function NewOption({ tenant, zone, currency, onDone, onCancel }: { tenant: Tenant; zone: DeliveryZone; currency: string; onDone: (o: DeliveryOption) => void; onCancel: () => void }) {
  const invalidate = useInvalidateDelivery(tenant);
  const focusRef = useFocusOnMount<HTMLFormElement>();
  const [draft, setDraft] = useState<OptionDraft>({ name: '', fee: '', freeOver: '', estimatedDaysMin: '', estimatedDaysMax: '', active: true });
  const submission = useSubmission();
  const create = useMutation({
    mutationFn: (input: { body: Record<string, unknown>; key: string }) =>
      api<DeliveryOption>(`/v1/delivery/zones/${encodeURIComponent(zone.id)}/options`, { tenant, method: 'POST', headers: { 'Idempotency-Key': input.key }, body: input.body }).then(
        (r) => r.data,
      ),
    onSuccess: (o) => {
      submission.forget();
      invalidate();
      onDone(o);
    },
    onSettled: () => submission.settled(),
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const body = optionBody(draft);
    const key = submission.begin(JSON.stringify(body));
    if (key !== null) create.mutate({ body, key });
  };
  return (
    <form ref={focusRef} tabIndex={-1} onSubmit={submit} noValidate aria-label={`New option for ${zone.name}`} className="inline-editor">
      <h4 className="inline-editor-title">New option for {zone.name}</h4>
      <OptionFields
        draft={draft}
        onChange={(next) => {
          setDraft(next);
          submission.forget();
          if (create.isError) create.reset();
        }}
        error={create.error}
        currency={currency}
      />
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={create.isPending}>
          {create.isPending ? 'Adding…' : 'Add option'}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
      {create.isError && !shownAtFields(create.error, (p) => OPTION_FIELDS.includes(p)) ? <ErrorPanel error={create.error} title="The option could not be added." /> : null}
    </form>
  );
}

function OptionEditor({
  tenant,
  zone,
  option,
  currency,
  onDone,
  onCancel,
}: {
  tenant: Tenant;
  zone: DeliveryZone;
  option: DeliveryOption;
  currency: string;
  onDone: (o: DeliveryOption) => void;
  onCancel: () => void;
}) {
  const invalidate = useInvalidateDelivery(tenant);
  const show = (field: string, value: unknown) =>
    value === null || value === undefined
      ? field === 'freeOver'
        ? 'Never'
        : 'Not stated'
      : (field === 'fee' || field === 'freeOver') && typeof value === 'number'
        ? formatMoney(value, currency)
        : field === 'active'
          ? value
            ? 'Yes'
            : 'No'
          : String(value);
  const editor = useEtagEditor<DeliveryOption>({
    labels: OPTION_LABELS,
    show,
    tenant,
    path: `/v1/delivery/zones/${encodeURIComponent(zone.id)}/options/${encodeURIComponent(option.id)}`,
    queryKey: [...deliveryKey(tenant), 'option', option.id],
    enabled: true,
    onStale: invalidate,
    onSaved: (o) => {
      invalidate();
      onDone(o);
    },
  });
  const base = editor.base;
  if (editor.query.isError && !base) return <ErrorPanel error={editor.query.error} title="The option could not be loaded." onRetry={() => editor.query.refetch()} />;
  if (!base) return <Loading what="the option" />;
  return (
    <>
      {editor.conflict ? (
        <EditorConflict
          what={`the option “${base.value.name}”`}
          conflict={editor.conflict}
          busy={editor.saving}
          onReload={editor.reload}
          onOverwrite={editor.overwrite}
        />
      ) : null}
      <OptionForm
        key={editor.version}
        base={base.value}
        zone={zone}
        currency={currency}
        saving={editor.saving}
        error={editor.error}
        onEdited={editor.resetError}
        onSave={(patch) => editor.save(patch, patch as Partial<DeliveryOption>)}
        onCancel={onCancel}
      />
    </>
  );
}

function OptionForm({
  base,
  zone,
  currency,
  saving,
  error,
  onEdited,
  onSave,
  onCancel,
}: {
  base: DeliveryOption;
  zone: DeliveryZone;
  currency: string;
  saving: boolean;
  error: unknown;
  onEdited: () => void;
  onSave: (patch: Record<string, unknown>) => void;
  onCancel: () => void;
}) {
  const focusRef = useFocusOnMount<HTMLFormElement>();
  const [draft, setDraft] = useState<OptionDraft>(() => optionDraft(base));
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const patch = changedOnly(optionBody(optionDraft(base)), optionBody(draft));
    if (Object.keys(patch).length === 0) onCancel();
    else onSave(patch);
  };
  return (
    <form ref={focusRef} tabIndex={-1} onSubmit={submit} noValidate aria-label={`Edit ${base.name} in ${zone.name}`} className="inline-editor">
      <h4 className="inline-editor-title">
        Edit {base.name} ({zone.name})
      </h4>
      <OptionFields
        draft={draft}
        onChange={(next) => {
          setDraft(next);
          onEdited();
        }}
        error={error}
        currency={currency}
      />
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save option'}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
      {error && !shownAtFields(error, (p) => OPTION_FIELDS.includes(p)) ? <ErrorPanel error={error} title="The option could not be saved." /> : null}
    </form>
  );
}

function OptionFields({ draft, onChange, error, currency }: { draft: OptionDraft; onChange: (d: OptionDraft) => void; error: unknown; currency: string }) {
  const errors = formErrors(error);
  const set = <K extends keyof OptionDraft>(key: K, value: OptionDraft[K]) => onChange({ ...draft, [key]: value });
  return (
    <div className="option-fields">
      <TextField label="Option name" error={errors.get('name')} hint="What customers choose, e.g. “Standard” or “Express”." type="text" name="name" maxLength={200} value={draft.name} onChange={(v) => set('name', v)} />
      <TextField label={`Fee (${currency})`} error={errors.get('fee')} hint="0 for free delivery." type="number" name="fee" inputMode="decimal" min="0" step="any" value={draft.fee} onChange={(v) => set('fee', v)} />
      <TextField label={`Free from (${currency})`} error={errors.get('freeOver')} hint="Orders of at least this subtotal deliver free. Empty: never." type="number" name="freeOver" inputMode="decimal" min="0" step="any" value={draft.freeOver} onChange={(v) => set('freeOver', v)} />
      <Field label="Fewest days" error={errors.get('estimatedDaysMin')} hint="Empty: not stated.">
        {(p) => (
          <input {...p} type="number" name="estimatedDaysMin" inputMode="numeric" min="0" step="1" value={draft.estimatedDaysMin} onChange={(e) => set('estimatedDaysMin', e.target.value)} />
        )}
      </Field>
      <Field label="Most days" error={errors.get('estimatedDaysMax')} hint="Empty: not stated.">
        {(p) => (
          <input {...p} type="number" name="estimatedDaysMax" inputMode="numeric" min="0" step="1" value={draft.estimatedDaysMax} onChange={(e) => set('estimatedDaysMax', e.target.value)} />
        )}
      </Field>
      <div className="form-field">
        <label className="check">
          <input type="checkbox" name="active" checked={draft.active} onChange={(e) => set('active', e.target.checked)} /> Offered to customers (switched off, it is
          kept but not offered)
        </label>
      </div>
    </div>
  );
}

// ---- quote ----------------------------------------------------------------------------------------------------

function QuoteHelper({ tenant, currency }: { tenant: Tenant; currency: string }) {
  const subtotalId = useId();
  const [country, setCountry] = useState('');
  const [stateCode, setStateCode] = useState('');
  const [subtotal, setSubtotal] = useState('');
  const [asked, setAsked] = useState<{ countryId: string; stateId: string; subtotal: string } | null>(null);
  const quote = useQuery({
    queryKey: [...deliveryKey(tenant), 'quote', asked],
    enabled: asked !== null,
    queryFn: ({ signal }) => {
      const q = new URLSearchParams({ countryId: asked!.countryId });
      if (asked!.stateId) q.set('stateId', asked!.stateId);
      if (asked!.subtotal.trim()) q.set('subtotal', asked!.subtotal.trim());
      return api<DeliveryQuote>(`/v1/delivery/quote?${q}`, { tenant, signal }).then((r) => r.data);
    },
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (country) setAsked({ countryId: country, stateId: stateCode, subtotal });
  };
  const q = quote.data;
  return (
    <Section title="Try a quote">
      <p className="muted">What a customer at an address would be offered, for an order subtotal: the options checkout shows, with their fees.</p>
      <form onSubmit={submit} noValidate className="quote-form" aria-label="Delivery quote">
        <CountryStateFields
          country={country}
          state={stateCode}
          wholeCountry="None chosen"
          onChange={(c, st) => {
            setCountry(c);
            setStateCode(st);
          }}
        />
        <div className="form-field">
          <label htmlFor={subtotalId}>Order subtotal ({currency})</label>
          <input id={subtotalId} type="number" inputMode="decimal" min="0" step="any" value={subtotal} onChange={(e) => setSubtotal(e.target.value)} />
        </div>
        <div className="actions">
          <button type="submit" className="button" disabled={!country}>
            Get a quote
          </button>
        </div>
      </form>
      {asked === null ? null : quote.isPending ? (
        <Loading what="the quote" />
      ) : quote.isError ? (
        <ErrorPanel error={quote.error} title="The quote could not be made." onRetry={() => quote.refetch()} />
      ) : q ? (
        <div data-testid="quote" role="status">
          {q.zone === null ? (
            <p className="empty">
              No zone delivers to <RegionName region={{ countryId: q.countryId, stateId: q.stateId }} />: customers there cannot get delivery. Add the region to a
              zone.
            </p>
          ) : q.options.length === 0 ? (
            <p className="empty">
              The zone “{q.zone.name}” serves <RegionName region={{ countryId: q.countryId, stateId: q.stateId }} /> but offers no active option: customers there
              cannot get delivery. Add or switch on an option.
            </p>
          ) : (
            <>
              <p>
                <RegionName region={{ countryId: q.countryId, stateId: q.stateId }} /> is served by “{q.zone.name}”. For an order of {formatMoney(q.subtotal, q.currency)},
                cheapest first:
              </p>
              <ul className="quote-options">
                {q.options.map((o) => (
                  <li key={o.optionId}>
                    <strong>{o.name}</strong>: {o.free ? `free (normally ${formatMoney(o.regularFee, q.currency)})` : o.fee === 0 ? 'free' : formatMoney(o.fee, q.currency)}
                    {' · '}
                    {daysText(o.estimatedDaysMin, o.estimatedDaysMax)}
                    {o.freeOver !== null && !o.free ? ` · free from ${formatMoney(o.freeOver, q.currency)}` : ''}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      ) : null}
    </Section>
  );
}
