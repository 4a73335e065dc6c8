import { type QueryClient, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { api, apiWithEtag, type Tenant } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import type { DataOf, Schemas } from '../api/wire.ts';
import { changedFields, EditorConflict } from '../components/Conflict.tsx';
import { ErrorPanel, Loading } from '../components/ErrorPanel.tsx';
import { allShownAtFields, Field, fieldErrors, TextField } from '../components/Field.tsx';
import { ListSearch } from '../components/ListSearch.tsx';
import { ListStates } from '../components/ListStates.tsx';
import { LoadMore } from '../components/LoadMore.tsx';
import { NotAllowed, Permission, Section } from '../components/Section.tsx';
import { type Loaded, useEtagSave } from '../editor.ts';
import { formatMoney, formatNumber, formatTimestamp } from '../format.ts';
import { invalidatePastCache } from '../freshness.ts';
import { newIdempotencyKey, useSubmission } from '../idempotency.ts';
import { lowStockKey, stockTotalsKey } from '../overview-keys.ts';
import { numberOrNull } from '../selling/forms.ts';
import { SkuLocations } from '../stock/SkuLocations.tsx';
import { tenantOf, useTenant } from '../tenant.tsx';

type InventoryAdjustment = Schemas['InventoryAdjustment'];
type InventoryDashboard = Schemas['InventoryDashboard'];
type InventorySettings = DataOf<'/v1/inventory/settings'>;
type StockLevel = Schemas['StockLevel'];
type StockLevels = DataOf<'/v1/inventory/skus'>;
type StockState = Schemas['StockLevel']['stock'];

const READ = 'inventory:read';
const WRITE = 'inventory:write';
const SETTINGS_WRITE = 'settings:write';
const PAGE = 25;

const STOCK_LABEL: Record<StockState, string> = { in: 'In stock', low: 'Low on stock', out: 'Out of stock' };
const STATES = Object.keys(STOCK_LABEL) as StockState[];

const inventoryKey = (t: Tenant) => ['tenant', t.storeId, t.mode, 'inventory'] as const;

/** What names a SKU for a person: its product, group and attributes, and its code. */
function skuLabel(s: StockLevel): string {
  const variant = [s.groupName, ...Object.entries(s.attributes).map(([k, v]) => `${k}: ${v}`)].filter(Boolean).join(', ');
  return variant ? `${s.productName} (${variant})` : s.productName;
}

function StockBadge({ level }: { level: StockLevel }) {
  return (
    <span className={level.stock === 'out' ? 'badge badge-out' : level.stock === 'low' ? 'badge badge-low' : 'badge badge-in'}>{STOCK_LABEL[level.stock]}</span>
  );
}

/**
 * The inventory page (its own chunk): stock totals, the low-stock threshold (an editor with If-Match, settings:write),
 * every SKU's stock (search and in/low/out filter, kept in the URL), and for the SKU picked (?sku=) an adjustment with
 * a reason (inventory:write) and its history.
 */
export default function Inventory() {
  const state = useTenant();
  const tenant = tenantOf(state);
  const [params, setParams] = useSearchParams();
  if (!tenant || !state.store) return null;
  const allowed = state.permissions?.has(READ) ?? false;
  const skuId = params.get('sku');
  const pick = (id: string | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (id) next.set('sku', id);
      else next.delete('sku');
      return next;
    });
  return (
    <>
      <title>{`Inventory · ${state.store.name} · Dashboard`}</title>
      <h1>Inventory</h1>
      <p className="muted">Stock of every SKU in {tenant.mode === 'test' ? 'test' : 'live'} mode. Every change is kept with its reason in the SKU’s history.</p>
      {state.permissions === null ? (
        <Loading what="your permissions" />
      ) : !allowed ? (
        <NotAllowed permission={READ} />
      ) : (
        <>
          <Totals tenant={tenant} />
          <Threshold tenant={tenant} canWrite={state.permissions.has(SETTINGS_WRITE)} />
          {skuId ? (
            <SkuPanel key={skuId} tenant={tenant} skuId={skuId} timeZone={state.store.timezone} canWrite={state.permissions.has(WRITE)} onClose={() => pick(null)} />
          ) : null}
          <StockList tenant={tenant} picked={skuId} onPick={pick} canWrite={state.permissions.has(WRITE)} />
        </>
      )}
    </>
  );
}

