import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Mode } from '../api/client.ts';
import { call } from '../api/wire.ts';
import { APPS_KEY } from '../components/AppName.tsx';
import { Confirm } from '../components/Confirm.tsx';
import { ErrorPanel, Loading } from '../components/ErrorPanel.tsx';
import { Section } from '../components/Section.tsx';
import { formatTimestamp } from '../format.ts';
import { SCOPE_DESCRIPTIONS } from '../scopes.ts';
import { useTenant } from '../tenant.tsx';


/** The host of an app's client_id URL (who publishes its Client ID Metadata Document). */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** What a removal takes away: one app from one store (in both modes, as `DELETE …?storeId=` does). */
interface Removal {
  clientId: string;
  clientName: string;
  store: { id: string; name: string };
}

/**
 * Connected apps (its own chunk): every app connected to the merchant's stores, across stores (a user-level list, no
 * store needs choosing): in stores where their role has settings:write every app any member connected, elsewhere the
 * apps they approved, as `GET /v1/connected-apps` answers. Each can be removed from its store after a confirmation
 * naming the app and the store (`DELETE /v1/connected-apps/{clientId}?storeId=`): its tokens stop at once.
 */
export default function ConnectedApps() {
  const state = useTenant();
  const queryClient = useQueryClient();
  const apps = useQuery({ queryKey: APPS_KEY, queryFn: ({ signal }) => call('get', '/v1/connected-apps', { signal }).then((r) => r.data) });
  const [confirming, setConfirming] = useState<Removal | null>(null);
  const [removed, setRemoved] = useState<Removal | null>(null);
  const notice = useRef<HTMLParagraphElement>(null);
  const remove = useMutation({
    mutationFn: (r: Removal) => call('delete', '/v1/connected-apps/{clientId}', { params: { clientId: r.clientId }, query: { storeId: r.store.id } }),
    onSuccess: (_answer, r) => {
      setConfirming(null);
      setRemoved(r);
    },
    onSettled: (_answer, _error, r) => {
      void queryClient.invalidateQueries({ queryKey: APPS_KEY });
      for (const mode of ['live', 'test'] satisfies Mode[]) void queryClient.invalidateQueries({ queryKey: ['tenant', r.store.id, mode, 'audit-log'] });
    },
  });
  // The outcome is announced and takes the focus the confirmation had.
  useEffect(() => {
    if (removed) notice.current?.focus();
  }, [removed]);

  /** An app's times in its store's time zone (UTC for a store the merchant has left). */
  const zoneOf = (storeId: string) => state.stores.find((s) => s.id === storeId)?.timezone ?? 'UTC';

  return (
    <>
      <title>Connected apps · Dashboard</title>
      <h1>Connected apps</h1>
      <p className="muted">
        Apps and AI assistants you allowed to act for you (through OAuth: they never see your password), in every store you belong to. In a store whose
        settings you manage you see every app any member connected; elsewhere, the apps you approved. Removing an app stops its access at once.
      </p>
      {removed ? (
        <p ref={notice} className="notice" role="status" tabIndex={-1} data-testid="app-removed">
          “{removed.clientName}” was removed from {removed.store.name}. Its access stopped at once; to use it again, connect it again from the app.
        </p>
      ) : null}
      <Section title="Apps">
        {apps.isPending ? (
          <Loading what="connected apps" />
        ) : apps.isError ? (
          <ErrorPanel error={apps.error} title="Connected apps could not be loaded." onRetry={() => apps.refetch()} />
        ) : apps.data.length === 0 ? (
          <p className="empty">
            No apps are connected. When an app or AI assistant asks to use your store, it sends you here to sign in and allow it; it then shows here, and you
            can remove it at any time.
          </p>
        ) : (
          <div className="table-wrap">
            <table className="text-table connected-apps">
              <caption className="visually-hidden">Connected apps</caption>
              <thead>
                <tr>
                  <th scope="col">App</th>
                  <th scope="col">Store</th>
                  <th scope="col">It can</th>
                  <th scope="col">Approved by</th>
                  <th scope="col">Approved</th>
                  <th scope="col">Last used</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {apps.data.map((a) => (
                  <tr key={`${a.clientId} ${a.store.id} ${a.mode}`} data-testid="connected-app-row">
                    <th scope="row">
                      {a.clientName} <span className="badge badge-low">not verified</span>
                      {a.clientIdMetadataDocument ? (
                        <span className="muted" data-testid="client-metadata-document" title={a.clientIdMetadataDocument}>
                          Metadata document at {hostOf(a.clientIdMetadataDocument)}
                        </span>
                      ) : null}
                      <span className="muted">{a.redirectHosts.join(', ')}</span>
                    </th>
                    <td data-label="Store">
                      {a.store.name}
                      <span className="muted">{a.mode === 'test' ? 'Test mode' : 'Live mode'}</span>
                    </td>
                    <td data-label="It can">
                      <ul className="scope-list">
                        {a.scopes.map((s) => (
                          <li key={s}>
                            {SCOPE_DESCRIPTIONS[s] ?? s} <code>{s}</code>
                          </li>
                        ))}
                      </ul>
                    </td>
                    <td data-label="Approved by">{a.approvedBy.map((p) => p.email).join(', ')}</td>
                    <td data-label="Approved">{formatTimestamp(a.approvedAt, zoneOf(a.store.id))}</td>
                    <td data-label="Last used">{a.lastUsedAt ? formatTimestamp(a.lastUsedAt, zoneOf(a.store.id)) : 'Never'}</td>
                    <td>
                      <button
                        type="button"
                        className="button"
                        aria-label={`Remove ${a.clientName} from ${a.store.name}`}
                        onClick={() => {
                          remove.reset();
                          setRemoved(null);
                          setConfirming({ clientId: a.clientId, clientName: a.clientName, store: a.store });
                        }}
                      >
                        Remove
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {confirming ? (
          <Confirm
            key={`${confirming.clientId} ${confirming.store.id}`}
            testId="confirm-remove-app"
            title={
              <>
                Remove “{confirming.clientName}” from {confirming.store.name}?
              </>
            }
            confirmLabel={`Remove ${confirming.clientName}`}
            busyLabel="Removing…"
            busy={remove.isPending}
            error={remove.error}
            errorTitle="The app could not be removed."
            onConfirm={() => remove.mutate(confirming)}
            onCancel={() => {
              remove.reset();
              setConfirming(null);
            }}
          >
            <p>
              It loses access to {confirming.store.name} at once, in live and test mode: its access and refresh tokens stop working, whoever approved it. This
              cannot be undone; to use it again, connect it again from the app.
            </p>
          </Confirm>
        ) : null}
      </Section>
    </>
  );
}
