import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import type { Tenant } from '../api/client.ts';
import { type BodyOf, call } from '../api/wire.ts';
import { ErrorPanel, Loading } from '../components/ErrorPanel.tsx';
import { Field, FormRefusal, fieldErrors, TextField } from '../components/Field.tsx';
import { formatNumber } from '../format.ts';
import { useSubmission } from '../idempotency.ts';
import { useTenantSearch } from '../tenant.tsx';
import { ADJUSTMENT_REASONS, locationsChanged, locationsKey, type StockLocation, useLocations } from './locations.ts';

type AdjustBody = BodyOf<'/v1/locations/{id}/adjustments', 'post'>;
type TransferBody = BodyOf<'/v1/inventory/transfers', 'post'>;

/** A number as typed: a number when it reads as one, else the text, so the API names what is wrong with it. */
const asNumber = (text: string): number | string => (text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text);

/**
 * A SKU's stock at each location (issue 36; `GET /v1/inventory/skus/{skuId}/levels`, in the order of preference), and
 * with `inventory:write` an adjustment at one location with its reason (`POST /v1/locations/{id}/adjustments`) and a
 * transfer between two (`POST /v1/inventory/transfers`), each with one `Idempotency-Key` per submission of the same
 * values. `onChanged` refreshes what the rest of the page shows of the SKU.
 */