function Totals({ tenant }: { tenant: Tenant }) {
  const query = useQuery({
    queryKey: [...inventoryKey(tenant), 'totals'],
    // This page is where stock changes: revalidate past the 3-minute browser cache window of the overview's figures.
    queryFn: ({ signal }) => api<InventoryDashboard>('/v1/dashboard/inventory', { tenant, signal, fresh: true }).then((r) => r.data),
  });
  return (
    <Section title="At a glance">
      {query.isPending ? (
        <Loading what="stock totals" />
      ) : query.isError ? (
        <ErrorPanel error={query.error} title="Stock totals could not be loaded." onRetry={() => query.refetch()} />
      ) : (
        <dl className="stats" data-testid="stock-totals">
          <div>
            <dt>SKUs</dt>
            <dd>{formatNumber(query.data.totals.skuCount)}</dd>
          </div>
          <div>
            <dt>Units in stock</dt>
            <dd>{formatNumber(query.data.totals.unitsInStock)}</dd>
          </div>
          <div>
            <dt>Value in stock</dt>
            <dd>{formatMoney(query.data.totals.valueInStock, query.data.currency)}</dd>
          </div>
          <div>
            <dt>Low (≤ {formatNumber(query.data.lowStockThreshold)})</dt>
            <dd>{formatNumber(query.data.totals.lowStock)}</dd>
          </div>
          <div>
            <dt>Out of stock</dt>
            <dd>{formatNumber(query.data.totals.outOfStock)}</dd>
          </div>
        </dl>
      )}
    </Section>
  );
}

// ---- the low-stock threshold: an editor ---------------------------------------------------------------------------

function Threshold({ tenant, canWrite }: { tenant: Tenant; canWrite: boolean }) {
  const queryClient = useQueryClient();
  const key = [...inventoryKey(tenant), 'settings'] as const;
  const read = (fresh: boolean, signal?: AbortSignal) =>
    apiWithEtag<InventorySettings>('/v1/inventory/settings', { tenant, signal, fresh }).then((r) => ({ value: r.body.data, etag: r.etag }));
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => read(false, signal) });
  return (
    <Section title="Low-stock threshold">
      {query.isPending ? (
        <Loading what="the low-stock threshold" />
      ) : query.isError ? (
        <ErrorPanel error={query.error} title="The low-stock threshold could not be loaded." onRetry={() => query.refetch()} />
      ) : canWrite ? (
        <ThresholdEditor
          tenant={tenant}
          initial={query.data}
          read={() => read(true)}
          onSaved={(current) => {
            queryClient.setQueryData(key, current);
            stockChanged(queryClient, tenant);
          }}
        />
      ) : (
        <p>
          A SKU counts as low on stock at <strong>{formatNumber(query.data.value.lowStockThreshold)}</strong> units or fewer. Changing it needs the{' '}
          <Permission code={SETTINGS_WRITE} />.
        </p>
      )}
    </Section>
  );
}

