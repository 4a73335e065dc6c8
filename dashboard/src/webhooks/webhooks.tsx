import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { api, type Tenant } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import { parseWireTimestamp } from '../api/session.ts';
import type { Schemas } from '../api/wire.ts';
import { ErrorPanel, Loading } from '../components/ErrorPanel.tsx';
import { fieldErrors } from '../components/Field.tsx';
import { ShownOnce } from '../components/ShownOnce.tsx';
import { formatTimestamp } from '../format.ts';
import { useSubmission } from '../idempotency.ts';

type WebhookEndpoint = Schemas['WebhookEndpoint'];
type WebhookEndpointWithSecret = Schemas['WebhookEndpointWithSecret'];
type WebhookEventType = Schemas['WebhookEventType'];

/** Webhooks (docs/webhooks.md): members see the store's endpoints with settings:read and change them with settings:write. */
export const READ = 'settings:read';
export const WRITE = 'settings:write';

/** Every webhook query of the store and mode: endpoints, one endpoint, its deliveries. */
export function webhooksKey(tenant: Tenant) {
  return ['tenant', tenant.storeId, tenant.mode, 'webhooks'] as const;
}

/** The store's endpoints as `/webhooks` lists them (`GET /v1/webhooks`, one page: the API's maximum per store and mode). */
export function endpointsKey(tenant: Tenant) {
  return [...webhooksKey(tenant), 'list'] as const;
}

export function endpointKey(tenant: Tenant, id: string) {
  return [...webhooksKey(tenant), 'endpoint', id] as const;
}

export function endpointPath(id: string): string {
  return `/v1/webhooks/${encodeURIComponent(id)}`;
}

/** Invalidates every webhook query of the store and mode, and the audit log (every change is audited). */
export function useInvalidateWebhooks(tenant: Tenant) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: webhooksKey(tenant) });
    void queryClient.invalidateQueries({ queryKey: ['tenant', tenant.storeId, tenant.mode, 'audit-log'] });
  };
}

/** The event catalog (`GET /v1/webhooks/event-types`): the same for every store, so keyed outside any. */
export function useEventTypes() {
  return useQuery({
    queryKey: ['webhook-event-types'],
    staleTime: 10 * 60_000,
    queryFn: ({ signal }) => api<WebhookEventType[]>('/v1/webhooks/event-types', { signal }).then((r) => r.data),
  });
}

// ---- the event catalog, by area -------------------------------------------------------------------------------------

const AREA_LABEL: Record<string, string> = {
  order: 'Orders',
  product: 'Products',
  sku: 'SKUs',
  inventory: 'Inventory',
  customer: 'Customers',
  review: 'Reviews',
  app: 'Connected apps',
};

/** The area of an event type: what comes before its dot (`order.created` → `order`), which `order.*` subscribes to. */
export function areaOf(type: string): string {
  const dot = type.indexOf('.');
  return dot === -1 ? type : type.slice(0, dot);
}

/** The area as a word before "events": "all order events". */
const AREA_NOUN: Record<string, string> = { sku: 'SKU', app: 'connected app' };

function areaLabel(area: string): string {
  return AREA_LABEL[area] ?? area.charAt(0).toUpperCase() + area.slice(1);
}

function areaNoun(area: string): string {
  return AREA_NOUN[area] ?? area;
}

interface Area {
  area: string;
  label: string;
  types: WebhookEventType[];
}

/** The catalog grouped by area, in its own order. */
function areasOf(catalog: readonly WebhookEventType[]): Area[] {
  const areas: Area[] = [];
  for (const t of catalog) {
    const area = areaOf(t.type);
    let group = areas.find((a) => a.area === area);
    if (!group) {
      group = { area, label: areaLabel(area), types: [] };
      areas.push(group);
    }
    group.types.push(t);
  }
  return areas;
}

/** The subscription as people read it: "every event", or the patterns and types. */
export function EventList({ patterns }: { patterns: readonly string[] }) {
  if (patterns.includes('*')) return <span>Every event</span>;
  return (
    <ul className="event-tags">
      {patterns.map((p) => (
        <li key={p}>
          <code>{p}</code>
          {p.endsWith('.*') ? <span className="muted inline"> (all {areaNoun(p.slice(0, -2))} events)</span> : null}
        </li>
      ))}
    </ul>
  );
}

