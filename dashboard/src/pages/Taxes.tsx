import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { api, type Tenant } from '../api/client.ts';
import type { Schemas } from '../api/wire.ts';
import { Confirm } from '../components/Confirm.tsx';
import { CreateActions, CreateSection, useCreateForm } from '../components/CreateSection.tsx';
import { ErrorPanel, Loading } from '../components/ErrorPanel.tsx';
import { Field, TextField } from '../components/Field.tsx';
import { CardNotice, ListCard, useCardActions } from '../components/ListCard.tsx';
import { LoadMore } from '../components/LoadMore.tsx';
import { NotAllowed, Section } from '../components/Section.tsx';
import { formErrors, shownAtFields } from '../selling/forms.ts';
import { CountryStateFields, RegionName } from '../selling/regions.tsx';
import { tenantOf, useTenant } from '../tenant.tsx';

type StoreSettings = Schemas['StoreSettings'];
type TaxRegion = Schemas['TaxRegion'];

const READ = 'settings:read';
const WRITE = 'settings:write';
const PAGE = 50;

const taxesKey = (t: Tenant) => ['tenant', t.storeId, t.mode, 'taxes'] as const;
/** The same key as the Settings page's, so either page's change shows on the other. */
const settingsKey = (t: Tenant) => ['tenant', t.storeId, t.mode, 'settings'] as const;

function useInvalidateTaxes(tenant: Tenant) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: taxesKey(tenant) });
    void queryClient.invalidateQueries({ queryKey: ['tenant', tenant.storeId, tenant.mode, 'audit-log'] });
  };
}

/** 2000 basis points → "20 %". */
function percent(bp: number): string {
  return `${(bp / 100).toLocaleString('en', { maximumFractionDigits: 2 })} %`;
}

/** "standard 20 %, reduced 5 %, zero 0 %". */
function ratesText(rates: Record<string, number>): string {
  return Object.entries(rates)
    .map(([c, bp]) => `${c} ${percent(bp)}`)
    .join(', ');
}

/**
 * A percentage as typed, in basis points for the API; what cannot be one is sent as typed so the API refuses it
 * naming the rate (shown at its field in the merchant's words, `rateError`).
 */
function basisPoints(text: string): number | string | null {
  const t = text.trim().replace(/\s*%$/, '').replace(',', '.');
  if (t === '') return null;
  const n = Number(t);
  if (!Number.isFinite(n)) return text;
  const bp = n * 100;
  return Math.abs(bp - Math.round(bp)) < 1e-6 ? Math.round(bp) : bp;
}

const RATE_RULE = 'must be a percentage from 0 to 100, with at most two decimals';

/** The API's rule for a rate, in the merchant's words (the API speaks basis points, the form percentages). */
function rateError(rule: string | undefined): string | null {
  if (rule === undefined) return null;
  return /required/.test(rule) ? rule : RATE_RULE;
}

interface RatesDraft {
  standard: string;
  reduced: string;
  /** other classes, `books=7; kids=0` */
  others: string;
}

const draftOf = (rates: Record<string, number>): RatesDraft => {
  const { standard, reduced, ...rest } = rates;
  return {
    standard: standard === undefined ? '' : String(standard / 100),
    reduced: reduced === undefined ? '' : String(reduced / 100),
    others: Object.entries(rest)
      .map(([c, bp]) => `${c}=${bp / 100}`)
      .join('; '),
  };
};

function ratesBody(d: RatesDraft): Record<string, unknown> {
  const out: Record<string, unknown> = { standard: basisPoints(d.standard) };
  const reduced = basisPoints(d.reduced);
  if (reduced !== null) out.reduced = reduced;
  for (const part of d.others.split(/[;\n]/)) {
    if (part.trim() === '') continue;
    const [name = '', value = ''] = part.split('=');
    out[name.trim()] = basisPoints(value) ?? value;
  }
  return out;
}

/** Where a complaint about the rates shows: standard, reduced, or the other classes (any other class and the table). */
function rateErrors(errors: Map<string, string>) {
  let others: string | null = null;
  for (const [path, rule] of errors) {
    if (path === 'rates') others ??= rule;
    else if (path.startsWith('rates.') && path !== 'rates.standard' && path !== 'rates.reduced') {
      const cls = path.slice('rates.'.length);
      others ??= /class name/.test(rule) ? `“${cls}” ${rule}` : `“${cls}” ${RATE_RULE}`;
    }
  }
  return { standard: rateError(errors.get('rates.standard')), reduced: rateError(errors.get('rates.reduced')), others };
}

