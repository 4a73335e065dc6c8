import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { api, type Tenant } from '../api/client.ts';
import type { Schemas } from '../api/wire.ts';
import { PostalAddress, sameAddress } from '../components/Address.tsx';
import { ErrorPanel, Loading } from '../components/ErrorPanel.tsx';
import { NotAllowed, Permission, Section } from '../components/Section.tsx';
import { formatMoney, formatTimestamp } from '../format.ts';
import { useSubmission } from '../idempotency.ts';
import { FULFILMENT_LABEL, lineNames, STATUS_LABEL } from '../orders.ts';
import { tenantOf, useTenant, useTenantSearch } from '../tenant.tsx';
import { OrderPayments } from './OrderPayments.tsx';
import { OrderProviderPayments } from './OrderProviderPayments.tsx';
import { OrderReturns } from './OrderReturns.tsx';
import { OrderShipments } from './OrderShipments.tsx';

type Order = Schemas['Order'];
type OrderStatus = Schemas['Order']['status'];
type OrderTransitions = Schemas['OrderTransitions'];

const READ = 'orders:read';
const WRITE = 'orders:write';

type Move = OrderTransitions['moves'][number];

/** Moves that take money back or cancel: confirmed, naming the order, before they are sent. */
const CONFIRMED: ReadonlySet<OrderStatus> = new Set(['cancelled', 'refunded', 'partially_refunded']);

const MOVE_LABEL: Record<OrderStatus, string> = {
  pending: 'Mark pending',
  paid: 'Mark paid',
  fulfilled: 'Mark fulfilled',
  delivered: 'Mark delivered',
  cancelled: 'Cancel order',
  partially_refunded: 'Refund part',
  refunded: 'Refund in full',
};

const orderKey = (t: Tenant, id: string) => ['tenant', t.storeId, t.mode, 'orders', id] as const;
const transitionsKey = (t: Tenant, id: string) => ['tenant', t.storeId, t.mode, 'orders', id, 'transitions'] as const;

