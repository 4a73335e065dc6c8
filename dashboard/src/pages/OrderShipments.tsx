import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { Tenant } from '../api/client.ts';
import { type BodyOf, call, type Schemas } from '../api/wire.ts';
import { ErrorPanel, Loading } from '../components/ErrorPanel.tsx';
import { Field, FormRefusal } from '../components/Field.tsx';
import { Section } from '../components/Section.tsx';
import { editorFieldErrors } from '../editor.ts';
import { formatTimestamp } from '../format.ts';
import { useSubmission } from '../idempotency.ts';
import { useLocations } from '../stock/locations.ts';

type Order = Schemas['Order'];

const READ = 'orders:read';
const WRITE = 'orders:write';

const shipmentsKey = (t: Tenant, orderId: string) => ['tenant', t.storeId, t.mode, 'orders', orderId, 'shipments'] as const;

/** Whether the order can ship now: paid (or partly refunded) and not all shipped (docs/fulfilment.md, "Shipments"). */
function shippable(order: Order): boolean {
  return (order.status === 'paid' || order.status === 'partially_refunded') && (order.fulfilmentStatus === 'unfulfilled' || order.fulfilmentStatus === 'partially_fulfilled');
}

/**
 * An order's shipments (docs/fulfilment.md, "Shipments"): each with where it left from, carrier and tracking link, and
 * Mark delivered; with orders:write, a Ship flow: a quantity per line (at most what is left to ship), the location the
 * parcel leaves from, carrier and tracking. Every change re-reads the order, its shipments and the stock.
 */
