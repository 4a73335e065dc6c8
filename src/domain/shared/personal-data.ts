import type { StoreContext } from '../../context.ts';

/** The personal data whose reading the audit log records (docs/decisions/0016-audit-log.md). */
export type PersonalData = 'customers' | 'orders';

/** Where services note each read of personal data (domain/audit/access-log.ts writes them in bulk). */
export interface PersonalDataReads {
  /** One read of `records` records of `data` by the caller: a list page, one record, an export. Never waits. */
  note(ctx: StoreContext, data: PersonalData, records: number): void;
}
