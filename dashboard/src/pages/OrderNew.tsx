import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { api, type Tenant } from '../api/client.ts';
import { type BodyOf, call, type DataOf, type Schemas } from '../api/wire.ts';
import { PostalAddress } from '../components/Address.tsx';
import { type AddressDraft, AddressFields, addressBody, EMPTY_ADDRESS, isAddressPath } from '../components/AddressFields.tsx';
import { ErrorPanel } from '../components/ErrorPanel.tsx';
import { Field, FormRefusal, fieldErrors, TextField } from '../components/Field.tsx';
import { NotAllowed, Section } from '../components/Section.tsx';
import { formatMoney, formatNumber } from '../format.ts';
import { useSubmission } from '../idempotency.ts';
import { tenantOf, useTenant, useTenantSearch } from '../tenant.tsx';
import { CustomerFilter, useChosenCustomer } from './OrderCustomerFilter.tsx';

type Order = Schemas['Order'];
type StockLevel = Schemas['StockLevel'];
type StockLevels = DataOf<'/v1/inventory/skus'>;
type OrderBody = BodyOf<'/v1/orders', 'post'>;

const WRITE = 'orders:write';
const RESULTS = 8;

interface Line {
  sku: StockLevel;
  quantity: string;
}

/** A SKU as a merchant names it: product, group and options, code. */
function skuLabel(s: StockLevel): string {
  const variant = [s.groupName, ...Object.entries(s.attributes).map(([k, v]) => `${k}: ${v}`)].filter(Boolean).join(', ');
  return `${s.productName}${variant ? ` (${variant})` : ''}${s.sku ? ` · ${s.sku}` : ''}`;
}

/**
 * Taking an order by hand (`/orders/new`, its own chunk; issue 38: an order by phone, or a draft to send a payment link
 * for): a customer found by name, email or phone, SKUs found by product name or code with their quantities, a delivery
 * option, a promotion code, the shipping address (the customer's first, or another) and the billing address (the
 * shipping one, or another), a note; `POST /v1/orders` with an `Idempotency-Key` per submission of the same values (a double click places one order), then
 * on to the order, which takes payments and offers a payment link. The API prices it and reserves the stock; its
 * refusals show at the field they name (customer, a line, delivery, promotion code, an address's field), else above
 * the button.
 */
export default function OrderNew() {
  const state = useTenant();
  const tenant = tenantOf(state);
  if (!tenant || !state.store) return null;
  const allowed = state.permissions?.has(WRITE) ?? false;
  return (
    <>
      <title>{`New order · ${state.store.name} · Dashboard`}</title>
      <h1>New order</h1>
      {state.permissions === null ? null : !allowed ? (
        <NotAllowed permission={WRITE} />
      ) : (
        <NewOrderForm
          tenant={tenant}
          currency={state.store.currency}
          canSearchCustomers={state.permissions.has('customers:read')}
          canSearchStock={state.permissions.has('inventory:read')}
          canReadDelivery={state.permissions.has('delivery:read')}
        />
      )}
    </>
  );
}

