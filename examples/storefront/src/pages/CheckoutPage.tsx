import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { type Address, type Cart, createReferenceClient, type DeliveryQuote, describeError, money, ok, type ShopClient, type StorefrontConfig } from '../api.ts';
import { useCart } from '../cart.tsx';
import { startPayment } from '../checkout.ts';
import { Problems, Totals } from '../Totals.tsx';

type Place = { id: string; name: string };

/**
 * Checkout in three steps on one page, each saved on the cart as it is done (PATCH /v1/carts/{id}): the email and
 * shipping address, the delivery option (from the delivery quote for that address), and a promotion code; then the
 * order is placed and the shopper pays on the store's hosted pay page, which sends them back to /confirmation.
 */
export function CheckoutPage({ api, config }: { api: ShopClient; config: StorefrontConfig }) {
  const { cart, loading, change } = useCart();
  if (loading) return <p role="status">Loading your cart…</p>;
  if (!cart || cart.lines.length === 0) {
    return (
      <>
        <h1>Checkout</h1>
        <p>Your cart is empty.</p>
        <p>
          <Link to="/">Continue shopping</Link>
        </p>
      </>
    );
  }
  return (
    <>
      <h1>Checkout</h1>
      <AddressStep cart={cart} config={config} onSave={change} />
      <section aria-labelledby="step-delivery">
        <h2 id="step-delivery">2. Delivery</h2>
        {cart.shippingAddress ? <DeliveryStep api={api} cart={cart} address={cart.shippingAddress} onChoose={(deliveryOptionId) => change({ deliveryOptionId })} /> : <p>Save your address to see how it can be delivered.</p>}
      </section>
      <PromotionStep cart={cart} onApply={(promotionCode) => change({ promotionCode })} />
      <PaymentStep api={api} cart={cart} />
    </>
  );
}

