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

export interface Database {
  countries: CountryTable;
  states: StateTable;
  specifications: SpecificationTable;
}
