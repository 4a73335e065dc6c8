import type { Kysely, Selectable } from 'kysely';
import type { Invitation, Member, Membership, Store } from '../domain/accounts/types.ts';
import type { Role } from '../domain/shared/permissions.ts';
import { normalizeEmail } from './account-repo.ts';
import { type Dialect, fromDate, rowLock, toDate } from './db.ts';
import type { Database, StoreInvitationTable, StoreMemberTable, StoreTable } from './schema.ts';
import type { StoreRepo, StorePatch } from '../domain/accounts/ports.ts';

/** A `store_members` row as a Membership (also read joined to an API key: api-key-repo.ts). */
export function toMembership(r: Pick<Selectable<StoreMemberTable>, 'store_id' | 'user_id' | 'role' | 'created_at' | 'updated_at'>): Membership {
  return { storeId: r.store_id, userId: r.user_id, role: r.role as Role, createdAt: toDate(r.created_at), updatedAt: toDate(r.updated_at) };
}

function toStore(r: Selectable<StoreTable>): Store {
  return {
    id: r.id,
    name: r.name,
    legalName: r.legal_name,
    contactEmail: r.contact_email,
    contactPhone: r.contact_phone,
    address: {
      line1: r.address_line1,
      line2: r.address_line2,
      city: r.city,
      postalCode: r.postal_code,
      countryId: r.country_id,
      stateId: r.state_id,
    },
    currency: r.currency,
    timezone: r.timezone,
    logoFileId: r.logo_file_id,
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
  };
}

function toInvitation(r: Selectable<StoreInvitationTable>): Invitation {
  return {
    id: r.id,
    storeId: r.store_id,
    email: r.email,
    role: r.role as Role,
    invitedBy: r.invited_by,
    createdAt: toDate(r.created_at),
    expiresAt: toDate(r.expires_at),
    acceptedAt: r.accepted_at === null ? null : toDate(r.accepted_at),
    revokedAt: r.revoked_at === null ? null : toDate(r.revoked_at),
  };
}

