import { type FormEvent, useId, useRef, useState } from 'react';
import { api, type Tenant } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import type { Schemas } from '../api/wire.ts';
import { fieldErrors } from '../components/Field.tsx';
import { newIdempotencyKey } from '../idempotency.ts';
import { numberOrText, useInvalidateCatalog } from './catalog.ts';

type Product = Schemas['Product'];
type VariantGroup = Schemas['VariantGroup'];

/** Comma- or line-separated values, trimmed, empty and repeated ones left out ("S, M, L"). */
function valuesOf(text: string): string[] {
  const seen = new Set<string>();
  for (const part of text.split(/[,\n]/)) {
    const v = part.trim();
    if (v && !seen.has(v)) seen.add(v);
  }
  return [...seen];
}

interface Cell {
  price: string;
  quantityInStock: string;
  sku: string;
}

type GroupResult = { ok: true; group: VariantGroup } | { ok: false; error: unknown };
type SkuResult = { ok: true } | { ok: false; error: unknown };

/** The option the product's SKUs already differ by (the first attribute name of a SKU), and its values so far. */
function existingOption(groups: VariantGroup[]): { name: string; values: string[] } {
  const name = groups.flatMap((g) => g.skus.flatMap((s) => Object.keys(s.attributes)))[0] ?? '';
  const values = name ? [...new Set(groups.flatMap((g) => g.skus.map((s) => s.attributes[name]).filter((v): v is string => Boolean(v))))] : [];
  return { name, values };
}

/**
 * Variant groups and SKUs made from options (issue 38: sizes were typed as `Size=S` per SKU and again for every
 * colour): one dimension and its values make the groups (Color: Red, Blue), an option and its values make each group's
 * SKUs (Size: S, M, L); the grid of every combination takes each SKU's price, stock and code (a price and stock typed
 * above fill every cell still empty). Create sends one `POST …/variant-groups` per group with its SKUs, one after
 * another, each with its own `Idempotency-Key` for its values; a refusal shows at its group or cell, and the groups
 * made leave the grid, so saving again sends only the others.
 *
 * On a product that has groups already, the grid starts from them (their dimension and values, the option their SKUs
 * differ by and its values) and holds only what is missing: a value added to the option makes that SKU in every
 * existing group (`POST …/variant-groups/{groupId}/skus`, one `Idempotency-Key` per SKU and values), a value added to
 * the groups makes a new group with all its SKUs; combinations that exist are listed, not sent again.
 */