/** One order (its own chunk): lines, totals, payments, history, and — with orders:write — the moves the API offers now. */
export default function OrderDetail() {
  const state = useTenant();
  const tenant = tenantOf(state);
  const { orderId = '' } = useParams();
  const search = useTenantSearch();
  const placed = (useLocation().state as { placed?: boolean } | null)?.placed === true;
  const allowed = state.permissions?.has(READ) ?? false;
  const canWrite = state.permissions?.has(WRITE) ?? false;
  const order = useQuery({
    queryKey: tenant ? orderKey(tenant, orderId) : ['none'],
    enabled: tenant !== null && allowed,
    queryFn: ({ signal }) => api<Order>(`/v1/orders/${encodeURIComponent(orderId)}`, { tenant: tenant!, signal }).then((r) => r.data),
  });
  if (!tenant || !state.store) return null;
  const zone = state.store.timezone;
  const o = order.data;
  return (
    <>
      <title>{`${o ? `Order ${o.number}` : 'Order'} · ${state.store.name} · Dashboard`}</title>
      <p>
        <Link to={{ pathname: '/orders', search }}>← All orders</Link>
      </p>
      <h1>{o ? `Order ${o.number}` : 'Order'}</h1>
      {placed && o ? (
        <p className="notice" role="status">
          Order placed. Record its payment below, or send a payment link from Payments.
        </p>
      ) : null}
      {state.permissions === null ? (
        <Loading what="your permissions" />
      ) : !allowed ? (
        <NotAllowed permission={READ} />
      ) : order.isPending ? (
        <Loading what="the order" />
      ) : order.isError ? (
        <ErrorPanel error={order.error} title="The order could not be loaded." onRetry={() => order.refetch()} />
      ) : o ? (
        <>
          <p className="muted" data-testid="order-status">
            Status: <strong>{STATUS_LABEL[o.status]}</strong> · <span data-testid="order-fulfilment">{FULFILMENT_LABEL[o.fulfilmentStatus]}</span> · placed {formatTimestamp(o.createdAt, zone)} · customer{' '}
            {o.customerName === null ? (
              'no longer on record'
            ) : state.permissions?.has('customers:read') ? (
              <Link to={{ pathname: `/customers/${encodeURIComponent(o.customerId)}`, search }} data-testid="order-customer">
                {o.customerName}
              </Link>
            ) : (
              <span data-testid="order-customer">{o.customerName}</span>
            )}{' '}
            · <span data-testid="order-channel">{o.channel === 'storefront' ? 'from the storefront' : 'placed in the dashboard or through the API'}</span>
            {o.status === 'pending' && o.holdExpiresAt ? ` · stock held until ${formatTimestamp(o.holdExpiresAt, zone)}` : ''}
          </p>
          <Moves tenant={tenant} order={o} canWrite={canWrite} />
          <Addresses order={o} />
          <Section title="Lines">
            <div className="table-wrap">
              <table className="text-table">
                <caption className="visually-hidden">Lines of order {o.number}</caption>
                <thead>
                  <tr>
                    <th scope="col">Product</th>
                    <th scope="col">Unit price</th>
                    <th scope="col">Discount</th>
                    <th scope="col">Quantity</th>
                    <th scope="col">Shipped</th>
                    <th scope="col">Total</th>
                  </tr>
                </thead>
                <tbody>
                  {o.lines.map((l) => (
                    <tr key={l.id} data-testid="order-line">
                      <th scope="row">
                        {l.productName}
                        {Object.keys(l.attributes).length > 0 ? (
                          <span className="muted">
                            {' '}
                            (
                            {Object.entries(l.attributes)
                              .map(([k, v]) => `${k}: ${v}`)
                              .join(', ')}
                            )
                          </span>
                        ) : null}
                        {l.sku ? <span className="muted"> · {l.sku}</span> : null}
                      </th>
                      <td data-label="Unit price">{formatMoney(l.unitPrice, o.currency)}</td>
                      <td data-label="Discount">{l.discount ? `${l.discount} %` : '—'}</td>
                      <td data-label="Quantity">{l.quantity}</td>
                      <td data-label="Shipped">{l.shippedQuantity === 0 ? 'Not yet' : l.shippedQuantity === l.quantity ? 'All' : `${l.shippedQuantity} of ${l.quantity}`}</td>
                      <td data-label="Total">{formatMoney(l.lineTotal, o.currency)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Section>
          {o.taxLines.length > 0 ? <TaxLines order={o} /> : null}
          <Section title="Totals and payments">
            <dl className="order-totals" data-testid="order-totals">
              <dt>Subtotal</dt>
              <dd>{formatMoney(o.subtotal, o.currency)}</dd>
              <dt>Discount{o.promotionCode ? ` (${o.promotionCode})` : ''}</dt>
              <dd>{formatMoney(-o.discount, o.currency)}</dd>
              <dt>Delivery{o.deliveryOptionName ? ` (${o.deliveryOptionName})` : ''}</dt>
              <dd>{formatMoney(o.deliveryFee, o.currency)}</dd>
              {o.tax > 0 || o.taxLines.length > 0 ? (
                <>
                  <dt>{o.pricesIncludeTax ? 'Tax included' : 'Tax'}</dt>
                  <dd>{formatMoney(o.tax, o.currency)}</dd>
                </>
              ) : null}
              <dt>Total</dt>
              <dd>
                <strong>{formatMoney(o.total, o.currency)}</strong>
              </dd>
              <dt>Paid</dt>
              <dd>{formatMoney(o.paid, o.currency)}</dd>
              <dt>Refunded</dt>
              <dd>{formatMoney(o.refunded, o.currency)}</dd>
            </dl>
            {o.note ? <p>Note: {o.note}</p> : null}
          </Section>
          {state.permissions ? <OrderProviderPayments tenant={tenant} order={o} permissions={state.permissions} timeZone={zone} /> : null}
          {state.permissions ? <OrderPayments tenant={tenant} order={o} permissions={state.permissions} timeZone={zone} /> : null}
          {state.permissions ? <OrderShipments tenant={tenant} order={o} permissions={state.permissions} timeZone={zone} /> : null}
          {state.permissions ? <OrderReturns tenant={tenant} order={o} permissions={state.permissions} timeZone={zone} /> : null}
          <Section title="History">
            <ol className="order-history" data-testid="order-history">
              {o.history.map((h) => (
                <li key={`${h.at}:${h.to}`}>
                  <strong>{h.from ? `${STATUS_LABEL[h.from]} → ${STATUS_LABEL[h.to]}` : `Placed as ${STATUS_LABEL[h.to].toLowerCase()}`}</strong>
                  {h.amount !== null ? ` · ${formatMoney(h.amount, o.currency)}` : ''} <span className="muted">· {formatTimestamp(h.at, zone)} · {h.actor.label}</span>
                  {h.note ? <span className="muted"> · {h.note}</span> : null}
                </li>
              ))}
            </ol>
          </Section>
        </>
      ) : null}
    </>
  );
}

/** Where the order goes and whom it is billed to; the billing address says so when it is the shipping one. */
function Addresses({ order: o }: { order: Order }) {
  const billing = o.billingAddress;
  const shipping = o.shippingAddress;
  return (
    <Section title="Addresses">
      <div className="order-addresses">
        <div data-testid="order-shipping">
          <h3>Ship to</h3>
          {shipping ? <PostalAddress address={shipping} /> : <p className="empty">No shipping address was given with this order.</p>}
        </div>
        <div data-testid="order-billing">
          <h3>Bill to</h3>
          {billing && shipping && sameAddress(billing, shipping) ? (
            <p>Same as the shipping address.</p>
          ) : billing ? (
            <PostalAddress address={billing} />
          ) : (
            <p className="empty">No billing address was given with this order.</p>
          )}
        </div>
      </div>
    </Section>
  );
}

function Moves({ tenant, order, canWrite }: { tenant: Tenant; order: Order; canWrite: boolean }) {
  const queryClient = useQueryClient();
  const transitions = useQuery({
    queryKey: transitionsKey(tenant, order.id),
    queryFn: ({ signal }) => api<OrderTransitions>(`/v1/orders/${encodeURIComponent(order.id)}/transitions`, { tenant, signal }).then((r) => r.data),
  });
  const [confirming, setConfirming] = useState<Move | null>(null);
  // One Idempotency-Key per chosen move (a double click or a retry of the same move sends the same one).
  const submission = useSubmission();
  const move = useMutation({
    mutationFn: (input: { to: OrderStatus; amount?: number; key: string }) =>
      api<Order>(`/v1/orders/${encodeURIComponent(order.id)}/transitions`, {
        tenant,
        method: 'POST',
        headers: { 'Idempotency-Key': input.key },
        body: input.amount === undefined ? { to: input.to } : { to: input.to, amount: input.amount },
      }).then((r) => r.data),
    onSuccess: (updated) => {
      submission.forget();
      setConfirming(null);
      queryClient.setQueryData(orderKey(tenant, order.id), updated);
    },
    onSettled: () => {
      submission.settled();
      void queryClient.invalidateQueries({ queryKey: ['tenant', tenant.storeId, tenant.mode, 'orders'] });
    },
  });
  const start = (m: Move, amount?: number) => {
    const key = submission.begin(`${m.to} ${amount ?? ''}`);
    if (key !== null) move.mutate({ to: m.to, amount, key });
  };
  const choose = (m: Move) => {
    if (submission.inFlight()) return;
    move.reset();
    if (CONFIRMED.has(m.to)) setConfirming(m);
    else start(m);
  };
  return (
    <Section title="Next steps">
      {transitions.isPending ? (
        <Loading what="the next steps" />
      ) : transitions.isError ? (
        <ErrorPanel error={transitions.error} title="The next steps could not be loaded." onRetry={() => transitions.refetch()} />
      ) : transitions.data.moves.length === 0 ? (
        <p className="empty">This order is {STATUS_LABEL[transitions.data.status].toLowerCase()}: nothing more can happen to it.</p>
      ) : (
        <>
          <ul className="order-moves" data-testid="order-moves">
            {transitions.data.moves.map((m) => (
              <li key={m.to}>
                {canWrite ? (
                  <button type="button" className={CONFIRMED.has(m.to) ? 'button button-danger' : 'button'} onClick={() => choose(m)} disabled={move.isPending}>
                    {MOVE_LABEL[m.to]}
                  </button>
                ) : (
                  <strong>{STATUS_LABEL[m.to]}</strong>
                )}{' '}
                <span className="muted">{m.description.replaceAll('`', '')}</span>
              </li>
            ))}
          </ul>
          {canWrite ? null : (
            <p className="notice">
              Your role in this store lacks the <Permission code={WRITE} />, so you cannot move this order.
            </p>
          )}
          {move.isError && !confirming ? <ErrorPanel error={move.error} title="The order could not be moved." /> : null}
        </>
      )}
      {confirming && transitions.data ? (
        <ConfirmMove
          key={confirming.to}
          order={order}
          move={confirming}
          refundable={transitions.data.refundable}
          busy={move.isPending}
          error={move.error}
          onConfirm={(amount) => start(confirming, amount)}
          onCancel={() => {
            move.reset();
            setConfirming(null);
          }}
        />
      ) : null}
    </Section>
  );
}

function ConfirmMove({
  order,
  move,
  refundable,
  busy,
  error,
  onConfirm,
  onCancel,
}: {
  order: Order;
  move: Move;
  refundable: number;
  busy: boolean;
  error: unknown;
  onConfirm: (amount?: number) => void;
  onCancel: () => void;
}) {
  const headingId = useId();
  const amountId = useId();
  const ref = useRef<HTMLFormElement>(null);
  const [amount, setAmount] = useState('');
  useEffect(() => {
    ref.current?.focus();
  }, []);
  const money = (v: number) => formatMoney(v, order.currency);
  const title =
    move.to === 'cancelled'
      ? `Cancel order ${order.number}?`
      : move.to === 'refunded'
        ? `Refund ${money(refundable)} of order ${order.number}?`
        : `Refund part of order ${order.number}?`;
  const confirmLabel = move.to === 'cancelled' ? `Cancel ${order.number}` : move.to === 'refunded' ? `Refund ${order.number} in full` : `Refund part of ${order.number}`;
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    onConfirm(move.needsAmount ? Number(amount) : undefined);
  };
  return (
    <form ref={ref} className="confirm" role="alertdialog" aria-labelledby={headingId} tabIndex={-1} data-testid="confirm-move" onSubmit={submit} noValidate>
      <p id={headingId} className="confirm-title">
        {title}
      </p>
      <p>{move.description.replaceAll('`', '')}</p>
      {move.needsAmount ? (
        <div className="form-field">
          <label htmlFor={amountId}>Amount to refund ({order.currency}, less than {money(refundable)})</label>
          <input id={amountId} name="amount" type="number" inputMode="decimal" min="0" step="any" required value={amount} onChange={(e) => setAmount(e.target.value)} />
        </div>
      ) : null}
      <div className="actions">
        <button type="submit" className="button button-danger" disabled={busy}>
          {busy ? 'Sending…' : confirmLabel}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Keep the order as it is
        </button>
      </div>
      {error ? <ErrorPanel error={error} title="The order could not be moved." /> : null}
    </form>
  );
}

/** The tax of each line and of delivery, as the order was placed (a later rate change never rewrites it). */
function TaxLines({ order: o }: { order: Order }) {
  const names = lineNames(o);
  const percent = (bp: number) => `${(bp / 100).toLocaleString('en', { maximumFractionDigits: 2 })} %`;
  return (
    <Section title="Tax">
      <p className="muted">
        {o.pricesIncludeTax ? 'Prices included tax: each amount below is the part of the price that is tax.' : 'Prices excluded tax: each amount below was added to the order.'}{' '}
        As placed; changing your rates later does not change this order.
        {o.taxRefunded > 0 ? ` Refunds so far returned ${formatMoney(o.taxRefunded, o.currency)} of it.` : ''}
      </p>
      <div className="table-wrap">
        <table className="text-table" data-testid="order-tax-lines">
          <caption className="visually-hidden">Tax of order {o.number}</caption>
          <thead>
            <tr>
              <th scope="col">For</th>
              <th scope="col">Tax class</th>
              <th scope="col">Rate</th>
              <th scope="col">Where</th>
              <th scope="col">Taxed amount</th>
              <th scope="col">Tax</th>
            </tr>
          </thead>
          <tbody>
            {o.taxLines.map((t, i) => (
              <tr key={t.lineId ?? `delivery-${i}`} data-testid="order-tax-line">
                <th scope="row">{t.lineId === null ? 'Delivery' : (names.get(t.lineId) ?? 'A line')}</th>
                <td data-label="Tax class">{t.taxClass}</td>
                <td data-label="Rate">{percent(t.rate)}</td>
                <td data-label="Where">{t.stateId ?? t.countryId ?? '—'}</td>
                <td data-label="Taxed amount">{formatMoney(t.taxable, o.currency)}</td>
                <td data-label="Tax">{formatMoney(t.amount, o.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}

