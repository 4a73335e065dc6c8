import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { Tenant } from '../api/client.ts';
import { type BodyOf, call, type Schemas } from '../api/wire.ts';
import { ErrorPanel } from '../components/ErrorPanel.tsx';
import { Field, FormRefusal } from '../components/Field.tsx';
import { FormToggle, LinesForm, useLinesForm } from '../components/LinesForm.tsx';
import { ListStates } from '../components/ListStates.tsx';
import { Section } from '../components/Section.tsx';
import { editorFieldErrors } from '../editor.ts';
import { formatMoney, formatTimestamp } from '../format.ts';
import { useSubmission } from '../idempotency.ts';
import { lineNames } from '../orders.ts';
import { useLocations } from '../stock/locations.ts';

type Order = Schemas['Order'];
type Return = Schemas['Return'];
type Reason = Return['reason'];

const READ = 'orders:read';
const WRITE = 'orders:write';

/** Why a customer sends units back, in a merchant's words (`reason` of `POST /v1/orders/{id}/returns`). */
const REASON_LABEL: Record<Reason, string> = {
  damaged: 'Arrived damaged',
  defective: 'Does not work',
  wrong_item: 'Wrong item or size',
  not_as_described: 'Not as described',
  no_longer_needed: 'No longer needed',
  other: 'Another reason',
};
const STATUS_LABEL: Record<Return['status'], string> = { requested: 'Asked for', received: 'Received', refunded: 'Refunded', closed: 'Closed' };

const returnsKey = (t: Tenant, orderId: string) => ['tenant', t.storeId, t.mode, 'orders', orderId, 'returns'] as const;

/**
 * An order's returns (docs/fulfilment.md, "Returns"): the returns so far and, with orders:write, a Return flow: pick
 * lines, quantities and a reason; receive each line back in stock at a location or written off; refund (confirmed,
 * naming the order) or close without a refund. Every change re-reads the order, its returns and the stock.
 */
export function OrderReturns({ tenant, order, permissions, timeZone }: { tenant: Tenant; order: Order; permissions: ReadonlySet<string>; timeZone: string }) {
  const queryClient = useQueryClient();
  const canWrite = permissions.has(WRITE);
  const returns = useQuery({
    queryKey: returnsKey(tenant, order.id),
    enabled: permissions.has(READ),
    queryFn: ({ signal }) => call('get', '/v1/orders/{orderId}/returns', { tenant, signal, params: { orderId: order.id }, query: { limit: 100 } }).then((r) => r.data),
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['tenant', tenant.storeId, tenant.mode, 'orders'] });
    void queryClient.invalidateQueries({ queryKey: ['tenant', tenant.storeId, tenant.mode, 'inventory'] });
  };
  if (!permissions.has(READ)) return null;
  const names = lineNames(order);
  return (
    <Section title="Returns">
      <ListStates query={returns} items={returns.data ?? []} what="the returns" failed="The returns could not be loaded." empty={<p className="empty">Nothing of this order has been returned.</p>} keepWhenEmpty>
        <ul className="order-returns" data-testid="order-returns">
          {(returns.data ?? []).map((r) => (
            <li key={r.id} data-testid="order-return">
              <p>
                <strong>{STATUS_LABEL[r.status]}</strong> · {REASON_LABEL[r.reason]} · {formatTimestamp(r.createdAt, timeZone)}
                {r.refund !== null ? ` · refunded ${formatMoney(r.refund, order.currency)}` : ''}
                {r.note ? <span className="muted"> · {r.note}</span> : null}
              </p>
              <ul>
                {r.lines.map((l) => (
                  <li key={l.id}>
                    {l.quantity} × {names.get(l.lineId) ?? 'a line'}
                    {l.restock === true ? ' · back in stock' : l.restock === false ? ' · written off' : ''}
                  </li>
                ))}
              </ul>
              {canWrite && r.status === 'requested' ? <ReceiveReturn tenant={tenant} order={order} ret={r} names={names} onDone={refresh} /> : null}
              {canWrite && r.status === 'received' ? <RefundReturn tenant={tenant} order={order} ret={r} onDone={refresh} /> : null}
            </li>
          ))}
        </ul>
        {canWrite ? (
          <FormToggle label="Return items" onDone={refresh}>
            {(done, cancel) => <AskReturn tenant={tenant} order={order} names={names} onDone={done} onCancel={cancel} />}
          </FormToggle>
        ) : null}
      </ListStates>
    </Section>
  );
}