function NewOrderForm({
  tenant,
  currency,
  canSearchCustomers,
  canSearchStock,
  canReadDelivery,
}: {
  tenant: Tenant;
  currency: string;
  canSearchCustomers: boolean;
  canSearchStock: boolean;
  canReadDelivery: boolean;
}) {
  const navigate = useNavigate();
  const search = useTenantSearch();
  const queryClient = useQueryClient();
  const [customerId, setCustomerId] = useState<string | null>(null);
  const chosen = useChosenCustomer(tenant, customerId);
  const [lines, setLines] = useState<Line[]>([]);
  const [note, setNote] = useState('');
  const [deliveryOptionId, setDeliveryOptionId] = useState('');
  const [promotionCode, setPromotionCode] = useState('');
  const [shipElsewhere, setShipElsewhere] = useState(false);
  const [shipping, setShipping] = useState<AddressDraft>(EMPTY_ADDRESS);
  const [billSame, setBillSame] = useState(true);
  const [billing, setBilling] = useState<AddressDraft>(EMPTY_ADDRESS);
  const submission = useSubmission();
  const place = useMutation({
    mutationFn: (input: { body: Record<string, unknown>; key: string }) =>
      // The body as typed (a quantity that is not a number is sent as it is, for the API to name it).
      api<Order>('/v1/orders', { tenant, method: 'POST', headers: { 'Idempotency-Key': input.key }, body: input.body }).then((r) => r.data),
    onSuccess: (order) => {
      submission.forget();
      void queryClient.invalidateQueries({ queryKey: ['tenant', tenant.storeId, tenant.mode] });
      navigate({ pathname: `/orders/${encodeURIComponent(order.id)}`, search }, { state: { placed: true } });
    },
    onSettled: () => submission.settled(),
  });
  const edited = () => {
    submission.forget();
    if (place.isError) place.reset();
  };
  const errors = fieldErrors(place.error);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const body: Record<string, unknown> = {
      customerId: customerId ?? '',
      lines: lines.map((l) => ({ skuId: l.sku.skuId, quantity: Number.isFinite(Number(l.quantity)) && l.quantity.trim() !== '' ? Number(l.quantity) : l.quantity })),
    };
    if (note.trim()) body.note = note.trim();
    if (deliveryOptionId) body.deliveryOptionId = deliveryOptionId;
    if (promotionCode.trim()) body.promotionCode = promotionCode.trim();
    if (shipElsewhere) body.shippingAddress = addressBody(shipping) satisfies OrderBody['shippingAddress'];
    if (!billSame) body.billingAddress = addressBody(billing) satisfies OrderBody['billingAddress'];
    const key = submission.begin(JSON.stringify(body));
    if (key !== null) place.mutate({ body, key });
  };
  /** The API's complaint about line i, as a sentence: at its quantity, or about its SKU. */
  const lineError = (i: number) => {
    for (const [path, rule] of errors) {
      if (path === `lines[${i}].quantity`) return `Quantity ${rule}.`;
      if (path === `lines[${i}]` || path.startsWith(`lines[${i}].`)) return `This SKU ${rule}.`;
    }
    return null;
  };
  return (
    <form onSubmit={submit} noValidate aria-label="New order" data-testid="new-order">
      <Section title="Customer">
        {canSearchCustomers ? (
          <CustomerFilter
            tenant={tenant}
            customerId={customerId}
            canSearch
            chosen={chosen}
            knownName={null}
            error={errors.get('customerId') ?? null}
            onChoose={(id) => {
              setCustomerId(id);
              edited();
            }}
          />
        ) : (
          <p className="notice">Finding a customer needs the permission to view customer details and profiles (customers:read).</p>
        )}
        {errors.get('customerId') && !customerId ? <p className="field-error">Customer {errors.get('customerId')}.</p> : null}
        <p className="muted">
          Someone new? <Link to={{ pathname: '/customers', search }}>Add them under Customers</Link> first.
        </p>
      </Section>
      <Section title="What they order">
        {canSearchStock ? (
          <SkuSearch
            tenant={tenant}
            onAdd={(sku) => {
              if (!lines.some((l) => l.sku.skuId === sku.skuId)) setLines([...lines, { sku, quantity: '1' }]);
              edited();
            }}
          />
        ) : (
          <p className="notice">Finding products needs the permission to view stock levels (inventory:read).</p>
        )}
        {lines.length === 0 ? (
          <p className="empty">No lines yet: find a product above and add it.</p>
        ) : (
          <div className="table-wrap">
            <table className="text-table">
              <caption className="visually-hidden">Lines of the new order</caption>
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col">In stock</th>
                  <th scope="col">Quantity</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {lines.map((l, i) => {
                  const problem = lineError(i);
                  const errorId = `new-order-line-${i}`;
                  return (
                    <tr key={l.sku.skuId} data-testid="new-order-line">
                      <th scope="row">{skuLabel(l.sku)}</th>
                      <td data-label="In stock">{formatNumber(l.sku.quantityInStock)}</td>
                      <td data-label="Quantity">
                        <input
                          type="number"
                          inputMode="numeric"
                          min={1}
                          step={1}
                          className="restock-amount"
                          aria-label={`Quantity: ${skuLabel(l.sku)}`}
                          aria-invalid={problem ? true : undefined}
                          aria-describedby={problem ? errorId : undefined}
                          value={l.quantity}
                          onChange={(e) => {
                            setLines(lines.map((x, j) => (j === i ? { ...x, quantity: e.target.value } : x)));
                            edited();
                          }}
                        />
                        {problem ? (
                          <p id={errorId} className="field-error">
                            {problem}
                          </p>
                        ) : null}
                      </td>
                      <td>
                        <button
                          type="button"
                          className="button"
                          aria-label={`Remove ${skuLabel(l.sku)}`}
                          onClick={() => {
                            setLines(lines.filter((_, j) => j !== i));
                            edited();
                          }}
                        >
                          Remove
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        {errors.get('lines') ? <p className="field-error">Lines {errors.get('lines')}.</p> : null}
        <Field label="Note (optional)" error={errors.get('note')} hint="Kept with the order, for your team.">
          {(p) => (
            <textarea
              {...p}
              rows={2}
              maxLength={2000}
              value={note}
              onChange={(e) => {
                setNote(e.target.value);
                edited();
              }}
            />
          )}
        </Field>
      </Section>
      <Section title="Delivery and discount">
        <div className="field-grid">
          {canReadDelivery ? (
            <DeliveryChoice
              tenant={tenant}
              currency={currency}
              value={deliveryOptionId}
              error={errors.get('deliveryOptionId') ?? null}
              onChange={(id) => {
                setDeliveryOptionId(id);
                edited();
              }}
            />
          ) : (
            <p className="notice">Choosing a delivery option needs the permission to view delivery zones and options (delivery:read).</p>
          )}
          <TextField label="Promotion code (optional)" error={errors.get('promotionCode')} maxLength={64} value={promotionCode} onChange={(v) => { setPromotionCode(v); edited(); }} />
        </div>
      </Section>
      <Section title="Addresses">
        <fieldset className="fieldset" data-testid="new-order-ship-to">
          <legend>Ship to</legend>
          <div className="choice">
            <label>
              <input
                type="radio"
                name="ship-to"
                checked={!shipElsewhere}
                onChange={() => {
                  setShipElsewhere(false);
                  edited();
                }}
              />{' '}
              The customer's address
            </label>
            <label>
              <input
                type="radio"
                name="ship-to"
                checked={shipElsewhere}
                onChange={() => {
                  setShipElsewhere(true);
                  edited();
                }}
              />{' '}
              Another address
            </label>
          </div>
          {shipElsewhere ? (
            <AddressFields
              recipient
              value={shipping}
              path="shippingAddress"
              errors={errors}
              onChange={(a) => {
                setShipping(a);
                edited();
              }}
            />
          ) : chosen.data?.addresses[0] ? (
            <PostalAddress address={{ ...chosen.data.addresses[0], name: chosen.data.addresses[0].name ?? chosen.data.name }} />
          ) : (
            <p className="muted">{customerId ? 'This customer has no address on file: the order will have none, unless you give another.' : "The customer's first address on file."}</p>
          )}
          {errors.get('shippingAddress') ? <p className="field-error">Shipping address {errors.get('shippingAddress')}.</p> : null}
        </fieldset>
        <fieldset className="fieldset" data-testid="new-order-bill-to">
          <legend>Bill to</legend>
          <label className="choice">
            <input
              type="checkbox"
              checked={billSame}
              onChange={(e) => {
                setBillSame(e.target.checked);
                edited();
              }}
            />{' '}
            Same as the shipping address
          </label>
          {billSame ? null : (
            <AddressFields
              recipient
              value={billing}
              path="billingAddress"
              errors={errors}
              onChange={(a) => {
                setBilling(a);
                edited();
              }}
            />
          )}
          {errors.get('billingAddress') ? <p className="field-error">Billing address {errors.get('billingAddress')}.</p> : null}
        </fieldset>
      </Section>
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={place.isPending}>
          {place.isPending ? 'Placing…' : 'Place order'}
        </button>
      </div>
      <FormRefusal
        error={place.error}
        shown={(path) =>
          ['customerId', 'lines', 'note', 'deliveryOptionId', 'promotionCode', 'shippingAddress', 'billingAddress'].includes(path) ||
          /^lines\[\d+\]/.test(path) ||
          isAddressPath(path, 'shippingAddress', true) ||
          isAddressPath(path, 'billingAddress', true)
        }
        title="The order could not be placed."
        nothing="Nothing was placed"
      />
    </form>
  );
}

/** SKUs found by product name or code (`GET /v1/inventory/skus?q=`), each with an Add button. */
function SkuSearch({ tenant, onAdd }: { tenant: Tenant; onAdd: (sku: StockLevel) => void }) {
  const inputId = useId();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const found = useQuery({
    queryKey: ['tenant', tenant.storeId, tenant.mode, 'inventory', 'skus', 'find', q],
    enabled: q !== '',
    queryFn: ({ signal }) => api<StockLevels>(`/v1/inventory/skus?${new URLSearchParams({ q, limit: String(RESULTS) })}`, { tenant, signal }).then((r) => r.data),
  });
  return (
    <div className="sku-search">
      <div className="filters">
        <div className="field">
          <label htmlFor={inputId}>Find a product</label>
          <input
            id={inputId}
            type="search"
            placeholder="Product name or SKU code"
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                setQ(text.trim());
              }
            }}
          />
        </div>
        <button type="button" className="button" onClick={() => setQ(text.trim())}>
          Find
        </button>
      </div>
      {found.isError ? <ErrorPanel error={found.error} title="Products could not be found." onRetry={() => found.refetch()} /> : null}
      <p role="status" className="muted">
        {q === '' || found.isPending ? '' : found.data?.skus.length ? `${found.data.skus.length === 1 ? 'One SKU' : `${found.data.skus.length} SKUs`} found.` : 'No SKU matches.'}
      </p>
      {found.data && found.data.skus.length > 0 ? (
        <ul className="rows" aria-label="SKUs found">
          {found.data.skus.map((s) => (
            <li key={s.skuId} className="row">
              <span>
                {skuLabel(s)} <span className="muted">· {formatNumber(s.quantityInStock)} in stock</span>
              </span>
              <button type="button" className="button" aria-label={`Add ${skuLabel(s)}`} onClick={() => onAdd(s)}>
                Add
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * The store's delivery options (`GET /v1/delivery/zones`, active options only), grouped by zone, with their fee in the
 * store currency; "No delivery" sends none. Whether an option serves the address is the API's to say (a 422 at it).
 */
function DeliveryChoice({ tenant, currency, value, error, onChange }: { tenant: Tenant; currency: string; value: string; error: string | null; onChange: (optionId: string) => void }) {
  const zones = useQuery({
    queryKey: ['tenant', tenant.storeId, tenant.mode, 'delivery', 'zones', 'choice'],
    queryFn: ({ signal }) => call('get', '/v1/delivery/zones', { tenant, signal, query: { limit: 100 } }).then((r) => r.data),
  });
  const offered = (zones.data ?? []).map((z) => ({ zone: z, options: z.options.filter((o) => o.active) })).filter((z) => z.options.length > 0);
  return (
    <Field
      label="Delivery"
      error={error}
      hint={zones.isError ? 'The delivery options could not be loaded.' : zones.data && offered.length === 0 ? 'This store has no delivery options in this mode.' : 'The fee is worked out for the shipping address.'}
    >
      {(p) => (
        <select {...p} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">No delivery</option>
          {offered.map(({ zone, options }) => (
            <optgroup key={zone.id} label={zone.name}>
              {options.map((o) => (
                <option key={o.id} value={o.id}>
                  {`${o.name} · ${formatMoney(o.fee, currency)}${o.freeOver !== null ? `, free over ${formatMoney(o.freeOver, currency)}` : ''}`}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      )}
    </Field>
  );
}
