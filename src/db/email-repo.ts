import { type ExpressionBuilder, type Kysely, type Selectable, sql } from 'kysely';
import type { Mode, Tenant } from '../context.ts';
import type { EmailLinkScope, EmailRepo } from '../domain/email/ports.ts';
import type { ClaimedEmail, EmailKind, EmailLink, EmailLinkPurpose, EmailMessage, EmailParams, EmailStatus } from '../domain/email/types.ts';
import { type Dialect, fromDate, rowLock, toDate } from './db.ts';
import { holdable } from './held-writes.ts';
import { pageLimit } from './paging.ts';
import type { Database, EmailLinkTable, EmailMessageTable } from './schema.ts';

const date = (v: Date | string | null): Date | null => (v === null ? null : toDate(v));

function toMessage(r: Selectable<EmailMessageTable>): EmailMessage {
  return {
    id: r.id,
    storeId: r.store_id,
    mode: r.mode as Mode | null,
    kind: r.kind as EmailKind,
    to: r.to_address,
    subject: r.subject,
    status: r.status as EmailStatus,
    attempts: Number(r.attempts),
    nextAttemptAt: date(r.next_attempt_at),
    lastError: r.last_error,
    createdAt: toDate(r.created_at),
    sentAt: date(r.sent_at),
  };
}

function toLink(r: Selectable<EmailLinkTable>): EmailLink {
  return {
    id: r.id,
    purpose: r.purpose as EmailLinkPurpose,
    userId: r.user_id,
    storeId: r.store_id,
    mode: r.mode as Mode | null,
    email: r.email,
    createdAt: toDate(r.created_at),
    expiresAt: toDate(r.expires_at),
    usedAt: date(r.used_at),
  };
}

/** The unused links of a purpose for one account, or for one store and mode. */
function unusedLinksOf(scope: EmailLinkScope) {
  return (eb: ExpressionBuilder<Database, 'email_links'>) =>
    eb.and([
      eb('purpose', '=', scope.purpose),
      eb('used_at', 'is', null),
      ...('userId' in scope ? [eb('user_id', '=', scope.userId)] : [eb('store_id', '=', scope.storeId), eb('mode', '=', scope.mode)]),
    ]);
}

/**
 * The mail outbox (`email_messages`), password resets and invitations' mail tokens. `afterCommit` wakes the sender:
 * `onCommit` is given by `createRepos` (src/db/repos.ts) for a transaction, absent on the pool.
 */
