import type { Tenant } from '../../context.ts';
import type { AuditEntry } from '../shared/audit-trail.ts';
import type { AuditFilters } from './audit-service.ts';

/**
 * What the audit area needs of storage: the repositories it declares, which src/db implements and the composition
 * root (src/container.ts) hands to its services.
 */

/** The append-only audit log, per store and mode. */
export interface AuditRepo {
  insert(entry: AuditEntry): Promise<void>;
  /** Several entries in one statement (the bulk record of personal data reads). */
  insertMany(entries: readonly AuditEntry[]): Promise<void>;
  /** Newest first; `before` is the id of the last entry of the previous page. Returns up to `limit + 1` rows. */
  list(tenant: Tenant, options: {
    limit: number;
    before?: string | undefined;
    filters: AuditFilters;
  }): Promise<AuditEntry[]>;
}