function AddressStep({ cart, config, onSave }: { cart: Cart; config: StorefrontConfig; onSave(fields: { email: string; shippingAddress: Address }): Promise<Cart> }) {
  const reference = useMemo(() => createReferenceClient(config), [config]);
  const saved = cart.shippingAddress;
  const [countries, setCountries] = useState<Place[]>([]);
  const [states, setStates] = useState<Place[]>([]);
  const [countryId, setCountryId] = useState(saved?.countryId ?? 'US');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    ok(reference.GET('/v1/countries'))
      .then(({ data }) => setCountries(data.filter((c) => c.status).map((c) => ({ id: c.id, name: c.name }))))
      .catch(() => setError('The list of countries could not be loaded.'));
  }, [reference]);
  useEffect(() => {
    if (!countryId) return;
    ok(reference.GET('/v1/states/{countryId}', { params: { path: { countryId } } }))
      .then(({ data }) => setStates(data.filter((s) => s.status).map((s) => ({ id: s.id, name: s.name }))))
      .catch(() => setStates([]));
  }, [reference, countryId]);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const address: Address = {
      name: text('name') || null,
      line1: text('line1'),
      line2: text('line2') || null,
      city: text('city'),
      postalCode: text('postalCode') || null,
      countryId: text('countryId'),
      stateId: text('stateId') || null,
    };
    setError(null);
    setStatus('');
    setFields({});
    setSaving(true);
    try {
      await onSave({ email: text('email'), shippingAddress: address });
      setStatus('Address saved. Choose how it is delivered.');
    } catch (e) {
      const refusal = describeError(e);
      setError(refusal.message);
      setFields(refusal.fields);
    } finally {
      setSaving(false);
    }
  }

  const fieldError = (path: string) => fields[path];
  const input = (name: string, label: string, path: string, props: React.InputHTMLAttributes<HTMLInputElement> = {}) => {
    const problem = fieldError(path);
    return (
      <div className="field">
        <label htmlFor={`checkout-${name}`}>{label}</label>
        <input id={`checkout-${name}`} name={name} aria-invalid={problem ? true : undefined} aria-describedby={problem ? `checkout-${name}-error` : undefined} {...props} />
        {problem && (
          <p id={`checkout-${name}-error`} className="error">
            {label}: {problem}
          </p>
        )}
      </div>
    );
  };

  return (
    <section aria-labelledby="step-address">
      <h2 id="step-address">1. Contact and shipping address</h2>
      <form onSubmit={submit} noValidate>
        {input('email', 'Email', 'email', { type: 'email', autoComplete: 'email', required: true, defaultValue: cart.email ?? '' })}
        {input('name', 'Full name', 'shippingAddress.name', { autoComplete: 'name', defaultValue: saved?.name ?? '' })}
        {input('line1', 'Address', 'shippingAddress.line1', { autoComplete: 'address-line1', required: true, defaultValue: saved?.line1 ?? '' })}
        {input('line2', 'Apartment, suite (optional)', 'shippingAddress.line2', { autoComplete: 'address-line2', defaultValue: saved?.line2 ?? '' })}
        {input('city', 'City', 'shippingAddress.city', { autoComplete: 'address-level2', required: true, defaultValue: saved?.city ?? '' })}
        {input('postalCode', 'Postal code', 'shippingAddress.postalCode', { autoComplete: 'postal-code', defaultValue: saved?.postalCode ?? '' })}
        <div className="field">
          <label htmlFor="checkout-country">Country</label>
          <select id="checkout-country" name="countryId" autoComplete="country" value={countryId} onChange={(e) => setCountryId(e.target.value)}>
            {countries.length === 0 && <option value={countryId}>{countryId}</option>}
            {countries.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          {fieldError('shippingAddress.countryId') && <p className="error">Country: {fieldError('shippingAddress.countryId')}</p>}
        </div>
        {states.length > 0 && (
          <div className="field">
            <label htmlFor="checkout-state">State or region</label>
            <select id="checkout-state" name="stateId" autoComplete="address-level1" defaultValue={saved?.countryId === countryId ? (saved.stateId ?? '') : ''} key={countryId}>
              <option value="">Choose…</option>
              {states.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
            {fieldError('shippingAddress.stateId') && <p className="error">State or region: {fieldError('shippingAddress.stateId')}</p>}
          </div>
        )}
        <button type="submit" disabled={saving}>
          Save address
        </button>
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
        <p role="status">{status}</p>
      </form>
    </section>
  );
}

function DeliveryStep({ api, cart, address, onChoose }: { api: ShopClient; cart: Cart; address: Address; onChoose(id: string): Promise<Cart> }) {
  const [quote, setQuote] = useState<DeliveryQuote | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The choice shows at once; it goes back if the server refuses it.
  const [chosen, setChosen] = useState(cart.deliveryOptionId);
  useEffect(() => setChosen(cart.deliveryOptionId), [cart.deliveryOptionId]);
  const goods = cart.subtotal - cart.discount;
  useEffect(() => {
    ok(api.GET('/v1/delivery/quote', { params: { query: { countryId: address.countryId, ...(address.stateId ? { stateId: address.stateId } : {}), subtotal: goods } } }))
      .then(({ data }) => setQuote(data))
      .catch((e: unknown) => setError(describeError(e).message));
  }, [api, address.countryId, address.stateId, goods]);

  async function choose(id: string) {
    setError(null);
    setChosen(id);
    try {
      await onChoose(id);
    } catch (e) {
      setChosen(cart.deliveryOptionId);
      setError(describeError(e).message);
    }
  }

  return (
    <>
      {!quote && !error && <p role="status">Looking up delivery options…</p>}
      {quote && quote.options.length === 0 && <p>The shop does not deliver to this address. Try another address.</p>}
      {quote && quote.options.length > 0 && (
        <fieldset>
          <legend>Delivery option</legend>
          <div className="choices column">
            {quote.options.map((option) => (
              <label key={option.optionId} className="choice">
                <input type="radio" name="delivery" value={option.optionId} checked={chosen === option.optionId} onChange={() => choose(option.optionId)} />
                {option.name} · {option.fee === 0 ? 'Free' : money(option.fee, quote.currency)}
                {option.estimatedDaysMin !== null && option.estimatedDaysMax !== null ? ` · ${option.estimatedDaysMin}–${option.estimatedDaysMax} days` : ''}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </>
  );
}

function PromotionStep({ cart, onApply }: { cart: Cart; onApply(code: string | null): Promise<Cart> }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  async function apply(value: string | null) {
    setError(null);
    setStatus('');
    try {
      const updated = await onApply(value);
      setStatus(value ? `Code ${value} applied: ${money(updated.discount, updated.currency)} off.` : 'Code removed.');
      setCode('');
    } catch (e) {
      const refusal = describeError(e);
      setError(refusal.fields.promotionCode ? `${refusal.message} (${refusal.fields.promotionCode})` : refusal.message);
    }
  }
  return (
    <section aria-labelledby="step-promotion">
      <h2 id="step-promotion">3. Promotion code</h2>
      {cart.promotionCode && (
        <p>
          Code <strong>{cart.promotionCode}</strong> is applied.{' '}
          <button type="button" onClick={() => apply(null)}>
            Remove code
          </button>
        </p>
      )}
      <form
        className="inline"
        onSubmit={(event) => {
          event.preventDefault();
          if (code.trim()) apply(code.trim());
        }}
      >
        <div className="field">
          <label htmlFor="promotion-code">Promotion code</label>
          <input id="promotion-code" value={code} onChange={(e) => setCode(e.target.value)} autoComplete="off" aria-invalid={error ? true : undefined} aria-describedby={error ? 'promotion-error' : undefined} />
        </div>
        <button type="submit">Apply code</button>
      </form>
      {error && (
        <p role="alert" id="promotion-error" className="error">
          {error}
        </p>
      )}
      <p role="status">{status}</p>
    </section>
  );
}

function PaymentStep({ api, cart }: { api: ShopClient; cart: Cart }) {
  const { kept, reload } = useCart();
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const ready = cart.email && cart.shippingAddress && cart.problems.length === 0;
  async function pay() {
    const k = kept();
    if (!k) return;
    setError(null);
    setPaying(true);
    try {
      // The pay page is the store's own (hosted by the service): the shopper leaves the shop to pay and comes back
      // to /confirmation.
      window.location.assign(await startPayment(api, k, cart.email, `${window.location.origin}/confirmation`));
    } catch (e) {
      setError(describeError(e).message);
      setPaying(false);
      // What changed since (a price, the stock) shows as the cart's problems.
      await reload().catch(() => {});
    }
  }
  return (
    <section aria-labelledby="step-pay">
      <h2 id="step-pay">4. Review and pay</h2>
      <ul className="summary">
        {cart.lines.map((line) => (
          <li key={line.id}>
            {line.quantity} × {line.productName ?? 'Item'}
            {Object.keys(line.attributes).length > 0 ? ` (${Object.values(line.attributes).join(', ')})` : ''} · {money(line.lineTotal, cart.currency)}
          </li>
        ))}
      </ul>
      <Totals cart={cart} />
      <Problems cart={cart} />
      {!ready && cart.problems.length === 0 && <p>Save your email and address, then choose a delivery option.</p>}
      <button type="button" className="primary" disabled={!ready || paying} onClick={pay}>
        Pay {money(cart.total, cart.currency)}
      </button>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </section>
  );
}
