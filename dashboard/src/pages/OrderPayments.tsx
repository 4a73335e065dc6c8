import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { api, type Tenant } from '../api/client.ts';
import type { Schemas } from '../api/wire.ts';
import { ErrorPanel, Loading } from '../components/ErrorPanel.tsx';
import { Field, FormRefusal, TextField } from '../components/Field.tsx';
import { Section } from '../components/Section.tsx';
import { editorFieldErrors } from '../editor.ts';
import { formatMoney, formatTimestamp } from '../format.ts';
import { useSubmission } from '../idempotency.ts';

type Order = Schemas['Order'];
type Payments = Schemas['OrderPayments'];
type PaymentMethod = Schemas['PaymentOptions']['enabledMethods'][number];
type PaymentOptions = Schemas['PaymentOptions'];
type PaymentRecord = Schemas['Payment'];
type PaymentStatus = Schemas['Payment']['status'];

const READ = 'payments:read';
const WRITE = 'payments:write';

const METHOD_LABEL: Record<PaymentMethod | 'manual', string> = {
  card: 'Card',
  bank_transfer: 'Bank transfer',
  cash_on_delivery: 'Cash on delivery',
  paypal: 'PayPal',
  manual: 'Received (method not recorded)',
};
const STATUS_LABEL: Record<PaymentStatus, string> = { pending: 'Pending', succeeded: 'Received', failed: 'Failed' };

const paymentsKey = (t: Tenant, orderId: string) => ['tenant', t.storeId, t.mode, 'orders', orderId, 'payments'] as const;

/**
 * An order's payments and refunds (`GET /v1/orders/{id}/payments`, with payments:read) and, with payments:write,
 * recording a payment taken outside the service (`POST …/payments`, one Idempotency-Key per submission) and settling a
 * pending one (`PATCH …/payments/{paymentId}`). Each change re-reads the order, its moves and its payments.
 */