export function OrderShipments({ tenant, order, permissions, timeZone }: { tenant: Tenant; order: Order; permissions: ReadonlySet<string>; timeZone: string }) {
  const queryClient = useQueryClient();
  const canWrite = permissions.has(WRITE);
  const shipments = useQuery({
    queryKey: shipmentsKey(tenant, order.id),
    enabled: permissions.has(READ),
    queryFn: ({ signal }) => call('get', '/v1/orders/{orderId}/shipments', { tenant, signal, params: { orderId: order.id } }).then((r) => r.data),
  });
  const locations = useLocations(tenant);
  const [shipping, setShipping] = useState(false);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['tenant', tenant.storeId, tenant.mode, 'orders'] });
    void queryClient.invalidateQueries({ queryKey: ['tenant', tenant.storeId, tenant.mode, 'inventory'] });
    void queryClient.invalidateQueries({ queryKey: ['tenant', tenant.storeId, tenant.mode, 'locations'] });
  };
  const deliver = useMutation({
    mutationFn: (shipmentId: string) => call('post', '/v1/orders/{orderId}/shipments/{shipmentId}/delivered', { tenant, params: { orderId: order.id, shipmentId } }),
    onSuccess: refresh,
  });
  if (!permissions.has(READ)) return null;
  const names = new Map(order.lines.map((l) => [l.id, l.productName + (l.sku ? ` · ${l.sku}` : '')]));
  const placeName = (id: string) => locations.data?.find((l) => l.id === id)?.name ?? 'a location';
  return (
    <Section title="Shipments">
      {shipments.isPending ? (
        <Loading what="the shipments" />
      ) : shipments.isError ? (
        <ErrorPanel error={shipments.error} title="The shipments could not be loaded." onRetry={() => shipments.refetch()} />
      ) : (
        <>
          {shipments.data.length === 0 ? <p className="empty">Nothing of this order has been shipped.</p> : null}
          <ul className="order-shipments" data-testid="order-shipments">
            {shipments.data.map((s) => (
              <li key={s.id} data-testid="order-shipment">
                <p>
                  <strong>{s.status === 'delivered' ? 'Delivered' : 'Shipped'}</strong> from {placeName(s.locationId)} · {formatTimestamp(s.shippedAt, timeZone)}
                  {s.carrier ? ` · ${s.carrier}` : ''}
                  {s.trackingNumber ? (
                    <>
                      {' · '}
                      {s.trackingUrl ? (
                        <a href={s.trackingUrl} target="_blank" rel="noopener noreferrer">
                          Track {s.trackingNumber}
                        </a>
                      ) : (
                        `tracking ${s.trackingNumber}`
                      )}
                    </>
                  ) : s.trackingUrl ? (
                    <>
                      {' · '}
                      <a href={s.trackingUrl} target="_blank" rel="noopener noreferrer">
                        Track the parcel
                      </a>
                    </>
                  ) : null}
                </p>
                <ul>
                  {s.lines.map((l) => (
                    <li key={l.lineId}>
                      {l.quantity} × {names.get(l.lineId) ?? 'a line'}
                    </li>
                  ))}
                </ul>
                {canWrite && s.status === 'shipped' ? (
                  <button type="button" className="button" disabled={deliver.isPending} onClick={() => deliver.mutate(s.id)}>
                    Mark delivered
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
          {deliver.isError ? <ErrorPanel error={deliver.error} title="The shipment could not be marked delivered." /> : null}
          {canWrite && shippable(order) ? (
            shipping ? (
              <ShipItems
                tenant={tenant}
                order={order}
                names={names}
                onDone={() => {
                  setShipping(false);
                  refresh();
                }}
                onCancel={() => setShipping(false)}
              />
            ) : (
              <p>
                <button type="button" className="button" onClick={() => setShipping(true)}>
                  Ship items
                </button>
              </p>
            )
          ) : null}
        </>
      )}
    </Section>
  );
}

/** Ships units: a quantity per line (0 leaves it out), the location they leave from, carrier and tracking. */
function ShipItems({ tenant, order, names, onDone, onCancel }: { tenant: Tenant; order: Order; names: Map<string, string>; onDone: () => void; onCancel: () => void }) {
  const left = (l: Order['lines'][number]) => l.quantity - l.shippedQuantity;
  const [quantities, setQuantities] = useState<Record<string, string>>(Object.fromEntries(order.lines.map((l) => [l.id, String(left(l))])));
  const locations = useLocations(tenant);
  // Where most of the units left to ship are allocated, else the default location.
  const allocated = order.lines.flatMap((l) => l.allocations).sort((a, b) => b.quantity - a.quantity)[0]?.locationId;
  const [locationId, setLocationId] = useState('');
  const [carrier, setCarrier] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [trackingUrl, setTrackingUrl] = useState('');
  const submission = useSubmission();
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => ref.current?.querySelector('input')?.focus(), []);
  const ship = useMutation({
    mutationFn: (input: { body: BodyOf<'/v1/orders/{orderId}/shipments', 'post'>; key: string }) =>
      call('post', '/v1/orders/{orderId}/shipments', { tenant, params: { orderId: order.id }, headers: { 'Idempotency-Key': input.key }, body: input.body }),
    onSuccess: () => {
      submission.forget();
      onDone();
    },
    onSettled: () => submission.settled(),
  });
  const chosen = locationId || allocated || locations.data?.find((l) => l.isDefault)?.id || '';
  const picked = order.lines.map((l) => ({ lineId: l.id, quantity: Number(quantities[l.id] ?? '0') })).filter((l) => l.quantity !== 0);
  // The API names the lines it refuses by their place in what was sent (`lines[0].quantity`): mapped back to the line.
  const errors = editorFieldErrors(ship.error);
  const lineError = (lineId: string) => {
    const i = picked.findIndex((p) => p.lineId === lineId);
    return i < 0 ? undefined : (errors.get(`lines[${i}].quantity`) ?? errors.get(`lines[${i}].lineId`));
  };
  const edited = () => {
    submission.forget();
    if (ship.isError) ship.reset();
  };
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const body = {
      lines: picked,
      locationId: chosen,
      ...(carrier.trim() ? { carrier: carrier.trim() } : {}),
      ...(trackingNumber.trim() ? { trackingNumber: trackingNumber.trim() } : {}),
      ...(trackingUrl.trim() ? { trackingUrl: trackingUrl.trim() } : {}),
    };
    const key = submission.begin(JSON.stringify(body));
    if (key !== null) ship.mutate({ body, key });
  };
  return (
    <form ref={ref} onSubmit={submit} noValidate aria-label="Ship items" data-testid="ship-items">
      <h3>Ship items</h3>
      <p className="muted">How many of each line go in this parcel: at most what is left to ship.</p>
      {errors.get('lines') ? (
        <p className="field-error" role="alert">
          Pick at least one item to ship (a quantity above 0).
        </p>
      ) : null}
      {order.lines.map((l) => (
        <Field key={l.id} label={`Quantity of ${names.get(l.id)} (${left(l)} left to ship)`} error={lineError(l.id)}>
          {(p) => (
            <input
              {...p}
              type="number"
              inputMode="numeric"
              min="0"
              max={left(l)}
              value={quantities[l.id] ?? '0'}
              onChange={(e) => {
                setQuantities({ ...quantities, [l.id]: e.target.value });
                edited();
              }}
            />
          )}
        </Field>
      ))}
      {locations.isError ? <ErrorPanel error={locations.error} title="The stock locations could not be loaded." /> : null}
      <Field label="Leaves from" error={errors.get('locationId')} hint="The units come off the stock at this location.">
        {(p) => (
          <select
            {...p}
            value={chosen}
            onChange={(e) => {
              setLocationId(e.target.value);
              edited();
            }}
          >
            {(locations.data ?? []).map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Carrier" error={errors.get('carrier')} hint="Optional, for example UPS.">
        {(p) => (
          <input
            {...p}
            type="text"
            value={carrier}
            onChange={(e) => {
              setCarrier(e.target.value);
              edited();
            }}
          />
        )}
      </Field>
      <Field label="Tracking number" error={errors.get('trackingNumber')} hint="Optional.">
        {(p) => (
          <input
            {...p}
            type="text"
            value={trackingNumber}
            onChange={(e) => {
              setTrackingNumber(e.target.value);
              edited();
            }}
          />
        )}
      </Field>
      <Field label="Tracking link" error={errors.get('trackingUrl')} hint="Optional: the carrier's page for this parcel, starting with https://.">
        {(p) => (
          <input
            {...p}
            type="url"
            value={trackingUrl}
            onChange={(e) => {
              setTrackingUrl(e.target.value);
              edited();
            }}
          />
        )}
      </Field>
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={ship.isPending || chosen === ''}>
          {ship.isPending ? 'Sending…' : 'Ship'}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Keep everything as it is
        </button>
      </div>
      <FormRefusal
        error={ship.error}
        shown={(path) => ['lines', 'locationId', 'carrier', 'trackingNumber', 'trackingUrl'].includes(path) || /^lines\[\d+\]\.(quantity|lineId)$/.test(path)}
        title="The items could not be shipped."
        nothing="Nothing was shipped"
      />
    </form>
  );
}
