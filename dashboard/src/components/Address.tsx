import type { Schemas } from '../api/wire.ts';
import { useCountries, useStates } from '../selling/regions.tsx';

type OrderAddress = Schemas['Address'];

/**
 * A postal address as a merchant reads it: recipient, street lines, postal code and city, the state and country by
 * name (their codes until the reference lists load), phone. Used for a customer's addresses and an order's.
 */
export function PostalAddress({ address: a, testId }: { address: OrderAddress; testId?: string }) {
  const countries = useCountries();
  const states = useStates(a.stateId ? a.countryId : null);
  const country = countries.data?.find((c) => c.id === a.countryId)?.name ?? a.countryId;
  const state = a.stateId ? (states.data?.find((s) => s.id === a.stateId)?.name ?? a.stateId) : null;
  const lines = [a.name, a.line1, a.line2, [a.postalCode, a.city].filter(Boolean).join(' '), [state, country].filter(Boolean).join(', '), a.phone ? `Phone ${a.phone}` : null].filter(
    (line): line is string => Boolean(line),
  );
  return (
    <address data-testid={testId}>
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one address, in a fixed order
        <span key={i} className="address-line">
          {line}
        </span>
      ))}
    </address>
  );
}

/** Whether two addresses are the same place and recipient (a billing address copied from the shipping one). */
export function sameAddress(a: OrderAddress, b: OrderAddress): boolean {
  const keys: Array<keyof OrderAddress> = ['name', 'line1', 'line2', 'city', 'postalCode', 'countryId', 'stateId', 'phone'];
  return keys.every((k) => (a[k] ?? null) === (b[k] ?? null));
}