export function createEmailRepo(db: Kysely<Database>, dialect: Dialect, onCommit?: (fn: () => void) => void): EmailRepo {
  const lock = rowLock(dialect);
  return {
    async insertMessages(messages) {
      if (messages.length === 0) return;
      await db
        .insertInto('email_messages')
        .values(
          messages.map((m) => ({
            id: m.id,
            store_id: m.storeId,
            mode: m.mode,
            kind: m.kind,
            cause: m.cause,
            to_address: m.to,
            subject: m.subject,
            params: JSON.stringify(m.params),
            status: 'pending',
            attempts: 0,
            next_attempt_at: fromDate(m.createdAt),
            created_at: fromDate(m.createdAt),
            updated_at: fromDate(m.createdAt),
          })),
        )
        .onConflict((oc) => oc.column('cause').doNothing())
        .modifyEnd(holdable)
        .execute();
    },

    afterCommit(fn) {
      if (onCommit) onCommit(fn);
      else queueMicrotask(fn);
    },

    async list(tenant: Tenant, query) {
      let q = db
        .selectFrom('email_messages')
        .selectAll()
        .where('store_id', '=', tenant.storeId)
        .where((eb) => eb.or([eb('mode', '=', tenant.mode), eb('mode', 'is', null)]));
      if (query.status) q = q.where('status', '=', query.status);
      if (query.kind) q = q.where('kind', '=', query.kind);
      if (query.after !== undefined) q = q.where('id', '<', query.after);
      const rows = await q.orderBy('id', 'desc').$call(pageLimit(query.limit)).execute();
      return rows.map(toMessage);
    },

    async claimDueAcrossStores(now, holder, leaseMs, limit) {
      const at = fromDate(now);
      const until = fromDate(new Date(now.getTime() + leaseMs));
      const skipLocked = dialect === 'postgres' ? sql`for update skip locked` : sql``;
      const claimed = await sql<{ id: string }>`
        update email_messages set lease_until = ${until}, lease_holder = ${holder}
        where id in (
          select id from email_messages
          where status = 'pending' and next_attempt_at <= ${at} and (lease_until is null or lease_until <= ${at})
          order by next_attempt_at
          limit ${limit}
          ${skipLocked}
        )
        returning id`.execute(db);
      const ids = claimed.rows.map((r) => r.id);
      if (ids.length === 0) return [];
      const rows = await db.selectFrom('email_messages').selectAll().where('id', 'in', ids).where('lease_holder', '=', holder).orderBy('next_attempt_at').execute();
      return rows.map((r): ClaimedEmail => {
        const { id, storeId, mode, kind, to, subject, attempts, createdAt } = toMessage(r);
        return { id, storeId, mode, kind, to, subject, attempts, createdAt, params: JSON.parse(r.params) as EmailParams };
      });
    },

    async recordAcrossStores(id, holder, outcome, now) {
      const result = await db
        .updateTable('email_messages')
        .set({
          status: outcome.status,
          attempts: outcome.attempted ? sql`attempts + 1` : sql`attempts`,
          next_attempt_at: outcome.nextAttemptAt ? fromDate(outcome.nextAttemptAt) : null,
          last_error: outcome.error,
          lease_until: null,
          lease_holder: null,
          updated_at: fromDate(now),
          ...(outcome.status === 'sent' ? { sent_at: fromDate(now) } : {}),
        })
        .where('id', '=', id)
        .where('lease_holder', '=', holder)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async findUserIdByEmail(email) {
      const row = await db.selectFrom('users').select('id').where('email_normalized', '=', email.trim().toLowerCase()).executeTakeFirst();
      return row?.id;
    },

    async saveResetToken(reset) {
      await db.deleteFrom('password_resets').where('id', '=', reset.id).execute();
      await db
        .insertInto('password_resets')
        .values({ id: reset.id, user_id: reset.userId, token_hash: reset.tokenHash, created_at: fromDate(reset.createdAt), expires_at: fromDate(reset.expiresAt) })
        .execute();
    },

    async findLiveReset(tokenHash, now) {
      let q = db
        .selectFrom('password_resets')
        .select(['id', 'user_id'])
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', fromDate(now));
      q = lock(q);
      const row = await q.executeTakeFirst();
      return row && { id: row.id, userId: row.user_id };
    },

    async useResets(userId, now) {
      await db.updateTable('password_resets').set({ used_at: fromDate(now) }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
    },

    async saveInvitationMailToken(invitationId, tokenHash, now) {
      const result = await db
        .updateTable('store_invitations')
        .set({ mail_token_hash: tokenHash })
        .where('id', '=', invitationId)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', fromDate(now))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async isInvitationMailToken(invitationId, tokenHash) {
      const row = await db.selectFrom('store_invitations').select('id').where('id', '=', invitationId).where('mail_token_hash', '=', tokenHash).executeTakeFirst();
      return row !== undefined;
    },

    async insertLink(link) {
      await db
        .insertInto('email_links')
        .values({
          id: link.id,
          purpose: link.purpose,
          user_id: link.userId,
          store_id: link.storeId,
          mode: link.mode,
          email: link.email,
          token_hash: null,
          created_at: fromDate(link.createdAt),
          expires_at: fromDate(link.expiresAt),
          used_at: null,
        })
        .execute();
    },

    async endOpenLinks(scope, now) {
      await db.updateTable('email_links').set({ used_at: fromDate(now) }).where(unusedLinksOf(scope)).execute();
    },

    async findOpenLink(scope, now) {
      const row = await db
        .selectFrom('email_links')
        .selectAll()
        .where(unusedLinksOf(scope))
        .where('expires_at', '>', fromDate(now))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row && toLink(row);
    },

    async saveOrderStatusToken(storeId, mode, orderId, tokenHash, now) {
      const order = await db.selectFrom('orders').select('id').where('store_id', '=', storeId).where('mode', '=', mode).where('id', '=', orderId).executeTakeFirst();
      if (!order) return false;
      await db.insertInto('order_status_tokens').values({ token_hash: tokenHash, store_id: storeId, mode, order_id: orderId, created_at: fromDate(now) }).execute();
      return true;
    },

    async saveLinkToken(id, tokenHash, now) {
      const result = await db
        .updateTable('email_links')
        .set({ token_hash: tokenHash })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .where('expires_at', '>', fromDate(now))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async findLiveLink(tokenHash, now) {
      let q = db.selectFrom('email_links').selectAll().where('token_hash', '=', tokenHash).where('used_at', 'is', null).where('expires_at', '>', fromDate(now));
      q = lock(q);
      const row = await q.executeTakeFirst();
      return row && toLink(row);
    },

    async useLink(id, now) {
      await db.updateTable('email_links').set({ used_at: fromDate(now) }).where('id', '=', id).execute();
    },
  };
}
