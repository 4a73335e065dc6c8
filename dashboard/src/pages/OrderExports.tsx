import { type FormEvent, useState } from 'react';
import type { Tenant } from '../api/client.ts';
import type { Schemas } from '../api/wire.ts';
import { ErrorPanel } from '../components/ErrorPanel.tsx';
import { fieldErrors, TextField } from '../components/Field.tsx';
import { Section } from '../components/Section.tsx';
import { download } from '../download.ts';
import { STATUS_LABEL } from '../orders.ts';
import { addDays, todayIn } from '../zoned.ts';

type OrderStatus = Schemas['Order']['status'];

type Kind = 'orders' | 'daily-sales';

/**
 * CSV exports of the Orders page (analytics:read): the orders (`GET /v1/exports/orders.csv`, with the list's status
 * filter) or the daily sales (`GET /v1/exports/daily-sales.csv`) of a range of the store's days, downloaded through
 * fetch (the API needs the bearer token) under the name the API gives. The range starts as the list's days where it
 * has them (`range`), otherwise the last 30 days; the exports take no customer.
 */
export function OrderExports({
  tenant,
  timeZone,
  status,
  range = { from: null, to: null },
  customerFiltered = false,
}: {
  tenant: Tenant;
  timeZone: string;
  status: OrderStatus | null;
  range?: { from: string | null; to: string | null };
  customerFiltered?: boolean;
}) {
  const today = todayIn(timeZone);
  const [to, setTo] = useState(() => range.to ?? (range.from && range.from > today ? range.from : today));
  const [from, setFrom] = useState(() => range.from ?? addDays(range.to ?? today, -29));
  const [busy, setBusy] = useState<Kind | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);

  const start = async (kind: Kind) => {
    if (busy) return;
    setBusy(kind);
    setError(null);
    setDone(null);
    const q = new URLSearchParams({ from, to });
    if (kind === 'orders' && status) q.set('status', status);
    try {
      const name = await download(`/v1/exports/${kind}.csv?${q}`, tenant, `${kind}-${from}-to-${to}.csv`);
      setDone(name);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(null);
    }
  };
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    void start('orders');
  };

  // The range is checked by the API: its refusals name `from` or `to` (in the query) and show next to that field.
  const refused = fieldErrors(error, 'query');
  const errorOf = (name: 'from' | 'to') => refused.get(name) ?? null;
  const atFields = errorOf('from') !== null || errorOf('to') !== null;
  const edited = () => {
    setError(null);
    setDone(null);
  };
  return (
    <Section title="Export as CSV">
      <p className="muted">
        The days of the store’s time zone ({timeZone}), both included, at most 366. The orders file has one row per order placed in those days
        {status ? `, only those ${STATUS_LABEL[status].toLowerCase()} now (the status chosen above)` : ', whatever their status'}
        {customerFiltered ? ' and whoever the customer (an export takes no customer)' : ''}, with the customer’s name; the daily sales file has one row per
        day.{range.from || range.to ? ' The days start as those of the list above.' : ''}
      </p>
      <form onSubmit={submit} noValidate className="export-form">
        <TextField label="From" error={errorOf('from')} type="date" name="from" required value={from} onChange={(v) => { setFrom(v); edited(); }} />
        <TextField label="To" error={errorOf('to')} type="date" name="to" required value={to} onChange={(v) => { setTo(v); edited(); }} />
        <div className="actions">
          <button type="submit" className="button button-primary" disabled={busy !== null}>
            {busy === 'orders' ? 'Preparing…' : status ? `Download ${STATUS_LABEL[status].toLowerCase()} orders` : 'Download orders'}
          </button>
          <button type="button" className="button" disabled={busy !== null} onClick={() => void start('daily-sales')}>
            {busy === 'daily-sales' ? 'Preparing…' : 'Download daily sales'}
          </button>
        </div>
      </form>
      <p role="status" className="muted" data-testid="export-status">
        {done ? `Downloaded ${done}.` : ''}
      </p>
      {error && !atFields ? <ErrorPanel error={error} title="The export could not be made." /> : null}
    </Section>
  );
}
