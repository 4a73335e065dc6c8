import type { Tenant } from '../../context.ts';
import type { PaymentLinkStatus, PaymentStatus } from './payment-rules.ts';
import type { ProviderName } from './provider-port.ts';
import type { FlagResolution, MethodTotals, OrderMoney, Payment, PaymentLink, ProviderPayment } from './types.ts';

/**
 * What the payments area needs of storage: the repositories it declares, which src/db implements and the composition
 * root (src/container.ts) hands to its services.
 */

export interface LinkFilter {
  /** the status links read as at `now` (expiry is computed, not stored) */
  status?: PaymentLinkStatus | undefined;
  orderId?: string | undefined;
}

/** The provider payment a recorded payment completes, and what its completion sets (`ProviderPaymentRepo.complete`). */
export interface CompletingProviderPayment {
  id: string;
  status: ProviderPayment['status'];
  receivedMinor: number;
  flag: string | null;
}

/**
 * Payment records, payment links, and the money columns of orders (`paid_minor`, `refunded_minor`), which only the
 * payment functions change. Every method takes the tenant first and filters on it (`inTenant`).
 */
export interface PaymentRepo {
  findOrder(tenant: Tenant, orderId: string): Promise<OrderMoney | undefined>;
  /** The order's money, locked until the transaction ends (PostgreSQL `for update`; SQLite has one writer). */
  lockOrder(tenant: Tenant, orderId: string): Promise<OrderMoney | undefined>;
  /** Adds to `paid_minor` (succeeded payments) and returns the order's new money. */
  addPaid(tenant: Tenant, orderId: string, amountMinor: number, now: Date): Promise<OrderMoney | undefined>;
  /** Adds to `refunded_minor` unless it would pass `paid_minor` (undefined then: nothing changed). */
  addRefunded(tenant: Tenant, orderId: string, amountMinor: number, now: Date): Promise<OrderMoney | undefined>;
  insertPayment(tenant: Tenant, p: Payment): Promise<void>;
  /**
   * A succeeded payment (`p.kind` payment) recorded by completing a provider payment: `insertPayment`, `addPaid`, and
   * the provider payment marked completed with it (`ProviderPaymentRepo.complete`'s conditional write, `payment_id` the
   * record's id) in one unit: one statement on PostgreSQL (data-modifying CTEs), three on SQLite. `completed`: whether
   * the mark was won (false: it was completed already, the caller rolls back).
   *
   * `withinOutstanding` (for an order the caller holds locked): written only if `p.amountMinor` is at most what the
   * order has outstanding as this write reads it (total less paid less pending payments); otherwise nothing is written
   * (no record, no paid amount, no mark) and `exceedsOutstanding` is true. On PostgreSQL the check is part of the one
   * statement, whose snapshot is taken after the lock was granted: it counts what the lock's previous holder committed.
   */
  insertPaidPayment(tenant: Tenant, p: Payment, completing: CompletingProviderPayment, now: Date, withinOutstanding?: boolean): Promise<{ order: OrderMoney | undefined; completed: boolean; exceedsOutstanding: boolean }>;
  findPayment(tenant: Tenant, id: string): Promise<Payment | undefined>;
  /** Oldest first. */
  listPayments(tenant: Tenant, orderId: string): Promise<Payment[]>;
  /** Sets a record's reference (a pending refund: the provider payment it is sent to, before it is sent). */
  setReference(tenant: Tenant, id: string, reference: string, now: Date): Promise<void>;
  /** Orders with a card refund still pending that was written before `before`, across stores, oldest first (the refund retry job). */
  ordersWithPendingCardRefundsAcrossStores(before: Date, limit: number): Promise<Array<{ tenant: Tenant; orderId: string }>>;
  /** Settles a pending record; false (nothing changed) when it is no longer pending. */
  settlePayment(tenant: Tenant, id: string, status: PaymentStatus, now: Date): Promise<boolean>;
  /** Sum of pending payments of the order (money on its way in). */
  pendingPaidMinor(tenant: Tenant, orderId: string): Promise<number>;
  /** Per method of the order: succeeded payments, succeeded refunds and pending refunds. */
  methodTotals(tenant: Tenant, orderId: string): Promise<MethodTotals[]>;
  insertLink(tenant: Tenant, l: PaymentLink): Promise<void>;
  findLink(tenant: Tenant, id: string): Promise<PaymentLink | undefined>;
  /** Newest first; up to `limit + 1` links before the cursor id, filtered on the status they read as at `now`. */
  listLinks(tenant: Tenant, filter: LinkFilter, page: {
    limit: number;
    before?: string | undefined;
  }, now: Date): Promise<PaymentLink[]>;
  /**
   * Moves a link that is active at `now` (stored active and not past its expiry) to `status`; false (nothing
   * changed) otherwise, so two concurrent cancels, or a cancel and a payment, cannot both succeed.
   */
  closeActiveLink(tenant: Tenant, id: string, status: 'paid' | 'cancelled', now: Date): Promise<boolean>;
  /**
   * Moves a link stored `active` to `paid`, whatever its expiry (a shopper who started paying before it expired has
   * paid); undefined (nothing changed) when it is not active: paid already, or cancelled meanwhile. Answers the link as
   * it is now.
   */
  markLinkPaid(tenant: Tenant, id: string, now: Date): Promise<PaymentLink | undefined>;
  /** The link, locked until the transaction ends (PostgreSQL `for update`; SQLite has one writer). */
  lockLink(tenant: Tenant, id: string): Promise<PaymentLink | undefined>;
  /**
   * The pay page's link: its token names it in any store (the token is the secret). With it, in the same read, the
   * payment methods its store's settings in the link's mode enable as stored (null: no settings row yet, the defaults).
   */
  findLinkByTokenAcrossStores(token: string): Promise<{ tenant: Tenant; link: PaymentLink; paymentMethods: string[] | null } | undefined>;
  /** Adds `deltaMinor` (negative to release) to what the order has authorized at a provider. */
  addAuthorized(tenant: Tenant, orderId: string, deltaMinor: number, now: Date): Promise<void>;
}

