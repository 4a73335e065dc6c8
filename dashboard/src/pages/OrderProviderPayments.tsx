import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, type Tenant } from '../api/client.ts';
import type { Schemas } from '../api/wire.ts';
import { Confirm } from '../components/Confirm.tsx';
import { ErrorPanel, Loading } from '../components/ErrorPanel.tsx';
import { Section } from '../components/Section.tsx';
import { formatMoney, formatTimestamp } from '../format.ts';

type Order = Schemas['Order'];
type OrderPaymentStatus = Schemas['Order']['paymentStatus'];
type ProviderPayment = Schemas['ProviderPayment'];
type ProviderPaymentStatus = Schemas['ProviderPayment']['status'];

const PAYMENT_STATUS: Record<OrderPaymentStatus, string> = {
  unpaid: 'Unpaid',
  authorized: 'Authorized (card money held, not taken yet)',
  partially_paid: 'Partly paid',
  paid: 'Paid',
  partially_refunded: 'Partly refunded',
  refunded: 'Refunded',
};
const ATTEMPT: Record<ProviderPaymentStatus, string> = {
  requires_payment_method: 'Waiting for the card',
  requires_action: 'Waiting for 3-D Secure',
  processing: 'Processing',
  authorized: 'Authorized',
  succeeded: 'Taken',
  failed: 'Failed',
  canceled: 'Released',
};
const PROVIDER = { test: 'Test provider', stripe: 'Stripe' } as const;
const RESOLUTION = { accepted: 'accepted on the order', refunded: 'refunded at the provider', released: 'released at the provider' } as const;

type Action = { kind: 'capture' } | { kind: 'resolve'; payment: ProviderPayment; action: 'accept' | 'refund' };

/**
 * An order's payment status and its card payments at providers (docs/payments.md): Capture what a provider authorized
 * (`POST /v1/orders/{id}/capture`), and settle a flagged payment (`POST /v1/provider-payments/{id}/resolve`), each
 * after a confirmation naming the amount. Refunds of card money go back through the provider from the order's refund
 * moves. Needs payments:read; the buttons payments:write.
 */
export function OrderProviderPayments({ tenant, order, permissions, timeZone }: { tenant: Tenant; order: Order; permissions: ReadonlySet<string>; timeZone: string }) {
  const queryClient = useQueryClient();
  const canWrite = permissions.has('payments:write');
  const [action, setAction] = useState<Action | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const payments = useQuery({
    queryKey: ['tenant', tenant.storeId, tenant.mode, 'orders', order.id, 'provider-payments'],
    enabled: permissions.has('payments:read'),
    queryFn: ({ signal }) => api<ProviderPayment[]>(`/v1/orders/${encodeURIComponent(order.id)}/provider-payments`, { tenant, signal }).then((r) => r.data),
  });
  const act = useMutation({
    mutationFn: (a: Action) =>
      a.kind === 'capture'
        ? api(`/v1/orders/${encodeURIComponent(order.id)}/capture`, { tenant, method: 'POST' })
        : api(`/v1/provider-payments/${encodeURIComponent(a.payment.id)}/resolve`, { tenant, method: 'POST', body: { action: a.action } }),
    onSuccess: (_, a) => {
      setAction(null);
      setDone(a.kind === 'capture' ? 'Captured: the card money is taken and recorded on the order.' : a.action === 'accept' ? 'Accepted: the payment is recorded on the order.' : 'Refunded at the provider: nothing is recorded on the order.');
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['tenant', tenant.storeId, tenant.mode, 'orders'] }),
  });
  if (!permissions.has('payments:read')) return null;
  const status = order.paymentStatus;
  const authorized = order.authorized ?? 0;
  const ask = (a: Action) => {
    act.reset();
    setDone(null);
    setAction(a);
  };
  return (
    <Section title="Card payments">
      {status ? (
        <p data-testid="payment-status">
          Payment status: <strong>{PAYMENT_STATUS[status]}</strong>
          {authorized > 0 ? ` · ${formatMoney(authorized, order.currency)} authorized` : ''}
        </p>
      ) : null}
      {done ? (
        <p className="notice" role="status">
          {done}
        </p>
      ) : null}
      {canWrite && authorized > 0 && order.status === 'pending' ? (
        <div className="actions">
          <button type="button" className="button button-primary" onClick={() => ask({ kind: 'capture' })}>
            Capture {formatMoney(authorized, order.currency)}
          </button>
        </div>
      ) : null}
      {action ? (
        <Confirm
          title={
            action.kind === 'capture'
              ? `Take the ${formatMoney(authorized, order.currency)} the card holds for order ${order.number}?`
              : action.action === 'accept'
                ? `Record ${formatMoney(action.payment.received ?? action.payment.amount, action.payment.currency)} on order ${order.number}?`
                : `Refund ${formatMoney(action.payment.received ?? action.payment.amount, action.payment.currency)} to the card at ${PROVIDER[action.payment.provider]}?`
          }
          confirmLabel={action.kind === 'capture' ? 'Capture the payment' : action.action === 'accept' ? 'Record it on the order' : 'Refund it to the card'}
          busyLabel={action.kind === 'capture' ? 'Capturing…' : 'Working…'}
          busy={act.isPending}
          error={act.error}
          errorTitle={action.kind === 'capture' ? 'The payment could not be captured.' : 'The payment could not be settled.'}
          onConfirm={() => act.mutate(action)}
          onCancel={() => setAction(null)}
          testId="confirm-card-payment"
        >
          <p>{action.kind === 'capture' ? 'The order is then paid.' : 'This cannot be undone.'}</p>
        </Confirm>
      ) : null}
      {payments.isPending ? (
        <Loading what="the card payments" />
      ) : payments.isError ? (
        <ErrorPanel error={payments.error} title="The card payments could not be loaded." onRetry={() => payments.refetch()} />
      ) : payments.data.length === 0 ? (
        <p className="empty">No card payment through a provider. Send the customer a payment link to take one.</p>
      ) : (
        <div className="table-wrap">
          <table className="text-table">
            <caption className="visually-hidden">Card payments of order {order.number} at providers</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Provider</th>
                <th scope="col">Amount</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {payments.data.map((p) => (
                <tr key={p.id} data-testid="provider-payment-row">
                  <td data-label="When">{formatTimestamp(p.createdAt, timeZone)}</td>
                  <td data-label="Provider">{PROVIDER[p.provider]}</td>
                  <td data-label="Amount">{formatMoney(p.received ?? p.amount, p.currency)}</td>
                  <td data-label="Status">
                    <span>{ATTEMPT[p.status]}</span>
                    {p.failure ? <span className="muted"> · {p.failure.message}</span> : null}
                    {p.flag ? (
                      <span className="field-error" data-testid="payment-flag">
                        {' '}
                        Look at it: {p.flag}.{p.resolution ? ` Settled: ${RESOLUTION[p.resolution]}.` : ''}
                      </span>
                    ) : null}
                    {p.flag && !p.resolution && canWrite && (p.status === 'succeeded' || p.status === 'authorized') ? (
                      <span className="actions">
                        <button type="button" className="button" onClick={() => ask({ kind: 'resolve', payment: p, action: 'accept' })}>
                          Accept on the order
                        </button>
                        {p.paymentId === null ? (
                          <button type="button" className="button" onClick={() => ask({ kind: 'resolve', payment: p, action: 'refund' })}>
                            Refund to the card
                          </button>
                        ) : null}
                      </span>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="muted">Refunds of card money (the order’s Refund moves) go back to the card through the provider that took it, for the exact amount.</p>
    </Section>
  );
}
