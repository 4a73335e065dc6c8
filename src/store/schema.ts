import type { ColumnType } from 'kysely';

/** Timestamps: written as ISO-8601 text; read back as text (SQLite) or Date (PostgreSQL). */
export type Timestamp = ColumnType<Date | string, string, string>;
/** Booleans: written as 0/1; read back as 0/1 (SQLite) or boolean (PostgreSQL). */
export type Bool = ColumnType<boolean | number, 0 | 1, 0 | 1>;

export interface CountryTable {
  id: string;
  name: string;
  alpha3: string;
  numeric_code: string;
  status: Bool;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface StateTable {
  id: string;
  country_id: string;
  name: string;
  status: Bool;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SpecificationTable {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}


export interface UserTable {
  id: string;
  email: string;
  email_normalized: string;
  name: string;
  phone: string | null;
  password_hash: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionTable {
  id: string;
  token_hash: string;
  user_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface StoreTable {
  id: string;
  name: string;
  legal_name: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  postal_code: string | null;
  country_id: string | null;
  state_id: string | null;
  currency: string;
  timezone: string;
  logo_file_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface StoreMemberTable {
  store_id: string;
  user_id: string;
  role: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface StoreInvitationTable {
  id: string;
  store_id: string;
  email: string;
  email_normalized: string;
  role: string;
  token_hash: string;
  invited_by: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  accepted_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

export interface ApiKeyTable {
  id: string;
  store_id: string;
  mode: string;
  name: string;
  prefix: string;
  key_hash: string;
  /** JSON array of permissions, or null for "everything the creator may do". */
  permissions: string | null;
  created_by: string;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

export interface AuditLogTable {
  id: string;
  store_id: string;
  mode: string;
  actor_type: string;
  actor_id: string;
  actor_label: string;
  user_id: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  /** JSON object */
  details: string | null;
  request_id: string | null;
  created_at: Timestamp;
}

export interface OAuthClientTable {
  client_id: string;
  client_name: string;
  /** JSON array of strings, exactly as registered */
  redirect_uris: string;
  created_at: Timestamp;
}

export interface OAuthAuthorizationRequestTable {
  id: string;
  client_id: string;
  redirect_uri: string;
  state: string;
  code_challenge: string;
  /** space-separated requested scopes */
  scope: string;
  resource: string;
  session_id: string | null;
  store_id: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  completed_at: Timestamp | null;
}

export interface OAuthGrantTable {
  id: string;
  client_id: string;
  user_id: string;
  store_id: string;
  mode: string;
  /** space-separated granted scopes */
  scope: string;
  resource: string;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  revoked_reason: string | null;
}

export interface OAuthCodeTable {
  hash: string;
  grant_id: string;
  redirect_uri: string;
  code_challenge: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
}

export interface OAuthAccessTokenTable {
  hash: string;
  grant_id: string;
  scope: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface OAuthRefreshTokenTable {
  hash: string;
  grant_id: string;
  parent_hash: string | null;
  generation: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
}

export interface Database {
  countries: CountryTable;
  states: StateTable;
  specifications: SpecificationTable;
  users: UserTable;
  sessions: SessionTable;
  stores: StoreTable;
  store_members: StoreMemberTable;
  store_invitations: StoreInvitationTable;
  api_keys: ApiKeyTable;
  audit_logs: AuditLogTable;
  oauth_clients: OAuthClientTable;
  oauth_authorization_requests: OAuthAuthorizationRequestTable;
  oauth_grants: OAuthGrantTable;
  oauth_codes: OAuthCodeTable;
  oauth_access_tokens: OAuthAccessTokenTable;
  oauth_refresh_tokens: OAuthRefreshTokenTable;
}
