import type { RequestContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { foldForSearch } from '../shared/text.ts';
import { COLORS } from './colors.ts';
import { bundledFingerprint } from './reference-fingerprint.ts';
import type { Color, Country, ReferenceRepo, Specification, State, SyncCounts } from './reference-types.ts';

interface Snapshot {
  revision: number;
  countries: Country[];
  /** Folded names, index-aligned with `countries`, for the name filter. */
  foldedNames: string[];
  countriesById: Map<string, Country>;
  statesByCountry: Map<string, State[]>;
  specifications: Specification[];
  colors: Color[];
  colorsById: Map<string, Color>;
}

export interface SyncReport {
  countries: SyncCounts;
  states: SyncCounts;
  specifications: SyncCounts;
  colors: SyncCounts;
}

export type SyncProgress = (step: 'countries' | 'states' | 'specifications' | 'colors', done: number, total: number) => void;

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'en');

/**
 * Countries, states and specifications. The data changes only through `sync` (run by `seed` and at start-up), so the
 * service keeps it in memory after the first read; `revision()` changes whenever it reloads.
 */
export function createReferenceService(deps: { store: ReferenceRepo }) {
  const { store } = deps;
  let snapshot: Promise<Snapshot> | undefined;
  let revision = 0;
  /** The revision of the loaded snapshot; undefined while none is loaded (before the first read, after a sync). */
  let loadedRevision: number | undefined;

  async function load(): Promise<Snapshot> {
    const [countries, states, specifications, colors] = await Promise.all([
      store.listCountries(),
      store.listStates(),
      store.listSpecifications(),
      store.listColors(),
    ]);
    countries.sort(byName);
    states.sort(byName);
    const statesByCountry = new Map<string, State[]>();
    for (const state of states) {
      const list = statesByCountry.get(state.countryId);
      if (list) list.push(state);
      else statesByCountry.set(state.countryId, [state]);
    }
    specifications.sort(byName);
    revision += 1;
    return {
      revision,
      countries,
      foldedNames: countries.map((c) => foldForSearch(c.name)),
      countriesById: new Map(countries.map((c) => [c.id, c])),
      statesByCountry,
      specifications,
      colors: colors.sort(byName),
      colorsById: new Map(colors.map((c) => [c.id, c])),
    };
  }

  function current(): Promise<Snapshot> {
    if (!snapshot) {
      const loading = load();
      snapshot = loading;
      // Registered before any caller awaits it, so it runs first. A load that a sync overtook (it read the data before
      // the sync wrote) never becomes the current revision; a failed load (database down) is not cached: the next
      // request tries again.
      loading.then(
        (loaded) => {
          if (snapshot === loading) loadedRevision = loaded.revision;
        },
        () => {
          if (snapshot === loading) snapshot = undefined;
        },
      );
    }
    return snapshot;
  }

  async function findCountry(id: string): Promise<{ snap: Snapshot; country: Country }> {
    const snap = await current();
    const country = snap.countriesById.get(id.toUpperCase());
    if (!country) {
      throw new AppError(
        'COUNTRY_NOT_FOUND',
        `No country has the id "${id}". Country ids are ISO 3166-1 alpha-2 codes (for example US); list them with GET /v1/countries.`,
      );
    }
    return { snap, country };
  }

  async function sync(ctx: RequestContext, onProgress?: SyncProgress): Promise<SyncReport> {
    const fingerprint = bundledFingerprint();
    const { countrySources, specificationSources, stateSources } = await import('./reference-sources.ts');
    const countries = countrySources();
    onProgress?.('countries', 0, countries.length);
    const countryCounts = await store.syncCountries(countries, ctx.now);
    onProgress?.('countries', countries.length, countries.length);
    const states = stateSources();
    const stateCounts = await store.syncStates(states, ctx.now, (done, total) => onProgress?.('states', done, total));
    const specifications = specificationSources();
    onProgress?.('specifications', 0, specifications.length);
    const specificationCounts = await store.syncSpecifications(specifications, ctx.now);
    onProgress?.('specifications', specifications.length, specifications.length);
    onProgress?.('colors', 0, COLORS.length);
    const colorCounts = await store.syncColors([...COLORS], ctx.now);
    onProgress?.('colors', COLORS.length, COLORS.length);
    // Recorded once every part is written: a sync cut short is done again at the next start.
    await store.recordSync(fingerprint, ctx.now);
    snapshot = undefined;
    loadedRevision = undefined;
    return { countries: countryCounts, states: stateCounts, specifications: specificationCounts, colors: colorCounts };
  }

  return {
    /** Changes whenever the data is reloaded; anything derived from a read may be reused while it stays the same. */
    async revision(): Promise<number> {
      return (await current()).revision;
    },

    /** Whether `revision` (from `revision()`) is still the data in memory; synchronous, for per-request checks. */
    isCurrent(revision: number): boolean {
      return loadedRevision === revision;
    },

    /** All countries by name; `name` keeps those whose name contains it (case- and accent-insensitive). */
    async listCountries(_ctx: RequestContext, query: { name?: string | undefined } = {}): Promise<Country[]> {
      const snap = await current();
      const needle = query.name === undefined ? '' : foldForSearch(query.name.trim());
      if (needle === '') return snap.countries;
      return snap.countries.filter((_, i) => snap.foldedNames[i]!.includes(needle));
    },

    async getCountry(_ctx: RequestContext, id: string): Promise<{ country: Country; states: State[] }> {
      const { snap, country } = await findCountry(id);
      return { country, states: snap.statesByCountry.get(country.id) ?? [] };
    },

    /** The first-level subdivisions of a country by name; an unknown country is COUNTRY_NOT_FOUND. */
    async listStates(_ctx: RequestContext, countryId: string): Promise<State[]> {
      const { snap, country } = await findCountry(countryId);
      return snap.statesByCountry.get(country.id) ?? [];
    },

    async listSpecifications(_ctx: RequestContext): Promise<Specification[]> {
      return (await current()).specifications;
    },

    /** The system color palette, by name. */
    async listColors(_ctx: RequestContext): Promise<Color[]> {
      return (await current()).colors;
    },

    async colorExists(id: string): Promise<boolean> {
      return (await current()).colorsById.has(id);
    },

    /**
     * Brings the stored reference data up to date with the bundled sources, then reloads the in-memory copy, and
     * records the bundled data's fingerprint. The sources (the ISO 3166 package) are loaded only here.
     */
    sync,

    /**
     * Whether the database holds the bundled reference data (its last sync recorded this release's fingerprint), read
     * without loading the sources. Nothing but `sync` writes reference data. `serve` syncs in a child process when not
     * (decision 0043).
     */
    async upToDate(): Promise<boolean> {
      return (await store.syncedFingerprint()) === bundledFingerprint();
    },
  };
}

export type ReferenceService = ReturnType<typeof createReferenceService>;
