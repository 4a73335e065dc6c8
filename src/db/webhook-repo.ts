import { type Kysely, type Selectable, sql } from 'kysely';
import type { Mode, Tenant } from '../context.ts';
import type { DeliveredEventType, EventType } from '../domain/webhooks/event-types.ts';
import type { AttemptOutcome, ClaimedDelivery, EndpointPatch, NewEvent, WebhookRepo } from '../domain/webhooks/ports.ts';
import type { DeliveryStatus, DisabledReason, SigningEndpoint, WebhookAttempt, WebhookDelivery } from '../domain/webhooks/types.ts';
import { type Dialect, fromBool, fromDate, rowLock, toBool, toDate } from './db.ts';
import { pageLimit } from './paging.ts';
import type { Database, WebhookAttemptTable, WebhookEndpointTable } from './schema.ts';
import { inTenant, tenantColumns } from './tenant.ts';

const date = (v: Date | string | null): Date | null => (v === null ? null : toDate(v));

function toEndpoint(r: Selectable<WebhookEndpointTable>): SigningEndpoint {
  return {
    id: r.id,
    storeId: r.store_id,
    mode: r.mode as Mode,
    url: r.url,
    description: r.description,
    eventTypes: r.event_types.split(' ').filter(Boolean),
    enabled: toBool(r.enabled),
    disabledReason: r.disabled_reason as DisabledReason | null,
    disabledDetail: r.disabled_detail,
    disabledAt: date(r.disabled_at),
    clientId: r.client_id,
    previousSecretExpiresAt: date(r.previous_secret_expires_at),
    failingSince: date(r.failing_since),
    lastSuccessAt: date(r.last_success_at),
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
    secret: r.secret,
    previousSecret: r.previous_secret,
  };
}

function toAttempt(r: Selectable<WebhookAttemptTable>): WebhookAttempt {
  return {
    id: r.id,
    attemptedAt: toDate(r.attempted_at),
    trigger: r.trigger as WebhookAttempt['trigger'],
    statusCode: r.status_code,
    durationMs: Number(r.duration_ms),
    error: r.error,
    responseSnippet: r.response_snippet,
  };
}

interface DeliveryRow {
  id: string;
  endpoint_id: string;
  status: string;
  attempts: number;
  next_attempt_at: Date | string;
  last_attempt_at: Date | string | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: Date | string;
  event_id: string;
  event_type: string;
}

function toDelivery(r: DeliveryRow): WebhookDelivery {
  const status = r.status as DeliveryStatus;
  return {
    id: r.id,
    endpointId: r.endpoint_id,
    eventId: r.event_id,
    eventType: r.event_type as DeliveredEventType,
    status,
    attempts: Number(r.attempts),
    nextAttemptAt: status === 'pending' ? toDate(r.next_attempt_at) : null,
    lastAttemptAt: date(r.last_attempt_at),
    lastStatusCode: r.last_status_code,
    lastError: r.last_error,
    createdAt: toDate(r.created_at),
  };
}

function endpointColumns(patch: EndpointPatch) {
  return {
    ...(patch.url !== undefined ? { url: patch.url } : {}),
    ...(patch.description !== undefined ? { description: patch.description } : {}),
    ...(patch.eventTypes !== undefined ? { event_types: patch.eventTypes.join(' ') } : {}),
    ...(patch.enabled !== undefined ? { enabled: fromBool(patch.enabled) } : {}),
    ...(patch.disabledReason !== undefined ? { disabled_reason: patch.disabledReason } : {}),
    ...(patch.disabledDetail !== undefined ? { disabled_detail: patch.disabledDetail } : {}),
    ...(patch.disabledAt !== undefined ? { disabled_at: patch.disabledAt === null ? null : fromDate(patch.disabledAt) } : {}),
    ...(patch.secret !== undefined ? { secret: patch.secret } : {}),
    ...(patch.previousSecret !== undefined ? { previous_secret: patch.previousSecret } : {}),
    ...(patch.previousSecretExpiresAt !== undefined ? { previous_secret_expires_at: patch.previousSecretExpiresAt === null ? null : fromDate(patch.previousSecretExpiresAt) } : {}),
    ...(patch.failingSince !== undefined ? { failing_since: patch.failingSince === null ? null : fromDate(patch.failingSince) } : {}),
  };
}