/** Our records of payments at providers, and the provider events received. */
export interface ProviderPaymentRepo {
  insert(tenant: Tenant, p: ProviderPayment): Promise<void>;
  find(tenant: Tenant, id: string): Promise<ProviderPayment | undefined>;
  /** Locked until the transaction ends (PostgreSQL `for update`; SQLite has one writer). */
  lock(tenant: Tenant, id: string): Promise<ProviderPayment | undefined>;
  findByRef(tenant: Tenant, provider: ProviderName, ref: string): Promise<ProviderPayment | undefined>;
  /** The link's newest attempt. */
  latestForLink(tenant: Tenant, linkId: string): Promise<ProviderPayment | undefined>;
  /**
   * The link's newest attempt, read with the link's row locked until the transaction ends (PostgreSQL: its `for
   * update`, then the read; SQLite: the read alone, its write transaction is the lock): what an attempt is chosen under.
   */
  latestForLinkLocked(tenant: Tenant, linkId: string): Promise<ProviderPayment | undefined>;
  /**
   * The link's attempt to pay now (`fresh.linkId`), chosen atomically: its newest attempt unless that one failed, was
   * cancelled or belongs to another provider than `fresh`'s, else `fresh`, inserted. Callers at once get the same
   * attempt, so one idempotency key, so one payment at the provider. PostgreSQL: under the link's row lock, in the
   * caller's transaction or one of its own; SQLite: one statement (a statement runs alone), none of its own.
   */
  currentAttempt(tenant: Tenant, fresh: ProviderPayment): Promise<ProviderPayment>;
  /** The order's attempts, oldest first. */
  listForOrder(tenant: Tenant, orderId: string): Promise<ProviderPayment[]>;
  update(tenant: Tenant, id: string, set: Partial<Pick<ProviderPayment, 'status' | 'providerRef' | 'actionUrl' | 'failureCode' | 'failureMessage' | 'flag' | 'receivedMinor'>>, now: Date): Promise<void>;
  /**
   * Marks the payment completed (`completed_at`) with what completion found, only if it was not completed: true for
   * the one caller that completes it, false for every other (the exactly-once mark).
   */
  complete(tenant: Tenant, id: string, set: { status: ProviderPayment['status']; receivedMinor: number; flag: string | null; paymentId: string | null }, now: Date): Promise<boolean>;
  /** Records how the merchant settled a flag, only if it was not settled: true for the one caller that settles it. */
  resolve(tenant: Tenant, id: string, set: { resolution: FlagResolution; paymentId?: string; status?: ProviderPayment['status']; receivedMinor?: number }, now: Date): Promise<boolean>;
  /** Records a provider event by its id; false when it was recorded before (a duplicate delivery). */
  insertEvent(tenant: Tenant, e: { provider: ProviderName; eventId: string; type: string; providerPaymentId: string | null }, now: Date): Promise<boolean>;
  hasEvent(tenant: Tenant, provider: ProviderName, eventId: string): Promise<boolean>;
}

/** A store's settings of a payment provider in one mode; the secrets are sealed (secret-box.ts), never stored plain. */
export interface ProviderSettings {
  provider: ProviderName;
  secretKeySealed: string;
  webhookSecretSealed: string;
  /** `sk_test_…abcd`: enough for a person to recognise the key, never the key */
  keyHint: string;
  /** the provider's account the key belongs to, as it said when the key was checked */
  accountId: string | null;
  /** Stripe's publishable key of the mode (`pk_test_…`/`pk_live_…`): public, handed to Stripe.js on the pay page; null if saved before it was asked for */
  publishableKey: string | null;
  updatedAt: Date;
}

export interface ProviderSettingsRepo {
  find(tenant: Tenant, provider: ProviderName): Promise<ProviderSettings | undefined>;
  list(tenant: Tenant): Promise<ProviderSettings[]>;
  /** Inserts or replaces the tenant's settings of the provider. */
  save(tenant: Tenant, settings: ProviderSettings): Promise<void>;
}
