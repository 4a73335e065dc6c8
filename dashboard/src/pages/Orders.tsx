import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Tenant } from '../api/client.ts';
import { call, type Schemas } from '../api/wire.ts';
import { ErrorPanel, Loading } from '../components/ErrorPanel.tsx';
import { Field, fieldErrors, TextField } from '../components/Field.tsx';
import { LoadMore } from '../components/LoadMore.tsx';
import { NotAllowed, Section } from '../components/Section.tsx';
import { formatLocalDate, formatMoney, formatTimestamp } from '../format.ts';
import { CHANNEL_LABEL, CHANNELS, STATUS_LABEL, STATUSES } from '../orders.ts';
import { keepTenant, tenantOf, useTenant } from '../tenant.tsx';
import { addDays, startOfDayIn } from '../zoned.ts';
import { CustomerFilter, useChosenCustomer } from './OrderCustomerFilter.tsx';
import { OrderExports } from './OrderExports.tsx';

type OrderStatus = Schemas['OrderSummary']['status'];
type OrderChannel = Schemas['OrderSummary']['channel'];

const PERMISSION = 'orders:read';
const PAGE = 20;

/** The list's filters as kept in the URL: `?status=&customerId=&from=&to=` (from and to are days in the store's zone). */
const FILTERS = ['status', 'channel', 'customerId', 'from', 'to'] as const;

/** A day of the store ("YYYY-MM-DD") that exists, or null. */
function validDay(text: string, timeZone: string): string | null {
  return text !== '' && startOfDayIn(text, timeZone) !== null ? text : null;
}

/** "placed 2 Nov 2026 to 9 Nov 2026" for the section title; '' without dates. */
function placedBetween(from: string | null, to: string | null): string {
  if (from && to) return from === to ? ` placed on ${formatLocalDate(from)}` : ` placed ${formatLocalDate(from)} to ${formatLocalDate(to)}`;
  if (from) return ` placed from ${formatLocalDate(from)}`;
  if (to) return ` placed up to ${formatLocalDate(to)}`;
  return '';
}

/**
 * The orders list (its own chunk): newest first, 20 at a time, filtered by status, one customer and a range of the
 * store's days, all kept in the URL so a reload or a shared link shows the same list.
 */
