import type { Tenant } from '../../context.ts';
import type { Role } from '../shared/permissions.ts';
import type { Address, ApiKey, Invitation, Member, Membership, PublishableKey, Session, Store, User } from './types.ts';

/**
 * What the accounts area needs of storage: the repositories it declares, which src/db implements and the composition
 * root (src/container.ts) hands to its services.
 */

/** Users and their sessions. Users are global (a person may belong to several stores). */
export interface AccountRepo {
  insertUser(user: User, passwordHash: string): Promise<void>;
  anyUser(): Promise<boolean>;
  emailTaken(email: string, exceptUserId?: string): Promise<boolean>;
  findUserForLogin(email: string): Promise<{
    user: User;
    passwordHash: string;
  } | undefined>;
  findUser(id: string): Promise<User | undefined>;
  /** `findUser`, locking the row until the transaction ends on PostgreSQL (SQLite runs one writer at a time). */
  lockUser(id: string): Promise<User | undefined>;
  updateUser(id: string, patch: {
    email?: string;
    name?: string;
    phone?: string | null;
  }, now: Date): Promise<void>;
  insertSession(session: Session, tokenHash: string): Promise<void>;
  /**
   * The live session with this token hash and its user; expired or revoked sessions are not returned, nor a
   * dashboard token whose browser session ended. `endsAt`: when it stops being live by itself (its expiry, or its
   * browser session's when that comes first).
   */
  findActiveSession(tokenHash: string, now: Date): Promise<{
    session: Session;
    user: User;
    endsAt: Date;
  } | undefined>;
  /** A session by id, whatever its state. */
  findSession(id: string): Promise<Session | undefined>;
  /** Ends a session at once, with every dashboard token issued from it. */
  revokeSession(id: string, now: Date): Promise<void>;
  setPassword(id: string, passwordHash: string, now: Date): Promise<void>;
  /** Sets the account's email, proven at `verifiedAt` (a link mailed to it was opened). */
  setEmail(id: string, email: string, verifiedAt: Date, now: Date): Promise<void>;
  /** Marks the account's email proven, if it is still `email`; false otherwise. */
  markEmailVerified(id: string, email: string, now: Date): Promise<boolean>;
  /** Ends every live session of the user (browser sessions, API sessions, dashboard tokens); how many ended. */
  revokeSessionsOfUser(userId: string, now: Date): Promise<number>;
}

/** API keys, scoped by store and mode. */
export interface ApiKeyRepo {
  insert(key: ApiKey, keyHash: string): Promise<void>;
  /**
   * An unrevoked key by the hash of its secret, with the user who created it and that user's membership of the key's
   * store (null once they left it), in one read. Crosses tenants by design: the key names its store.
   */
  findActiveByHashAcrossStores(keyHash: string): Promise<{ key: ApiKey; user: User; membership: Membership | null } | undefined>;
  list(tenant: Tenant): Promise<ApiKey[]>;
  find(tenant: Tenant, id: string): Promise<ApiKey | undefined>;
  revoke(tenant: Tenant, id: string, now: Date): Promise<boolean>;
  /** Records use, at most once a minute per key so a busy key does not write on every request. */
  touch(tenant: Tenant, id: string, now: Date): Promise<void>;
}

/** Publishable keys, scoped by store and mode. */
export interface PublishableKeyRepo {
  insert(key: PublishableKey): Promise<void>;
  /**
   * An unrevoked key by its value, with the storefront origins of its store and mode (`store_settings.allowed_origins`,
   * none while the settings were never saved), and its store's currency (null without a store row), in one read.
   * Crosses tenants by design: the key names its store.
   */
  findActiveByKeyAcrossStores(key: string): Promise<{ key: PublishableKey; allowedOrigins: string[]; storeCurrency: string | null } | undefined>;
  /** Unrevoked keys, newest first. */
  list(tenant: Tenant): Promise<PublishableKey[]>;
  /** Revokes an unrevoked key; false when there is none with this id in the tenant. */
  revoke(tenant: Tenant, id: string, now: Date): Promise<boolean>;
  /** Records use, at most once a minute per key so a busy storefront does not write on every request. */
  touch(tenant: Tenant, id: string, now: Date): Promise<void>;
}

export interface StorePatch {
  name?: string;
  legalName?: string | null;
  contactEmail?: string | null;
  contactPhone?: string | null;
  address?: Partial<Address>;
  currency?: string;
  timezone?: string;
  logoFileId?: string | null;
}

/** Stores (the tenants), their members and invitations. Every method takes the store id first. */
export interface StoreRepo {
  insertStore(store: Store): Promise<void>;
  /**
   * The store, its row locked until the transaction ends on PostgreSQL (SQLite runs one writer at a time): writes to
   * the business profile and the store-wide settings (currency, time zone, low-stock threshold) run one at a time.
   */
  lockStore(storeId: string): Promise<Store | undefined>;
  findStore(storeId: string): Promise<Store | undefined>;
  updateStore(storeId: string, patch: StorePatch, now: Date): Promise<void>;
  /** The stores a user belongs to, with the user's role in each, oldest first. */
  listStoresOfUser(userId: string): Promise<Array<{
    store: Store;
    role: Role;
  }>>;
  findMembership(storeId: string, userId: string): Promise<Membership | undefined>;
  /** The only store a user belongs to, or the number of stores when it is not exactly one. */
  countMemberships(userId: string): Promise<number>;
  firstMembership(userId: string): Promise<Membership | undefined>;
  insertMember(storeId: string, userId: string, role: Role, now: Date): Promise<void>;
  listMembers(storeId: string): Promise<Member[]>;
  /**
   * The store's owners, locked until the transaction ends on PostgreSQL (SQLite runs one transaction at a time), so
   * two owners demoting or removing each other at once cannot both see the other and leave the store ownerless.
   */
  countOwnersForUpdate(storeId: string): Promise<number>;
  updateMemberRole(storeId: string, userId: string, role: Role, now: Date): Promise<void>;
  deleteMember(storeId: string, userId: string): Promise<void>;
  insertInvitation(invitation: Invitation, tokenHash: string): Promise<void>;
  /** Invitations not yet accepted or revoked (expired ones included, flagged by their expiry). */
  listOpenInvitations(storeId: string): Promise<Invitation[]>;
  /** The open invitation whose token, or the token of its latest mail, has this hash. */
  findOpenInvitationByToken(tokenHash: string): Promise<Invitation | undefined>;
  /** Marks an open invitation accepted; false when it was already used or revoked (a concurrent accept). */
  markInvitationAccepted(storeId: string, invitationId: string, now: Date): Promise<boolean>;
  revokeInvitation(storeId: string, invitationId: string, now: Date): Promise<boolean>;
  /** Gives an invitation a new expiry (resending it). */
  renewInvitation(storeId: string, invitationId: string, expiresAt: Date): Promise<void>;
}