const shownAtRegionFields = (p: string) => p === 'name' || p === 'countryId' || p === 'stateId' || p === 'rates' || p.startsWith('rates.');

function RateFields({ draft, onChange, errors }: { draft: RatesDraft; onChange: (d: RatesDraft) => void; errors: Map<string, string> }) {
  const e = rateErrors(errors);
  return (
    <div className="field-grid">
      <Field label="Standard rate (%)" error={e.standard} hint="Most goods, e.g. 20 for 20 %.">
        {(p) => <input {...p} type="text" inputMode="decimal" required value={draft.standard} onChange={(ev) => onChange({ ...draft, standard: ev.target.value })} />}
      </Field>
      <Field label="Reduced rate (%)" error={e.reduced} hint="Optional. Without one, reduced goods pay the standard rate.">
        {(p) => <input {...p} type="text" inputMode="decimal" value={draft.reduced} onChange={(ev) => onChange({ ...draft, reduced: ev.target.value })} />}
      </Field>
      <Field label="Your own classes" error={e.others} hint="Optional: a class and its rate, separated by semicolons, e.g. books=7; children=0. The zero class is always 0 %.">
        {(p) => <input {...p} type="text" value={draft.others} onChange={(ev) => onChange({ ...draft, others: ev.target.value })} />}
      </Field>
    </div>
  );
}

/** Taxes: how prices are written, where tax is charged and at what rates (settings:read; settings:write to change). */
export default function Taxes() {
  const state = useTenant();
  const tenant = tenantOf(state);
  const allowed = state.permissions?.has(READ) ?? false;
  const canWrite = state.permissions?.has(WRITE) ?? false;
  if (!tenant || !state.store) return null;
  return (
    <>
      <title>{`Taxes · ${state.store.name} · Dashboard`}</title>
      <h1>Taxes</h1>
      <p className="muted">
        Where you charge tax and at what rates. An order is taxed by the region of its delivery state, else of its country; where you have no region, no tax is
        charged. Orders already placed keep the tax they were placed with.
      </p>
      {state.permissions === null ? (
        <Loading what="your permissions" />
      ) : !allowed ? (
        <NotAllowed permission={READ} />
      ) : (
        <>
          <TaxSettings tenant={tenant} canWrite={canWrite} />
          {canWrite ? <NewRegion tenant={tenant} /> : null}
          <Regions tenant={tenant} canWrite={canWrite} />
        </>
      )}
    </>
  );
}

// ---- how prices are written ------------------------------------------------------------------------------------

function TaxSettings({ tenant, canWrite }: { tenant: Tenant; canWrite: boolean }) {
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: settingsKey(tenant), queryFn: ({ signal }) => api<StoreSettings>('/v1/settings', { tenant, signal }).then((r) => r.data) });
  const [includes, setIncludes] = useState<boolean | null>(null);
  const [shipping, setShipping] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) => api<StoreSettings>('/v1/settings', { tenant, method: 'PATCH', body }).then((r) => r.data),
    onSuccess: (data) => {
      queryClient.setQueryData(settingsKey(tenant), data);
      void queryClient.invalidateQueries({ queryKey: settingsKey(tenant) });
      setIncludes(null);
      setShipping(null);
      setSaved(true);
    },
  });
  const hintId = useId();
  if (settings.isPending) return <Loading what="the tax settings" />;
  if (settings.isError) return <ErrorPanel error={settings.error} title="The tax settings could not be loaded." onRetry={() => settings.refetch()} />;
  const current = settings.data;
  const pricesIncludeTax = includes ?? current.pricesIncludeTax;
  const shippingTaxClass = shipping ?? current.shippingTaxClass;
  const errors = formErrors(save.error);
  const edited = () => {
    setSaved(false);
    if (save.isError) save.reset();
  };
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const body: Record<string, unknown> = {};
    if (pricesIncludeTax !== current.pricesIncludeTax) body.pricesIncludeTax = pricesIncludeTax;
    if (shippingTaxClass !== current.shippingTaxClass) body.shippingTaxClass = shippingTaxClass.trim();
    if (Object.keys(body).length === 0) {
      setSaved(true);
      return;
    }
    save.mutate(body);
  };
  return (
    <Section title="How your prices are written">
      <form onSubmit={submit} noValidate aria-label="Tax settings">
        <fieldset className="fieldset" aria-describedby={hintId} disabled={!canWrite}>
          <legend>Prices</legend>
          <p id={hintId} className="field-hint">
            In {tenant.mode === 'test' ? 'test' : 'live'} mode. Changing this affects orders placed from now on.
          </p>
          <label className="choice">
            <input
              type="radio"
              name="pricesIncludeTax"
              checked={pricesIncludeTax}
              onChange={() => {
                setIncludes(true);
                edited();
              }}
            />{' '}
            <strong>Include tax</strong> (VAT style): a price of 12.00 is what the customer pays, and at 20 % it holds 2.00 of tax
          </label>
          <label className="choice">
            <input
              type="radio"
              name="pricesIncludeTax"
              checked={!pricesIncludeTax}
              onChange={() => {
                setIncludes(false);
                edited();
              }}
            />{' '}
            <strong>Exclude tax</strong> (US sales tax style): tax is added to the prices at checkout
          </label>
          {errors.get('pricesIncludeTax') ? <p className="field-error">Prices {errors.get('pricesIncludeTax')}.</p> : null}
        </fieldset>
        <TextField label="Tax class of delivery" error={errors.get('shippingTaxClass')} hint="The rate delivery fees are taxed at: standard unless you choose reduced, zero or a class of your own." type="text" maxLength={40} readOnly={!canWrite} value={shippingTaxClass} onChange={(v) => { setShipping(v); edited(); }} />
        {canWrite ? (
          <div className="actions">
            <button type="submit" className="button button-primary" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save tax settings'}
            </button>
          </div>
        ) : (
          <p className="muted">Changing these needs the permission to manage store settings (settings:write).</p>
        )}
        {saved ? (
          <p className="notice" role="status">
            Tax settings saved.
          </p>
        ) : null}
        {save.isError && !shownAtFields(save.error, (p) => p === 'pricesIncludeTax' || p === 'shippingTaxClass') ? <ErrorPanel error={save.error} title="The tax settings could not be saved." /> : null}
      </form>
    </Section>
  );
}

