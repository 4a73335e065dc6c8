import type { StoreContext } from '../context.ts';
import type { ChangeMark, MarkCheck } from '../db/db.ts';
import type { Principal } from '../domain/accounts/auth-service.ts';
import type { CredentialCheck } from '../domain/catalog/ports.ts';

/** A store context as resolved for a credential, without the request's own fields. */
export type Resolved = Omit<StoreContext, 'requestId' | 'now'>;

interface Kept {
  principal: Principal;
  resolved: Resolved;
  /** The change mark read before the credential was resolved, or by a later check that found its store unchanged. */
  mark: string;
  /** Until then (ms): when the credential would resolve otherwise by itself (the session's end). */
  until: number;
  /** When (ms) the mark was last read for it: the change log keeps an hour, so an entry is trusted 30 minutes after. */
  checkedAt: number;
  /** Its check since `mark`, one object while the mark stays: a batch of marks looks once for every request with it. */
  check?: MarkCheck;
}

/** The entry's check since its mark (the same object until the mark moves). */
function checkOf(kept: Kept): MarkCheck {
  if (kept.check?.since !== kept.mark) kept.check = { storeId: kept.resolved.tenant.storeId, products: [], since: kept.mark };
  return kept.check;
}

/** What a lookup found: the kept principal and context (undefined: resolve it), and the mark to keep a new one under. */
export interface Found {
  kept: { principal: Principal; resolved: Resolved } | undefined;
  /** Undefined when no mark could be read (the database not answering, SQLite inside a transaction): keep nothing. */
  mark: string | undefined;
}

/**
 * A context kept for a request, not yet checked: the route's read carries `check` (decision 0044), and `settle` says
 * whether the context stands.
 */
export interface Candidate {
  principal: Principal;
  resolved: Resolved;
  check: CredentialCheck;
  entry: Kept;
}

/** A kept context is checked against the change log; the cleanup job deletes its rows after an hour (decision 0037). */
const TRUSTED_MS = 30 * 60_000;

/** Whether time has ended a kept context at `nowMs`: its credential's own end, or half an hour without a check. */
function timedOut(kept: Kept, nowMs: number): boolean {
  return nowMs >= kept.until || nowMs - kept.checkedAt >= TRUSTED_MS;
}

/** A check at `nowMs` found nothing of the context changed up to `mark`: the entry holds under that mark from now on. */
function confirmed(kept: Kept, mark: string, nowMs: number): void {
  kept.mark = mark;
  kept.checkedAt = nowMs;
}

/**
 * The store contexts resolved for session tokens, kept in memory under the database's change mark
 * (docs/decisions/0039-principal-memo.md), so a request whose credential resolved before asks the database one
 * question (the mark, with a look into the catalog change log for its store's whole-store rows) instead of reading the
 * session, the user and the memberships again. Everything a context is made of logs a whole-store row in its store
 * when it changes (migrations 0027 and 0036): an ended session, a changed role or a removed member is seen on the next
 * request on every instance, as a read after a write shows the write (the mark is read after the request arrived).
 * Time ends an entry too: the session's own end (`until`).
 */
export function createPrincipalMemo(options: { changeMark: ChangeMark; maxEntries?: number }) {
  const { changeMark } = options;
  const maxEntries = options.maxEntries ?? 10_000;
  const entries = new Map<string, Kept>();
  let open = true;

  return {
    /**
     * Reads the change mark now and calls back with the context kept for `key` when nothing of its store that a
     * context depends on was logged since it was kept, and `nowMs` is before the credential's own end.
     */
    find(key: string, nowMs: number, done: (found: Found) => void): void {
      const kept = entries.get(key);
      const check = kept === undefined ? undefined : checkOf(kept);
      changeMark((mark, unchanged) => {
        if (mark === undefined || !open) return done({ kept: undefined, mark: undefined });
        const entry = entries.get(key);
        if (entry === undefined) return done({ kept: undefined, mark });
        // The entry checked is the one kept (another request may have replaced it meanwhile: then its own mark decides).
        const current = entry.mark === mark || (entry === kept && unchanged);
        if (!current || timedOut(entry, nowMs)) {
          entries.delete(key);
          return done({ kept: undefined, mark });
        }
        confirmed(entry, mark, nowMs);
        done({ kept: entry, mark });
      }, check);
    },

    /**
     * The context kept for `key`, unless time has ended it, with the check a read can carry for it instead of the
     * mark's round trip (decision 0044); nothing is read. The context stands only once `settle` says so.
     */
    candidate(key: string, nowMs: number): Candidate | undefined {
      const entry = entries.get(key);
      if (!open || entry === undefined || timedOut(entry, nowMs)) return undefined;
      return { principal: entry.principal, resolved: entry.resolved, check: { storeId: entry.resolved.tenant.storeId, since: entry.mark }, entry };
    },

    /**
     * Whether the candidate's context stands, from the outcome its read filled in: nothing of its store that a context
     * depends on was logged since its mark (then the statement's snapshot is the entry's mark from now on). No outcome
     * (no statement carried the check) or a change: false, and a changed entry is forgotten.
     */
    settle(key: string, candidate: Candidate, nowMs: number): boolean {
      const { outcome } = candidate.check;
      if (outcome === undefined || !open) return false;
      const current = entries.get(key) === candidate.entry;
      if (outcome.changed) {
        if (current) entries.delete(key);
        return false;
      }
      if (current) confirmed(candidate.entry, outcome.snapshot, nowMs);
      return true;
    },

    /** Keeps a context resolved after `mark` was read, until `until` (ms); nothing when it is already due. */
    keep(key: string, mark: string, principal: Principal, resolved: Resolved, until: number, nowMs: number): void {
      if (!open || until <= nowMs) return;
      entries.delete(key);
      entries.set(key, { principal, resolved, mark, until, checkedAt: nowMs });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    },

    /** Stops keeping and forgets everything (the app is closing). */
    close(): void {
      open = false;
      entries.clear();
    },

    /** How many contexts are kept (for tests and diagnostics). */
    get size(): number {
      return entries.size;
    },
  };
}

export type PrincipalMemo = ReturnType<typeof createPrincipalMemo>;