export function SkuLocations({ tenant, skuId, label, canWrite, onChanged }: { tenant: Tenant; skuId: string; label: string; canWrite: boolean; onChanged: () => void }) {
  const search = useTenantSearch();
  const locations = useLocations(tenant);
  const levels = useQuery({
    queryKey: [...locationsKey(tenant), 'sku', skuId],
    queryFn: ({ signal }) => call('get', '/v1/inventory/skus/{skuId}/levels', { tenant, signal, params: { skuId } }).then((r) => r.data),
  });
  if (levels.isPending || locations.isPending) return <Loading what="the stock at each location" />;
  if (levels.isError) return <ErrorPanel error={levels.error} title="The stock at each location could not be loaded." onRetry={() => levels.refetch()} />;
  if (locations.isError) return <ErrorPanel error={locations.error} title="The locations could not be loaded." onRetry={() => locations.refetch()} />;
  const byId = new Map(locations.data.map((l) => [l.id, l]));
  const here = (id: string) => byId.get(id)?.name ?? 'A location';
  return (
    <div className="sku-locations" data-testid="sku-locations">
      <h3>At each location</h3>
      <div className="table-wrap">
        <table className="text-table">
          <caption className="visually-hidden">Stock of {label} at each location</caption>
          <thead>
            <tr>
              <th scope="col">Location</th>
              <th scope="col">On hand</th>
              <th scope="col">Allocated</th>
              <th scope="col">Available</th>
            </tr>
          </thead>
          <tbody>
            {levels.data.levels.map((l) => (
              <tr key={l.locationId} data-testid="sku-location-row">
                <th scope="row">
                  <Link to={{ pathname: `/locations/${encodeURIComponent(l.locationId)}`, search }}>{here(l.locationId)}</Link>
                  {byId.get(l.locationId)?.active === false ? <span className="muted"> (inactive: not for sale)</span> : null}
                </th>
                <td data-label="On hand">{formatNumber(l.onHand)}</td>
                <td data-label="Allocated">{formatNumber(l.allocated)}</td>
                <td data-label="Available">{formatNumber(l.available)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {canWrite && locations.data.length > 0 ? (
        <>
          <AdjustAtLocation tenant={tenant} skuId={skuId} locations={locations.data} onChanged={onChanged} />
          {locations.data.length > 1 ? <Transfer tenant={tenant} skuId={skuId} locations={locations.data} onChanged={onChanged} /> : null}
        </>
      ) : null}
    </div>
  );
}

function LocationSelect({ label, value, error, locations, onChange }: { label: string; value: string; error?: string | null; locations: StockLocation[]; onChange: (id: string) => void }) {
  return (
    <Field label={label} error={error}>
      {(p) => (
        <select {...p} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">Choose a location</option>
          {locations.map((l) => (
            <option key={l.id} value={l.id}>
              {l.active ? l.name : `${l.name} (inactive)`}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

function AdjustAtLocation({ tenant, skuId, locations, onChanged }: { tenant: Tenant; skuId: string; locations: StockLocation[]; onChanged: () => void }) {
  const queryClient = useQueryClient();
  const [locationId, setLocationId] = useState(locations.find((l) => l.isDefault)?.id ?? '');
  const [delta, setDelta] = useState('');
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const submission = useSubmission();
  const adjust = useMutation({
    mutationFn: (input: { body: AdjustBody; key: string }) =>
      call('post', '/v1/locations/{id}/adjustments', { tenant, params: { id: locationId }, headers: { 'Idempotency-Key': input.key }, body: input.body }).then((r) => r.data),
    onSuccess: (result) => {
      submission.forget();
      setDelta('');
      setNote('');
      setDone(`${locations.find((l) => l.id === locationId)?.name ?? 'The location'} now has ${formatNumber(result.level.onHand)} on hand.`);
    },
    onSettled: () => {
      submission.settled();
      locationsChanged(queryClient, tenant);
      onChanged();
    },
  });
  const edited = () => {
    submission.forget();
    setDone(null);
    if (adjust.isError) adjust.reset();
  };
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    // Sent as typed: an empty or odd figure, or no reason, is the API's to name at its field.
    const body = { skuId, reason, ...(delta.trim() === '' ? {} : { delta: asNumber(delta) }), ...(note.trim() ? { note: note.trim() } : {}) } as AdjustBody;
    const key = submission.begin(JSON.stringify([locationId, body]));
    if (key !== null) adjust.mutate({ body, key });
  };
  const errors = fieldErrors(adjust.error);
  return (
    <form onSubmit={submit} noValidate aria-label="Adjust stock at a location" className="adjust-form">
      <h3>Adjust at a location</h3>
      <div className="field-grid">
        <LocationSelect
          label="Location"
          value={locationId}
          locations={locations}
          onChange={(id) => {
            setLocationId(id);
            edited();
          }}
        />
        <TextField label="Change in units" error={errors.get('delta') ?? errors.get('onHand')} hint="A negative number removes units, e.g. -2 for two damaged." type="number" inputMode="numeric" step={1} value={delta} onChange={(v) => { setDelta(v); edited(); }} />
        <Field label="What happened" error={errors.get('reason')}>
          {(p) => (
            <select
              {...p}
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                edited();
              }}
            >
              <option value="">Choose a reason</option>
              {ADJUSTMENT_REASONS.map((r) => (
                <option key={r.value} value={r.value}>
                  {r.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <TextField label="Note (optional)" error={errors.get('note')} maxLength={500} value={note} onChange={(v) => { setNote(v); edited(); }} />
      </div>
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={adjust.isPending || !locationId}>
          {adjust.isPending ? 'Adjusting…' : 'Adjust at location'}
        </button>
      </div>
      <p role="status" className="muted" data-testid="location-adjust-result">
        {done ?? ''}
      </p>
      <FormRefusal error={adjust.error} shown={['delta', 'onHand', 'reason', 'note']} title="The stock could not be adjusted." nothing="Nothing was changed" />
    </form>
  );
}

function Transfer({ tenant, skuId, locations, onChanged }: { tenant: Tenant; skuId: string; locations: StockLocation[]; onChanged: () => void }) {
  const queryClient = useQueryClient();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [quantity, setQuantity] = useState('');
  const [note, setNote] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const submission = useSubmission();
  const name = (id: string) => locations.find((l) => l.id === id)?.name ?? 'a location';
  const transfer = useMutation({
    mutationFn: (input: { body: TransferBody; key: string }) =>
      call('post', '/v1/inventory/transfers', { tenant, headers: { 'Idempotency-Key': input.key }, body: input.body }).then((r) => r.data),
    onSuccess: (_, input) => {
      submission.forget();
      setQuantity('');
      setNote('');
      setDone(`Moved ${formatNumber(Number(input.body.quantity))} from ${name(input.body.fromLocationId)} to ${name(input.body.toLocationId)}.`);
    },
    onSettled: () => {
      submission.settled();
      locationsChanged(queryClient, tenant);
      onChanged();
    },
  });
  const edited = () => {
    submission.forget();
    setDone(null);
    if (transfer.isError) transfer.reset();
  };
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const body = { skuId, fromLocationId: from, toLocationId: to, quantity: asNumber(quantity), ...(note.trim() ? { note: note.trim() } : {}) } as TransferBody;
    const key = submission.begin(JSON.stringify(body));
    if (key !== null) transfer.mutate({ body, key });
  };
  const errors = fieldErrors(transfer.error);
  return (
    <form onSubmit={submit} noValidate aria-label="Transfer between locations" className="adjust-form">
      <h3>Transfer between locations</h3>
      <div className="field-grid">
        <LocationSelect
          label="From"
          value={from}
          error={errors.get('fromLocationId')}
          locations={locations}
          onChange={(id) => {
            setFrom(id);
            edited();
          }}
        />
        <LocationSelect
          label="To"
          value={to}
          error={errors.get('toLocationId')}
          locations={locations}
          onChange={(id) => {
            setTo(id);
            edited();
          }}
        />
        <TextField label="Units to move" error={errors.get('quantity')} type="number" inputMode="numeric" min={1} step={1} value={quantity} onChange={(v) => { setQuantity(v); edited(); }} />
        <TextField label="Note (optional)" error={errors.get('note')} maxLength={500} value={note} onChange={(v) => { setNote(v); edited(); }} />
      </div>
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={transfer.isPending}>
          {transfer.isPending ? 'Moving…' : 'Transfer'}
        </button>
      </div>
      <p role="status" className="muted" data-testid="transfer-result">
        {done ?? ''}
      </p>
      <FormRefusal error={transfer.error} shown={['fromLocationId', 'toLocationId', 'quantity', 'note']} title="The stock could not be moved." nothing="Nothing was moved" />
    </form>
  );
}
