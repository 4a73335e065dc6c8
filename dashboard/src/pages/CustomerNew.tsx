import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Tenant } from '../api/client.ts';
import { type BodyOf, call } from '../api/wire.ts';
import { Field, FormRefusal, fieldErrors } from '../components/Field.tsx';
import { Section } from '../components/Section.tsx';
import { useSubmission } from '../idempotency.ts';
import { focusFirstField } from '../products/focus.ts';
import { CountryStateFields } from '../selling/regions.tsx';

interface Draft {
  name: string;
  email: string;
  phone: string;
  line1: string;
  line2: string;
  city: string;
  postalCode: string;
  countryId: string;
  stateId: string;
}

const EMPTY: Draft = { name: '', email: '', phone: '', line1: '', line2: '', city: '', postalCode: '', countryId: '', stateId: '' };

/** The request body: an address only when one was begun (the API names what it then lacks). */
type CustomerBody = BodyOf<'/v1/customers', 'post'>;
type AddressBody = NonNullable<CustomerBody['addresses']>[number];

function bodyOf(d: Draft): CustomerBody {
  const body: CustomerBody = { name: d.name.trim(), email: d.email.trim() };
  if (d.phone.trim()) body.phone = d.phone.trim();
  if (d.line1.trim() || d.city.trim() || d.countryId) {
    const address: AddressBody = { line1: d.line1.trim(), city: d.city.trim(), countryId: d.countryId };
    if (d.line2.trim()) address.line2 = d.line2.trim();
    if (d.postalCode.trim()) address.postalCode = d.postalCode.trim();
    if (d.stateId) address.stateId = d.stateId;
    body.addresses = [address];
  }
  return body;
}

/**
 * Adding a customer by hand (issue 38: a merchant taking an order by phone needs the customer first): name, email,
 * phone and one address, `POST /v1/customers` with an `Idempotency-Key` per submission of the same values (a double
 * click adds one), then on to the customer's page. A taken email (409 `CUSTOMER_EMAIL_TAKEN`) shows at Email.
 */
export function NewCustomer({ tenant, search }: { tenant: Tenant; search: string }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) focusFirstField(formRef.current);
    else if (wasOpen.current) opener.current?.focus();
    wasOpen.current = open;
  }, [open]);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const submission = useSubmission();
  const create = useMutation({
    mutationFn: (input: { body: CustomerBody; key: string }) =>
      call('post', '/v1/customers', { tenant, headers: { 'Idempotency-Key': input.key }, body: input.body }).then((r) => r.data),
    onSuccess: (customer) => {
      submission.forget();
      void queryClient.invalidateQueries({ queryKey: ['tenant', tenant.storeId, tenant.mode, 'customers'] });
      navigate({ pathname: `/customers/${encodeURIComponent(customer.id)}`, search }, { state: { created: true } });
    },
    onSettled: () => submission.settled(),
  });
  const set = (key: keyof Draft) => (e: { target: { value: string } }) => {
    setDraft({ ...draft, [key]: e.target.value });
    submission.forget();
    if (create.isError) create.reset();
  };
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const body = bodyOf(draft);
    const key = submission.begin(JSON.stringify(body));
    if (key !== null) create.mutate({ body, key });
  };
  const errors = fieldErrors(create.error);
  const at = (path: string) => errors.get(path) ?? null;
  return (
    <Section
      title="Add a customer"
      actions={
        open ? null : (
          <button ref={opener} type="button" className="button button-primary" onClick={() => setOpen(true)}>
            Add a customer
          </button>
        )
      }
    >
      {open ? (
        <form ref={formRef} onSubmit={submit} noValidate aria-label="New customer" data-testid="new-customer">
          <div className="field-grid">
            <Field label="Name" error={at('name')}>
              {(p) => <input {...p} type="text" autoComplete="off" maxLength={200} value={draft.name} onChange={set('name')} />}
            </Field>
            <Field label="Email" error={at('email')}>
              {(p) => <input {...p} type="email" autoComplete="off" maxLength={320} value={draft.email} onChange={set('email')} />}
            </Field>
            <Field label="Phone" error={at('phone')} hint="Optional, such as +1 555 0100.">
              {(p) => <input {...p} type="tel" autoComplete="off" maxLength={40} value={draft.phone} onChange={set('phone')} />}
            </Field>
          </div>
          <fieldset className="fieldset">
            <legend>Address (optional)</legend>
            <div className="field-grid">
              <Field label="Address line 1" error={at('addresses[0].line1')}>
                {(p) => <input {...p} type="text" autoComplete="off" maxLength={200} value={draft.line1} onChange={set('line1')} />}
              </Field>
              <Field label="Address line 2" error={at('addresses[0].line2')}>
                {(p) => <input {...p} type="text" autoComplete="off" maxLength={200} value={draft.line2} onChange={set('line2')} />}
              </Field>
              <Field label="City" error={at('addresses[0].city')}>
                {(p) => <input {...p} type="text" autoComplete="off" maxLength={120} value={draft.city} onChange={set('city')} />}
              </Field>
              <Field label="Postal code" error={at('addresses[0].postalCode')}>
                {(p) => <input {...p} type="text" autoComplete="off" maxLength={20} value={draft.postalCode} onChange={set('postalCode')} />}
              </Field>
              <CountryStateFields
                country={draft.countryId}
                state={draft.stateId}
                wholeCountry="None"
                onChange={(countryId, stateId) => {
                  setDraft({ ...draft, countryId, stateId });
                  submission.forget();
                  if (create.isError) create.reset();
                }}
              />
            </div>
          </fieldset>
          <div className="actions">
            <button type="submit" className="button button-primary" disabled={create.isPending}>
              {create.isPending ? 'Adding…' : 'Add customer'}
            </button>
            <button
              type="button"
              className="button"
              onClick={() => {
                setOpen(false);
                create.reset();
              }}
            >
              Cancel
            </button>
          </div>
          <FormRefusal
            error={create.error}
            shown={(path) => ['name', 'email', 'phone'].includes(path) || /^addresses\[0\]\.(line1|line2|city|postalCode)$/.test(path)}
            title="The customer could not be added."
            nothing="Nothing was added"
          />
        </form>
      ) : null}
    </Section>
  );
}
