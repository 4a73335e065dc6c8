import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { type FormEvent, type KeyboardEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import type { Tenant } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import { call, type DataOf } from '../api/wire.ts';
import { ErrorPanel } from '../components/ErrorPanel.tsx';
import { Field } from '../components/Field.tsx';

const RESULTS = 8;

/** The customer named by the list's `?customerId=` (`GET /v1/customers/{id}`); idle without an id. */
type Customer = DataOf<'/v1/customers/{customerId}'>;

export function useChosenCustomer(tenant: Tenant | null, customerId: string | null): UseQueryResult<Customer> {
  return useQuery({
    // Not CustomerDetail's key (that one holds the customer with its ETag for the editor).
    queryKey: ['tenant', tenant?.storeId, tenant?.mode, 'customers', customerId, 'summary'],
    enabled: tenant !== null && customerId !== null,
    queryFn: ({ signal }) => call('get', '/v1/customers/{customerId}', { tenant: tenant!, signal, params: { customerId: customerId! } }).then((r) => r.data),
  });
}

/**
 * The orders list's customer filter. With a customer chosen: their name and email (or, when the id names no customer
 * of this store and mode, a notice saying so) and a button to clear it. Without: a search box over
 * `GET /v1/customers?q=` (with customers:read) whose results are buttons, reached with Tab or the arrow keys.
 */
export function CustomerFilter({
  tenant,
  customerId,
  canSearch,
  chosen,
  knownName,
  error,
  onChoose,
}: {
  tenant: Tenant;
  customerId: string | null;
  canSearch: boolean;
  chosen: UseQueryResult<Customer>;
  /** The name from the listed orders, for a member who cannot read customers. */
  knownName: string | null;
  /** The API's refusal of `customerId` (its rule). */
  error: string | null;
  onChoose: (customerId: string | null) => void;
}) {
  // After choosing or clearing, the keyboard goes to what replaced the control used (never on a page load).
  const takeFocus = useRef(false);
  const choose = (id: string | null) => {
    takeFocus.current = true;
    onChoose(id);
  };
  if (customerId) {
    return <ChosenCustomer tenant={tenant} customerId={customerId} chosen={chosen} canRead={canSearch} knownName={knownName} error={error} takeFocus={takeFocus} onClear={() => choose(null)} />;
  }
  return canSearch ? <CustomerSearch tenant={tenant} takeFocus={takeFocus} onChoose={(id) => choose(id)} /> : null;
}

function ChosenCustomer({
  tenant,
  customerId,
  chosen,
  canRead,
  knownName,
  error,
  takeFocus,
  onClear,
}: {
  tenant: Tenant;
  customerId: string;
  chosen: UseQueryResult<Customer>;
  canRead: boolean;
  knownName: string | null;
  error: string | null;
  takeFocus: RefObject<boolean>;
  onClear: () => void;
}) {
  const errorId = useId();
  const clearRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (takeFocus.current) clearRef.current?.focus();
    takeFocus.current = false;
  }, [takeFocus]);
  const notFound = chosen.error instanceof ApiError && (chosen.error.status === 404 || chosen.error.status === 422);
  const c = chosen.data;
  return (
    <fieldset className="customer-filter" data-testid="customer-filter">
      <legend className="customer-filter-label">Customer</legend>
      {notFound ? (
        <p className="notice notice-danger" data-testid="customer-not-found">
          No customer has the id <code>{customerId}</code> in this store in {tenant.mode} mode: it may be another store’s or the other mode’s, or
          mistyped. No orders are shown for it.
        </p>
      ) : chosen.isError ? (
        <ErrorPanel error={chosen.error} title="The customer could not be loaded." onRetry={() => chosen.refetch()} />
      ) : (
        <p className="customer-chosen">
          {c ? (
            <>
              <strong>{c.name}</strong> <span className="muted">{c.email}</span>
            </>
          ) : knownName ? (
            <strong>{knownName}</strong>
          ) : canRead ? (
            <span className="muted">Loading the customer…</span>
          ) : (
            <code>{customerId}</code>
          )}
        </p>
      )}
      {error ? (
        <p id={errorId} className="field-error">
          Customer {error}.
        </p>
      ) : null}
      <div className="actions">
        <button ref={clearRef} type="button" className="button" onClick={onClear} aria-describedby={error ? errorId : undefined}>
          {notFound ? 'Clear the customer filter' : 'Clear customer'}
        </button>
      </div>
    </fieldset>
  );
}

function CustomerSearch({ tenant, takeFocus, onChoose }: { tenant: Tenant; takeFocus: RefObject<boolean>; onChoose: (customerId: string) => void }) {
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (takeFocus.current) inputRef.current?.focus();
    takeFocus.current = false;
  }, [takeFocus]);
  // Looked up as the merchant types (after a pause), or at once with Enter.
  useEffect(() => {
    const timer = setTimeout(() => setTerm(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);
  const found = useQuery({
    queryKey: ['tenant', tenant.storeId, tenant.mode, 'customers', 'search', term],
    enabled: term !== '',
    queryFn: ({ signal }) =>
      call('get', '/v1/customers', { tenant, signal, query: { q: term, limit: RESULTS } }).then((r) => ({
        customers: r.data,
        more: r.pagination?.hasMore ?? false,
      })),
  });
  const results = term !== '' ? (found.data?.customers ?? []) : [];
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setTerm(text.trim());
  };
  const buttons = () => [...(listRef.current?.querySelectorAll('button') ?? [])];
  const fromInput = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' && results.length > 0) {
      e.preventDefault();
      buttons()[0]?.focus();
    }
  };
  const inList = (e: KeyboardEvent<HTMLUListElement>) => {
    const all = buttons();
    const at = all.indexOf(e.target as HTMLButtonElement);
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const next = at + (e.key === 'ArrowDown' ? 1 : -1);
      if (next < 0) inputRef.current?.focus();
      else all[Math.min(next, all.length - 1)]?.focus();
    } else if (e.key === 'Escape') {
      inputRef.current?.focus();
    }
  };
  const status =
    term === ''
      ? ''
      : found.isPending
        ? 'Searching…'
        : found.isError
          ? ''
          : results.length === 0
            ? `No customer matches “${term}”.`
            : `${results.length === 1 ? 'One customer' : `${results.length} customers`} found${found.data?.more ? ` (the first ${RESULTS}; type more to narrow)` : ''}. Choose one to see their orders.`;
  return (
    <div className="customer-filter" data-testid="customer-filter">
      <form className="customer-search" onSubmit={submit} noValidate aria-label="Find a customer">
        <Field label="Customer" hint="Part of a name, an email or a phone number.">
          {(p) => (
            <input
              {...p}
              ref={inputRef}
              type="search"
              name="customer"
              autoComplete="off"
              maxLength={100}
              value={text}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={fromInput}
            />
          )}
        </Field>
        <div className="actions">
          <button type="submit" className="button">
            Find
          </button>
        </div>
      </form>
      <p role="status" className="muted customer-search-status">
        {status}
      </p>
      {found.isError && term !== '' ? <ErrorPanel error={found.error} title="Customers could not be searched." onRetry={() => found.refetch()} /> : null}
      {results.length > 0 ? (
        <ul ref={listRef} className="customer-results" aria-label="Customers found" onKeyDown={inList}>
          {results.map((c) => (
            <li key={c.id}>
              <button type="button" className="button" onClick={() => onChoose(c.id)}>
                <strong>{c.name}</strong> <span className="muted">{c.email}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