// ---- the endpoint's state -------------------------------------------------------------------------------------------

function isFuture(value: string | null): boolean {
  return value !== null && parseWireTimestamp(value) > Date.now();
}

/** Whether the previous secret still signs beside the current one (after a rotation). */
export function previousSecretSigns(endpoint: WebhookEndpoint): boolean {
  return isFuture(endpoint.previousSecretExpiresAt);
}

/** Why an endpoint is disabled, in a sentence that starts "Disabled: …". */
function disabledSentence(endpoint: WebhookEndpoint, timeZone: string): string {
  const when = endpoint.disabledAt ? ` on ${formatTimestamp(endpoint.disabledAt, timeZone)}` : '';
  switch (endpoint.disabledReason) {
    case 'gone':
      return `Disabled: the endpoint answered 410 Gone${when}, which says it is gone for good.`;
    case 'failing':
      return endpoint.failingSince
        ? `Disabled: every delivery failed since ${formatTimestamp(endpoint.failingSince, timeZone)}, for about a day, so it was turned off${when}.`
        : `Disabled: every delivery failed for about a day, so it was turned off${when}.`;
    default:
      return `Disabled: turned off by a member of the store or a program${when}.`;
  }
}

/**
 * Enabled, enabled but failing (retries under way), or disabled with the reason and the API's detail, and for a
 * writer "Enable again" (which clears the reason and sends what is waiting).
 */
export function EndpointState({ endpoint, timeZone, action }: { endpoint: WebhookEndpoint; timeZone: string; action?: ReactNode }) {
  if (endpoint.enabled) {
    return (
      <div className={endpoint.failingSince ? 'webhook-state webhook-state-failing' : 'webhook-state webhook-state-on'} data-testid="webhook-state">
        {endpoint.failingSince ? (
          <p>
            <strong>Enabled, failing:</strong> deliveries have failed since {formatTimestamp(endpoint.failingSince, timeZone)}. They are tried again on a schedule;
            if every one keeps failing for about a day, the endpoint is disabled.
          </p>
        ) : (
          <p>
            <strong>Enabled:</strong> events are sent as they happen.
          </p>
        )}
        {action}
      </div>
    );
  }
  return (
    <div className="webhook-state webhook-state-off" data-testid="webhook-state">
      <p>
        <strong>{disabledSentence(endpoint, timeZone)}</strong>
      </p>
      {endpoint.disabledDetail ? <p className="webhook-detail">{endpoint.disabledDetail}</p> : null}
      <p className="muted">
        Nothing is sent to it while it is disabled, and new events are not kept for it. Deliveries already waiting go out once it is enabled again.
      </p>
      {action}
    </div>
  );
}

/** `PATCH /v1/webhooks/{id}` with `enabled` only: pause an endpoint, or enable it again. */
export function useSetEnabled(tenant: Tenant, onDone?: (endpoint: WebhookEndpoint) => void) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateWebhooks(tenant);
  return useMutation({
    mutationFn: (input: { id: string; enabled: boolean }) =>
      api<WebhookEndpoint>(endpointPath(input.id), { tenant, method: 'PATCH', body: { enabled: input.enabled } }).then((r) => r.data),
    onSuccess: (endpoint) => {
      queryClient.setQueryData(endpointKey(tenant, endpoint.id), endpoint);
      onDone?.(endpoint);
    },
    onSettled: invalidate,
  });
}

// ---- the secret, shown once -----------------------------------------------------------------------------------------