function ThresholdEditor({
  tenant,
  initial,
  read,
  onSaved,
}: {
  tenant: Tenant;
  initial: Loaded<InventorySettings>;
  read: () => Promise<Loaded<InventorySettings>>;
  onSaved: (current: Loaded<InventorySettings>) => void;
}) {
  const [value, setValue] = useState(String(initial.value.lowStockThreshold));
  const [saved, setSaved] = useState(false);
  const [base, setBase] = useState(initial);
  const editor = useEtagSave<InventorySettings, InventorySettings>({
    read,
    write: (changes, headers) => api('/v1/inventory/settings', { tenant, method: 'PATCH', body: changes, headers }),
    changed: (loaded, current, changes) => changedFields(loaded, current, { lowStockThreshold: 'Low-stock threshold' }, changes),
    onTheirs: (current) => {
      setBase(current);
      setValue(String(current.value.lowStockThreshold));
    },
    onSaved: (current) => {
      setBase(current);
      setValue(String(current.value.lowStockThreshold));
      setSaved(true);
      onSaved(current);
    },
  });
  const errors = fieldErrors(editor.error);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSaved(false);
    // Sent as typed: the API names what is wrong with it (a whole number, 0 or more).
    void editor.save({ lowStockThreshold: value.trim() === '' ? Number.NaN : Number(value) }, base);
  };
  return (
    <>
      <form onSubmit={submit} noValidate>
        <Field
          label="Low-stock threshold"
          error={errors.get('lowStockThreshold')}
          hint="A SKU with this many units or fewer (but at least one) counts as low on stock; 0 turns the warning off. Applies to live and test mode."
        >
          {(p) => (
            <input
              {...p}
              name="lowStockThreshold"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              value={value}
              onChange={(e) => {
                setValue(e.target.value);
                setSaved(false);
                editor.clearError();
              }}
            />
          )}
        </Field>
        <div className="actions">
          <button type="submit" className="button button-primary" disabled={editor.busy}>
            {editor.busy ? 'Saving…' : 'Save threshold'}
          </button>
        </div>
        <p role="status" className="muted">
          {saved ? `Saved: SKUs with ${formatNumber(base.value.lowStockThreshold)} units or fewer count as low.` : ''}
        </p>
      </form>
      {editor.conflict ? (
        <EditorConflict
          what="the low-stock threshold"
          conflict={editor.conflict}
          busy={editor.busy}
          onReload={editor.loadTheirs}
          onOverwrite={editor.saveMine}
        />
      ) : null}
      {editor.error && !editor.conflict && !allShownAtFields(editor.error, ['lowStockThreshold']) ? (
        <ErrorPanel error={editor.error} title="The threshold could not be saved." />
      ) : null}
    </>
  );
}

// ---- every SKU's stock ----------------------------------------------------------------------------------------------

