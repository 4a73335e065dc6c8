import type { StoreContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { StoreRepo } from '../accounts/ports.ts';
import { requirePermission } from '../shared/access.ts';
import { type Currency, storeCurrency } from '../shared/money.ts';
import type { PersonalDataReads } from '../shared/personal-data.ts';
import type { Transactional } from '../shared/transactional.ts';
import { taxKept } from '../taxes/tax-rules.ts';
import { SALE_STATUSES } from './order-lifecycle.ts';
import type { Order, OrderStatus } from './order-types.ts';
import type { OrderFigureRow, OrderRepo } from './ports.ts';

/** The repositories analytics-service.ts reads and writes (the composition root passes them; src/db implements them). */
export interface AnalyticsServiceRepos {
  orders: Pick<OrderRepo, 'customersCreated' | 'listOrders' | 'orderFigures'>;
  stores: Pick<StoreRepo, 'findStore'>;
}

export type Period = { kind: 'today' | '7d' | '30d' } | { kind: 'range'; from: string; to: string };

export interface Figures {
  /** gross: paid less refunded, tax included */
  salesTotalMinor: number;
  /** the tax those sales hold (docs/taxes.md): each order's share of its tax in what it kept */
  salesTaxMinor: number;
  orderCount: number;
  averageOrderValueMinor: number;
  newCustomers: number;
}

export interface DayFigures {
  date: string;
  salesTotalMinor: number;
  salesTaxMinor: number;
  orderCount: number;
}

/** Milliseconds the zone is ahead of UTC at an instant. */
function zoneOffset(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  const asUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant a local calendar date begins in the zone (DST-safe). */
export function startOfLocalDay(date: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d);
  const first = guess - zoneOffset(guess, timeZone);
  return new Date(guess - zoneOffset(first, timeZone));
}

/** The local calendar date (YYYY-MM-DD) of an instant in the zone. */
export function localDate(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** A sale: an order that was paid (and not cancelled), net of refunds. */
export function isSale(status: Order['status']): boolean {
  return SALE_STATUSES.includes(status);
}

function figuresOf(rows: OrderFigureRow[], newCustomers: number): Figures {
  const sales = rows.filter((r) => isSale(r.status));
  const salesTotalMinor = sales.reduce((sum, r) => sum + r.paidMinor - r.refundedMinor, 0);
  return {
    salesTotalMinor,
    salesTaxMinor: sales.reduce((sum, r) => sum + taxKept(r, r.paidMinor, r.refundedMinor), 0),
    orderCount: sales.length,
    averageOrderValueMinor: sales.length === 0 ? 0 : Math.round(salesTotalMinor / sales.length),
    newCustomers,
  };
}

const MAX_RANGE_DAYS = 366;

/** Sales figures and exports, computed from the same order rows the order routes show. Days are the store's local days. */
export function createAnalyticsService(deps: { repos: Transactional<AnalyticsServiceRepos>; reads: PersonalDataReads }) {
  const { repos } = deps;

  async function timezoneOf(ctx: StoreContext): Promise<string> {
    return (await repos.stores.findStore(ctx.tenant.storeId))?.timezone ?? 'UTC';
  }

  /** Local dates [first, last] of a period, in the store's zone. */
  function datesOf(period: Period, now: Date, timeZone: string): { first: string; last: string } {
    if (period.kind !== 'range') {
      const today = localDate(now, timeZone);
      const back = period.kind === 'today' ? 0 : period.kind === '7d' ? 6 : 29;
      return { first: addDays(today, -back), last: today };
    }
    if (!/^\d{4}-\d{2}-\d{2}$/.test(period.from) || Number.isNaN(Date.parse(period.from))) {
      throw new AppError('VALIDATION_FAILED', 'from must be a date YYYY-MM-DD.', { details: [{ path: 'from', rule: 'must be a date YYYY-MM-DD', in: 'query' }] });
    }
    if (!/^\d{4}-\d{2}-\d{2}$/.test(period.to) || Number.isNaN(Date.parse(period.to))) {
      throw new AppError('VALIDATION_FAILED', 'to must be a date YYYY-MM-DD.', { details: [{ path: 'to', rule: 'must be a date YYYY-MM-DD', in: 'query' }] });
    }
    const span = daysBetween(period.from, period.to);
    if (span < 0) throw new AppError('VALIDATION_FAILED', 'to must not be before from.', { details: [{ path: 'to', rule: 'must not be before from', in: 'query' }] });
    if (span >= MAX_RANGE_DAYS) throw new AppError('VALIDATION_FAILED', `A range covers at most ${MAX_RANGE_DAYS} days.`, { details: [{ path: 'to', rule: `at most ${MAX_RANGE_DAYS} days after from`, in: 'query' }] });
    return { first: period.from, last: period.to };
  }

  async function window(ctx: StoreContext, first: string, last: string, timeZone: string) {
    const from = startOfLocalDay(first, timeZone);
    const to = startOfLocalDay(addDays(last, 1), timeZone);
    const [rows, newCustomers] = await Promise.all([
      repos.orders.orderFigures(ctx.tenant, from, to),
      repos.orders.customersCreated(ctx.tenant, from, to),
    ]);
    return { from, to, rows, newCustomers };
  }

  function series(rows: OrderFigureRow[], first: string, last: string, timeZone: string): DayFigures[] {
    const days = new Map<string, DayFigures>();
    for (let d = first; d <= last; d = addDays(d, 1)) days.set(d, { date: d, salesTotalMinor: 0, salesTaxMinor: 0, orderCount: 0 });
    for (const r of rows) {
      if (!isSale(r.status)) continue;
      const day = days.get(localDate(r.createdAt, timeZone));
      if (!day) continue;
      day.salesTotalMinor += r.paidMinor - r.refundedMinor;
      day.salesTaxMinor += taxKept(r, r.paidMinor, r.refundedMinor);
      day.orderCount += 1;
    }
    return [...days.values()];
  }

  return {
    /** Sales total, order count, average order value and new customers for a period, the previous period of the same length, and a daily series. */
    async summary(ctx: StoreContext, period: Period) {
      requirePermission(ctx, 'analytics:read');
      const timeZone = await timezoneOf(ctx);
      const { first, last } = datesOf(period, ctx.now, timeZone);
      const length = daysBetween(first, last) + 1;
      const previousFirst = addDays(first, -length);
      const previousLast = addDays(first, -1);
      const [current, previous, currency] = await Promise.all([
        window(ctx, first, last, timeZone),
        window(ctx, previousFirst, previousLast, timeZone),
        storeCurrency(repos, ctx),
      ]);
      return {
        currency,
        timeZone,
        period: { from: first, to: last, ...figuresOf(current.rows, current.newCustomers) },
        previous: { from: previousFirst, to: previousLast, ...figuresOf(previous.rows, previous.newCustomers) },
        series: series(current.rows, first, last, timeZone),
      };
    },

    /**
     * The orders created in a date range (store-local days, inclusive), oldest first; with `status`, those in that
     * status now. The rows are order records with the customer's name: an export is a read of the orders, so it takes
     * orders:read besides analytics:read (docs/security.md, "Directing data").
     */
    async exportOrders(ctx: StoreContext, range: { from: string; to: string; status?: OrderStatus | undefined }): Promise<{ currency: Currency; timeZone: string; orders: Order[] }> {
      requirePermission(ctx, 'analytics:read');
      requirePermission(ctx, 'orders:read');
      const timeZone = await timezoneOf(ctx);
      const { first, last } = datesOf({ kind: 'range', ...range }, ctx.now, timeZone);
      const orders = await repos.orders.listOrders(
        ctx.tenant,
        { limit: 1_000_000, sort: 'createdAt', status: range.status, from: startOfLocalDay(first, timeZone), to: startOfLocalDay(addDays(last, 1), timeZone) },
      );
      deps.reads.note(ctx, 'orders', orders.length);
      return { currency: await storeCurrency(repos, ctx), timeZone, orders };
    },

    async exportDailySales(ctx: StoreContext, range: { from: string; to: string }): Promise<{ currency: Currency; days: DayFigures[] }> {
      requirePermission(ctx, 'analytics:read');
      const timeZone = await timezoneOf(ctx);
      const { first, last } = datesOf({ kind: 'range', ...range }, ctx.now, timeZone);
      const current = await window(ctx, first, last, timeZone);
      return { currency: await storeCurrency(repos, ctx), days: series(current.rows, first, last, timeZone) };
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

/** What `summary` answers: the period's figures, the previous period's and a daily series. */
export type SalesSummary = Awaited<ReturnType<AnalyticsService['summary']>>;