export default function Orders() {
  const state = useTenant();
  const tenant = tenantOf(state);
  const [params, setParams] = useSearchParams();
  const zone = state.store?.timezone ?? 'UTC';
  const wanted = params.get('status');
  const status = wanted && (STATUSES as string[]).includes(wanted) ? (wanted as OrderStatus) : null;
  const wantedChannel = params.get('channel');
  const channel = wantedChannel && (CHANNELS as string[]).includes(wantedChannel) ? (wantedChannel as OrderChannel) : null;
  const customerId = params.get('customerId')?.trim() || null;
  const fromDay = params.get('from')?.trim() ?? '';
  const toDay = params.get('to')?.trim() ?? '';
  const from = validDay(fromDay, zone);
  const to = validDay(toDay, zone);
  // Checked here, as the API takes any pair of instants (an empty list would say nothing about why).
  const rangeRefused = from && to && from > to ? 'must be on or after From' : null;
  const allowed = state.permissions?.has(PERMISSION) ?? false;
  const canReadCustomers = state.permissions?.has('customers:read') ?? false;
  const query = useInfiniteQuery({
    queryKey: ['tenant', tenant?.storeId, tenant?.mode, 'orders', { status, channel, customerId, from: fromDay, to: toDay, zone }],
    enabled: tenant !== null && allowed && rangeRefused === null,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      call('get', '/v1/orders', {
        tenant: tenant!,
        signal,
        query: {
          limit: PAGE,
          status: status ?? undefined,
          channel: channel ?? undefined,
          customerId: customerId ?? undefined,
          // Days in the store's time zone: from the start of `from` to the start of the day after `to`. Text that is
          // no day is sent as it is, for the API to refuse naming the field.
          from: fromDay ? (from ? startOfDayIn(from, zone)! : fromDay) : undefined,
          to: toDay ? (to ? startOfDayIn(addDays(to, 1), zone)! : toDay) : undefined,
          cursor: pageParam ?? undefined,
        },
      }),
    getNextPageParam: (last) => last.pagination?.nextCursor ?? null,
  });
  const orders = query.data?.pages.flatMap((p) => p.data) ?? [];
  const chosen = useChosenCustomer(tenant, allowed && canReadCustomers ? customerId : null);
  if (!tenant || !state.store) return null;
  const search = keepTenant(params);
  const filtered = status !== null || channel !== null || customerId !== null || fromDay !== '' || toDay !== '';
  const refused = fieldErrors(query.error, 'query');
  if (rangeRefused) refused.set('to', rangeRefused);
  const noneMatch = filtered && !rangeRefused && query.isSuccess && orders.length === 0;
  const setFilters = (values: Partial<Record<(typeof FILTERS)[number], string | null>>) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [name, value] of Object.entries(values)) {
        if (value) next.set(name, value);
        else next.delete(name);
      }
      return next;
    });
  const clearFilters = () => setFilters({ status: null, channel: null, customerId: null, from: null, to: null });
  const customerName = chosen.data?.name ?? (customerId ? orders.find((o) => o.customerId === customerId)?.customerName : null) ?? null;
  const title =
    `${status ? `${STATUS_LABEL[status]} orders` : 'Orders'}` +
    `${channel === 'storefront' ? ' from the storefront' : channel === 'api' ? ' placed in the dashboard or through the API' : ''}` +
    `${customerId ? ` of ${customerName ?? 'one customer'}` : ''}` +
    placedBetween(from, to) +
    ` in ${tenant.mode === 'test' ? 'test' : 'live'} mode, newest first`;
  return (
    <>
      <title>{`Orders · ${state.store.name} · Dashboard`}</title>
      <h1>Orders</h1>
      {state.permissions?.has('orders:write') ? (
        <p>
          <Link className="button button-primary" to={{ pathname: '/orders/new', search: keepTenant(params) }}>
            New order
          </Link>
        </p>
      ) : null}
      {allowed ? <FindOrder tenant={tenant} search={search} /> : null}
      <Section title={title}>
        {allowed ? (
          <search className="order-filter-panel">
            <OrderFilters
              key={`${fromDay}|${toDay}`}
              status={status}
              channel={channel}
              from={fromDay}
              to={toDay}
              timeZone={zone}
              errors={refused}
              onStatus={(value) => setFilters({ status: value })}
              onChannel={(value) => setFilters({ channel: value })}
              onDates={(values) => setFilters(values)}
            />
            <CustomerFilter
              tenant={tenant}
              customerId={customerId}
              canSearch={canReadCustomers}
              chosen={chosen}
              knownName={customerName}
              error={refused.get('customerId') ?? null}
              onChoose={(id) => setFilters({ customerId: id })}
            />
            {filtered && !noneMatch ? (
              <div className="actions">
                <button type="button" className="button" onClick={clearFilters}>
                  Clear filters
                </button>
              </div>
            ) : null}
          </search>
        ) : null}
        {state.permissions === null ? (
          <Loading what="your permissions" />
        ) : !allowed ? (
          <NotAllowed permission={PERMISSION} />
        ) : rangeRefused ? (
          <p className="empty">No orders shown: the To day comes before the From day.</p>
        ) : query.isPending ? (
          <Loading what="orders" />
        ) : query.isError && orders.length === 0 ? (
          refused.size > 0 ? (
            <p className="empty">No orders shown: a filter above was refused. Correct it or clear the filters.</p>
          ) : (
            <ErrorPanel error={query.error} title="The orders could not be loaded." onRetry={() => query.refetch()} />
          )
        ) : orders.length === 0 ? (
          filtered ? (
            <div className="empty" data-testid="orders-empty">
              <p>No orders match these filters.</p>
              <div className="actions">
                <button type="button" className="button" onClick={clearFilters}>
                  Clear filters
                </button>
              </div>
            </div>
          ) : (
            <p className="empty">No orders yet. Orders placed on your storefront or by your other systems show here.</p>
          )
        ) : (
          <>
            <div className="table-wrap">
              <table className="text-table">
                <caption className="visually-hidden">{title}</caption>
                <thead>
                  <tr>
                    <th scope="col">Number</th>
                    <th scope="col">Placed ({zone})</th>
                    <th scope="col">Customer</th>
                    <th scope="col">Status</th>
                    <th scope="col">Channel</th>
                    <th scope="col">Total</th>
                  </tr>
                </thead>
                <tbody>
                  {orders.map((o) => (
                    <tr key={o.id} data-testid="order-row">
                      <th scope="row">
                        <Link to={{ pathname: `/orders/${encodeURIComponent(o.id)}`, search }}>{o.number}</Link>
                      </th>
                      <td data-label="Placed">{formatTimestamp(o.createdAt, zone)}</td>
                      <td data-label="Customer">{o.customerName ?? <span className="muted">no longer on record</span>}</td>
                      <td data-label="Status">{STATUS_LABEL[o.status]}</td>
                      <td data-label="Channel">{CHANNEL_LABEL[o.channel]}</td>
                      <td data-label="Total">{formatMoney(o.total, o.currency)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <LoadMore
              query={query}
              failed="More orders could not be loaded."
              done={<p className="muted">{filtered ? 'That is every order matching these filters.' : 'That is every order.'}</p>}
            />
          </>
        )}
      </Section>
      {allowed && state.permissions?.has('analytics:read') ? (
        <OrderExports key={`${from}|${to}`} tenant={tenant} timeZone={zone} status={status} range={{ from, to }} customerFiltered={customerId !== null} />
      ) : null}
    </>
  );
}

/**
 * "Find order by number": the number as the order shows it (`ORD-1001`), looked up exactly (`GET /v1/orders?number=`);
 * found, the order opens; not found, the form says so in this store and mode and keeps the number to correct.
 */
function FindOrder({ tenant, search }: { tenant: Tenant; search: string }) {
  const navigate = useNavigate();
  const [number, setNumber] = useState('');
  const [missing, setMissing] = useState<string | null>(null);
  const find = useMutation({
    mutationFn: async (wanted: string) => (await call('get', '/v1/orders', { tenant, query: { number: wanted, limit: 1 } })).data,
    onSuccess: (found, wanted) => {
      const order = found[0];
      if (order) navigate({ pathname: `/orders/${encodeURIComponent(order.id)}`, search });
      else setMissing(wanted);
    },
  });
  const refused = fieldErrors(find.error, 'query');
  const [empty, setEmpty] = useState(false);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const wanted = number.trim();
    setMissing(null);
    setEmpty(wanted === '');
    if (wanted === '') {
      find.reset();
      return;
    }
    find.mutate(wanted);
  };
  const error = empty ? 'is needed: type the number shown on the order, such as ORD-1001' : (refused.get('number') ?? null);
  return (
    <search className="find-order" aria-label="Find an order">
      <form onSubmit={submit} noValidate data-testid="find-order">
        <Field label="Order number" error={error} hint="As shown on the order, such as ORD-1001.">
          {(p) => <input {...p} type="text" name="number" value={number} autoComplete="off" spellCheck={false} onChange={(e) => setNumber(e.target.value)} />}
        </Field>
        <div className="actions">
          <button type="submit" className="button" disabled={find.isPending}>
            {find.isPending ? 'Finding…' : 'Find order by number'}
          </button>
        </div>
      </form>
      <div role="status" data-testid="find-order-result">
        {missing !== null ? (
          <p className="empty">
            No order numbered {missing} in this store's {tenant.mode === 'test' ? 'test' : 'live'} mode. Check the number, or switch mode if it is a{' '}
            {tenant.mode === 'test' ? 'live' : 'test'} order.
          </p>
        ) : null}
      </div>
      {find.isError && refused.size === 0 ? <ErrorPanel error={find.error} title="The order could not be looked up." onRetry={() => find.mutate(number.trim())} /> : null}
    </search>
  );
}

/**
 * Status (applied at once) and a range of the store's days (applied with Apply dates, so a half-typed year asks
 * nothing); a refusal — the page's own (To before From) or the API's — shows at its field.
 */
function OrderFilters({
  status,
  channel,
  from,
  to,
  timeZone,
  errors,
  onStatus,
  onChannel,
  onDates,
}: {
  status: OrderStatus | null;
  channel: OrderChannel | null;
  onChannel: (value: string | null) => void;
  from: string;
  to: string;
  timeZone: string;
  errors: Map<string, string>;
  onStatus: (value: string | null) => void;
  onDates: (values: { from: string | null; to: string | null }) => void;
}) {
  const [values, setValues] = useState({ from, to });
  const hintId = useId();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    onDates({ from: values.from.trim() || null, to: values.to.trim() || null });
  };
  return (
    <form className="order-filters" onSubmit={submit} noValidate aria-label="Filter the orders" data-testid="order-filters">
      <Field label="Status" error={errors.get('status')}>
        {(p) => (
          <select {...p} name="status" value={status ?? ''} onChange={(e) => onStatus(e.target.value || null)}>
            <option value="">All</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABEL[s]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Channel" error={errors.get('channel')}>
        {(p) => (
          <select {...p} name="channel" value={channel ?? ''} onChange={(e) => onChannel(e.target.value || null)}>
            <option value="">All</option>
            {CHANNELS.map((c) => (
              <option key={c} value={c}>
                {CHANNEL_LABEL[c]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <fieldset className="date-range" aria-describedby={hintId}>
        <legend className="visually-hidden">Placed between</legend>
        <TextField label="From" error={errors.get('from')} type="date" name="from" value={values.from} onChange={(from) => setValues((v) => ({ ...v, from }))} />
        <TextField label="To" error={errors.get('to')} type="date" name="to" value={values.to} onChange={(to) => setValues((v) => ({ ...v, to }))} />
        <div className="actions">
          <button type="submit" className="button">
            Apply dates
          </button>
        </div>
        <p id={hintId} className="field-hint">
          Days in {timeZone}, both included.
        </p>
      </fieldset>
    </form>
  );
}
