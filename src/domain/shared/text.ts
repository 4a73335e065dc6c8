/**
 * Lower-cases and strips accents, so a filter matches the way people type: "cote" finds "Côte d'Ivoire",
 * "ALAND" finds "Åland Islands".
 */
export function foldForSearch(value: string): string {
  return value.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}
