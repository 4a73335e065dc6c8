import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { api, type Tenant } from '../api/client.ts';
import type { Schemas } from '../api/wire.ts';
import { AppName } from '../components/AppName.tsx';
import { ErrorPanel, Loading } from '../components/ErrorPanel.tsx';
import { NotAllowed, Permission, Section } from '../components/Section.tsx';
import { formatTimestamp } from '../format.ts';
import { tenantOf, useTenant, useTenantSearch } from '../tenant.tsx';
import { EndpointForm, EndpointState, EventList, endpointsKey, NewSecret, READ, useSetEnabled, WRITE } from '../webhooks/webhooks.tsx';

type WebhookEndpoint = Schemas['WebhookEndpoint'];
type WebhookEndpointWithSecret = Schemas['WebhookEndpointWithSecret'];

/** At most this many endpoints per store and mode (the API's limit), so one page holds them all. */
const MAX_ENDPOINTS = 20;

/**
 * The webhooks page (its own chunk): the endpoints of the active store and mode with their state (enabled, failing, or
 * disabled with why, and "Enable again"), and with settings:write a form to add one, whose signing secret is shown
 * once. Each endpoint's own page (pages/WebhookEndpoint.tsx) edits, rotates, deletes and shows the delivery log.
 */
export default function Webhooks() {
  const state = useTenant();
  const tenant = tenantOf(state);
  const location = useLocation();
  const [created, setCreated] = useState<WebhookEndpointWithSecret | null>(null);
  if (!tenant || !state.store) return null;
  const own = state.permissions;
  const canRead = own?.has(READ) ?? false;
  const canWrite = own?.has(WRITE) ?? false;
  const zone = state.store.timezone;
  const mode = tenant.mode === 'test' ? 'test' : 'live';
  const notice = (location.state as { notice?: string } | null)?.notice ?? null;
  return (
    <>
      <title>{`Webhooks · ${state.store.name} · Dashboard`}</title>
      <h1>Webhooks</h1>
      <p className="muted">
        Webhooks tell your own server when something happens in this store in {mode} mode (an order placed, a product changed, stock running low): each event is
        POSTed to your endpoint as JSON, signed with the endpoint’s secret, and tried again on a schedule until it is answered with a 2xx status.
      </p>
      {own === null ? (
        <Loading what="your permissions" />
      ) : !canRead ? (
        <NotAllowed permission={READ} />
      ) : (
        <>
          {notice ? (
            <p className="notice" role="status">
              {notice}
            </p>
          ) : null}
          {created ? <NewSecret key={created.id} endpoint={created} timeZone={zone} onDone={() => setCreated(null)} /> : null}
          <EndpointList tenant={tenant} timeZone={zone} canWrite={canWrite} />
          {canWrite ? (
            <Section title="Add an endpoint">
              <EndpointForm tenant={tenant} own={own} onCreated={setCreated} />
            </Section>
          ) : (
            <p className="notice">
              Adding or changing endpoints needs the <Permission code={WRITE} /> in this store.
            </p>
          )}
        </>
      )}
    </>
  );
}

function EndpointList({ tenant, timeZone, canWrite }: { tenant: Tenant; timeZone: string; canWrite: boolean }) {
  const search = useTenantSearch();
  const [announce, setAnnounce] = useState('');
  const query = useQuery({
    queryKey: endpointsKey(tenant),
    queryFn: ({ signal }) => api<WebhookEndpoint[]>(`/v1/webhooks?limit=${MAX_ENDPOINTS}`, { tenant, signal }).then((r) => r.data),
  });
  const enable = useSetEnabled(tenant, (e) => setAnnounce(`${e.url} is enabled again.`));
  return (
    <Section title={`Endpoints in ${tenant.mode === 'test' ? 'test' : 'live'} mode`}>
      <p role="status" className="muted">
        {announce}
      </p>
      {enable.isError ? <ErrorPanel error={enable.error} title="The endpoint could not be enabled." /> : null}
      {query.isPending ? (
        <Loading what="webhook endpoints" />
      ) : query.isError ? (
        <ErrorPanel error={query.error} title="Webhook endpoints could not be loaded." onRetry={() => query.refetch()} />
      ) : query.data.length === 0 ? (
        <p className="empty">No webhook endpoints in this mode yet.{canWrite ? ' Add one below to have events sent to your server.' : ''}</p>
      ) : (
        <ul className="webhook-list">
          {query.data.map((e) => (
            <li key={e.id} className="webhook-item" data-testid="webhook-endpoint">
              <h3 className="webhook-url-heading">
                <Link to={{ pathname: `/webhooks/${encodeURIComponent(e.id)}`, search }}>{e.url}</Link>
              </h3>
              {e.description ? <p className="webhook-description">{e.description}</p> : null}
              <EndpointState
                endpoint={e}
                timeZone={timeZone}
                action={
                  canWrite && !e.enabled ? (
                    <div className="actions">
                      <button
                        type="button"
                        className="button"
                        aria-label={`Enable again: ${e.url}`}
                        disabled={enable.isPending}
                        onClick={() => {
                          setAnnounce('');
                          enable.mutate({ id: e.id, enabled: true });
                        }}
                      >
                        Enable again
                      </button>
                    </div>
                  ) : null
                }
              />
              <dl className="details webhook-facts">
                <dt>Events</dt>
                <dd>
                  <EventList patterns={e.eventTypes} />
                </dd>
                <dt>Last delivered</dt>
                <dd>{e.lastSuccessAt ? formatTimestamp(e.lastSuccessAt, timeZone) : 'Never'}</dd>
                {e.appClientId ? (
                  <>
                    <dt>Made by</dt>
                    <dd>
                      <AppName clientId={e.appClientId} start /> (removed with the app)
                    </dd>
                  </>
                ) : null}
              </dl>
              <p className="webhook-more">
                <Link to={{ pathname: `/webhooks/${encodeURIComponent(e.id)}`, search }} aria-label={`Deliveries and settings: ${e.url}`}>
                  Deliveries and settings
                </Link>
              </p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
