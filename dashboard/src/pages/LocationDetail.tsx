import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { Tenant } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import { type BodyOf, call } from '../api/wire.ts';
import { type AddressDraft, AddressFields, addressBegun, addressBody, EMPTY_ADDRESS, isAddressPath } from '../components/AddressFields.tsx';
import { Confirm } from '../components/Confirm.tsx';
import { ErrorPanel, Loading } from '../components/ErrorPanel.tsx';
import { FormRefusal, fieldErrors, TextField } from '../components/Field.tsx';
import { LoadMore } from '../components/LoadMore.tsx';
import { NotAllowed, Section } from '../components/Section.tsx';
import { formatNumber } from '../format.ts';
import { ifMatch, loadTagged } from '../editor.ts';
import { ChangedMeanwhile } from '../stock/ChangedMeanwhile.tsx';
import { addressLine, changedMeanwhile, deleteLocation, type LocationLevel, locationsChanged, locationsKey, type StockLocation } from '../stock/locations.ts';
import { tenantOf, useTenant, useTenantSearch } from '../tenant.tsx';

const READ = 'inventory:read';
const WRITE = 'inventory:write';
const PAGE = 50;

/**
 * One stock location (`/locations/:locationId`): its name, address and state; with `inventory:write` edit them, make
 * it the default, deactivate or activate it, delete it when the API allows (empty, not the default: its refusal shows
 * in the confirmation); and the stock held there (`GET /v1/locations/{id}/levels`), the SKUs at or under the store's
 * low-stock threshold first, each a link to the Inventory page where it is adjusted or transferred.
 */
export default function LocationDetail() {
  const state = useTenant();
  const tenant = tenantOf(state);
  const { locationId = '' } = useParams();
  if (!tenant || !state.store) return null;
  const allowed = state.permissions?.has(READ) ?? false;
  return state.permissions === null ? (
    <Loading what="your permissions" />
  ) : !allowed ? (
    <>
      <h1>Location</h1>
      <NotAllowed permission={READ} />
    </>
  ) : (
    <LocationPage tenant={tenant} storeName={state.store.name} locationId={locationId} canWrite={state.permissions.has(WRITE)} />
  );
}

function LocationPage({ tenant, storeName, locationId, canWrite }: { tenant: Tenant; storeName: string; locationId: string; canWrite: boolean }) {
  const search = useTenantSearch();
  const query = useQuery({
    queryKey: [...locationsKey(tenant), 'one', locationId],
    // With its ETag: the edits below send it as If-Match (a 412: someone changed the location meanwhile).
    queryFn: ({ signal }) => loadTagged<StockLocation>(`/v1/locations/${encodeURIComponent(locationId)}`, tenant, { signal, fresh: true }),
    retry: (n, e) => !(e instanceof ApiError && e.status === 404) && n < 2,
  });
  const back = (
    <p>
      <Link to={{ pathname: '/locations', search }}>All locations</Link>
    </p>
  );
  if (query.isPending) return <Loading what="the location" />;
  if (query.isError)
    return (
      <>
        <h1>Location</h1>
        {back}
        {query.error instanceof ApiError && query.error.status === 404 ? (
          <p className="notice">There is no such location in this store's {tenant.mode} mode.</p>
        ) : (
          <ErrorPanel error={query.error} title="The location could not be loaded." onRetry={() => query.refetch()} />
        )}
      </>
    );
  const { value: location, etag } = query.data;
  return (
    <>
      <title>{`${location.name} · Locations · ${storeName} · Dashboard`}</title>
      <h1>{location.name}</h1>
      {back}
      <p data-testid="location-state">
        {location.isDefault ? <span className="badge badge-in">Default</span> : null}{' '}
        {location.active ? 'Active: its stock is for sale.' : <strong>Inactive: its stock is not for sale.</strong>} {addressLine(location) ?? 'No address.'}
      </p>
      {canWrite ? <LocationActions key={location.updatedAt} tenant={tenant} location={location} etag={etag} /> : null}
      <LevelsHere tenant={tenant} location={location} />
    </>
  );
}

type LocationPatch = BodyOf<'/v1/locations/{id}', 'patch'>;

function draftOf(l: StockLocation): AddressDraft {
  const a = l.address;
  return a ? { ...EMPTY_ADDRESS, line1: a.line1, line2: a.line2 ?? '', city: a.city, postalCode: a.postalCode ?? '', countryId: a.countryId, stateId: a.stateId ?? '' } : EMPTY_ADDRESS;
}