function StockList({ tenant, picked, onPick, canWrite }: { tenant: Tenant; picked: string | null; onPick: (skuId: string) => void; canWrite: boolean }) {
  const [bulk, setBulk] = useState(false);
  const [params, setParams] = useSearchParams();
  const stockId = useId();
  const q = params.get('q')?.trim() ?? '';
  const wanted = params.get('stock');
  const stock = wanted && (STATES as string[]).includes(wanted) ? (wanted as StockState) : null;
  const [text, setText] = useState(q);
  const query = useInfiniteQuery({
    queryKey: [...inventoryKey(tenant), 'skus', { q, stock }],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const search = new URLSearchParams({ limit: String(PAGE) });
      if (q) search.set('q', q);
      if (stock) search.set('stock', stock);
      if (pageParam) search.set('cursor', pageParam);
      return api<StockLevels>(`/v1/inventory/skus?${search}`, { tenant, signal });
    },
    getNextPageParam: (last) => last.pagination?.nextCursor ?? null,
  });
  const setFilter = (name: 'q' | 'stock', value: string) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });
  const skus = query.data?.pages.flatMap((p) => p.data.skus) ?? [];
  const filtered = q !== '' || stock !== null;
  return (
    <Section
      title="Stock levels"
      actions={
        canWrite && skus.length > 0 ? (
          <button type="button" className="button" aria-expanded={bulk} onClick={() => setBulk(!bulk)}>
            {bulk ? 'Close restocking' : 'Restock several'}
          </button>
        ) : null
      }
    >
      {bulk ? <BulkRestock key={`${q}:${stock}`} tenant={tenant} skus={skus} onClose={() => setBulk(false)} /> : null}
      <ListSearch value={text} placeholder="Product name or SKU code" hidden={bulk} onChange={setText} onSearch={(q) => setFilter('q', q)}>
          <div className="field">
            <label htmlFor={stockId}>Stock</label>
            <select id={stockId} value={stock ?? ''} onChange={(e) => setFilter('stock', e.target.value)}>
              <option value="">All</option>
              {STATES.map((s) => (
                <option key={s} value={s}>
                  {STOCK_LABEL[s]}
                </option>
              ))}
            </select>
          </div>
        </ListSearch>
      {query.isPending ? (
        <Loading what="stock levels" />
      ) : query.isError && skus.length === 0 ? (
        <ErrorPanel error={query.error} title="Stock levels could not be loaded." onRetry={() => query.refetch()} />
      ) : skus.length === 0 ? (
        <p className="empty">
          {filtered
            ? 'No SKU matches this search. Try other words, or choose “All” under Stock.'
            : 'No SKUs yet. Add products (with their SKUs) under Products; their stock shows here.'}
        </p>
      ) : bulk ? null : (
        <>
          <div className="table-wrap">
            <table className="text-table">
              <caption className="visually-hidden">Stock levels</caption>
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col">SKU code</th>
                  <th scope="col">In stock</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {skus.map((s) => (
                  <tr key={s.skuId} data-testid="stock-row" aria-current={picked === s.skuId ? 'true' : undefined}>
                    <th scope="row">{skuLabel(s)}</th>
                    <td data-label="SKU code">{s.sku ? <code>{s.sku}</code> : <span className="muted">none</span>}</td>
                    <td data-label="In stock">
                      {formatNumber(s.quantityInStock)} <StockBadge level={s} />
                    </td>
                    <td>
                      <button type="button" className="button" aria-label={`Adjust · history: ${skuLabel(s)}`} onClick={() => onPick(s.skuId)}>
                        Adjust · history
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <LoadMore query={query} failed="More SKUs could not be loaded." done={<p className="muted">That is every SKU{filtered ? ' that matches' : ''}.</p>} />
        </>
      )}
    </Section>
  );
}

// ---- one SKU: adjust and history ------------------------------------------------------------------------------------

function SkuPanel({ tenant, skuId, timeZone, canWrite, onClose }: { tenant: Tenant; skuId: string; timeZone: string; canWrite: boolean; onClose: () => void }) {
  const headingId = useId();
  const ref = useRef<HTMLElement>(null);
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: [...inventoryKey(tenant), 'sku', skuId],
    queryFn: ({ signal }) => api<{ lowStockThreshold: number; sku: StockLevel }>(`/v1/inventory/skus/${encodeURIComponent(skuId)}`, { tenant, signal }).then((r) => r.data.sku),
  });
  useEffect(() => {
    ref.current?.focus();
  }, []);
  const level = query.data;
  return (
    <section ref={ref} className="panel sku-panel" aria-labelledby={headingId} tabIndex={-1} data-testid="sku-panel">
      <div className="panel-head">
        <h2 id={headingId}>{level ? skuLabel(level) : 'SKU'}</h2>
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      </div>
      {query.isPending ? (
        <Loading what="the SKU" />
      ) : query.isError ? (
        <ErrorPanel error={query.error} title="The SKU could not be loaded." onRetry={() => query.refetch()} />
      ) : (
        <>
          <p data-testid="sku-quantity">
            <strong>{formatNumber(query.data.quantityInStock)}</strong> in stock <StockBadge level={query.data} />
            {query.data.sku ? (
              <span className="muted">
                SKU code <code>{query.data.sku}</code>
              </span>
            ) : null}
          </p>
          {canWrite ? (
            <AdjustForm tenant={tenant} level={query.data} />
          ) : (
            <p className="notice">
              Your role in this store lacks the <Permission code={WRITE} />, so you cannot change stock.
            </p>
          )}
          <SkuLocations tenant={tenant} skuId={skuId} label={skuLabel(query.data)} canWrite={canWrite} onChanged={() => stockChanged(queryClient, tenant)} />
          <History tenant={tenant} skuId={skuId} timeZone={timeZone} />
        </>
      )}
    </section>
  );
}

type AdjustKind = 'delta' | 'set';