// ---- regions ----------------------------------------------------------------------------------------------------

function NewRegion({ tenant }: { tenant: Tenant }) {
  const invalidate = useInvalidateTaxes(tenant);
  const form = useCreateForm({
    empty: { name: '', country: '', stateId: '', rates: { standard: '', reduced: '', others: '' } as RatesDraft },
    bodyOf: (d) => {
      const body: Record<string, unknown> = { countryId: d.country, rates: ratesBody(d.rates) };
      if (d.name.trim() !== '') body.name = d.name;
      if (d.stateId !== '') body.stateId = d.stateId;
      return body;
    },
    send: (body, key) => api<TaxRegion>('/v1/tax-regions', { tenant, method: 'POST', headers: { 'Idempotency-Key': key }, body }).then((r) => r.data),
    created: (region) => {
      invalidate();
      return `Tax region “${region.name}” added: orders delivered there from now on are taxed at ${ratesText(region.rates)}.`;
    },
  });
  const { draft, edit } = form;
  const errors = formErrors(form.create.error);
  const placeError = errors.get('stateId') ?? errors.get('countryId');
  return (
    <CreateSection title="New tax region" openLabel="Add a tax region" formLabel="New tax region" {...form.section} intro={<p className="muted">A tax region is a country, or one of its states, with its tax rates.</p>}>
      <CountryStateFields country={draft.country} state={draft.stateId} wholeCountry="The whole country" onChange={(country, stateId) => edit({ country, stateId })} />
      {placeError ? <p className="field-error">Place: {placeError}.</p> : null}
      <TextField label="Region name" error={errors.get('name')} hint="Optional, for you and your invoices, e.g. “United Kingdom” or “Texas”." type="text" maxLength={200} value={draft.name} onChange={(name) => edit({ name })} />
      <RateFields draft={draft.rates} onChange={(rates) => edit({ rates })} errors={errors} />
      <CreateActions form={form} label="Add tax region" busyLabel="Adding…" failed="The tax region could not be added." shown={shownAtRegionFields} />
    </CreateSection>
  );
}