export function OrderPayments({ tenant, order, permissions, timeZone }: { tenant: Tenant; order: Order; permissions: ReadonlySet<string>; timeZone: string }) {
  const queryClient = useQueryClient();
  const canWrite = permissions.has(WRITE);
  const payments = useQuery({
    queryKey: paymentsKey(tenant, order.id),
    enabled: permissions.has(READ),
    queryFn: ({ signal }) => api<Payments>(`/v1/orders/${encodeURIComponent(order.id)}/payments`, { tenant, signal }).then((r) => r.data),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['tenant', tenant.storeId, tenant.mode, 'orders'] });
  const settle = useMutation({
    mutationFn: (input: { payment: PaymentRecord; status: 'succeeded' | 'failed' }) =>
      api(`/v1/orders/${encodeURIComponent(order.id)}/payments/${encodeURIComponent(input.payment.id)}`, { tenant, method: 'PATCH', body: { status: input.status } }),
    onSettled: refresh,
  });

  // After a payment is recorded its form starts over (or goes, when nothing is outstanding): the keyboard goes to the
  // figures, which now include it, instead of falling to the page.
  const figures = useRef<HTMLParagraphElement>(null);
  const [recorded, setRecorded] = useState(0);
  useEffect(() => {
    if (recorded > 0) figures.current?.focus();
  }, [recorded]);

  if (!permissions.has(READ)) return null;
  return (
    <Section title="Payment records">
      {payments.isPending ? (
        <Loading what="the payments" />
      ) : payments.isError ? (
        <ErrorPanel error={payments.error} title="The payments could not be loaded." onRetry={() => payments.refetch()} />
      ) : (
        <>
          <p data-testid="payment-figures" ref={figures} tabIndex={-1}>
            Paid {formatMoney(payments.data.order.paid, order.currency)} · pending {formatMoney(payments.data.order.pending, order.currency)} · outstanding{' '}
            <strong>{formatMoney(payments.data.order.outstanding, order.currency)}</strong>
          </p>
          {payments.data.payments.length === 0 ? (
            <p className="empty">No payments recorded yet.{canWrite ? ' Record one below when the customer pays outside the service, or mark the order paid.' : ''}</p>
          ) : (
            <div className="table-wrap">
              <table className="text-table">
                <caption className="visually-hidden">Payments and refunds of order {order.number}</caption>
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Kind</th>
                    <th scope="col">Method</th>
                    <th scope="col">Amount</th>
                    <th scope="col">Status</th>
                    <th scope="col">Reference</th>
                  </tr>
                </thead>
                <tbody>
                  {payments.data.payments.map((p) => (
                    <tr key={p.id} data-testid="payment-row">
                      <td data-label="When">{formatTimestamp(p.createdAt, timeZone)}</td>
                      <td data-label="Kind">{p.kind === 'refund' ? 'Refund' : 'Payment'}</td>
                      <td data-label="Method">{METHOD_LABEL[p.method]}</td>
                      <td data-label="Amount">{formatMoney(p.kind === 'refund' ? -p.amount : p.amount, p.currency)}</td>
                      <td data-label="Status">
                        <span>{STATUS_LABEL[p.status]}</span>
                        {p.status === 'pending' && canWrite ? (
                          <span className="actions">
                            <button type="button" className="button" disabled={settle.isPending} onClick={() => settle.mutate({ payment: p, status: 'succeeded' })}>
                              Mark {formatMoney(p.amount, p.currency)} received
                            </button>
                            <button type="button" className="button" disabled={settle.isPending} onClick={() => settle.mutate({ payment: p, status: 'failed' })}>
                              Mark {formatMoney(p.amount, p.currency)} failed
                            </button>
                          </span>
                        ) : null}
                      </td>
                      <td data-label="Reference">{p.reference ?? '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {settle.isError ? <ErrorPanel error={settle.error} title="The payment could not be settled." /> : null}
          {canWrite && payments.data.order.outstanding > 0 ? (
            <RecordPayment key={payments.data.order.outstanding} tenant={tenant} order={order} outstanding={payments.data.order.outstanding} onRecorded={() => {
                refresh();
                setRecorded((n) => n + 1);
              }}
            />
          ) : null}
        </>
      )}
    </Section>
  );
}

function RecordPayment({ tenant, order, outstanding, onRecorded }: { tenant: Tenant; order: Order; outstanding: number; onRecorded: () => void }) {
  const options = useQuery({
    queryKey: ['tenant', tenant.storeId, tenant.mode, 'payment-options'],
    queryFn: ({ signal }) => api<PaymentOptions>('/v1/payments/options', { tenant, signal }).then((r) => r.data),
  });
  const [method, setMethod] = useState<PaymentMethod | 'manual'>('manual');
  const [amount, setAmount] = useState(String(outstanding));
  const [pending, setPending] = useState(false);
  const [reference, setReference] = useState('');
  const submission = useSubmission();
  const record = useMutation({
    mutationFn: (input: { body: Record<string, unknown>; key: string }) =>
      api(`/v1/orders/${encodeURIComponent(order.id)}/payments`, { tenant, method: 'POST', headers: { 'Idempotency-Key': input.key }, body: input.body }),
    onSuccess: () => {
      submission.forget();
      onRecorded();
    },
    onSettled: () => submission.settled(),
  });
  const edited = () => {
    submission.forget();
    if (record.isError) record.reset();
  };
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const trimmed = amount.trim();
    // An empty or unreadable amount is sent as it is, so the API names the field (never read as 0).
    const body: Record<string, unknown> = { method, amount: trimmed === '' || Number.isNaN(Number(trimmed)) ? trimmed : Number(trimmed) };
    if (pending) body.status = 'pending';
    if (reference.trim()) body.reference = reference.trim();
    const key = submission.begin(JSON.stringify(body));
    if (key !== null) record.mutate({ body, key });
  };
  // A payment above what is outstanding is a 409 naming `amount`: shown there too.
  const errors = editorFieldErrors(record.error);
  const methods: (PaymentMethod | 'manual')[] = ['manual', ...(options.data?.enabledMethods ?? [])];
  return (
    <form onSubmit={submit} noValidate aria-label="Record a payment" data-testid="record-payment">
      <h3>Record a payment</h3>
      <p className="muted">For money received outside the service (a bank transfer, cash on delivery). At most {formatMoney(outstanding, order.currency)} is outstanding.</p>
      <Field label="Method" error={errors.get('method')}>
        {(p) => (
          <select
            {...p}
            value={method}
            onChange={(e) => {
              setMethod(e.target.value as PaymentMethod | 'manual');
              edited();
            }}
          >
            {methods.map((m) => (
              <option key={m} value={m}>
                {METHOD_LABEL[m]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <TextField label={`Amount (${order.currency})`} error={errors.get('amount')} type="text" inputMode="decimal" value={amount} onChange={(v) => { setAmount(v); edited(); }} />
      <TextField label="Reference" error={errors.get('reference')} hint="Optional: the transfer reference or receipt number." type="text" value={reference} onChange={(v) => { setReference(v); edited(); }} />
      <div className="form-field">
        <label>
          <input
            type="checkbox"
            checked={pending}
            onChange={(e) => {
              setPending(e.target.checked);
              edited();
            }}
          />{' '}
          Not received yet (pending: reserves the amount until you mark it received or failed)
        </label>
      </div>
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={record.isPending}>
          {record.isPending ? 'Recording…' : 'Record payment'}
        </button>
      </div>
      <FormRefusal error={record.error} shown={['method', 'amount', 'reference']} title="The payment could not be recorded." nothing="Nothing was recorded" />
    </form>
  );
}