function AdjustForm({ tenant, level }: { tenant: Tenant; level: StockLevel }) {
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<AdjustKind>('delta');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [done, setDone] = useState<string | null>(null);
  // One Idempotency-Key per submission of the same values: a double click adjusts once.
  const submission = useSubmission();
  const adjust = useMutation({
    mutationFn: (input: { body: Record<string, unknown>; key: string }) =>
      api<{ adjustment: InventoryAdjustment; quantityInStock: number }>('/v1/inventory/adjustments', {
        tenant,
        method: 'POST',
        headers: { 'Idempotency-Key': input.key },
        body: input.body,
      }).then((r) => r.data),
    onSuccess: (result) => {
      submission.forget();
      setAmount('');
      setReason('');
      setDone(`Stock of ${skuLabel(level)} is now ${formatNumber(result.quantityInStock)} (${result.adjustment.delta > 0 ? '+' : ''}${formatNumber(result.adjustment.delta)}).`);
    },
    onSettled: () => {
      submission.settled();
      stockChanged(queryClient, tenant);
    },
  });
  const edited = () => {
    submission.forget();
    setDone(null);
    if (adjust.isError) adjust.reset();
  };
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    // An empty amount is left out, so the API says what is missing rather than reading it as 0.
    const body: Record<string, unknown> = { skuId: level.skuId, reason };
    if (amount.trim() !== '') body[kind] = Number(amount);
    const key = submission.begin(JSON.stringify(body));
    if (key !== null) adjust.mutate({ body, key });
  };
  const errors = fieldErrors(adjust.error);
  const amountError = errors.get(kind) ?? errors.get(kind === 'delta' ? 'set' : 'delta');
  return (
    <form onSubmit={submit} noValidate className="adjust-form">
      <h3>Adjust stock</h3>
      <fieldset className="choice">
        <legend>Change</legend>
        <label>
          <input
            type="radio"
            name="kind"
            value="delta"
            checked={kind === 'delta'}
            onChange={() => {
              setKind('delta');
              edited();
            }}
          />{' '}
          Add or remove units
        </label>
        <label>
          <input
            type="radio"
            name="kind"
            value="set"
            checked={kind === 'set'}
            onChange={() => {
              setKind('set');
              edited();
            }}
          />{' '}
          Set the count
        </label>
      </fieldset>
      <Field
        label={kind === 'delta' ? 'Units to add' : 'New count'}
        error={amountError}
        hint={kind === 'delta' ? 'A negative number removes units, e.g. -2 for two damaged.' : 'What a stock count found; the history records the difference.'}
      >
        {(p) => (
          <input
            {...p}
            name="amount"
            type="number"
            inputMode="numeric"
            step={1}
            value={amount}
            onChange={(e) => {
              setAmount(e.target.value);
              edited();
            }}
          />
        )}
      </Field>
      <TextField label="Reason" error={errors.get('reason')} hint="Kept in the history: restock, damaged, stock count…" name="reason" type="text" maxLength={200} autoComplete="off" value={reason} onChange={(v) => { setReason(v); edited(); }} />
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={adjust.isPending}>
          {adjust.isPending ? 'Adjusting…' : 'Adjust stock'}
        </button>
      </div>
      <p role="status" className="muted" data-testid="adjust-result">
        {done ?? ''}
      </p>
      {adjust.isError && !allShownAtFields(adjust.error, ['delta', 'set', 'reason']) ? <ErrorPanel error={adjust.error} title="The stock could not be adjusted." /> : null}
    </form>
  );
}

