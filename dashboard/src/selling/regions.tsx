import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { api } from '../api/client.ts';
import type { Schemas } from '../api/wire.ts';
import { ErrorPanel } from '../components/ErrorPanel.tsx';

type Country = Schemas['Country'];
type CountryState = Schemas['State'];
type DeliveryRegion = Schemas['DeliveryRegion'];

// The cache entries hold the lists as the API sends them (the Settings page shares them); `select` keeps the current ones.

/** The current countries (`GET /v1/countries`, public reference data; one list for every store). */
export function useCountries() {
  return useQuery({
    queryKey: ['reference', 'countries'],
    staleTime: 60 * 60_000,
    queryFn: ({ signal }) => api<Country[]>('/v1/countries', { signal }).then((r) => r.data),
    select: (list) => list.filter((c) => c.status),
  });
}

/** A country's current states (`GET /v1/states/{countryId}`); none asked for without a country. */
export function useStates(countryId: string | null) {
  return useQuery({
    queryKey: ['reference', 'states', countryId],
    enabled: countryId !== null && countryId !== '',
    staleTime: 60 * 60_000,
    queryFn: ({ signal }) => api<CountryState[]>(`/v1/states/${encodeURIComponent(countryId ?? '')}`, { signal }).then((r) => r.data),
    select: (list) => list.filter((s) => s.status),
  });
}

/** A region by name: "United States" (the whole country) or "California, United States". Codes until names load. */
export function regionName(region: DeliveryRegion, countries: Country[] | undefined, states: CountryState[] | undefined): string {
  const country = countries?.find((c) => c.id === region.countryId)?.name ?? region.countryId;
  if (region.stateId === null) return country;
  const state = states?.find((s) => s.id === region.stateId)?.name ?? region.stateId;
  return `${state}, ${country}`;
}

export function RegionName({ region }: { region: DeliveryRegion }) {
  const countries = useCountries();
  const states = useStates(region.stateId === null ? null : region.countryId);
  return <>{regionName(region, countries.data, states.data)}</>;
}

function RegionItem({ region, error, onRemove }: { region: DeliveryRegion; error: string | null; onRemove: (() => void) | null }) {
  const countries = useCountries();
  const states = useStates(region.stateId === null ? null : region.countryId);
  const name = regionName(region, countries.data, states.data);
  return (
    <li data-testid="region">
      <span>{name}</span>
      {onRemove ? (
        <button type="button" className="button" onClick={onRemove} aria-label={`Remove ${name}`}>
          Remove
        </button>
      ) : null}
      {error ? <p className="field-error">{name}: {error}.</p> : null}
    </li>
  );
}

const same = (a: DeliveryRegion, b: DeliveryRegion) => a.countryId === b.countryId && a.stateId === b.stateId;

/**
 * The regions of a zone: a country (and optionally one of its states) chosen from the reference lists and added to
 * the list; each added region can be removed. The API's complaints name the list (`regions`) or an entry
 * (`regions[1].stateId`, `regions[2]`): each shows next to what it names.
 */
export function RegionsPicker({
  regions,
  onChange,
  errors,
  disabled,
}: {
  regions: DeliveryRegion[];
  onChange: (regions: DeliveryRegion[]) => void;
  errors: Map<string, string>;
  disabled: boolean;
}) {
  const listErrorId = useId();
  const countries = useCountries();
  const [country, setCountry] = useState('');
  const [state, setState] = useState('');
  const candidate: DeliveryRegion | null = country ? { countryId: country, stateId: state || null } : null;
  const already = candidate !== null && regions.some((r) => same(r, candidate));
  const listError = errors.get('regions') ?? null;
  const entryError = (i: number) =>
    [...errors.entries()]
      .filter(([path]) => path === `regions[${i}]` || path.startsWith(`regions[${i}].`))
      .map(([, rule]) => rule)
      .join('; ') || null;
  return (
    <fieldset className="regions" aria-describedby={listError ? listErrorId : undefined} disabled={disabled}>
      <legend>Regions</legend>
      <p className="field-hint">Countries, or states of a country. A region belongs to one zone only.</p>
      {regions.length === 0 ? (
        <p className="muted">No regions yet: choose a country below and add it.</p>
      ) : (
        <ul className="region-list">
          {regions.map((r, i) => (
            <RegionItem key={`${r.countryId}:${r.stateId ?? ''}`} region={r} error={entryError(i)} onRemove={disabled ? null : () => onChange(regions.filter((_, j) => j !== i))} />
          ))}
        </ul>
      )}
      {listError ? (
        <p id={listErrorId} className="field-error">
          Regions {listError}.
        </p>
      ) : null}
      {disabled ? null : (
        <div className="region-add">
          <CountryStateFields
            country={country}
            state={state}
            wholeCountry="The whole country"
            onChange={(c, st) => {
              setCountry(c);
              setState(st);
            }}
          />
          <button
            type="button"
            className="button"
            disabled={candidate === null || already}
            onClick={() => {
              if (candidate && !already) onChange([...regions, candidate]);
            }}
          >
            {already ? 'Already added' : 'Add region'}
          </button>
        </div>
      )}
      {countries.isError ? <ErrorPanel error={countries.error} title="The countries could not be loaded." onRetry={() => countries.refetch()} /> : null}
    </fieldset>
  );
}

/**
 * A country and, once it has states, one of them (`GET /v1/countries`, `GET /v1/states/{countryId}`): choosing another
 * country clears the state. `wholeCountry` names the empty state choice.
 */
export function CountryStateFields({
  country,
  state,
  wholeCountry,
  onChange,
  countryError = null,
  stateError = null,
}: {
  country: string;
  state: string;
  wholeCountry: string;
  onChange: (country: string, state: string) => void;
  /** The API's refusal of the country or the state, shown under it (an order's or a customer's address). */
  countryError?: string | null;
  stateError?: string | null;
}) {
  const countryId = useId();
  const stateId = useId();
  const countries = useCountries();
  const states = useStates(country || null);
  return (
    <>
      <div className="form-field">
        <label htmlFor={countryId}>Country</label>
        <select
          id={countryId}
          value={country}
          aria-invalid={countryError ? true : undefined}
          aria-describedby={countryError ? `${countryId}-error` : undefined}
          onChange={(e) => onChange(e.target.value, '')}
        >
          <option value="">Choose a country</option>
          {(countries.data ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
        {countryError ? (
          <p id={`${countryId}-error`} className="field-error">
            Country {countryError}.
          </p>
        ) : null}
      </div>
      <div className="form-field">
        <label htmlFor={stateId}>State</label>
        <select
          id={stateId}
          value={state}
          disabled={!country || !states.data || states.data.length === 0}
          aria-invalid={stateError ? true : undefined}
          aria-describedby={stateError ? `${stateId}-error` : undefined}
          onChange={(e) => onChange(country, e.target.value)}
        >
          <option value="">{wholeCountry}</option>
          {(states.data ?? []).map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
        {stateError ? (
          <p id={`${stateId}-error`} className="field-error">
            State {stateError}.
          </p>
        ) : null}
      </div>
    </>
  );
}
