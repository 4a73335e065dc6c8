import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Tenant } from '../api/client.ts';
import { type BodyOf, call } from '../api/wire.ts';
import { type AddressDraft, AddressFields, addressBegun, addressBody, EMPTY_ADDRESS, isAddressPath } from '../components/AddressFields.tsx';
import { ErrorPanel, Loading } from '../components/ErrorPanel.tsx';
import { FormRefusal, fieldErrors, TextField } from '../components/Field.tsx';
import { NotAllowed, Section } from '../components/Section.tsx';
import { useSubmission } from '../idempotency.ts';
import { focusFirstField } from '../products/focus.ts';
import { ChangedMeanwhile } from '../stock/ChangedMeanwhile.tsx';
import { addressLine, changedMeanwhile, ifMatchSeen, locationsChanged, type StockLocation, useLocations } from '../stock/locations.ts';
import { tenantOf, useTenant, useTenantSearch } from '../tenant.tsx';

const READ = 'inventory:read';
const WRITE = 'inventory:write';

/**
 * Stock locations (issue 36, docs/fulfilment.md): the store's warehouses and shops in the order of preference (orders
 * take units from the first that has them), each a link to its page (edit, deactivate, delete, its stock); with
 * `inventory:write`, Move up / Move down to reorder and a form to add one.
 */
export default function Locations() {
  const state = useTenant();
  const tenant = tenantOf(state);
  if (!tenant || !state.store) return null;
  const allowed = state.permissions?.has(READ) ?? false;
  const canWrite = state.permissions?.has(WRITE) ?? false;
  return (
    <>
      <title>{`Locations · ${state.store.name} · Dashboard`}</title>
      <h1>Locations</h1>
      <p className="muted">
        The places that hold your stock in {tenant.mode} mode, in your order of preference: an order takes units from the first location that has them. Stock at
        an inactive location is not for sale.
      </p>
      {state.permissions === null ? (
        <Loading what="your permissions" />
      ) : !allowed ? (
        <NotAllowed permission={READ} />
      ) : (
        <>
          <LocationList tenant={tenant} canWrite={canWrite} />
          {canWrite ? <NewLocation tenant={tenant} /> : null}
        </>
      )}
    </>
  );
}

function LocationList({ tenant, canWrite }: { tenant: Tenant; canWrite: boolean }) {
  const search = useTenantSearch();
  const queryClient = useQueryClient();
  const query = useLocations(tenant);
  const [moved, setMoved] = useState<string | null>(null);
  // Reordering numbers the locations 0, 1, 2… in the new order and saves each whose position changes.
  const reorder = useMutation({
    mutationFn: async (input: { order: StockLocation[]; moved: StockLocation; up: boolean }) => {
      for (const [position, l] of input.order.entries()) {
        if (l.position !== position) await call('patch', '/v1/locations/{id}', { tenant, params: { id: l.id }, headers: await ifMatchSeen(tenant, l), body: { position } });
      }
      return input;
    },
    onSuccess: (input) => setMoved(`${input.moved.name} moved ${input.up ? 'up' : 'down'}.`),
    onSettled: () => locationsChanged(queryClient, tenant),
  });
  if (query.isPending) return <Loading what="locations" />;
  if (query.isError) return <ErrorPanel error={query.error} title="The locations could not be loaded." onRetry={() => query.refetch()} />;
  const list = query.data;
  const move = (i: number, up: boolean) => {
    const order = [...list];
    const j = up ? i - 1 : i + 1;
    [order[i], order[j]] = [order[j]!, order[i]!];
    setMoved(null);
    reorder.mutate({ order, moved: list[i]!, up });
  };
  return (
    <Section title="Your locations">
      {list.length === 0 ? (
        <p className="empty">No locations yet: your first product's stock creates the default location, or add one below.</p>
      ) : (
        <ol className="rows location-list" aria-label="Locations in the order of preference">
          {list.map((l, i) => (
            <li key={l.id} className="row" data-testid="location-row">
              <span>
                <Link to={{ pathname: `/locations/${encodeURIComponent(l.id)}`, search }}>{l.name}</Link>
                {l.isDefault ? <> <span className="badge badge-in">Default</span></> : null}
                {l.active ? null : <> <span className="badge badge-none">Inactive</span></>}
                {addressLine(l) ? <span className="muted"> · {addressLine(l)}</span> : null}
              </span>
              {canWrite ? (
                <span className="actions">
                  <button type="button" className="button" disabled={i === 0 || reorder.isPending} aria-label={`Move up: ${l.name}`} onClick={() => move(i, true)}>
                    Move up
                  </button>
                  <button type="button" className="button" disabled={i === list.length - 1 || reorder.isPending} aria-label={`Move down: ${l.name}`} onClick={() => move(i, false)}>
                    Move down
                  </button>
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <p role="status" className="muted">
        {moved ?? ''}
      </p>
      {reorder.isError ? (
        changedMeanwhile(reorder.error) ? (
          <ChangedMeanwhile title="The order could not be saved." onReload={() => { reorder.reset(); locationsChanged(queryClient, tenant); }} />
        ) : (
          <ErrorPanel error={reorder.error} title="The order could not be saved." />
        )
      ) : null}
    </Section>
  );
}

type LocationBody = BodyOf<'/v1/locations', 'post'>;

/** Adding a location: a name and an optional address; the keyboard goes back to Name for the next one. */
function NewLocation({ tenant }: { tenant: Tenant }) {
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [name, setName] = useState('');
  const [address, setAddress] = useState<AddressDraft>(EMPTY_ADDRESS);
  const [added, setAdded] = useState<string | null>(null);
  const submission = useSubmission();
  const create = useMutation({
    mutationFn: (input: { body: LocationBody; key: string }) => call('post', '/v1/locations', { tenant, headers: { 'Idempotency-Key': input.key }, body: input.body }).then((r) => r.data),
    onSuccess: (location) => {
      submission.forget();
      setName('');
      setAddress(EMPTY_ADDRESS);
      setAdded(`${location.name} added, last in the order of preference.`);
      locationsChanged(queryClient, tenant);
      focusFirstField(formRef.current);
    },
    onSettled: () => submission.settled(),
  });
  const edited = () => {
    submission.forget();
    setAdded(null);
    if (create.isError) create.reset();
  };
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const body: LocationBody = { name: name.trim() };
    if (addressBegun(address)) body.address = addressBody(address);
    const key = submission.begin(JSON.stringify(body));
    if (key !== null) create.mutate({ body, key });
  };
  const errors = fieldErrors(create.error);
  return (
    <Section title="Add a location">
      <form ref={formRef} onSubmit={submit} noValidate aria-label="New location">
        <TextField label="Name" error={errors.get('name')} hint="Such as Main warehouse or Shop on High Street." maxLength={100} value={name} onChange={(v) => { setName(v); edited(); }} />
        <fieldset className="fieldset">
          <legend>Address (optional)</legend>
          <AddressFields
            value={address}
            path="address"
            errors={errors}
            onChange={(a) => {
              setAddress(a);
              edited();
            }}
          />
        </fieldset>
        <div className="actions">
          <button type="submit" className="button button-primary" disabled={create.isPending}>
            {create.isPending ? 'Adding…' : 'Add location'}
          </button>
        </div>
        <p role="status" className="muted">
          {added ?? ''}
        </p>
        <FormRefusal error={create.error} shown={(path) => path === 'name' || isAddressPath(path, 'address')} title="The location could not be added." nothing="Nothing was added" />
      </form>
    </Section>
  );
}