function Regions({ tenant, canWrite }: { tenant: Tenant; canWrite: boolean }) {
  const query = useInfiniteQuery({
    queryKey: [...taxesKey(tenant), 'regions'],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const q = new URLSearchParams({ limit: String(PAGE) });
      if (pageParam) q.set('cursor', pageParam);
      return api<TaxRegion[]>(`/v1/tax-regions?${q}`, { tenant, signal });
    },
    getNextPageParam: (last) => last.pagination?.nextCursor ?? null,
  });
  const regions = query.data?.pages.flatMap((p) => p.data) ?? [];
  if (query.isPending) return <Loading what="tax regions" />;
  if (query.isError && regions.length === 0) return <ErrorPanel error={query.error} title="The tax regions could not be loaded." onRetry={() => query.refetch()} />;
  return (
    <Section title={`Tax regions in ${tenant.mode === 'test' ? 'test' : 'live'} mode`}>
      {regions.length === 0 ? (
        <p className="empty">
          {canWrite ? 'You charge no tax anywhere yet. Add a tax region above for each place you charge tax in.' : 'This store charges no tax yet. A store owner or admin can add tax regions.'}
        </p>
      ) : (
        regions.map((r) => <RegionCard key={r.id} tenant={tenant} region={r} canWrite={canWrite} />)
      )}
      <LoadMore query={query} failed="More tax regions could not be loaded." label="Load more tax regions" />
    </Section>
  );
}

function RegionCard({ tenant, region, canWrite }: { tenant: Tenant; region: TaxRegion; canWrite: boolean }) {
  const invalidate = useInvalidateTaxes(tenant);
  const card = useCardActions<'edit' | 'delete'>(
    () => api(`/v1/tax-regions/${encodeURIComponent(region.id)}`, { tenant, method: 'DELETE' }),
    () => {
      invalidate();
      return null;
    },
  );
  const { action, remove, start, done } = card;
  return (
    <ListCard
      card={card}
      title={region.name}
      testId="tax-region"
      buttons={
        canWrite
          ? [
              { label: 'Edit rates', name: `Edit rates of ${region.name}`, onClick: () => start('edit') },
              { label: 'Delete', name: `Delete tax region ${region.name}`, onClick: () => start('delete') },
            ]
          : null
      }
    >
      <p data-testid="tax-region-place">
        <RegionName region={{ countryId: region.countryId, stateId: region.stateId }} />
        {region.stateId === null ? ' (the whole country, unless a state has its own region)' : ''}
      </p>
      {action === 'edit' ? (
        <RegionEditor
          tenant={tenant}
          region={region}
          onDone={(r) => {
            done(`Rates of “${r.name}” saved: orders placed from now on use them.`);
            invalidate();
          }}
          onCancel={() => start(null)}
        />
      ) : (
        <p data-testid="tax-region-rates">Rates: {ratesText(region.rates)}</p>
      )}
      {action === 'delete' ? (
        <Confirm
          title={<>Delete the tax region “{region.name}”?</>}
          confirmLabel={`Delete ${region.name}`}
          busyLabel="Deleting…"
          busy={remove.isPending}
          error={remove.error}
          errorTitle="The tax region could not be deleted."
          onConfirm={() => remove.mutate('delete')}
          onCancel={() => start(null)}
          testId="confirm-delete-tax-region"
        >
          <p>Orders delivered there from now on are taxed by the country’s region if it has one, else not at all. Orders already placed keep their tax.</p>
        </Confirm>
      ) : null}
      <CardNotice notice={card.notice} />
    </ListCard>
  );
}

function RegionEditor({ tenant, region, onDone, onCancel }: { tenant: Tenant; region: TaxRegion; onDone: (r: TaxRegion) => void; onCancel: () => void }) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    form.current?.focus();
  }, []);
  const [name, setName] = useState(region.name);
  const [rates, setRates] = useState<RatesDraft>(draftOf(region.rates));
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) => api<TaxRegion>(`/v1/tax-regions/${encodeURIComponent(region.id)}`, { tenant, method: 'PATCH', body }).then((r) => r.data),
    onSuccess: onDone,
  });
  const errors = formErrors(save.error);
  const edited = () => {
    if (save.isError) save.reset();
  };
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const body: Record<string, unknown> = {};
    if (name !== region.name) body.name = name;
    const next = ratesBody(rates);
    if (JSON.stringify(next) !== JSON.stringify(region.rates)) body.rates = next;
    if (Object.keys(body).length === 0) onCancel();
    else save.mutate(body);
  };
  return (
    <form ref={form} tabIndex={-1} onSubmit={submit} noValidate aria-label={`Edit the tax region ${region.name}`} className="inline-editor">
      <TextField label="Region name" error={errors.get('name')} type="text" maxLength={200} value={name} onChange={(v) => { setName(v); edited(); }} />
      <RateFields
        draft={rates}
        onChange={(d) => {
          setRates(d);
          edited();
        }}
        errors={errors}
      />
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save rates'}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
      {save.isError && !shownAtFields(save.error, shownAtRegionFields) ? <ErrorPanel error={save.error} title="The tax region could not be saved." /> : null}
    </form>
  );
}
