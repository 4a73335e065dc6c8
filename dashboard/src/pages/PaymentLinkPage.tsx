import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { api } from '../api/client.ts';
import type { Schemas } from '../api/wire.ts';
import { ErrorPanel, Loading } from '../components/ErrorPanel.tsx';
import { NotAllowed, Section } from '../components/Section.tsx';
import { formatMoney, formatTimestamp } from '../format.ts';
import { tenantOf, useTenant, useTenantSearch } from '../tenant.tsx';
import { CopyButton } from './Payments.tsx';

type PaymentLink = Schemas['PaymentLink'];

const STATUS = { active: 'Active: the customer can pay it', paid: 'Paid', expired: 'Expired', cancelled: 'Cancelled' } as const;

/** One payment link (`GET /v1/payment-links/{id}`, payments:read): what it asks for, its status, and its URL with Copy. */
export default function PaymentLinkPage() {
  const state = useTenant();
  const tenant = tenantOf(state);
  const { linkId = '' } = useParams();
  const search = useTenantSearch();
  const allowed = state.permissions?.has('payments:read') ?? false;
  const link = useQuery({
    queryKey: tenant ? ['tenant', tenant.storeId, tenant.mode, 'payments', 'link', linkId] : ['none'],
    enabled: tenant !== null && allowed,
    queryFn: ({ signal }) => api<PaymentLink>(`/v1/payment-links/${encodeURIComponent(linkId)}`, { tenant: tenant!, signal }).then((r) => r.data),
  });
  if (!tenant || !state.store) return null;
  const l = link.data;
  const name = l?.description ?? 'Payment link';
  return (
    <>
      <title>{`${name} · ${state.store.name} · Dashboard`}</title>
      <p>
        <Link to={{ pathname: '/payments', search }}>← Payments</Link>
      </p>
      <h1>{l ? name : 'Payment link'}</h1>
      {state.permissions === null ? (
        <Loading what="your permissions" />
      ) : !allowed ? (
        <NotAllowed permission="payments:read" />
      ) : link.isPending ? (
        <Loading what="the payment link" />
      ) : link.isError ? (
        <ErrorPanel error={link.error} title="The payment link could not be loaded." onRetry={() => link.refetch()} />
      ) : l ? (
        <Section title={`Link for ${formatMoney(l.amount, l.currency)}`}>
          <dl className="order-totals" data-testid="payment-link">
            <dt>Status</dt>
            <dd>{STATUS[l.status]}</dd>
            <dt>Order</dt>
            <dd>{l.orderId === null ? 'None' : state.permissions?.has('orders:read') ? <Link to={{ pathname: `/orders/${encodeURIComponent(l.orderId)}`, search }}>{l.orderId}</Link> : <code>{l.orderId}</code>}</dd>
            <dt>Expires</dt>
            <dd>{l.expiresAt ? formatTimestamp(l.expiresAt, state.store.timezone) : 'Never'}</dd>
            <dt>Created</dt>
            <dd>{formatTimestamp(l.createdAt, state.store.timezone)}</dd>
          </dl>
          <p>Send this address to the customer only: whoever has it can pay.</p>
          <p className="link-url">
            <code data-testid="payment-link-url">{l.url}</code>
          </p>
          <div className="actions">
            <CopyButton text={l.url} label={`Copy link for ${name}`} />
          </div>
        </Section>
      ) : null}
    </>
  );
}
