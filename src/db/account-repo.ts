import type { Kysely, Selectable } from 'kysely';
import type { Session, User } from '../domain/accounts/types.ts';
import { type Dialect, fromDate, rowLock, toDate } from './db.ts';
import type { Database, UserTable } from './schema.ts';
import type { AccountRepo } from '../domain/accounts/ports.ts';

/** A user row; reads that join users from elsewhere (sessions, API keys) may leave `email_verified_at` out: null. */
export function toUser(r: Pick<Selectable<UserTable>, 'id' | 'email' | 'name' | 'phone' | 'created_at' | 'updated_at'> & { email_verified_at?: Selectable<UserTable>['email_verified_at'] }): User {
  return {
    id: r.id,
    email: r.email,
    name: r.name,
    phone: r.phone,
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
    emailVerifiedAt: r.email_verified_at === null || r.email_verified_at === undefined ? null : toDate(r.email_verified_at),
  };
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

const USER_COLUMNS = ['id', 'email', 'name', 'phone', 'created_at', 'updated_at', 'email_verified_at'] as const;

/** Users and their sessions. Users are global (a person may belong to several stores). */
export function createAccountRepo(db: Kysely<Database>, dialect: Dialect): AccountRepo {
  const locked = rowLock(dialect);
  return {
    async insertUser(user: User, passwordHash: string): Promise<void> {
      await db
        .insertInto('users')
        .values({
          id: user.id,
          email: user.email,
          email_normalized: normalizeEmail(user.email),
          name: user.name,
          phone: user.phone,
          password_hash: passwordHash,
          created_at: fromDate(user.createdAt),
          updated_at: fromDate(user.updatedAt),
        })
        .execute();
    },

    async anyUser(): Promise<boolean> {
      return (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined;
    },

    async emailTaken(email: string, exceptUserId?: string): Promise<boolean> {
      let q = db.selectFrom('users').select('id').where('email_normalized', '=', normalizeEmail(email));
      if (exceptUserId) q = q.where('id', '!=', exceptUserId);
      return (await q.executeTakeFirst()) !== undefined;
    },

    async findUserForLogin(email: string): Promise<{ user: User; passwordHash: string } | undefined> {
      const row = await db
        .selectFrom('users')
        .select([...USER_COLUMNS, 'password_hash'])
        .where('email_normalized', '=', normalizeEmail(email))
        .executeTakeFirst();
      return row && { user: toUser(row), passwordHash: row.password_hash };
    },

    async findUser(id: string): Promise<User | undefined> {
      const row = await db.selectFrom('users').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst();
      return row && toUser(row);
    },

    /** `findUser`, locking the row until the transaction ends on PostgreSQL (SQLite runs one writer at a time). */
    async lockUser(id: string): Promise<User | undefined> {
      let q = db.selectFrom('users').select(USER_COLUMNS).where('id', '=', id);
      q = locked(q);
      const row = await q.executeTakeFirst();
      return row && toUser(row);
    },

    async updateUser(id: string, patch: { email?: string; name?: string; phone?: string | null }, now: Date): Promise<void> {
      await db
        .updateTable('users')
        .set({
          ...(patch.email !== undefined ? { email: patch.email, email_normalized: normalizeEmail(patch.email) } : {}),
          ...(patch.name !== undefined ? { name: patch.name } : {}),
          ...(patch.phone !== undefined ? { phone: patch.phone } : {}),
          updated_at: fromDate(now),
        })
        .where('id', '=', id)
        .execute();
    },

    async setEmail(id: string, email: string, verifiedAt: Date, now: Date): Promise<void> {
      await db
        .updateTable('users')
        .set({ email, email_normalized: normalizeEmail(email), email_verified_at: fromDate(verifiedAt), updated_at: fromDate(now) })
        .where('id', '=', id)
        .execute();
    },

    async markEmailVerified(id: string, email: string, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ email_verified_at: fromDate(now) })
        .where('id', '=', id)
        .where('email_normalized', '=', normalizeEmail(email))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async insertSession(session: Session, tokenHash: string): Promise<void> {
      await db
        .insertInto('sessions')
        .values({
          id: session.id,
          token_hash: tokenHash,
          user_id: session.userId,
          created_at: fromDate(session.createdAt),
          expires_at: fromDate(session.expiresAt),
          revoked_at: null,
          parent_id: session.parentId ?? null,
        })
        .execute();
    },

    /**
     * The live session with this token hash and its user; expired or revoked sessions are not returned, nor a
     * dashboard token whose browser session ended.
     */
    async findActiveSession(tokenHash: string, now: Date): Promise<{ session: Session; user: User; endsAt: Date } | undefined> {
      const at = fromDate(now);
      const row = await db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .leftJoin('sessions as parent', 'parent.id', 'sessions.parent_id')
        .select([
          'sessions.id as session_id',
          'sessions.created_at as session_created_at',
          'sessions.expires_at',
          'sessions.parent_id',
          'parent.expires_at as parent_expires_at',
          'users.id',
          'users.email',
          'users.name',
          'users.phone',
          'users.created_at',
          'users.updated_at',
        ])
        .where('sessions.token_hash', '=', tokenHash)
        .where('sessions.revoked_at', 'is', null)
        .where('sessions.expires_at', '>', at)
        .where((eb) => eb.or([eb('sessions.parent_id', 'is', null), eb.and([eb('parent.revoked_at', 'is', null), eb('parent.expires_at', '>', at)])]))
        .executeTakeFirst();
      if (!row) return undefined;
      const expiresAt = toDate(row.expires_at);
      const parentEnds = row.parent_expires_at === null ? undefined : toDate(row.parent_expires_at);
      return {
        session: {
          id: row.session_id,
          userId: row.id,
          createdAt: toDate(row.session_created_at),
          expiresAt,
          revokedAt: null,
          parentId: row.parent_id,
        },
        user: toUser(row),
        endsAt: parentEnds !== undefined && parentEnds < expiresAt ? parentEnds : expiresAt,
      };
    },

    /** A session by id, whatever its state. */
    async findSession(id: string): Promise<Session | undefined> {
      const row = await db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      return {
        id: row.id,
        userId: row.user_id,
        createdAt: toDate(row.created_at),
        expiresAt: toDate(row.expires_at),
        revokedAt: row.revoked_at === null ? null : toDate(row.revoked_at),
        parentId: row.parent_id,
      };
    },

    /** Ends a session at once, with every dashboard token issued from it. */
    async revokeSession(id: string, now: Date): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ revoked_at: fromDate(now) })
        .where((eb) => eb.or([eb('id', '=', id), eb('parent_id', '=', id)]))
        .where('revoked_at', 'is', null)
        .execute();
    },

    async setPassword(id: string, passwordHash: string, now: Date): Promise<void> {
      await db.updateTable('users').set({ password_hash: passwordHash, updated_at: fromDate(now) }).where('id', '=', id).execute();
    },

    async revokeSessionsOfUser(userId: string, now: Date): Promise<number> {
      const result = await db.updateTable('sessions').set({ revoked_at: fromDate(now) }).where('user_id', '=', userId).where('revoked_at', 'is', null).executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}