function LocationActions({ tenant, location, etag }: { tenant: Tenant; location: StockLocation; etag: string | null }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const search = useTenantSearch();
  const [name, setName] = useState(location.name);
  const [address, setAddress] = useState<AddressDraft>(draftOf(location));
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const patch = useMutation({
    mutationFn: (input: { body: LocationPatch; done: string }) => call('patch', '/v1/locations/{id}', { tenant, params: { id: location.id }, headers: ifMatch(etag), body: input.body }).then(() => input.done),
    onSuccess: (message) => setDone(message),
    // After a 412 the form stays as the merchant left it, with the conflict, until they reload.
    onSettled: (_data, error) => {
      if (!changedMeanwhile(error)) locationsChanged(queryClient, tenant);
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteLocation(tenant, location, etag),
    onSuccess: () => {
      locationsChanged(queryClient, tenant);
      navigate({ pathname: '/locations', search });
    },
  });
  const errors = fieldErrors(patch.error);
  const save = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setDone(null);
    patch.mutate({ body: { name: name.trim(), address: addressBegun(address) ? addressBody(address) : null }, done: 'Saved.' });
  };
  const edited = () => {
    setDone(null);
    if (patch.isError) patch.reset();
  };
  return (
    <Section title="Details">
        <form onSubmit={save} noValidate aria-label="Location details">
          <TextField label="Name" error={errors.get('name')} maxLength={100} value={name} onChange={(v) => { setName(v); edited(); }} />
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
            <button type="submit" className="button button-primary" disabled={patch.isPending}>
              Save location
            </button>
            {location.active && !location.isDefault ? (
              <button type="button" className="button" disabled={patch.isPending} onClick={() => patch.mutate({ body: { isDefault: true }, done: `${location.name} is now the default location.` })}>
                Make default
              </button>
            ) : null}
            {location.isDefault ? null : (
              <button
                type="button"
                className="button"
                disabled={patch.isPending}
                onClick={() => patch.mutate({ body: { active: !location.active }, done: location.active ? `${location.name} is inactive: its stock is off sale.` : `${location.name} is active: its stock is for sale.` })}
              >
                {location.active ? 'Deactivate' : 'Activate'}
              </button>
            )}
            <button type="button" className="button button-danger" data-return-focus="delete-location" onClick={() => setConfirming(true)}>
              Delete
            </button>
          </div>
          <p role="status" className="muted" data-testid="location-result">
            {done ?? ''}
          </p>
          {changedMeanwhile(patch.error) ? <ChangedMeanwhile title="The location could not be changed." onReload={() => locationsChanged(queryClient, tenant)} /> : null}
          <FormRefusal error={changedMeanwhile(patch.error) ? null : patch.error} shown={(path) => path === 'name' || isAddressPath(path, 'address')} title="The location could not be changed." nothing="Nothing was saved" />
        </form>
        {confirming ? (
          <Confirm
            title={`Delete ${location.name}?`}
            confirmLabel={`Delete ${location.name}`}
            busyLabel="Deleting…"
            busy={remove.isPending}
            error={changedMeanwhile(remove.error) ? null : remove.error}
            errorTitle="The location could not be deleted."
            onConfirm={() => remove.mutate()}
            onCancel={() => {
              setConfirming(false);
              remove.reset();
            }}
          >
            <p>Only a location made by mistake can go: one that holds no stock and is not the default. Otherwise deactivate it, or move its stock away first.</p>
            {changedMeanwhile(remove.error) ? <ChangedMeanwhile title="The location could not be deleted." onReload={() => locationsChanged(queryClient, tenant)} /> : null}
          </Confirm>
        ) : null}
      </Section>
  );
}

/** The stock at the location, the SKUs low there (available at or under the store's threshold) listed first. */
function LevelsHere({ tenant, location }: { tenant: Tenant; location: StockLocation }) {
  const search = useTenantSearch();
  const settings = useQuery({
    queryKey: ['tenant', tenant.storeId, tenant.mode, 'inventory', 'settings', 'threshold'],
    queryFn: ({ signal }) => call('get', '/v1/inventory/settings', { tenant, signal }).then((r) => r.data),
  });
  const query = useInfiniteQuery({
    queryKey: [...locationsKey(tenant), 'one', location.id, 'levels'],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => call('get', '/v1/locations/{id}/levels', { tenant, signal, params: { id: location.id }, query: { limit: PAGE, cursor: pageParam ?? undefined } }),
    getNextPageParam: (last) => last.pagination?.nextCursor ?? null,
  });
  const levels = query.data?.pages.flatMap((p) => p.data) ?? [];
  const threshold = settings.data?.lowStockThreshold ?? null;
  const isLow = (l: LocationLevel) => threshold !== null && l.available <= threshold;
  const sorted = [...levels.filter(isLow), ...levels.filter((l) => !isLow(l))];
  const low = levels.filter(isLow).length;
  return (
    <Section title="Stock here">
      {query.isPending ? (
        <Loading what="the stock here" />
      ) : query.isError && levels.length === 0 ? (
        <ErrorPanel error={query.error} title="The stock here could not be loaded." onRetry={() => query.refetch()} />
      ) : levels.length === 0 ? (
        <p className="empty">No stock here yet. Receive units on the Inventory page: open a SKU and adjust its stock at {location.name}.</p>
      ) : (
        <>
          <p data-testid="low-here">
            {threshold === null
              ? ''
              : low === 0
                ? `No SKU is low on stock here (${formatNumber(threshold)} units or fewer available).`
                : `${low === 1 ? 'One SKU is' : `${formatNumber(low)} SKUs are`} low on stock here (${formatNumber(threshold)} units or fewer available), listed first.`}
          </p>
          <div className="table-wrap">
            <table className="text-table">
              <caption className="visually-hidden">Stock at {location.name}</caption>
              <thead>
                <tr>
                  <th scope="col">SKU</th>
                  <th scope="col">On hand</th>
                  <th scope="col">Allocated</th>
                  <th scope="col">Available</th>
                </tr>
              </thead>
              <tbody>
                {sorted.map((l) => (
                  <tr key={l.skuId} data-testid="level-row">
                    <th scope="row">
                      <Link to={{ pathname: '/inventory', search: `${search}${search ? '&' : '?'}sku=${encodeURIComponent(l.skuId)}` }}>{l.sku ?? 'SKU without a code'}</Link>{' '}
                      {isLow(l) ? <span className={`badge ${l.available === 0 ? 'badge-out' : 'badge-low'}`}>{l.available === 0 ? 'Out here' : 'Low here'}</span> : null}
                    </th>
                    <td data-label="On hand">{formatNumber(l.onHand)}</td>
                    <td data-label="Allocated">{formatNumber(l.allocated)}</td>
                    <td data-label="Available">{formatNumber(l.available)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <LoadMore query={query} failed="More stock could not be loaded." />
        </>
      )}
    </Section>
  );
}