/** A signing secret as the API gives it once: on create, and on rotation (`rotated`). */
export function NewSecret({
  endpoint,
  rotated = false,
  timeZone,
  onDone,
}: {
  endpoint: WebhookEndpointWithSecret;
  rotated?: boolean;
  timeZone: string;
  onDone: () => void;
}) {
  const overlapUntil = rotated && previousSecretSigns(endpoint) ? endpoint.previousSecretExpiresAt : null;
  return (
    <ShownOnce
      heading={
        <>
          {rotated ? 'New signing secret' : 'Signing secret'} for {endpoint.url}
        </>
      }
      warning={
        <>
          <strong>Copy this signing secret now: it will not be shown again.</strong> Your server checks every delivery’s <code>webhook-signature</code>{' '}
          header with it (Standard Webhooks), so it knows the request came from this store.
          {overlapUntil ? (
            <> The previous secret keeps signing beside it until {formatTimestamp(overlapUntil, timeZone)}: switch your server to the new one before then.</>
          ) : rotated ? (
            <> The previous secret no longer signs.</>
          ) : (
            <> If you lose it, rotate the secret to get a new one.</>
          )}
        </>
      }
      noun="secret"
      secret={endpoint.secret}
      testId="new-webhook-secret"
      secretTestId="new-webhook-secret-value"
      onDone={onDone}
    />
  );
}

// ---- the form: create and edit --------------------------------------------------------------------------------------

interface Choice {
  all: boolean;
  areas: ReadonlySet<string>;
  types: ReadonlySet<string>;
}

function choiceOf(patterns: readonly string[]): Choice {
  return {
    all: patterns.includes('*'),
    areas: new Set(patterns.filter((p) => p.endsWith('.*')).map((p) => p.slice(0, -2))),
    types: new Set(patterns.filter((p) => p !== '*' && !p.endsWith('.*'))),
  };
}

