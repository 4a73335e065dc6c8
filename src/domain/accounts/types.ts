import type { Mode } from '../../context.ts';
import type { Permission, Role } from '../shared/permissions.ts';

export interface User {
  id: string;
  email: string;
  name: string;
  phone: string | null;
  createdAt: Date;
  updatedAt: Date;
  /** When the email was last proven (a mailed link opened); null while unproven. */
  emailVerifiedAt: Date | null;
}

export interface Session {
  id: string;
  userId: string;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  /** For a dashboard token: the browser session it was issued from (it ends with it). */
  parentId?: string | null;
}

export interface Address {
  line1: string | null;
  line2: string | null;
  city: string | null;
  postalCode: string | null;
  countryId: string | null;
  stateId: string | null;
}

export interface Store {
  id: string;
  name: string;
  legalName: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  address: Address;
  currency: string;
  timezone: string;
  logoFileId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface Membership {
  storeId: string;
  userId: string;
  role: Role;
  createdAt: Date;
  updatedAt: Date;
}

export interface Member extends Membership {
  email: string;
  name: string;
}

export interface Invitation {
  id: string;
  storeId: string;
  email: string;
  role: Role;
  invitedBy: string;
  createdAt: Date;
  expiresAt: Date;
  acceptedAt: Date | null;
  revokedAt: Date | null;
}

export interface ApiKey {
  id: string;
  storeId: string;
  mode: Mode;
  name: string;
  prefix: string;
  /** null: everything the creator may do in the store */
  permissions: Permission[] | null;
  createdBy: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}


/**
 * A publishable key (docs/storefront.md): a storefront embeds it in its pages to read what a shopper may see. Not a
 * secret: shown whole in every listing. It belongs to the store and mode, not to the person who created it.
 */
export interface PublishableKey {
  id: string;
  storeId: string;
  mode: Mode;
  name: string;
  /** `pk_live_…` or `pk_test_…` */
  key: string;
  createdBy: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}
