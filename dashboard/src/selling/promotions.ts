import { parseWireTimestamp } from '../api/session.ts';
import type { Schemas } from '../api/wire.ts';
import { formatMoney, formatNumber } from '../format.ts';

type Promotion = Schemas['Promotion'];

export const PROMOTIONS_READ = 'promotions:read';
export const PROMOTIONS_WRITE = 'promotions:write';

/** A discount as a merchant reads it: "15 % off", "$5.00 off". */
export function discountText(p: Pick<Promotion, 'kind' | 'value'>, currency: string): string {
  return p.kind === 'percentage' ? `${formatNumber(p.value)} % off` : `${formatMoney(p.value, currency)} off`;
}

/** Where a code stands now: switched off, not started, ended, used up, or usable. */
export function promotionState(p: Promotion, now = Date.now()): { label: string; usable: boolean } {
  if (!p.active) return { label: 'Switched off', usable: false };
  if (parseWireTimestamp(p.startsAt) > now) return { label: 'Scheduled', usable: false };
  if (p.endsAt !== null && parseWireTimestamp(p.endsAt) <= now) return { label: 'Ended', usable: false };
  if (p.usageLimit !== null && p.timesUsed >= p.usageLimit) return { label: 'Used up', usable: false };
  return { label: 'Active', usable: true };
}

export const promotionsKey = (storeId: string, mode: string) => ['tenant', storeId, mode, 'promotions'] as const;
