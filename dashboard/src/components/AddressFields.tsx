import { CountryStateFields } from '../selling/regions.tsx';
import { TextField } from './Field.tsx';

/** A postal address being typed: every field as text, the country and state as their reference ids ('' for none). */
export interface AddressDraft {
  name: string;
  line1: string;
  line2: string;
  city: string;
  postalCode: string;
  countryId: string;
  stateId: string;
  phone: string;
}

export const EMPTY_ADDRESS: AddressDraft = { name: '', line1: '', line2: '', city: '', postalCode: '', countryId: '', stateId: '', phone: '' };

/** What the API takes for an address (a customer's, or an order's shipping or billing one). */
export interface AddressBody {
  name?: string;
  line1: string;
  line2?: string;
  city: string;
  postalCode?: string;
  countryId: string;
  stateId?: string;
  phone?: string;
}

/** Whether anything of the address was typed: an address only begun is still sent, so the API names what it lacks. */
export function addressBegun(d: AddressDraft): boolean {
  return Boolean(d.line1.trim() || d.city.trim() || d.countryId);
}

/** The request's address: the required fields as typed (trimmed), the optional ones only when given. */
export function addressBody(d: AddressDraft): AddressBody {
  const body: AddressBody = { line1: d.line1.trim(), city: d.city.trim(), countryId: d.countryId };
  if (d.name.trim()) body.name = d.name.trim();
  if (d.line2.trim()) body.line2 = d.line2.trim();
  if (d.postalCode.trim()) body.postalCode = d.postalCode.trim();
  if (d.stateId) body.stateId = d.stateId;
  if (d.phone.trim()) body.phone = d.phone.trim();
  return body;
}

/** Whether a refusal's path is a field {@link AddressFields} shows (`shippingAddress.city`), for a form's refusal panel. */
export function isAddressPath(path: string, prefix: string, recipient = false): boolean {
  const fields = ['line1', 'line2', 'city', 'postalCode', 'countryId', 'stateId', ...(recipient ? ['name', 'phone'] : [])];
  return path.startsWith(`${prefix}.`) && fields.includes(path.slice(prefix.length + 1));
}

/**
 * The fields of one postal address, each showing the API's refusal at `<path>.<field>` (`addresses[0].city`,
 * `shippingAddress.countryId`). `recipient` adds the recipient's name and phone (an order's addresses carry them).
 */
export function AddressFields({
  value,
  onChange,
  path,
  errors,
  recipient = false,
}: {
  value: AddressDraft;
  onChange: (next: AddressDraft) => void;
  path: string;
  errors: ReadonlyMap<string, string>;
  recipient?: boolean;
}) {
  const at = (field: keyof AddressDraft) => errors.get(`${path}.${field}`) ?? null;
  const text = (field: keyof AddressDraft, label: string, max: number, type: 'text' | 'tel' = 'text') => (
    <TextField label={label} error={at(field)} type={type} autoComplete="off" maxLength={max} value={value[field]} onChange={(v) => onChange({ ...value, [field]: v })} />
  );
  return (
    <div className="field-grid">
      {recipient ? text('name', 'Recipient (optional)', 200) : null}
      {text('line1', 'Address line 1', 200)}
      {text('line2', 'Address line 2', 200)}
      {text('city', 'City', 120)}
      {text('postalCode', 'Postal code', 20)}
      <CountryStateFields
        country={value.countryId}
        state={value.stateId}
        wholeCountry="None"
        countryError={at('countryId')}
        stateError={at('stateId')}
        onChange={(countryId, stateId) => onChange({ ...value, countryId, stateId })}
      />
      {recipient ? text('phone', 'Phone (optional)', 40, 'tel') : null}
    </div>
  );
}
