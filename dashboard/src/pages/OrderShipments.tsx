import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { Tenant } from '../api/client.ts';
import { type BodyOf, call, type Schemas } from '../api/wire.ts';
import { ErrorPanel } from '../components/ErrorPanel.tsx';
import { Field } from '../components/Field.tsx';
import { FormToggle, LinesForm, useLinesForm } from '../components/LinesForm.tsx';
import { ListStates } from '../components/ListStates.tsx';
import { Section } from '../components/Section.tsx';
import { formatTimestamp } from '../format.ts';
import { lineNames } from '../orders.ts';
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
  const names = lineNames(order);
  const placeName = (id: string) => locations.data?.find((l) => l.id === id)?.name ?? 'a location';
  return (
    <Section title="Shipments">
      <ListStates query={shipments} items={shipments.data ?? []} what="the shipments" failed="The shipments could not be loaded." empty={<p className="empty">Nothing of this order has been shipped.</p>} keepWhenEmpty>
        <ul className="order-shipments" data-testid="order-shipments">
          {(shipments.data ?? []).map((s) => (
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
          <FormToggle label="Ship items" onDone={refresh}>
            {(done, cancel) => <ShipItems tenant={tenant} order={order} names={names} onDone={done} onCancel={cancel} />}
          </FormToggle>
        ) : null}
      </ListStates>
    </Section>
  );
}

/** Ships units: a quantity per line (0 leaves it out), the location they leave from, carrier and tracking. */
function ShipItems({ tenant, order, names, onDone, onCancel }: { tenant: Tenant; order: Order; names: Map<string, string>; onDone: () => void; onCancel: () => void }) {
  const left = (l: Order['lines'][number]) => l.quantity - l.shippedQuantity;
  const locations = useLocations(tenant);
  // Where most of the units left to ship are allocated, else the default location.
  const allocated = order.lines.flatMap((l) => l.allocations).sort((a, b) => b.quantity - a.quantity)[0]?.locationId;
  const [locationId, setLocationId] = useState('');
  const [carrier, setCarrier] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [trackingUrl, setTrackingUrl] = useState('');
  const form = useLinesForm<BodyOf<'/v1/orders/{orderId}/shipments', 'post'>>({
    lines: order.lines,
    initial: left,
    send: (body, key) => call('post', '/v1/orders/{orderId}/shipments', { tenant, params: { orderId: order.id }, headers: { 'Idempotency-Key': key }, body }),
    onDone,
  });
  const { errors, edited } = form;
  const chosen = locationId || allocated || locations.data?.find((l) => l.isDefault)?.id || '';
  const submit = (e: FormEvent<HTMLFormElement>) =>
    form.submit(e, {
      locationId: chosen,
      ...(carrier.trim() ? { carrier: carrier.trim() } : {}),
      ...(trackingNumber.trim() ? { trackingNumber: trackingNumber.trim() } : {}),
      ...(trackingUrl.trim() ? { trackingUrl: trackingUrl.trim() } : {}),
    });
  return (
    <LinesForm form={form} testId="ship-items" verb="ship" past="shipped" intro="How many of each line go in this parcel: at most what is left to ship."
      lineLabel={(l) => `Quantity of ${names.get(l.id)} (${left(l)} left to ship)`} lineMax={left}
      onSubmit={submit} submitLabel="Ship" submitDisabled={chosen === ''} onCancel={onCancel}
      fields={['locationId', 'carrier', 'trackingNumber', 'trackingUrl']} refusal="The items could not be shipped."
    >
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
    </LinesForm>
  );
}
