import { z } from 'zod';
import type { Color, Country, Specification, State } from '../domain/reference/reference-types.ts';
import { envelope, WireTimestamp, wireTimestamp } from './envelope.ts';

export const StateRecord = z
  .object({
    id: z.string().describe('ISO 3166-2 subdivision code, e.g. US-CA'),
    name: z.string(),
    status: z.boolean().describe('false when the subdivision is no longer in ISO 3166-2'),
    createdAt: WireTimestamp,
    updatedAt: WireTimestamp,
  })
  .meta({ id: 'State' });

export const CountryRecord = z
  .object({
    id: z.string().describe('ISO 3166-1 alpha-2 code, e.g. US'),
    name: z.string(),
    status: z.boolean().describe('false when the country is no longer in ISO 3166-1'),
    createdAt: WireTimestamp,
    updatedAt: WireTimestamp,
    states: z.array(StateRecord).nullable().describe('null in the country list; the subdivisions on GET /v1/countries/{countryId}'),
  })
  .meta({ id: 'Country' });

export const SpecificationRecord = z
  .object({
    id: z.string().describe('stable identifier, e.g. spec_material'),
    name: z.string(),
    slug: z.string().describe('lower-case token form of the name'),
    description: z.string().nullable().describe('null when absent'),
  })
  .meta({ id: 'Specification' });

export const ColorRecord = z
  .object({
    id: z.string().describe('stable identifier, used as colorId on variant groups'),
    name: z.string(),
    hex: z.string().describe('#RRGGBB'),
  })
  .meta({ id: 'Color' });

export const CountryListResponse = envelope(z.array(CountryRecord));
export const CountryResponse = envelope(CountryRecord);
export const StateListResponse = envelope(z.array(StateRecord));
export const SpecificationListResponse = envelope(z.array(SpecificationRecord));
export const ColorListResponse = envelope(z.array(ColorRecord));

export function toColorRecord(c: Color): z.input<typeof ColorRecord> {
  return { id: c.id, name: c.name, hex: c.hex };
}

export function toStateRecord(s: State): z.input<typeof StateRecord> {
  return { id: s.id, name: s.name, status: s.status, createdAt: wireTimestamp(s.createdAt), updatedAt: wireTimestamp(s.updatedAt) };
}

export function toCountryRecord(c: Country, states: State[] | null = null): z.input<typeof CountryRecord> {
  return {
    id: c.id,
    name: c.name,
    status: c.status,
    createdAt: wireTimestamp(c.createdAt),
    updatedAt: wireTimestamp(c.updatedAt),
    states: states === null ? null : states.map(toStateRecord),
  };
}

export function toSpecificationRecord(s: Specification): z.input<typeof SpecificationRecord> {
  return { id: s.id, name: s.name, slug: s.slug, description: s.description };
}
