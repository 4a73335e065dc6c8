import { z } from 'zod';

// The request schemas of the reference routes; the records are in src/wire/reference.ts.

export const CountryListQuery = z.object({
  name: z
    .string()
    .max(100, 'must be at most 100 characters')
    .optional()
    .describe('Keeps countries whose name contains this text (case- and accent-insensitive). No match gives an empty list.'),
});

export const CountryParams = z.object({
  countryId: z.string().max(64).describe('ISO 3166-1 alpha-2 code (case-insensitive), e.g. US'),
});