export function OptionsGrid({ tenant, product, groups }: { tenant: Tenant; product: Product; groups: VariantGroup[] }) {
  const invalidate = useInvalidateCatalog(tenant);
  const titleId = useId();
  const ids = { dimension: useId(), groups: useId(), option: useId(), options: useId(), price: useId(), stock: useId() };
  const statusRef = useRef<HTMLParagraphElement>(null);
  const [dimension, setDimension] = useState(() => groups[0]?.attributeName ?? '');
  const [groupsText, setGroupsText] = useState(() => [...new Set(groups.map((g) => g.attributeValue))].join(', '));
  const [option, setOption] = useState(() => existingOption(groups).name);
  const [optionsText, setOptionsText] = useState(() => existingOption(groups).values.join(', '));
  const [price, setPrice] = useState('');
  const [stock, setStock] = useState('');
  const [cells, setCells] = useState<Record<string, Cell>>({});
  const [done, setDone] = useState<string[]>([]);
  const [results, setResults] = useState<Record<string, GroupResult>>({});
  const [skuResults, setSkuResults] = useState<Record<string, SkuResult>>({});
  const [doneSkus, setDoneSkus] = useState<string[]>([]);
  const [summary, setSummary] = useState('');
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  const keys = useRef(new Map<string, { values: string; key: string }>());

  const optionValues = option.trim() ? valuesOf(optionsText) : [];
  const allRows = (g: string) => (optionValues.length > 0 ? optionValues : ['']).map((o) => ({ key: `${g}\u0000${o}`, option: o }));
  const existingGroup = (g: string) => groups.find((x) => x.attributeName === dimension.trim() && x.attributeValue === g) ?? null;
  const skuExists = (group: VariantGroup, o: string) => (o === '' ? group.skus.length > 0 : group.skus.some((s) => s.attributes[option.trim()] === o));
  /** The combinations of a value still to make: all of a new group's, the missing SKUs of an existing group. */
  const rowsOf = (g: string) => {
    const group = existingGroup(g);
    if (!group) return done.includes(g) ? [] : allRows(g);
    return allRows(g).filter((r) => !skuExists(group, r.option) && !doneSkus.includes(r.key));
  };
  const values = valuesOf(groupsText);
  const groupValues = values.filter((g) => rowsOf(g).length > 0);
  const newGroups = groupValues.filter((g) => !existingGroup(g));
  const newSkus = groupValues.filter((g) => existingGroup(g)).reduce((n, g) => n + rowsOf(g).length, 0);
  const made = values.filter((g) => existingGroup(g)).flatMap((g) => allRows(g).filter((r) => skuExists(existingGroup(g)!, r.option)));
  const cell = (key: string): Cell => cells[key] ?? { price: '', quantityInStock: '', sku: '' };
  const setCell = (key: string, patch: Partial<Cell>) => setCells({ ...cells, [key]: { ...cell(key), ...patch } });
  const skuCount = newGroups.length * Math.max(1, optionValues.length);
  const plural = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);
  const action = [newGroups.length > 0 ? `Create ${plural(newGroups.length, 'group', 'groups')} with ${plural(skuCount, 'SKU', 'SKUs')}` : null, newSkus > 0 ? `${newGroups.length > 0 ? 'add' : 'Add'} ${plural(newSkus, 'SKU', 'SKUs')} to existing groups` : null]
    .filter(Boolean)
    .join(' and ');
  const skuBody = (key: string, o: string) => {
    const c = cell(key);
    return {
      price: numberOrText(c.price.trim() || price),
      quantityInStock: numberOrText(c.quantityInStock.trim() || stock),
      discount: 0,
      sku: c.sku.trim() === '' ? null : c.sku.trim(),
      attributes: o ? { [option.trim()]: o } : {},
    };
  };
  const keyFor = (id: string, body: unknown) => {
    const values = JSON.stringify(body);
    let key = keys.current.get(id);
    if (key?.values !== values) {
      key = { values, key: newIdempotencyKey() };
      keys.current.set(id, key);
    }
    return key.key;
  };

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (sending.current) return;
    if (!dimension.trim() || groupValues.length === 0) {
      setSummary(made.length > 0 ? 'Nothing to make: every combination exists already. Add a value above.' : 'Nothing to create: name the dimension and give at least one value.');
      return;
    }
    sending.current = true;
    setBusy(true);
    setSummary('');
    const next: Record<string, GroupResult> = {};
    const nextSkus: Record<string, SkuResult> = {};
    const madeGroups: string[] = [];
    const madeSkus: string[] = [];
    for (const g of groupValues) {
      const group = existingGroup(g);
      if (group) {
        // A value added to the option: the SKU it makes in this existing group.
        for (const r of rowsOf(g)) {
          const body = skuBody(r.key, r.option);
          try {
            await api(`/v2/products/${encodeURIComponent(product.id)}/variant-groups/${encodeURIComponent(group.id)}/skus`, {
              tenant,
              method: 'POST',
              headers: { 'Idempotency-Key': keyFor(r.key, body) },
              body,
            });
            nextSkus[r.key] = { ok: true };
            madeSkus.push(r.key);
            keys.current.delete(r.key);
          } catch (error) {
            nextSkus[r.key] = { ok: false, error };
          }
        }
        continue;
      }
      const body = { attributeName: dimension.trim(), attributeValue: g, skus: rowsOf(g).map((r) => skuBody(r.key, r.option)) };
      try {
        const answer = await api<VariantGroup>(`/v2/products/${encodeURIComponent(product.id)}/variant-groups`, {
          tenant,
          method: 'POST',
          headers: { 'Idempotency-Key': keyFor(g, body) },
          body,
        });
        next[g] = { ok: true, group: answer.data };
        madeGroups.push(g);
        keys.current.delete(g);
      } catch (error) {
        next[g] = { ok: false, error };
      }
    }
    const refusedGroups = newGroups.length - madeGroups.length;
    const refusedSkus = newSkus - madeSkus.length;
    setResults(next);
    setSkuResults(nextSkus);
    setDone([...done, ...madeGroups]);
    setDoneSkus([...doneSkus, ...madeSkus]);
    const parts = [
      newGroups.length > 0 ? `Created ${plural(madeGroups.length, 'group', 'groups')}${madeGroups.length > 0 ? ` (${madeGroups.map((g) => `${dimension.trim()}: ${g}`).join(', ')})` : ''}.` : null,
      newSkus > 0 ? `Added ${plural(madeSkus.length, 'SKU', 'SKUs')} to existing groups.` : null,
      refusedGroups > 0 ? `${refusedGroups === 1 ? '1 group was' : `${refusedGroups} groups were`} refused: see the marks in the grid, correct and create again.` : null,
      refusedSkus > 0 ? `${refusedSkus === 1 ? '1 SKU was' : `${refusedSkus} SKUs were`} refused: see the marks in the grid, correct and save again.` : null,
    ];
    setSummary(parts.filter(Boolean).join(' '));
    setBusy(false);
    sending.current = false;
    statusRef.current?.focus();
    if (madeGroups.length + madeSkus.length > 0) invalidate();
  };

  return (
    <form className="options-grid" onSubmit={submit} noValidate aria-labelledby={titleId} data-testid="options-grid">
      <h3 id={titleId}>Make groups and SKUs from options</h3>
      <p className="muted">
        Name what the groups differ by and list its values, then the option each group’s SKUs differ by: every combination gets a row to price and stock.
      </p>
      <div className="field-grid">
        <div className="form-field">
          <label htmlFor={ids.dimension}>Groups differ by</label>
          <input id={ids.dimension} type="text" maxLength={50} placeholder="Color" value={dimension} onChange={(e) => setDimension(e.target.value)} />
        </div>
        <div className="form-field">
          <label htmlFor={ids.groups}>Group values</label>
          <input id={ids.groups} type="text" placeholder="Red, Blue" value={groupsText} onChange={(e) => setGroupsText(e.target.value)} aria-describedby={`${ids.groups}-hint`} />
          <p id={`${ids.groups}-hint`} className="field-hint">
            Separated by commas.
          </p>
        </div>
        <div className="form-field">
          <label htmlFor={ids.option}>SKUs differ by</label>
          <input id={ids.option} type="text" maxLength={50} placeholder="Size" value={option} onChange={(e) => setOption(e.target.value)} aria-describedby={`${ids.option}-hint`} />
          <p id={`${ids.option}-hint`} className="field-hint">
            Optional: empty for one SKU per group.
          </p>
        </div>
        <div className="form-field">
          <label htmlFor={ids.options}>Option values</label>
          <input id={ids.options} type="text" placeholder="S, M, L" value={optionsText} onChange={(e) => setOptionsText(e.target.value)} />
        </div>
        <div className="form-field">
          <label htmlFor={ids.price}>Price for every SKU ({product.currency})</label>
          <input id={ids.price} type="text" inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} />
        </div>
        <div className="form-field">
          <label htmlFor={ids.stock}>Stock for every SKU</label>
          <input id={ids.stock} type="text" inputMode="numeric" value={stock} onChange={(e) => setStock(e.target.value)} />
        </div>
      </div>
      {made.length > 0 ? (
        <p className="muted" data-testid="options-grid-made">
          Made already: {values.filter((g) => existingGroup(g)).map((g) => `${g}${optionValues.length > 0 ? ` (${allRows(g).filter((r) => skuExists(existingGroup(g)!, r.option)).map((r) => r.option).join(', ')})` : ''}`).join('; ')}.
        </p>
      ) : null}
      {dimension.trim() && groupValues.length > 0 ? (
        <div className="table-wrap">
          <table className="text-table">
            <caption>
              {[newGroups.length > 0 ? `${plural(newGroups.length, 'new group', 'new groups')}, ${plural(skuCount, 'SKU', 'SKUs')}` : null, newSkus > 0 ? `${plural(newSkus, 'new SKU', 'new SKUs')} in existing groups` : null]
                .filter(Boolean)
                .join('; ')}
              : a price or stock left empty takes the one above
            </caption>
            <thead>
              <tr>
                <th scope="col">{dimension.trim()}</th>
                {optionValues.length > 0 ? <th scope="col">{option.trim()}</th> : null}
                <th scope="col">Price ({product.currency})</th>
                <th scope="col">Stock</th>
                <th scope="col">SKU code</th>
              </tr>
            </thead>
            <tbody>
              {groupValues.flatMap((g) => {
                const existing = existingGroup(g) !== null;
                const result = existing ? undefined : results[g];
                const errors = result && !result.ok ? fieldErrors(result.error) : new Map<string, string>();
                const groupProblem =
                  result && !result.ok
                    ? [...errors.entries()].filter(([path]) => !path.startsWith('skus[')).map(([path, rule]) => `${path === 'attributeValue' ? 'The value' : path} ${rule}`)[0] ??
                      (errors.size === 0 ? describe(result.error) : null)
                    : null;
                return rowsOf(g).map((r, i) => {
                  const c = cell(r.key);
                  const name = `${dimension.trim()}: ${g}${r.option ? `, ${option.trim()}: ${r.option}` : ''}`;
                  const refused = existing ? skuResults[r.key] : undefined;
                  const skuErrors = refused && !refused.ok ? fieldErrors(refused.error) : null;
                  const at = (field: string) => (existing ? skuErrors?.get(field) : errors.get(`skus[${i}].${field}`));
                  const skuProblem = refused && !refused.ok && skuErrors?.size === 0 ? describe(refused.error) : null;
                  const problems = (['price', 'quantityInStock', 'sku', 'attributes'] as const)
                    .map((f) => (at(f) ? `${{ price: 'Price', quantityInStock: 'Stock', sku: 'SKU code', attributes: 'Options' }[f]} ${at(f)}.` : null))
                    .filter(Boolean);
                  const errorId = `options-grid-${g}-${i}`.replace(/\s+/g, '-');
                  return (
                    <tr key={r.key} data-testid="options-row">
                      <th scope="row">
                        {g}
                        {existing ? <span className="muted"> (exists)</span> : null}
                        {i === 0 && groupProblem ? <p className="field-error">{groupProblem}</p> : null}
                        {skuProblem ? <p className="field-error">{skuProblem}</p> : null}
                      </th>
                      {optionValues.length > 0 ? <td data-label={option.trim()}>{r.option}</td> : null}
                      <td data-label="Price">
                        <input
                          type="text"
                          inputMode="decimal"
                          aria-label={`Price: ${name}`}
                          placeholder={price}
                          aria-invalid={at('price') ? true : undefined}
                          aria-describedby={problems.length > 0 ? errorId : undefined}
                          value={c.price}
                          onChange={(e) => setCell(r.key, { price: e.target.value })}
                        />
                      </td>
                      <td data-label="Stock">
                        <input
                          type="text"
                          inputMode="numeric"
                          aria-label={`Stock: ${name}`}
                          placeholder={stock}
                          aria-invalid={at('quantityInStock') ? true : undefined}
                          aria-describedby={problems.length > 0 ? errorId : undefined}
                          value={c.quantityInStock}
                          onChange={(e) => setCell(r.key, { quantityInStock: e.target.value })}
                        />
                      </td>
                      <td data-label="SKU code">
                        <input
                          type="text"
                          maxLength={100}
                          aria-label={`SKU code: ${name}`}
                          aria-invalid={at('sku') ? true : undefined}
                          aria-describedby={problems.length > 0 ? errorId : undefined}
                          value={c.sku}
                          onChange={(e) => setCell(r.key, { sku: e.target.value })}
                        />
                        {problems.length > 0 ? (
                          <p id={errorId} className="field-error">
                            {problems.join(' ')}
                          </p>
                        ) : null}
                      </td>
                    </tr>
                  );
                });
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      <div className="actions">
        <button type="submit" className="button button-primary" aria-disabled={busy ? true : undefined}>
          {busy ? 'Creating…' : action || 'Create'}
        </button>
      </div>
      <p ref={statusRef} role="status" tabIndex={-1} data-testid="options-grid-summary">
        {summary}
      </p>
    </form>
  );
}

/** A refusal that names no field, in the API's words with its request id. */
function describe(error: unknown): string {
  if (error instanceof ApiError) return `${error.message}${error.requestId ? ` (request id ${error.requestId})` : ''}`;
  return error instanceof Error ? error.message : 'Something went wrong.';
}