function History({ tenant, skuId, timeZone }: { tenant: Tenant; skuId: string; timeZone: string }) {
  const query = useInfiniteQuery({
    queryKey: [...inventoryKey(tenant), 'sku', skuId, 'history'],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const search = new URLSearchParams({ skuId, limit: '10' });
      if (pageParam) search.set('cursor', pageParam);
      return api<InventoryAdjustment[]>(`/v1/inventory/adjustments?${search}`, { tenant, signal });
    },
    getNextPageParam: (last) => last.pagination?.nextCursor ?? null,
  });
  const rows = query.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <>
      <h3>History</h3>
      <ListStates query={query} items={rows} what="the history" failed="The history could not be loaded." empty={<p className="empty">No stock changes recorded for this SKU yet. Adjustments made here or by your other systems, and stock edits of its product, show here.</p>}>
        
          <div className="table-wrap">
            <table className="text-table">
              <caption className="visually-hidden">Stock history, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">When ({timeZone})</th>
                  <th scope="col">Change</th>
                  <th scope="col">Then in stock</th>
                  <th scope="col">Reason</th>
                  <th scope="col">By</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((a) => (
                  <tr key={a.id} data-testid="adjustment-row">
                    <th scope="row">{formatTimestamp(a.createdAt, timeZone)}</th>
                    <td data-label="Change">{a.delta > 0 ? `+${formatNumber(a.delta)}` : formatNumber(a.delta)}</td>
                    <td data-label="Then in stock">{formatNumber(a.quantityAfter)}</td>
                    <td data-label="Reason">{a.reason}</td>
                    <td data-label="By">{a.actor.label}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <LoadMore query={query} failed="More history could not be loaded." />
        
      </ListStates>
    </>
  );
}

/** After stock changed here: this page's queries refetch, and the overview's cached stock reads go past the browser's cache once. */
function stockChanged(queryClient: QueryClient, tenant: Tenant): void {
  void queryClient.invalidateQueries({ queryKey: inventoryKey(tenant) });
  invalidatePastCache(queryClient, lowStockKey(tenant));
  invalidatePastCache(queryClient, stockTotalsKey(tenant));
  void queryClient.invalidateQueries({ queryKey: ['tenant', tenant.storeId, tenant.mode, 'audit-log'] });
}

// ---- restocking several SKUs at once ------------------------------------------------------------------------------

type RowResult = { ok: true; now: number } | { ok: false; error: unknown };

/**
 * Restocking in one form (issue 38: 11 low SKUs took 44 actions one at a time): the SKUs listed when it opened (the
 * search and Stock filter apply, e.g. "Low on stock"), each with "Units to add", and one reason. Save sends one
 * `POST /v1/inventory/adjustments` per SKU with a number, one after another, each with its own `Idempotency-Key` for
 * its values (a double click or a retry after a lost answer adds once). Each row then says what it holds now, or the
 * API's refusal next to it; refused rows keep their number to correct and save again.
 */