/** Asks for units back: a quantity per line (0 leaves it out), a reason and a note. */
function AskReturn({ tenant, order, names, onDone, onCancel }: { tenant: Tenant; order: Order; names: Map<string, string>; onDone: () => void; onCancel: () => void }) {
  const [reason, setReason] = useState<Reason>('damaged');
  const [note, setNote] = useState('');
  const form = useLinesForm<BodyOf<'/v1/orders/{orderId}/returns', 'post'>>({
    lines: order.lines,
    initial: () => 0,
    send: (body, key) => call('post', '/v1/orders/{orderId}/returns', { tenant, params: { orderId: order.id }, headers: { 'Idempotency-Key': key }, body }),
    onDone,
  });
  const { errors, edited } = form;
  return (
    <LinesForm form={form} testId="ask-return" verb="return" past="returned" intro="How many of each line come back: at most what was shipped and not returned already."
      lineLabel={(l) => `Quantity of ${names.get(l.id)} (of ${l.quantity})`} lineMax={(l) => l.quantity}
      onSubmit={(e) => form.submit(e, { reason, ...(note.trim() ? { note: note.trim() } : {}) })} submitLabel="Ask for the return" onCancel={onCancel}
      fields={['reason', 'note']} refusal="The return could not be asked for."
    >
      <Field label="Reason" error={errors.get('reason')}>
        {(p) => (
          <select
            {...p}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value as Reason);
              edited();
            }}
          >
            {(Object.keys(REASON_LABEL) as Reason[]).map((r) => (
              <option key={r} value={r}>
                {REASON_LABEL[r]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Note" error={errors.get('note')} hint="Optional: what the customer said.">
        {(p) => (
          <textarea
            {...p}
            value={note}
            onChange={(e) => {
              setNote(e.target.value);
              edited();
            }}
          />
        )}
      </Field>
    </LinesForm>
  );
}

/** Receives a return at a location: each line back in stock there, or written off. */
function ReceiveReturn({ tenant, order, ret, names, onDone }: { tenant: Tenant; order: Order; ret: Return; names: Map<string, string>; onDone: () => void }) {
  const locations = useLocations(tenant);
  const [locationId, setLocationId] = useState('');
  const [restock, setRestock] = useState<Record<string, boolean>>(Object.fromEntries(ret.lines.map((l) => [l.lineId, true])));
  const groupId = useId();
  const submission = useSubmission();
  const receive = useMutation({
    mutationFn: (input: { body: BodyOf<'/v1/orders/{orderId}/returns/{returnId}/receive', 'post'>; key: string }) =>
      call('post', '/v1/orders/{orderId}/returns/{returnId}/receive', { tenant, params: { orderId: order.id, returnId: ret.id }, headers: { 'Idempotency-Key': input.key }, body: input.body }),
    onSuccess: () => {
      submission.forget();
      onDone();
    },
    onSettled: () => submission.settled(),
  });
  const chosen = locationId || locations.data?.find((l) => l.isDefault)?.id || '';
  const errors = editorFieldErrors(receive.error);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const body = { locationId: chosen, lines: ret.lines.map((l) => ({ lineId: l.lineId, restock: restock[l.lineId] ?? true })) };
    const key = submission.begin(JSON.stringify(body));
    if (key !== null) receive.mutate({ body, key });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Receive the return" data-testid="receive-return">
      <h3>Receive the return</h3>
      {locations.isError ? <ErrorPanel error={locations.error} title="The stock locations could not be loaded." /> : null}
      <Field label="Arrived at" error={errors.get('locationId')}>
        {(p) => (
          <select {...p} value={chosen} onChange={(e) => setLocationId(e.target.value)}>
            {(locations.data ?? []).map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      {ret.lines.map((l, i) => (
        <fieldset key={l.id} className="form-field">
          <legend>
            {l.quantity} × {names.get(l.lineId) ?? 'a line'}
          </legend>
          <label>
            <input type="radio" name={`${groupId}-${l.id}`} checked={restock[l.lineId] !== false} onChange={() => setRestock({ ...restock, [l.lineId]: true })} /> Back in stock
          </label>{' '}
          <label>
            <input type="radio" name={`${groupId}-${l.id}`} checked={restock[l.lineId] === false} onChange={() => setRestock({ ...restock, [l.lineId]: false })} /> Write off
          </label>
          {errors.get(`lines[${i}].restock`) ? <p className="field-error">{errors.get(`lines[${i}].restock`)}.</p> : null}
        </fieldset>
      ))}
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={receive.isPending || chosen === ''}>
          {receive.isPending ? 'Sending…' : 'Mark received'}
        </button>
      </div>
      <FormRefusal error={receive.error} shown={(path) => path === 'locationId' || /^lines\[\d+\]\.restock$/.test(path)} title="The return could not be received." nothing="Nothing was received" />
    </form>
  );
}

/** Refunds a received return (confirmed first, naming the order) or closes it without a refund. */
function RefundReturn({ tenant, order, ret, onDone }: { tenant: Tenant; order: Order; ret: Return; onDone: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const [delivery, setDelivery] = useState(false);
  const headingId = useId();
  const submission = useSubmission();
  const refund = useMutation({
    mutationFn: (key: string) =>
      call('post', '/v1/orders/{orderId}/returns/{returnId}/refund', { tenant, params: { orderId: order.id, returnId: ret.id }, headers: { 'Idempotency-Key': key }, body: delivery ? { refundDelivery: true } : {} }),
    onSuccess: () => {
      submission.forget();
      setConfirming(false);
      onDone();
    },
    onSettled: () => submission.settled(),
  });
  const close = useMutation({
    mutationFn: () => call('post', '/v1/orders/{orderId}/returns/{returnId}/close', { tenant, params: { orderId: order.id, returnId: ret.id }, body: {} }),
    onSuccess: onDone,
  });
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (confirming) ref.current?.focus();
  }, [confirming]);
  if (!confirming) {
    return (
      <div className="actions" data-testid="refund-return">
        <button type="button" className="button button-danger" onClick={() => setConfirming(true)}>
          Refund the return
        </button>
        <button type="button" className="button" disabled={close.isPending} onClick={() => close.mutate()}>
          Close without a refund
        </button>
        {close.isError ? <ErrorPanel error={close.error} title="The return could not be closed." /> : null}
      </div>
    );
  }
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const key = submission.begin(`refund ${ret.id} ${delivery}`);
    if (key !== null) refund.mutate(key);
  };
  return (
    <form ref={ref} className="confirm" role="alertdialog" aria-labelledby={headingId} tabIndex={-1} data-testid="confirm-refund-return" onSubmit={submit} noValidate>
      <p id={headingId} className="confirm-title">
        Refund this return of order {order.number}?
      </p>
      <p>
        The returned items' price less their share of the discount, with their tax where prices exclude it, goes back through the order's payments. The delivery fee is refunded with the
        order's last items.
      </p>
      <div className="form-field">
        <label>
          <input type="checkbox" checked={delivery} onChange={(e) => setDelivery(e.target.checked)} /> Also refund the delivery fee now
        </label>
      </div>
      <div className="actions">
        <button type="submit" className="button button-danger" disabled={refund.isPending}>
          {refund.isPending ? 'Sending…' : `Refund the return of ${order.number}`}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => {
            refund.reset();
            setConfirming(false);
          }}
        >
          Not now
        </button>
      </div>
      {refund.isError ? <ErrorPanel error={refund.error} title="The return could not be refunded." /> : null}
    </form>
  );
}
