import type { Tenant } from '../../context.ts';
import type { Return, ReturnStatus } from './types.ts';

/** What returns need of storage (src/db/return-repo.ts implements it). Every method takes the tenant first and filters on it. */
export interface ReturnRepo {
  insertReturn(tenant: Tenant, r: Return): Promise<void>;
  findReturn(tenant: Tenant, orderId: string, id: string): Promise<Return | undefined>;
  /** The order's returns by id (creation order), up to `limit + 1` after `after`. */
  listReturns(tenant: Tenant, orderId: string, options: { limit: number; after?: string | undefined }): Promise<Return[]>;
  /** Every return of the order, with lines (for the units already returned and refunded). */
  returnsOfOrder(tenant: Tenant, orderId: string): Promise<Return[]>;
  /**
   * Moves a return from `from` to `to` with the fields given, only if it is still `from` (a conditional update): false
   * when another request moved it first.
   */
  moveReturn(
    tenant: Tenant,
    id: string,
    from: ReturnStatus,
    to: ReturnStatus,
    fields: { locationId?: string; refundMinor?: number; taxMinor?: number; deliveryMinor?: number; receivedAt?: Date; refundedAt?: Date; closedAt?: Date },
    now: Date,
  ): Promise<boolean>;
  /** At receipt: whether each line was restocked. */
  setRestock(returnId: string, lines: ReadonlyArray<{ id: string; restock: boolean }>): Promise<void>;
  /** At the refund: what each line refunded and its tax. */
  setLineRefunds(returnId: string, lines: ReadonlyArray<{ id: string; refundMinor: number; taxMinor: number }>): Promise<void>;
  /** True once the order has been marked fulfilled (its history has a move to `fulfilled`): all its units left the store. */
  orderWasFulfilled(tenant: Tenant, orderId: string): Promise<boolean>;
  /** The units of each order line its shipments took (absent: none shipped). */
  shippedUnits(tenant: Tenant, orderId: string): Promise<Map<string, number>>;
}
