import { iso31661, iso31662 } from 'iso-3166';
import type { CountrySource, SpecificationSource, StateSource } from './reference-types.ts';
import { SPECIFICATIONS, slugify } from './specifications.ts';

/**
 * Countries from ISO 3166-1 (the maintained `iso-3166` package), keyed by their alpha-2 code: the code is the id,
 * so ids are the same on every install and survive restarts and upgrades.
 */
export function countrySources(): CountrySource[] {
  return iso31661.map((c) => ({ id: c.alpha2, name: c.name, alpha3: c.alpha3, numericCode: c.numeric }));
}

/**
 * First-level subdivisions from ISO 3166-2: those whose parent is the country itself (not another subdivision).
 * The ISO 3166-2 code (`US-CA`) is the id.
 */
export function stateSources(): StateSource[] {
  const countries = new Set(iso31661.map((c) => c.alpha2));
  return iso31662
    .filter((s) => countries.has(s.parent))
    .map((s) => ({ id: s.code, countryId: s.parent, name: s.name }));
}

export function specificationSources(): SpecificationSource[] {
  return SPECIFICATIONS.map((s) => ({ ...s, slug: slugify(s.name) }));
}
