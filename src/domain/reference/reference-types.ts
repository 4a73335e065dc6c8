/** Reference data as the domain sees it. Timestamps are instants; the HTTP layer formats them. */
export interface Country {
  id: string;
  name: string;
  status: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface State {
  id: string;
  countryId: string;
  name: string;
  status: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface Specification {
  id: string;
  name: string;
  slug: string;
  description: string | null;
}

export interface Color {
  id: string;
  name: string;
  hex: string;
}

/** A source record for a country, before it is stored. */
export interface CountrySource {
  id: string;
  name: string;
  alpha3: string;
  numericCode: string;
}

export interface StateSource {
  id: string;
  countryId: string;
  name: string;
}

export interface SpecificationSource {
  id: string;
  name: string;
  slug: string;
  description: string | null;
}

/** What a sync changed, per table. */
export interface SyncCounts {
  inserted: number;
  updated: number;
  retired: number;
  unchanged: number;
}

/** What the reference service needs from storage; `store/reference-repo.ts` implements it. */
export interface ReferenceRepo {
  listCountries(): Promise<Country[]>;
  listStates(): Promise<State[]>;
  listSpecifications(): Promise<Specification[]>;
  listColors(): Promise<Color[]>;
  /**
   * Makes the stored countries match `sources`: inserts new ones, updates changed names, and marks countries no
   * longer in the sources inactive (status false) rather than deleting them, so ids stay valid forever.
   * Unchanged rows keep their timestamps. All or nothing.
   */
  syncCountries(sources: CountrySource[], now: Date): Promise<SyncCounts>;
  /** As syncCountries, for states. `onProgress` reports rows processed so far. */
  syncStates(sources: StateSource[], now: Date, onProgress?: (done: number, total: number) => void): Promise<SyncCounts>;
  /** As syncCountries, for specifications; a specification no longer listed is kept (products may use it). */
  syncSpecifications(sources: SpecificationSource[], now: Date): Promise<SyncCounts>;
  /** As syncSpecifications, for the color palette. */
  syncColors(sources: Color[], now: Date): Promise<SyncCounts>;
  /** The fingerprint of the bundled data the database was last synced with; undefined before the first sync. */
  syncedFingerprint(): Promise<string | undefined>;
  /** Records that the database now holds the bundled data of `fingerprint`. */
  recordSync(fingerprint: string, now: Date): Promise<void>;
}
