import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Tenant } from '../api/client.ts';
import { type BodyOf, call } from '../api/wire.ts';
import { type AddressDraft, AddressFields, addressBegun, addressBody, EMPTY_ADDRESS, isAddressPath } from '../components/AddressFields.tsx';
import { FormRefusal, fieldErrors, TextField } from '../components/Field.tsx';
import { Section } from '../components/Section.tsx';
import { useSubmission } from '../idempotency.ts';
import { focusFirstField } from '../products/focus.ts';

interface Draft {
  name: string;
  email: string;
  phone: string;
  address: AddressDraft;
}

const EMPTY: Draft = { name: '', email: '', phone: '', address: EMPTY_ADDRESS };

/** The request body: an address only when one was begun (the API names what it then lacks). */
type CustomerBody = BodyOf<'/v1/customers', 'post'>;

function bodyOf(d: Draft): CustomerBody {
  const body: CustomerBody = { name: d.name.trim(), email: d.email.trim() };
  if (d.phone.trim()) body.phone = d.phone.trim();
  if (addressBegun(d.address)) body.addresses = [addressBody(d.address)];
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
  const edited = () => {
    submission.forget();
    if (create.isError) create.reset();
  };
  const set = (key: 'name' | 'email' | 'phone') => (value: string) => {
    setDraft({ ...draft, [key]: value });
    edited();
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
            <TextField label="Name" error={at('name')} type="text" autoComplete="off" maxLength={200} value={draft.name} onChange={set('name')} />
            <TextField label="Email" error={at('email')} type="email" autoComplete="off" maxLength={320} value={draft.email} onChange={set('email')} />
            <TextField label="Phone" error={at('phone')} hint="Optional, such as +1 555 0100." type="tel" autoComplete="off" maxLength={40} value={draft.phone} onChange={set('phone')} />
          </div>
          <fieldset className="fieldset">
            <legend>Address (optional)</legend>
            <AddressFields
              value={draft.address}
              path="addresses[0]"
              errors={errors}
              onChange={(address) => {
                setDraft({ ...draft, address });
                edited();
              }}
            />
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
            shown={(path) => ['name', 'email', 'phone'].includes(path) || isAddressPath(path, 'addresses[0]')}
            title="The customer could not be added."
            nothing="Nothing was added"
          />
        </form>
      ) : null}
    </Section>
  );
}