/**
 * Webhook endpoints, the event outbox and the delivery log. `afterCommit` is how the publisher wakes the delivery
 * worker: `onCommit` is given by `createRepos` (src/db/repos.ts) for a transaction, absent on the pool.
 */
export function createWebhookRepo(db: Kysely<Database>, dialect: Dialect, onCommit?: (fn: () => void) => void): WebhookRepo {
  const lock = rowLock(dialect);

  function deliveries() {
    return db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_events as ev', 'ev.seq', 'd.event_seq')
      .select(['d.id', 'd.endpoint_id', 'd.status', 'd.attempts', 'd.next_attempt_at', 'd.last_attempt_at', 'd.last_status_code', 'd.last_error', 'd.created_at', 'ev.id as event_id', 'ev.type as event_type']);
  }

  async function readSubscribers(tenant: Tenant) {
    // One statement: the store (always one row), its settings in the mode and its enabled endpoints there (none: one
    // row with null endpoint columns).
    const rows = await db
      .selectFrom('stores as s')
      .leftJoin('store_settings as ss', (join) => join.onRef('ss.store_id', '=', 's.id').on('ss.mode', '=', tenant.mode))
      .leftJoin('webhook_endpoints as e', (join) => join.onRef('e.store_id', '=', 's.id').on('e.mode', '=', tenant.mode).on('e.enabled', '=', fromBool(true)))
      .select(['s.name', 's.low_stock_threshold', 'ss.notification_email', 'ss.notifications_off', 'e.id', 'e.event_types', 'e.client_id'])
      .where('s.id', '=', tenant.storeId)
      .execute();
    const first = rows[0];
    if (!first) return { subscribers: [], lowStockThreshold: null, notifications: null };
    const notifications = first.notification_email ? { to: first.notification_email, off: (first.notifications_off ?? '').split(' ').filter(Boolean), storeName: first.name } : null;
    const lowStockThreshold = first.low_stock_threshold === null ? null : Number(first.low_stock_threshold);
    const endpoints = rows.filter((r): r is typeof r & { id: string; event_types: string } => r.id !== null);
    const apps = [...new Set(endpoints.map((r) => r.client_id).filter((c): c is string => c !== null))];
    const grants =
      apps.length === 0
        ? []
        : await db
            .selectFrom('oauth_grants')
            .innerJoin('store_members', (join) => join.onRef('store_members.store_id', '=', 'oauth_grants.store_id').onRef('store_members.user_id', '=', 'oauth_grants.user_id'))
            .select(['oauth_grants.client_id', 'oauth_grants.scope', 'store_members.role'])
            .where(inTenant(tenant, 'oauth_grants'))
            .where('oauth_grants.client_id', 'in', apps)
            .where('oauth_grants.revoked_at', 'is', null)
            .execute();
    return {
      subscribers: endpoints.map((r) => ({
        id: r.id,
        eventTypes: r.event_types.split(' ').filter(Boolean),
        clientId: r.client_id,
        appGrants: grants.filter((g) => g.client_id === r.client_id).map((g) => ({ scope: g.scope, role: g.role })),
      })),
      lowStockThreshold,
      notifications,
    };
  }

  /**
   * In a transaction, what `subscribers` read, per store and mode: a transaction that publishes several times (a
   * payment completing publishes the payment's, the order's and the checkout's events) reads them once. The endpoint
   * writes below forget it; nothing in a transaction changes the settings, threshold or grants it reads and then
   * publishes again.
   */
  const readInTransaction = onCommit ? new Map<string, Awaited<ReturnType<typeof readSubscribers>>>() : undefined;

  return {
    async subscribers(tenant: Tenant) {
      const key = `${tenant.storeId}/${tenant.mode}`;
      const known = readInTransaction?.get(key);
      if (known) return known;
      const found = await readSubscribers(tenant);
      readInTransaction?.set(key, found);
      return found;
    },

    async insertEvents(tenant: Tenant, events: Array<{ event: NewEvent; deliveries: Array<{ id: string; endpointId: string }> }>): Promise<void> {
      if (events.length === 0) return;
      if (dialect === 'postgres') {
        // One round trip: the events, and their deliveries joined to the seq each event got (a data-modifying CTE).
        const eventRows = events.map(
          ({ event: e }) => sql`(${e.id}, ${tenant.storeId}, ${tenant.mode}, ${e.type}, ${e.resourceKey}, ${e.payload}, cast(${fromDate(e.createdAt)} as timestamptz))`,
        );
        const deliveryRows = events.flatMap(({ event: e, deliveries: to }) => to.map((d) => sql`(${d.id}, ${d.endpointId}, ${e.id}, cast(${fromDate(e.createdAt)} as timestamptz))`));
        await sql`
          with ev as (
            insert into webhook_events (id, store_id, mode, type, resource_key, payload, created_at)
            values ${sql.join(eventRows)}
            returning seq, id, resource_key
          )
          insert into webhook_deliveries (id, endpoint_id, event_seq, store_id, mode, resource_key, status, trigger, attempts, next_attempt_at, created_at, updated_at)
          select d.id, d.endpoint_id, ev.seq, ${tenant.storeId}, ${tenant.mode}, ev.resource_key, 'pending', 'scheduled', 0, d.at, d.at, d.at
          from (values ${sql.join(deliveryRows)}) as d (id, endpoint_id, event_id, at)
          join ev on ev.id = d.event_id`.execute(db);
        return;
      }
      // One multi-row insert for the events (their seq comes back by id: RETURNING's order is not promised), one for
      // the deliveries. Within one insert the events get increasing seq in the order given on both engines.
      const inserted = await db
        .insertInto('webhook_events')
        .values(events.map(({ event }) => ({ id: event.id, ...tenantColumns(tenant), type: event.type, resource_key: event.resourceKey, payload: event.payload, created_at: fromDate(event.createdAt) })))
        .returning(['seq', 'id'])
        .execute();
      const seqOf = new Map(inserted.map((r) => [r.id, r.seq]));
      await db
        .insertInto('webhook_deliveries')
        .values(
          events.flatMap(({ event, deliveries: to }) => to.map((d) => ({ event, d }))).map(({ event, d }) => ({
            id: d.id,
            endpoint_id: d.endpointId,
            event_seq: seqOf.get(event.id)!,
            ...tenantColumns(tenant),
            resource_key: event.resourceKey,
            status: 'pending',
            trigger: 'scheduled',
            attempts: 0,
            next_attempt_at: fromDate(event.createdAt),
            lease_until: null,
            lease_holder: null,
            first_attempt_at: null,
            last_attempt_at: null,
            last_status_code: null,
            last_error: null,
            created_at: fromDate(event.createdAt),
            updated_at: fromDate(event.createdAt),
          })),
        )
        .execute();
    },

    async insertTestDelivery(tenant, test): Promise<void> {
      const { event, delivery, attempt } = test;
      const created = fromDate(event.createdAt);
      const { seq } = await db
        .insertInto('webhook_events')
        .values({ id: event.id, ...tenantColumns(tenant), type: event.type, resource_key: event.resourceKey, payload: event.payload, created_at: created })
        .returning('seq')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('webhook_deliveries')
        .values({
          id: delivery.id,
          endpoint_id: delivery.endpointId,
          event_seq: seq,
          ...tenantColumns(tenant),
          resource_key: event.resourceKey,
          status: delivery.status,
          trigger: 'test',
          attempts: 1,
          next_attempt_at: fromDate(attempt.attemptedAt),
          lease_until: null,
          lease_holder: null,
          first_attempt_at: fromDate(attempt.attemptedAt),
          last_attempt_at: fromDate(attempt.attemptedAt),
          last_status_code: attempt.statusCode,
          last_error: attempt.error,
          created_at: created,
          updated_at: created,
        })
        .execute();
      await db
        .insertInto('webhook_attempts')
        .values({
          id: attempt.id,
          delivery_id: delivery.id,
          attempted_at: fromDate(attempt.attemptedAt),
          trigger: attempt.trigger,
          status_code: attempt.statusCode,
          duration_ms: attempt.durationMs,
          error: attempt.error,
          response_snippet: attempt.responseSnippet,
        })
        .execute();
    },

    afterCommit(fn: () => void): void {
      if (onCommit) onCommit(fn);
      else queueMicrotask(fn);
    },

    async insertEndpoint(e: SigningEndpoint): Promise<void> {
      readInTransaction?.clear();
      await db
        .insertInto('webhook_endpoints')
        .values({
          id: e.id,
          store_id: e.storeId,
          mode: e.mode,
          url: e.url,
          description: e.description,
          event_types: e.eventTypes.join(' '),
          enabled: fromBool(e.enabled),
          disabled_reason: e.disabledReason,
          disabled_detail: e.disabledDetail,
          disabled_at: e.disabledAt === null ? null : fromDate(e.disabledAt),
          secret: e.secret,
          previous_secret: e.previousSecret,
          previous_secret_expires_at: e.previousSecretExpiresAt === null ? null : fromDate(e.previousSecretExpiresAt),
          client_id: e.clientId,
          failing_since: null,
          last_success_at: null,
          created_at: fromDate(e.createdAt),
          updated_at: fromDate(e.updatedAt),
        })
        .execute();
    },

    async listEndpoints(tenant, options) {
      let q = db.selectFrom('webhook_endpoints').selectAll().where(inTenant(tenant));
      if (options.clientId !== undefined) q = q.where('client_id', '=', options.clientId);
      if (options.after !== undefined) q = q.where('id', '>', options.after);
      const rows = await q.orderBy('id').$call(pageLimit(options.limit)).execute();
      return rows.map((r) => {
        const { secret: _secret, previousSecret: _previous, ...endpoint } = toEndpoint(r);
        return endpoint;
      });
    },

    async countEndpoints(tenant, clientId) {
      const row = await db
        .selectFrom('webhook_endpoints')
        .select((eb) => eb.fn.countAll().as('n'))
        .where(inTenant(tenant))
        .where('client_id', clientId === null ? 'is' : '=', clientId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async findEndpoint(tenant, id) {
      const row = await db.selectFrom('webhook_endpoints').selectAll().where(inTenant(tenant)).where('id', '=', id).executeTakeFirst();
      return row && toEndpoint(row);
    },

    async lockEndpoint(tenant, id) {
      const row = await db.selectFrom('webhook_endpoints').selectAll().where(inTenant(tenant)).where('id', '=', id).$call(lock).executeTakeFirst();
      return row && toEndpoint(row);
    },

    async updateEndpoint(tenant, id, patch, now) {
      readInTransaction?.clear();
      await db
        .updateTable('webhook_endpoints')
        .set({ ...endpointColumns(patch), updated_at: fromDate(now) })
        .where(inTenant(tenant))
        .where('id', '=', id)
        .execute();
    },

    async deleteEndpoint(tenant, id) {
      readInTransaction?.clear();
      const result = await db.deleteFrom('webhook_endpoints').where(inTenant(tenant)).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async deleteEndpointsOfApp(tenant, clientId) {
      readInTransaction?.clear();
      const result = await db.deleteFrom('webhook_endpoints').where(inTenant(tenant)).where('client_id', '=', clientId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async resumeDeliveries(tenant, endpointId, now) {
      await db
        .updateTable('webhook_deliveries')
        .set({ next_attempt_at: fromDate(now), updated_at: fromDate(now) })
        .where(inTenant(tenant))
        .where('endpoint_id', '=', endpointId)
        .where('status', '=', 'pending')
        .execute();
    },

    async listDeliveries(tenant, endpointId, options) {
      let q = deliveries().where(inTenant(tenant, 'd')).where('d.endpoint_id', '=', endpointId);
      if (options.status !== undefined) q = q.where('d.status', '=', options.status);
      if (options.eventType !== undefined) q = q.where('ev.type', '=', options.eventType);
      if (options.eventId !== undefined) q = q.where('ev.id', '=', options.eventId);
      if (options.after !== undefined) q = q.where('d.id', '<', options.after);
      const rows = await q.orderBy('d.id', 'desc').$call(pageLimit(options.limit)).execute();
      return rows.map(toDelivery);
    },

    async findDelivery(tenant, endpointId, deliveryId) {
      const row = await deliveries().select('ev.payload').where(inTenant(tenant, 'd')).where('d.endpoint_id', '=', endpointId).where('d.id', '=', deliveryId).executeTakeFirst();
      return row && { ...toDelivery(row), payload: row.payload };
    },

    async listAttempts(tenant, deliveryId) {
      const rows = await db
        .selectFrom('webhook_attempts')
        .selectAll('webhook_attempts')
        .innerJoin('webhook_deliveries', 'webhook_deliveries.id', 'webhook_attempts.delivery_id')
        .where(inTenant(tenant, 'webhook_deliveries'))
        .where('webhook_attempts.delivery_id', '=', deliveryId)
        .orderBy('webhook_attempts.id')
        .execute();
      return rows.map(toAttempt);
    },

    async redeliver(tenant, endpointId, deliveryId, now) {
      const at = fromDate(now);
      const result = await db
        .updateTable('webhook_deliveries')
        .set({ status: 'pending', trigger: 'manual', next_attempt_at: at, updated_at: at })
        .where(inTenant(tenant))
        .where('endpoint_id', '=', endpointId)
        .where('id', '=', deliveryId)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', at)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async redeliverFailed(tenant, endpointId, now, limit, eventTypes) {
      if (eventTypes.length === 0) return 0;
      const at = fromDate(now);
      const result = await db
        .updateTable('webhook_deliveries')
        .set({ status: 'pending', trigger: 'manual', next_attempt_at: at, updated_at: at })
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('webhook_deliveries as d')
            .innerJoin('webhook_events as ev', 'ev.seq', 'd.event_seq')
            .select('d.id')
            .where(inTenant(tenant, 'd'))
            .where('d.endpoint_id', '=', endpointId)
            .where('d.status', '=', 'failed')
            .where('ev.type', 'in', [...eventTypes])
            .orderBy('d.id')
            .limit(limit),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async claimDueAcrossStores(now, holder, leaseMs, limit, skipEndpoints) {
      const at = fromDate(now);
      const until = fromDate(new Date(now.getTime() + leaseMs));
      const skip = skipEndpoints.length === 0 ? sql`` : sql`and d.endpoint_id not in (${sql.join(skipEndpoints)})`;
      // Ordered by due time only, so the (status, next_attempt_at) index gives the order and the scan stops at the limit
      // (ordering by event_seq too made PostgreSQL sort every due delivery on every claim). The order of one resource's
      // events does not need it: a later event's delivery is never claimed while an earlier one is pending.
      // PostgreSQL: the due deliveries are first taken in due order from the index, a bounded window of them
      // (materialized, so the planner cannot turn the rest into a scan of the whole table), and the "nothing earlier
      // of the same resource pending" test is a scalar subquery probing the pending-chain index per candidate, never
      // a hash anti-join. Measured without planner statistics (a burst into fresh tables): 50 ms a claim with the plain
      // query, about 2 ms with this one (bench/webhooks.md). SQLite keeps the plain form: running the PostgreSQL form
      // there (it accepts it, less the row locks) delivered 11 % fewer events a second to one endpoint and 15-30 % fewer
      // to one SKU's chain (bench/webhooks.ts, 2,000 orders, 2026-11-28).
      const window = Math.max(200, limit * 20);
      const claimed =
        dialect === 'postgres'
          ? await sql<{ id: string }>`
        with due as materialized (
          select id from webhook_deliveries
          where status = 'pending' and next_attempt_at <= ${at} and (lease_until is null or lease_until <= ${at})
          order by next_attempt_at
          limit ${window}
        )
        update webhook_deliveries set lease_until = ${until}, lease_holder = ${holder}
        where id in (
          select d.id from due
          join webhook_deliveries d on d.id = due.id
          join webhook_endpoints e on e.id = d.endpoint_id
          where d.status = 'pending' and (d.lease_until is null or d.lease_until <= ${at})
            and e.enabled = ${fromBool(true)} ${skip}
            and (e.client_id is null or exists (
              select 1 from oauth_grants g
              where g.client_id = e.client_id and g.store_id = e.store_id and g.mode = e.mode and g.revoked_at is null
            ))
            and (
              select p.event_seq from webhook_deliveries p
              where p.endpoint_id = d.endpoint_id and p.resource_key = d.resource_key
                and p.status = 'pending' and p.event_seq < d.event_seq
              limit 1
            ) is null
          order by d.next_attempt_at
          limit ${limit}
          for update of d skip locked
        )
        returning id`.execute(db)
          : await sql<{ id: string }>`
        update webhook_deliveries set lease_until = ${until}, lease_holder = ${holder}
        where id in (
          select d.id from webhook_deliveries d
          join webhook_endpoints e on e.id = d.endpoint_id
          where d.status = 'pending' and d.next_attempt_at <= ${at}
            and (d.lease_until is null or d.lease_until <= ${at})
            and e.enabled = ${fromBool(true)} ${skip}
            and (e.client_id is null or exists (
              select 1 from oauth_grants g
              where g.client_id = e.client_id and g.store_id = e.store_id and g.mode = e.mode and g.revoked_at is null
            ))
            and not exists (
              select 1 from webhook_deliveries p
              where p.endpoint_id = d.endpoint_id and p.resource_key = d.resource_key
                and p.status = 'pending' and p.event_seq < d.event_seq
            )
          order by d.next_attempt_at
          limit ${limit}
        )
        returning id`.execute(db);
      const ids = claimed.rows.map((r) => r.id);
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('webhook_deliveries as d')
        .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
        .innerJoin('webhook_events as ev', 'ev.seq', 'd.event_seq')
        .selectAll('e')
        .select(['d.id as delivery_id', 'd.attempts', 'd.trigger', 'd.first_attempt_at', 'ev.id as event_id', 'ev.type as event_type', 'ev.payload', 'ev.created_at as event_created_at', 'd.event_seq'])
        .where('d.id', 'in', ids)
        .where('d.lease_holder', '=', holder)
        .orderBy('d.event_seq')
        .execute();
      return rows.map((r): ClaimedDelivery => ({
        id: r.delivery_id,
        attempts: Number(r.attempts),
        trigger: r.trigger as ClaimedDelivery['trigger'],
        firstAttemptAt: date(r.first_attempt_at),
        endpoint: toEndpoint(r),
        event: { id: r.event_id, type: r.event_type as EventType, payload: r.payload, createdAt: toDate(r.event_created_at) },
      }));
    },

    async recordAttemptAcrossStores(delivery: ClaimedDelivery, holder: string, outcome: AttemptOutcome, now: Date): Promise<void> {
      const at = fromDate(now);
      const a = outcome.attempt;
      const deliverySet = {
        status: outcome.status,
        trigger: 'scheduled',
        attempts: sql<number>`attempts + 1`,
        next_attempt_at: fromDate(outcome.nextAttemptAt ?? now),
        lease_until: null,
        lease_holder: null,
        first_attempt_at: sql<string>`coalesce(first_attempt_at, ${fromDate(a.attemptedAt)})`,
        last_attempt_at: fromDate(a.attemptedAt),
        last_status_code: a.statusCode,
        last_error: a.error,
        updated_at: at,
      };
      const attemptRow = {
        id: a.id,
        attempted_at: fromDate(a.attemptedAt),
        trigger: a.trigger,
        status_code: a.statusCode,
        duration_ms: a.durationMs,
        error: a.error,
        response_snippet: a.responseSnippet,
      };
      // The endpoint's health is written when it changes: a success after failures (or the first, or a minute after the
      // last one recorded), the first failure after a success. Not on every delivery of a healthy endpoint. Disabling
      // (410, or failing for a day) keeps the reason of an endpoint someone disabled in the meantime.
      const { failingSince, lastSuccessAt } = delivery.endpoint;
      const health =
        outcome.status === 'succeeded'
          ? failingSince !== null || lastSuccessAt === null || now.getTime() - lastSuccessAt.getTime() > 60_000
            ? { last_success_at: at, failing_since: null }
            : null
          : failingSince === null
            ? { failing_since: sql<string>`coalesce(failing_since, ${fromDate(a.attemptedAt)})` }
            : null;
      const disable = outcome.disable;
      const disabling = disable
        ? {
            enabled: fromBool(false),
            disabled_reason: sql<string>`case when enabled = ${fromBool(true)} then ${disable.reason} else disabled_reason end`,
            disabled_detail: sql<string>`case when enabled = ${fromBool(true)} then ${disable.detail} else disabled_detail end`,
            disabled_at: sql<string>`case when enabled = ${fromBool(true)} then ${at} else disabled_at end`,
            updated_at: sql<string>`case when enabled = ${fromBool(true)} then ${at} else updated_at end`,
          }
        : null;
      const endpointSet = health || disabling ? { ...health, ...disabling } : null;

      if (dialect === 'postgres') {
        // One statement, so one round trip and atomic without a transaction: the delivery (only while this worker holds
        // its lease), its attempt and the endpoint's health, each only if the delivery was still this worker's.
        const delivered = db.with('d', (q) => q.updateTable('webhook_deliveries').set(deliverySet).where('id', '=', delivery.id).where('lease_holder', '=', holder).returning('id'));
        const attempt = (q: typeof delivered) =>
          q.insertInto('webhook_attempts').columns(['id', 'delivery_id', 'attempted_at', 'trigger', 'status_code', 'duration_ms', 'error', 'response_snippet']).expression((eb) =>
            eb
              .selectFrom('d')
              // Typed, as parameters in a select list are not typed by the column they go to.
              .select([
                sql<string>`cast(${attemptRow.id} as varchar)`.as('id'),
                'd.id as delivery_id',
                sql<string>`cast(${attemptRow.attempted_at} as timestamptz)`.as('attempted_at'),
                sql<string>`cast(${attemptRow.trigger} as varchar)`.as('trigger'),
                sql<number | null>`cast(${attemptRow.status_code} as integer)`.as('status_code'),
                sql<number>`cast(${attemptRow.duration_ms} as integer)`.as('duration_ms'),
                sql<string | null>`cast(${attemptRow.error} as varchar)`.as('error'),
                sql<string | null>`cast(${attemptRow.response_snippet} as varchar)`.as('response_snippet'),
              ]),
          );
        if (endpointSet === null) {
          await attempt(delivered).execute();
        } else {
          await delivered
            .with('a', (q) => attempt(q as unknown as typeof delivered))
            .updateTable('webhook_endpoints')
            .set(endpointSet)
            .where('id', '=', delivery.endpoint.id)
            .where((eb) => eb.exists(eb.selectFrom('d').select('d.id')))
            .execute();
        }
        return;
      }
      const write = async (trx: Kysely<Database>) => {
        const updated = await trx.updateTable('webhook_deliveries').set(deliverySet).where('id', '=', delivery.id).where('lease_holder', '=', holder).executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) return;
        await trx.insertInto('webhook_attempts').values({ ...attemptRow, delivery_id: delivery.id }).execute();
        if (endpointSet !== null) await trx.updateTable('webhook_endpoints').set(endpointSet).where('id', '=', delivery.endpoint.id).execute();
      };
      // SQLite: three statements, made one write (atomic) here unless the caller's transaction already is.
      await (db.isTransaction ? write(db) : db.transaction().execute(write));
    },

    async releaseAcrossStores(ids, holder) {
      if (ids.length === 0) return;
      await db.updateTable('webhook_deliveries').set({ lease_until: null, lease_holder: null }).where('id', 'in', [...ids]).where('lease_holder', '=', holder).execute();
    },
  };
}