/** The patterns to send: `*`, or per area its wildcard or its ticked types, in the catalog's order. */
function patternsOf(choice: Choice, areas: readonly Area[]): string[] {
  if (choice.all) return ['*'];
  const known = new Set<string>(areas.flatMap((a) => a.types.map((t) => t.type)));
  const patterns = areas.flatMap((a) => (choice.areas.has(a.area) ? [`${a.area}.*`] : a.types.filter((t) => choice.types.has(t.type)).map((t) => t.type)));
  // A type the catalog no longer lists stays as it was (the API names it if it is refused).
  return [...patterns, ...[...choice.types].filter((t) => !known.has(t) && !choice.areas.has(areaOf(t)))];
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

/** How an edit is saved: the editors' save-and-412 cycle (`useEtagEditor`, docs/dashboard.md "Editors"). */
export interface EndpointSaving {
  save: (patch: Record<string, unknown>) => void;
  saving: boolean;
  /** The last save's error (a 412 shows as the conflict panel instead). */
  error: unknown;
  resetError: () => void;
}

/**
 * Create an endpoint (URL, description, events, enabled) or edit one (the same fields but enabled, which has its own
 * button): the events are the catalog's, as checkboxes per area with the area's wildcard and "every event"; a type
 * needing a permission the member lacks is offered disabled. A create carries one `Idempotency-Key` per submission of
 * the same values; an edit sends only what changed, through `editing` (with `If-Match`). The API's refusals show at
 * their fields (a URL refused by the address check is a 422 naming `url`).
 */
export function EndpointForm({
  tenant,
  own,
  endpoint,
  editing,
  onCreated,
  onCancel,
}: {
  tenant: Tenant;
  own: ReadonlySet<string>;
  /** The endpoint edited (the version the editor loaded); none to create one. */
  endpoint?: WebhookEndpoint;
  /** With `endpoint`: how the changes are saved. */
  editing?: EndpointSaving;
  onCreated?: (created: WebhookEndpointWithSecret) => void;
  onCancel?: () => void;
}) {
  const catalog = useEventTypes();
  const invalidate = useInvalidateWebhooks(tenant);
  const urlId = useId();
  const urlHintId = useId();
  const urlErrorId = useId();
  const descriptionId = useId();
  const descriptionErrorId = useId();
  const eventsHintId = useId();
  const eventsErrorId = useId();
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [choice, setChoice] = useState<Choice>(() => choiceOf(endpoint?.eventTypes ?? []));
  const [enabled, setEnabled] = useState(true);
  const [nothing, setNothing] = useState(false);
  const submission = useSubmission();
  const areas = areasOf(catalog.data ?? []);

  const create = useMutation({
    mutationFn: (input: { body: Record<string, unknown>; key: string }) =>
      api<WebhookEndpointWithSecret>('/v1/webhooks', { tenant, method: 'POST', headers: { 'Idempotency-Key': input.key }, body: input.body }).then((r) => r.data),
    onSuccess: (created) => {
      submission.forget();
      setUrl('');
      setDescription('');
      setChoice(choiceOf([]));
      setEnabled(true);
      onCreated?.(created);
    },
    onSettled: () => {
      submission.settled();
      invalidate();
    },
  });
  const edit = endpoint && editing ? editing : null;
  const pending = edit ? edit.saving : create.isPending;
  const failure: unknown = edit ? edit.error : create.error;

  const edited = () => {
    submission.forget();
    setNothing(false);
    if (edit) edit.resetError();
    else if (create.isError) create.reset();
  };
  const choose = (next: Choice) => {
    setChoice(next);
    edited();
  };
  const toggle = (set: ReadonlySet<string>, value: string, on: boolean): Set<string> => {
    const next = new Set(set);
    if (on) next.add(value);
    else next.delete(value);
    return next;
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const eventTypes = patternsOf(choice, areas);
    if (!endpoint) {
      // Sent as typed: the API names what is missing or refused, next to its field.
      const body: Record<string, unknown> = { url: url.trim(), eventTypes, enabled };
      if (description.trim() !== '') body.description = description.trim();
      const key = submission.begin(JSON.stringify(body));
      if (key !== null) create.mutate({ body, key });
      return;
    }
    if (!edit) return;
    const patch: Record<string, unknown> = {};
    if (url.trim() !== endpoint.url) patch.url = url.trim();
    if (description.trim() !== endpoint.description) patch.description = description.trim();
    if (!sameSet(eventTypes, endpoint.eventTypes)) patch.eventTypes = eventTypes;
    if (Object.keys(patch).length === 0) {
      setNothing(true);
      return;
    }
    edit.save(patch);
  };

  const errors = fieldErrors(failure);
  const urlError = errors.get('url') ?? null;
  const descriptionError = errors.get('description') ?? null;
  const eventsError = [...errors].find(([path]) => path === 'eventTypes' || path.startsWith('eventTypes['))?.[1] ?? null;
  const shownAtFields = errors.size > 0 && [...errors.keys()].every((p) => p === 'url' || p === 'description' || p === 'eventTypes' || p.startsWith('eventTypes['));
  const may = (t: WebhookEventType) => own.has(t.permission);
  const mayArea = (a: Area) => a.types.every(may);
  const mayAll = areas.every(mayArea);
  const prefix = endpoint ? 'edit-' : '';

  return (
    <>
      <form onSubmit={submit} noValidate className="webhook-form" aria-label={endpoint ? 'Edit the endpoint' : 'Add an endpoint'}>
        <div className="form-field webhook-url">
          <label htmlFor={urlId}>Endpoint URL</label>
          <input
            id={urlId}
            name={`${prefix}url`}
            type="url"
            inputMode="url"
            required
            maxLength={2048}
            autoComplete="off"
            spellCheck={false}
            placeholder="https://example.com/webhooks"
            value={url}
            aria-invalid={urlError ? true : undefined}
            aria-describedby={urlError ? `${urlHintId} ${urlErrorId}` : urlHintId}
            onChange={(e) => {
              setUrl(e.target.value);
              edited();
            }}
          />
          <p id={urlHintId} className="field-hint">
            Events are POSTed here as JSON. An https address on the public internet; it must answer with a 2xx status within seconds.
          </p>
          {urlError ? (
            <p id={urlErrorId} className="field-error">
              Endpoint URL {urlError}.
            </p>
          ) : null}
        </div>
        <div className="form-field">
          <label htmlFor={descriptionId}>Description (optional)</label>
          <input
            id={descriptionId}
            name={`${prefix}description`}
            type="text"
            maxLength={500}
            autoComplete="off"
            value={description}
            aria-invalid={descriptionError ? true : undefined}
            aria-describedby={descriptionError ? descriptionErrorId : undefined}
            onChange={(e) => {
              setDescription(e.target.value);
              edited();
            }}
          />
          {descriptionError ? (
            <p id={descriptionErrorId} className="field-error">
              Description {descriptionError}.
            </p>
          ) : null}
        </div>
        <fieldset className="fieldset event-choice" aria-describedby={eventsError ? `${eventsHintId} ${eventsErrorId}` : eventsHintId}>
          <legend>Events to send</legend>
          <p id={eventsHintId} className="field-hint">
            Tick the events this endpoint receives, or a whole area (which includes events added to it later). Each event needs its area’s read permission, which
            you must have yourself.
          </p>
          {catalog.isPending ? (
            <Loading what="the event types" />
          ) : catalog.isError ? (
            <ErrorPanel error={catalog.error} title="The event types could not be loaded." onRetry={() => catalog.refetch()} />
          ) : (
            <>
              <label className="check event-all">
                <input
                  type="checkbox"
                  name={`${prefix}event-all`}
                  checked={choice.all}
                  disabled={!mayAll && !choice.all}
                  onChange={(e) => choose({ ...choice, all: e.target.checked })}
                />
                <span>
                  Every event, including types added later (<code>*</code>)
                </span>
              </label>
              {areas.map((a) => {
                const wildcard = choice.all || choice.areas.has(a.area);
                return (
                  <fieldset key={a.area} className="event-area" data-testid="event-area">
                    <legend>{a.label}</legend>
                    <label className="check">
                      <input
                        type="checkbox"
                        name={`${prefix}event-area`}
                        value={`${a.area}.*`}
                        checked={wildcard}
                        disabled={choice.all || (!mayArea(a) && !choice.areas.has(a.area))}
                        onChange={(e) => choose({ ...choice, areas: toggle(choice.areas, a.area, e.target.checked) })}
                      />
                      <span>
                        All {areaNoun(a.area)} events (<code>{a.area}.*</code>)
                      </span>
                    </label>
                    <ul className="event-list">
                      {a.types.map((t) => (
                        <li key={t.type}>
                          <label className="check event-type">
                            <input
                              type="checkbox"
                              name={`${prefix}event-type`}
                              value={t.type}
                              checked={wildcard || choice.types.has(t.type)}
                              disabled={wildcard || (!may(t) && !choice.types.has(t.type))}
                              onChange={(e) => choose({ ...choice, types: toggle(choice.types, t.type, e.target.checked) })}
                            />
                            <span>
                              <code>{t.type}</code> <span className="event-description">{t.description}</span>
                              {may(t) ? null : (
                                <span className="event-description">
                                  {' '}
                                  Needs <code>{t.permission}</code>, which you lack.
                                </span>
                              )}
                            </span>
                          </label>
                        </li>
                      ))}
                    </ul>
                  </fieldset>
                );
              })}
            </>
          )}
          {eventsError ? (
            <p id={eventsErrorId} className="field-error">
              Events {eventsError}.
            </p>
          ) : null}
        </fieldset>
        {endpoint ? null : (
          <label className="check webhook-enabled">
            <input
              type="checkbox"
              name="enabled"
              checked={enabled}
              onChange={(e) => {
                setEnabled(e.target.checked);
                edited();
              }}
            />
            <span>Enabled: send events to it as soon as it is added</span>
          </label>
        )}
        <div className="actions">
          <button type="submit" className="button button-primary" disabled={pending}>
            {endpoint ? (pending ? 'Saving…' : 'Save changes') : pending ? 'Adding…' : 'Add endpoint'}
          </button>
          {onCancel ? (
            <button type="button" className="button" onClick={onCancel}>
              Cancel
            </button>
          ) : null}
        </div>
        <p role="status" className="muted">
          {nothing ? 'Nothing changed, so nothing was saved.' : ''}
        </p>
      </form>
      {failure && !shownAtFields ? (
        <ErrorPanel
          error={failure}
          title={
            failure instanceof ApiError && failure.status === 403
              ? 'You may not subscribe to these events.'
              : endpoint
                ? 'The endpoint could not be saved.'
                : 'The endpoint could not be added.'
          }
        />
      ) : null}
    </>
  );
}
