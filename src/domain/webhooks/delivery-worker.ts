import { randomBytes } from 'node:crypto';
import { newId } from '../shared/ids.ts';
import { createClaimLoop, nextAttemptAt } from '../shared/claim-loop.ts';
import { attemptOf, disableAfter, retryAt, succeeded } from './delivery-rules.ts';
import type { ClaimedDelivery, WebhookRepo, WebhookTransport } from './ports.ts';
import { sendSigned } from './signing.ts';

export interface DeliveryWorkerOptions {
  retryScheduleSeconds: readonly number[];
  /** Deliveries in flight in this instance. */
  concurrency: number;
  /** Deliveries in flight to one endpoint in this instance. */
  perEndpointConcurrency: number;
  /** The transport's time bound: a lease outlives it, so a delivery is never sent twice at once. */
  timeoutMs: number;
  pollMs: number;
}

/**
 * Delivers the outbox (docs/webhooks.md, "Delivery"). Each instance runs one worker; workers share the work through
 * leases on the deliveries (claimed with FOR UPDATE SKIP LOCKED on PostgreSQL), so under normal operation an event is
 * sent to an endpoint by one instance at a time. A lease outlives the request bound, so an instance that dies mid-send
 * leaves a delivery that another instance (or this one, restarted) sends again once the lease is over: at least once.
 * Events of one resource reach an endpoint in order: a delivery is claimed only when no earlier delivery of the same
 * resource to the same endpoint is pending (while one is retried, the later ones wait; one that failed for good does
 * not hold them).
 */
export function createDeliveryWorker(deps: {
  repos: { webhooks: Pick<WebhookRepo, 'claimDueAcrossStores' | 'recordAttemptAcrossStores' | 'releaseAcrossStores'> };
  transport: WebhookTransport;
  options: DeliveryWorkerOptions;
  clock?: () => Date;
  log: { error(obj: object, msg: string): void };
}) {
  const { repos, transport, options, log } = deps;
  const clock = deps.clock ?? (() => new Date());
  const holder = `worker-${randomBytes(8).toString('hex')}`;
  const leaseMs = options.timeoutMs * 2 + 5000;
  const perEndpoint = new Map<string, number>();

  async function deliver(delivery: ClaimedDelivery): Promise<void> {
    const at = clock();
    const { endpoint, event } = delivery;
    const result = await sendSigned(transport, endpoint, event.id, event.payload, at);
    const done = clock();
    const ok = succeeded(result);
    const gone = result.kind === 'answered' && result.statusCode === 410;
    const next = ok || gone ? null : retryAt(nextAttemptAt(delivery.attempts + 1, done, options.retryScheduleSeconds), result, done);
    const status = ok ? 'succeeded' : next ? 'pending' : 'failed';
    const disable = ok ? undefined : disableAfter(result, status === 'failed' && delivery.trigger === 'scheduled', endpoint, delivery.firstAttemptAt ?? at, done);
    // The attempt, the delivery's new state and the endpoint's health are written together, or not at all (the
    // repository makes it one write: one statement on PostgreSQL).
    await repos.webhooks.recordAttemptAcrossStores(
      delivery,
      holder,
      {
        attempt: attemptOf(result, { id: newId('wha', at), attemptedAt: at, trigger: delivery.trigger }),
        status,
        nextAttemptAt: next,
        disable,
      },
      done,
    );
  }

  const loop = createClaimLoop<ClaimedDelivery>({
    concurrency: options.concurrency,
    pollMs: options.pollMs,
    stopWaitMs: options.timeoutMs,
    async claim(free) {
      const full = [...perEndpoint].filter(([, n]) => n >= options.perEndpointConcurrency).map(([id]) => id);
      // A claim takes at most what one endpoint may have in flight, and the loop goes on while claims come back full:
      // with one busy endpoint, few leases are taken only to be given back.
      const limit = Math.min(free, options.perEndpointConcurrency);
      const claimed = await repos.webhooks.claimDueAcrossStores(clock(), holder, leaseMs, limit, full);
      const extra: string[] = [];
      const items: ClaimedDelivery[] = [];
      const taken = new Map<string, number>();
      for (const delivery of claimed) {
        const id = delivery.endpoint.id;
        const n = (perEndpoint.get(id) ?? 0) + (taken.get(id) ?? 0);
        if (n >= options.perEndpointConcurrency) {
          extra.push(delivery.id);
          continue;
        }
        taken.set(id, (taken.get(id) ?? 0) + 1);
        items.push(delivery);
      }
      await repos.webhooks.releaseAcrossStores(extra, holder);
      // Counted once they are sure to start (the loop starts every item returned).
      for (const [id, n] of taken) perEndpoint.set(id, (perEndpoint.get(id) ?? 0) + n);
      return { items, more: claimed.length === limit && extra.length === 0 };
    },
    async run(delivery) {
      try {
        await deliver(delivery);
      } finally {
        const id = delivery.endpoint.id;
        const left = (perEndpoint.get(id) ?? 1) - 1;
        if (left === 0) perEndpoint.delete(id);
        else perEndpoint.set(id, left);
      }
    },
    runFailed: (error, delivery) => log.error({ err: error, deliveryId: delivery.id }, 'webhook delivery could not be recorded; it is sent again when its lease ends'),
    claimFailed: (error) => log.error({ err: error }, 'webhook deliveries could not be claimed; trying again at the next poll'),
  });

  return {
    holder,
    /** Starts polling (and claiming at once). */
    start: loop.start,
    /** A commit wrote events: look now rather than at the next poll. */
    notify: loop.notify,
    /** Stops claiming and waits (at most `waitMs`, by default the transport's bound) for deliveries in flight; an unfinished one is sent again later. */
    stop: loop.stop,
    /** Deliveries in flight now (for tests and the health of a stop). */
    get inFlight(): number {
      return loop.inFlight;
    },
  };
}

export type DeliveryWorker = ReturnType<typeof createDeliveryWorker>;