function BulkRestock({ tenant, skus, onClose }: { tenant: Tenant; skus: StockLevel[]; onClose: () => void }) {
  const queryClient = useQueryClient();
  const reasonId = useId();
  const reasonErrorId = useId();
  const statusRef = useRef<HTMLParagraphElement>(null);
  const [rows] = useState(skus); // the SKUs as listed when it opened: a restocked SKU stays in view after it leaves a filter
  const [amounts, setAmounts] = useState<Record<string, string>>({});
  const [reason, setReason] = useState('restock');
  const [results, setResults] = useState<Record<string, RowResult>>({});
  const [busy, setBusy] = useState(false);
  const [summary, setSummary] = useState('');
  const sending = useRef(false);
  const keys = useRef(new Map<string, { values: string; key: string }>());
  const chosen = rows.filter((r) => (amounts[r.skuId] ?? '').trim() !== '');
  const reasonError = Object.values(results)
    .map((r) => (r.ok ? undefined : fieldErrors(r.error).get('reason')))
    .find((rule) => rule !== undefined);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (sending.current) return;
    if (chosen.length === 0) {
      setSummary('Nothing to save: enter the units to add next to the SKUs to restock.');
      return;
    }
    sending.current = true;
    setBusy(true);
    setSummary('');
    const next: Record<string, RowResult> = {};
    const left: Record<string, string> = {};
    for (const row of chosen) {
      const body = { skuId: row.skuId, delta: numberOrNull(amounts[row.skuId] ?? ''), reason };
      const values = JSON.stringify(body);
      let key = keys.current.get(row.skuId);
      if (key?.values !== values) {
        key = { values, key: newIdempotencyKey() };
        keys.current.set(row.skuId, key);
      }
      try {
        const answer = await api<{ quantityInStock: number }>('/v1/inventory/adjustments', { tenant, method: 'POST', headers: { 'Idempotency-Key': key.key }, body });
        next[row.skuId] = { ok: true, now: answer.data.quantityInStock };
        keys.current.delete(row.skuId);
      } catch (error) {
        next[row.skuId] = { ok: false, error };
        left[row.skuId] = amounts[row.skuId] ?? '';
      }
    }
    const done = Object.values(next).filter((r) => r.ok).length;
    const refused = chosen.length - done;
    setResults(next);
    setAmounts(left);
    setSummary(
      `Restocked ${done === 1 ? '1 SKU' : `${done} SKUs`}.${refused > 0 ? ` ${refused === 1 ? '1 was' : `${refused} were`} refused: see the ${refused === 1 ? 'row' : 'rows'} marked, correct and save again.` : ''}`,
    );
    setBusy(false);
    sending.current = false;
    statusRef.current?.focus();
    stockChanged(queryClient, tenant);
  };

  return (
    <form onSubmit={submit} noValidate className="bulk-restock" aria-label="Restock several SKUs" data-testid="bulk-restock">
      <p className="muted">Enter the units to add next to each SKU to restock (a negative number removes units), then save them all at once.</p>
      <div className="table-wrap">
        <table className="text-table">
          <caption className="visually-hidden">SKUs to restock</caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">SKU code</th>
              <th scope="col">In stock</th>
              <th scope="col">Units to add</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => {
              const result = results[r.skuId];
              const failed = result && !result.ok ? result.error : null;
              const rule = failed ? (fieldErrors(failed).get('delta') ?? null) : null;
              const message = failed && rule === null && !fieldErrors(failed).has('reason') ? describe(failed) : null;
              const errorId = `restock-error-${r.skuId}`;
              return (
                <tr key={r.skuId} data-testid="restock-row">
                  <th scope="row">{skuLabel(r)}</th>
                  <td data-label="SKU code">{r.sku ? <code>{r.sku}</code> : <span className="muted">none</span>}</td>
                  <td data-label="In stock">
                    {result?.ok ? (
                      <>
                        <strong>{formatNumber(result.now)}</strong> <span className="muted">(was {formatNumber(r.quantityInStock)})</span>
                      </>
                    ) : (
                      formatNumber(r.quantityInStock)
                    )}
                  </td>
                  <td data-label="Units to add">
                    <input
                      type="number"
                      inputMode="numeric"
                      step={1}
                      className="restock-amount"
                      aria-label={`Units to add: ${skuLabel(r)}`}
                      aria-invalid={rule || message ? true : undefined}
                      aria-describedby={rule || message ? errorId : undefined}
                      value={amounts[r.skuId] ?? ''}
                      onChange={(e) => setAmounts({ ...amounts, [r.skuId]: e.target.value })}
                    />
                    {rule || message ? (
                      <p id={errorId} className="field-error">
                        {rule ? `Units to add ${rule}.` : message}
                      </p>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className="form-field">
        <label htmlFor={reasonId}>Reason</label>
        <input
          id={reasonId}
          type="text"
          maxLength={200}
          value={reason}
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? reasonErrorId : undefined}
          onChange={(e) => setReason(e.target.value)}
        />
        {reasonError ? (
          <p id={reasonErrorId} className="field-error">
            Reason {reasonError}.
          </p>
        ) : null}
      </div>
      <div className="actions">
        <button type="submit" className="button button-primary" aria-disabled={busy ? true : undefined}>
          {busy ? 'Saving…' : chosen.length > 1 ? `Save ${chosen.length} changes` : 'Save'}
        </button>
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      </div>
      <p ref={statusRef} role="status" tabIndex={-1} data-testid="restock-summary">
        {summary}
      </p>
    </form>
  );
}

/** A refusal that names no field of the row, in the API's words with its request id. */
function describe(error: unknown): string {
  if (error instanceof ApiError) return `${error.message}${error.requestId ? ` (request id ${error.requestId})` : ''}`;
  return error instanceof Error ? error.message : 'Something went wrong.';
}