/** Stores (the tenants), their members and invitations. Every method takes the store id first. */
export function createStoreRepo(db: Kysely<Database>, dialect: Dialect): StoreRepo {
  const locked = rowLock(dialect);
  return {
    async insertStore(store: Store): Promise<void> {
      await db
        .insertInto('stores')
        .values({
          id: store.id,
          name: store.name,
          legal_name: store.legalName,
          contact_email: store.contactEmail,
          contact_phone: store.contactPhone,
          address_line1: store.address.line1,
          address_line2: store.address.line2,
          city: store.address.city,
          postal_code: store.address.postalCode,
          country_id: store.address.countryId,
          state_id: store.address.stateId,
          currency: store.currency,
          timezone: store.timezone,
          logo_file_id: store.logoFileId,
          created_at: fromDate(store.createdAt),
          updated_at: fromDate(store.updatedAt),
        })
        .execute();
    },

    /**
     * The store, its row locked until the transaction ends on PostgreSQL (SQLite runs one writer at a time): writes to
     * the business profile and the store-wide settings (currency, time zone, low-stock threshold) run one at a time.
     */
    async lockStore(storeId: string): Promise<Store | undefined> {
      let q = db.selectFrom('stores').selectAll().where('id', '=', storeId);
      q = locked(q);
      const row = await q.executeTakeFirst();
      return row && toStore(row);
    },

    async findStore(storeId: string): Promise<Store | undefined> {
      const row = await db.selectFrom('stores').selectAll().where('id', '=', storeId).executeTakeFirst();
      return row && toStore(row);
    },

    async updateStore(storeId: string, patch: StorePatch, now: Date): Promise<void> {
      const a = patch.address ?? {};
      const set: Record<string, unknown> = { updated_at: fromDate(now) };
      const columns: Array<[unknown, string]> = [
        [patch.name, 'name'],
        [patch.legalName, 'legal_name'],
        [patch.contactEmail, 'contact_email'],
        [patch.contactPhone, 'contact_phone'],
        [a.line1, 'address_line1'],
        [a.line2, 'address_line2'],
        [a.city, 'city'],
        [a.postalCode, 'postal_code'],
        [a.countryId, 'country_id'],
        [a.stateId, 'state_id'],
        [patch.currency, 'currency'],
        [patch.timezone, 'timezone'],
        [patch.logoFileId, 'logo_file_id'],
      ];
      for (const [value, column] of columns) if (value !== undefined) set[column] = value;
      await db.updateTable('stores').set(set).where('id', '=', storeId).execute();
    },

    /** The stores a user belongs to, with the user's role in each, oldest first. */
    async listStoresOfUser(userId: string): Promise<Array<{ store: Store; role: Role }>> {
      const rows = await db
        .selectFrom('store_members')
        .innerJoin('stores', 'stores.id', 'store_members.store_id')
        .selectAll('stores')
        .select('store_members.role')
        .where('store_members.user_id', '=', userId)
        .orderBy('stores.id')
        .execute();
      return rows.map((r) => ({ store: toStore(r), role: r.role as Role }));
    },

    async findMembership(storeId: string, userId: string): Promise<Membership | undefined> {
      const row = await db
        .selectFrom('store_members')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row && toMembership(row);
    },

    /** The only store a user belongs to, or the number of stores when it is not exactly one. */
    async countMemberships(userId: string): Promise<number> {
      const row = await db
        .selectFrom('store_members')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async firstMembership(userId: string): Promise<Membership | undefined> {
      const row = await db.selectFrom('store_members').selectAll().where('user_id', '=', userId).executeTakeFirst();
      return row && toMembership(row);
    },

    async insertMember(storeId: string, userId: string, role: Role, now: Date): Promise<void> {
      await db
        .insertInto('store_members')
        .values({ store_id: storeId, user_id: userId, role, created_at: fromDate(now), updated_at: fromDate(now) })
        .execute();
    },

    async listMembers(storeId: string): Promise<Member[]> {
      const rows = await db
        .selectFrom('store_members')
        .innerJoin('users', 'users.id', 'store_members.user_id')
        .select([
          'store_members.store_id',
          'store_members.user_id',
          'store_members.role',
          'store_members.created_at',
          'store_members.updated_at',
          'users.email',
          'users.name',
        ])
        .where('store_members.store_id', '=', storeId)
        .orderBy('store_members.created_at')
        .orderBy('store_members.user_id')
        .execute();
      return rows.map((r) => ({
        storeId: r.store_id,
        userId: r.user_id,
        role: r.role as Role,
        createdAt: toDate(r.created_at),
        updatedAt: toDate(r.updated_at),
        email: r.email,
        name: r.name,
      }));
    },

    /**
     * The store's owners, locked until the transaction ends on PostgreSQL (SQLite runs one transaction at a time), so
     * two owners demoting or removing each other at once cannot both see the other and leave the store ownerless.
     */
    async countOwnersForUpdate(storeId: string): Promise<number> {
      let q = db.selectFrom('store_members').select('user_id').where('store_id', '=', storeId).where('role', '=', 'owner');
      q = locked(q);
      return (await q.execute()).length;
    },

    async updateMemberRole(storeId: string, userId: string, role: Role, now: Date): Promise<void> {
      await db
        .updateTable('store_members')
        .set({ role, updated_at: fromDate(now) })
        .where('store_id', '=', storeId)
        .where('user_id', '=', userId)
        .execute();
    },

    async deleteMember(storeId: string, userId: string): Promise<void> {
      await db.deleteFrom('store_members').where('store_id', '=', storeId).where('user_id', '=', userId).execute();
    },

    async insertInvitation(invitation: Invitation, tokenHash: string): Promise<void> {
      await db
        .insertInto('store_invitations')
        .values({
          id: invitation.id,
          store_id: invitation.storeId,
          email: invitation.email,
          email_normalized: normalizeEmail(invitation.email),
          role: invitation.role,
          token_hash: tokenHash,
          invited_by: invitation.invitedBy,
          created_at: fromDate(invitation.createdAt),
          expires_at: fromDate(invitation.expiresAt),
          accepted_at: null,
          revoked_at: null,
        })
        .execute();
    },

    /** Invitations not yet accepted or revoked (expired ones included, flagged by their expiry). */
    async listOpenInvitations(storeId: string): Promise<Invitation[]> {
      const rows = await db
        .selectFrom('store_invitations')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toInvitation);
    },

    async findOpenInvitationByToken(tokenHash: string): Promise<Invitation | undefined> {
      const row = await db
        .selectFrom('store_invitations')
        .selectAll()
        .where((eb) => eb.or([eb('token_hash', '=', tokenHash), eb('mail_token_hash', '=', tokenHash)]))
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return row && toInvitation(row);
    },

    /** Marks an open invitation accepted; false when it was already used or revoked (a concurrent accept). */
    async markInvitationAccepted(storeId: string, invitationId: string, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('store_invitations')
        .set({ accepted_at: fromDate(now) })
        .where('store_id', '=', storeId)
        .where('id', '=', invitationId)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async revokeInvitation(storeId: string, invitationId: string, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('store_invitations')
        .set({ revoked_at: fromDate(now) })
        .where('store_id', '=', storeId)
        .where('id', '=', invitationId)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async renewInvitation(storeId: string, invitationId: string, expiresAt: Date): Promise<void> {
      await db.updateTable('store_invitations').set({ expires_at: fromDate(expiresAt) }).where('store_id', '=', storeId).where('id', '=', invitationId).execute();
    },
  };
}
