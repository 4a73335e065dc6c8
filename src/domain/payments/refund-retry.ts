import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { RequestContext } from '../../context.ts';
import type { JobLocks } from '../maintenance/cleanup-service.ts';
import type { ProviderPaymentService } from './provider-payment-service.ts';

const LOCK = 'refund-retry';
/** Longer than a pass takes (each provider call is bounded by the SDK's timeout); a dead holder frees it after. */
const LEASE_MS = 10 * 60_000;

/**
 * The refund retry job (docs/payments.md, "Refunds through the provider"): every `intervalMs` (jittered), one instance
 * at a time (a lease in the database), sends again the card refunds still pending: those a provider could not be
 * reached for, or answered `pending`. Each is sent with its own idempotency key after asking the provider whether it
 * already has it, so a refund is made once however often this runs. Returns `stop`, which waits for a pass in progress.
 */
export function scheduleRefundRetry(deps: {
  providerPayments: Pick<ProviderPaymentService, 'retryPendingRefunds'>;
  locks: JobLocks;
  context: () => RequestContext;
  intervalMs: number;
  onError: (error: unknown) => void;
}): { stop(): Promise<void> } {
  const holder = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const pass = async () => {
    const rc = deps.context();
    if (!(await deps.locks.acquire(LOCK, holder, rc.now, LEASE_MS))) return;
    try {
      await deps.providerPayments.retryPendingRefunds(rc);
    } finally {
      await deps.locks.release(LOCK, holder);
    }
  };
  const plan = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = pass()
        .catch(deps.onError)
        .finally(() => {
          running = undefined;
          plan(deps.intervalMs * (0.9 + Math.random() * 0.2));
        });
    }, delay);
    timer.unref();
  };
  plan(deps.intervalMs);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
