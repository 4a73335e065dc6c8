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

/**
 * Variant groups and SKUs made from options (issue 38: sizes were typed as `Size=S` per SKU and again for every
 * colour): one dimension and its values make the groups (Color: Red, Blue), an option and its values make each group's
 * SKUs (Size: S, M, L); the grid of every combination takes each SKU's price, stock and code (a price and stock typed
 * above fill every cell still empty). Create sends one `POST …/variant-groups` per group with its SKUs, one after
 * another, each with its own `Idempotency-Key` for its values; a refusal shows at its group or cell, and the groups
 * made leave the grid, so saving again sends only the others.
 */
export function OptionsGrid({ tenant, product }: { tenant: Tenant; product: Product }) {
  const invalidate = useInvalidateCatalog(tenant);
  const titleId = useId();
  const ids = { dimension: useId(), groups: useId(), option: useId(), options: useId(), price: useId(), stock: useId() };
  const statusRef = useRef<HTMLParagraphElement>(null);
  const [dimension, setDimension] = useState('');
  const [groupsText, setGroupsText] = useState('');
  const [option, setOption] = useState('');
  const [optionsText, setOptionsText] = useState('');
  const [price, setPrice] = useState('');
  const [stock, setStock] = useState('');
  const [cells, setCells] = useState<Record<string, Cell>>({});
  const [done, setDone] = useState<string[]>([]);
  const [results, setResults] = useState<Record<string, GroupResult>>({});
  const [summary, setSummary] = useState('');
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  const keys = useRef(new Map<string, { values: string; key: string }>());

  const groupValues = valuesOf(groupsText).filter((g) => !done.includes(g));
  const optionValues = option.trim() ? valuesOf(optionsText) : [];
  const rowsOf = (g: string) => (optionValues.length > 0 ? optionValues : ['']).map((o) => ({ key: `${g}\u0000${o}`, option: o }));
  const cell = (key: string): Cell => cells[key] ?? { price: '', quantityInStock: '', sku: '' };
  const setCell = (key: string, patch: Partial<Cell>) => setCells({ ...cells, [key]: { ...cell(key), ...patch } });
  const skuCount = groupValues.length * Math.max(1, optionValues.length);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (sending.current) return;
    if (!dimension.trim() || groupValues.length === 0) {
      setSummary('Nothing to create: name the dimension and give at least one value.');
      return;
    }
    sending.current = true;
    setBusy(true);
    setSummary('');
    const next: Record<string, GroupResult> = {};
    const made: string[] = [];
    for (const g of groupValues) {
      const skus = rowsOf(g).map((r) => {
        const c = cell(r.key);
        return {
          price: numberOrText(c.price.trim() || price),
          quantityInStock: numberOrText(c.quantityInStock.trim() || stock),
          discount: 0,
          sku: c.sku.trim() === '' ? null : c.sku.trim(),
          attributes: r.option ? { [option.trim()]: r.option } : {},
        };
      });
      const body = { attributeName: dimension.trim(), attributeValue: g, skus };
      const values = JSON.stringify(body);
      let key = keys.current.get(g);
      if (key?.values !== values) {
        key = { values, key: newIdempotencyKey() };
        keys.current.set(g, key);
      }
      try {
        const answer = await api<VariantGroup>(`/v2/products/${encodeURIComponent(product.id)}/variant-groups`, {
          tenant,
          method: 'POST',
          headers: { 'Idempotency-Key': key.key },
          body,
        });
        next[g] = { ok: true, group: answer.data };
        made.push(g);
        keys.current.delete(g);
      } catch (error) {
        next[g] = { ok: false, error };
      }
    }
    const refused = groupValues.length - made.length;
    setResults(next);
    setDone([...done, ...made]);
    setSummary(
      `Created ${made.length === 1 ? '1 group' : `${made.length} groups`}${made.length > 0 ? ` (${made.map((g) => `${dimension.trim()}: ${g}`).join(', ')})` : ''}.${refused > 0 ? ` ${refused === 1 ? '1 group was' : `${refused} groups were`} refused: see the marks in the grid, correct and create again.` : ''}`,
    );
    setBusy(false);
    sending.current = false;
    statusRef.current?.focus();
    if (made.length > 0) invalidate();
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
      {dimension.trim() && groupValues.length > 0 ? (
        <div className="table-wrap">
          <table className="text-table">
            <caption>
              {groupValues.length === 1 ? '1 group' : `${groupValues.length} groups`}, {skuCount === 1 ? '1 SKU' : `${skuCount} SKUs`}: a price or stock left empty takes the one
              above
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
                const result = results[g];
                const errors = result && !result.ok ? fieldErrors(result.error) : new Map<string, string>();
                const groupProblem =
                  result && !result.ok
                    ? [...errors.entries()].filter(([path]) => !path.startsWith('skus[')).map(([path, rule]) => `${path === 'attributeValue' ? 'The value' : path} ${rule}`)[0] ??
                      (errors.size === 0 ? describe(result.error) : null)
                    : null;
                return rowsOf(g).map((r, i) => {
                  const c = cell(r.key);
                  const name = `${dimension.trim()}: ${g}${r.option ? `, ${option.trim()}: ${r.option}` : ''}`;
                  const at = (field: string) => errors.get(`skus[${i}].${field}`);
                  const problems = (['price', 'quantityInStock', 'sku', 'attributes'] as const)
                    .map((f) => (at(f) ? `${{ price: 'Price', quantityInStock: 'Stock', sku: 'SKU code', attributes: 'Options' }[f]} ${at(f)}.` : null))
                    .filter(Boolean);
                  const errorId = `options-grid-${g}-${i}`.replace(/\s+/g, '-');
                  return (
                    <tr key={r.key} data-testid="options-row">
                      <th scope="row">
                        {g}
                        {i === 0 && groupProblem ? <p className="field-error">{groupProblem}</p> : null}
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
          {busy ? 'Creating…' : groupValues.length > 0 ? `Create ${groupValues.length === 1 ? '1 group' : `${groupValues.length} groups`} with ${skuCount === 1 ? '1 SKU' : `${skuCount} SKUs`}` : 'Create'}
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
