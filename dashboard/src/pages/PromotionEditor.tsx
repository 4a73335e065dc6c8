import type { FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import type { Tenant } from '../api/client.ts';
import type { Schemas } from '../api/wire.ts';
import { Loading } from '../components/ErrorPanel.tsx';
import { Field, TextField } from '../components/Field.tsx';
import { NotAllowed } from '../components/Section.tsx';
import { formatMoney, formatNumber, formatTimestamp } from '../format.ts';
import { changedOnly, formErrors, numberOrNull, numberText } from '../selling/forms.ts';
import { DeleteRecord, NewRecord, RecordDetails, RecordNotices, RecordNotLoaded, useCreateRecord, useDraft, useRecordEditor, useRecordPlace } from '../selling/record-editor.tsx';
import { discountText, PROMOTIONS_READ, PROMOTIONS_WRITE, promotionState, promotionsKey } from '../selling/promotions.ts';
import { tenantOf, useTenant, useTenantSearch } from '../tenant.tsx';
import { fromZonedInput, nowZonedInput, toZonedInput, zoneLabel } from '../zoned.ts';

type Promotion = Schemas['Promotion'];
type PromotionKind = Schemas['Promotion']['kind'];

interface Draft {
  code: string;
  kind: PromotionKind;
  value: string;
  minSubtotal: string;
  startsAt: string; // datetime-local, in the store's time zone
  endsAt: string;
  usageLimit: string;
  perCustomerLimit: string;
  active: boolean;
}

const FIELDS = ['code', 'kind', 'value', 'minSubtotal', 'startsAt', 'endsAt', 'usageLimit', 'perCustomerLimit', 'active'] as const;

const LABELS: Partial<Record<keyof Promotion, string>> = {
  code: 'Code',
  kind: 'Kind of discount',
  value: 'Discount',
  minSubtotal: 'Minimum order',
  startsAt: 'Starts',
  endsAt: 'Ends',
  usageLimit: 'Uses in total',
  perCustomerLimit: 'Uses per customer',
  active: 'Switched on',
};

function draftOf(p: Promotion, zone: string): Draft {
  return {
    code: p.code,
    kind: p.kind,
    value: numberText(p.value),
    minSubtotal: p.minSubtotal > 0 ? numberText(p.minSubtotal) : '',
    startsAt: toZonedInput(p.startsAt, zone),
    endsAt: toZonedInput(p.endsAt, zone),
    usageLimit: numberText(p.usageLimit),
    perCustomerLimit: numberText(p.perCustomerLimit),
    active: p.active,
  };
}

function emptyDraft(zone: string): Draft {
  return { code: '', kind: 'percentage', value: '', minSubtotal: '', startsAt: nowZonedInput(zone), endsAt: '', usageLimit: '', perCustomerLimit: '', active: true };
}

/** The body fields as the API takes them (`POST /v1/promotions`; a PATCH sends the changed ones). */
function bodyOf(d: Draft, zone: string): Record<string, unknown> {
  return {
    code: d.code.trim(),
    kind: d.kind,
    value: numberOrNull(d.value),
    minSubtotal: numberOrNull(d.minSubtotal) ?? 0,
    startsAt: fromZonedInput(d.startsAt, zone) ?? undefined, // empty: now (on create), unchanged (on edit)
    endsAt: fromZonedInput(d.endsAt, zone),
    usageLimit: numberOrNull(d.usageLimit),
    perCustomerLimit: numberOrNull(d.perCustomerLimit),
    active: d.active,
  };
}

/** One discount code (its own chunk): `/promotions/new` creates, `/promotions/:id` shows and, with promotions:write, edits or deletes. */
export default function PromotionEditor() {
  const state = useTenant();
  const tenant = tenantOf(state);
  const { promotionId } = useParams();
  const search = useTenantSearch();
  if (!tenant || !state.store) return null;
  const isNew = promotionId === undefined;
  const needed = isNew ? PROMOTIONS_WRITE : PROMOTIONS_READ;
  return (
    <>
      <title>{`${isNew ? 'New promotion' : 'Promotion'} · ${state.store.name} · Dashboard`}</title>
      <p>
        <Link to={{ pathname: '/promotions', search }}>← All promotions</Link>
      </p>
      {state.permissions === null ? (
        <>
          <h1>{isNew ? 'New promotion' : 'Promotion'}</h1>
          <Loading what="your permissions" />
        </>
      ) : !state.permissions.has(needed) ? (
        <>
          <h1>{isNew ? 'New promotion' : 'Promotion'}</h1>
          <NotAllowed permission={needed} />
        </>
      ) : isNew ? (
        <NewPromotion tenant={tenant} currency={state.store.currency} zone={state.store.timezone} />
      ) : (
        <EditPromotion key={promotionId} tenant={tenant} id={promotionId} currency={state.store.currency} zone={state.store.timezone} canWrite={state.permissions.has(PROMOTIONS_WRITE)} />
      )}
    </>
  );
}

const usePromotionsPlace = (tenant: Tenant) => useRecordPlace(tenant, { api: '/v1/promotions', page: '/promotions', key: promotionsKey(tenant.storeId, tenant.mode) });

function NewPromotion({ tenant, currency, zone }: { tenant: Tenant; currency: string; zone: string }) {
  const creating = useCreateRecord<Promotion, Draft>({
    tenant,
    place: usePromotionsPlace(tenant),
    initial: () => emptyDraft(zone),
    bodyOf: (d) => bodyOf(d, zone),
    notice: (p) => `Promotion ${p.code} created.`,
  });
  return (
    <NewRecord heading="New promotion" creating={creating} createLabel="Create promotion" failed="The promotion could not be created." fields={FIELDS}>
      <PromotionFields draft={creating.draft} onChange={creating.edit} error={creating.create.error} currency={currency} zone={zone} isNew />
    </NewRecord>
  );
}

function EditPromotion({ tenant, id, currency, zone, canWrite }: { tenant: Tenant; id: string; currency: string; zone: string; canWrite: boolean }) {
  const editing = useRecordEditor<Promotion>({
    tenant,
    place: usePromotionsPlace(tenant),
    id,
    labels: LABELS,
    show: (field, value) => showField(field, value, currency, zone),
    savedNotice: (p) => `Saved ${p.code}.`,
  });
  const { editor } = editing;
  const base = editor.base;
  if (!base) return <RecordNotLoaded heading="Promotion" what="promotion" query={editor.query} />;
  const p = base.value;
  return (
    <>
      <h1>
        Promotion <code>{p.code}</code>
      </h1>
      <p className="muted" data-testid="promotion-summary">
        {discountText(p, currency)}
        {p.minSubtotal > 0 ? ` on orders from ${formatMoney(p.minSubtotal, currency)}` : ''} · {promotionState(p).label} · used {formatNumber(p.timesUsed)}{' '}
        {p.timesUsed === 1 ? 'time' : 'times'}
      </p>
      <RecordNotices editing={editing} what={`promotion ${p.code}`} />
      <PromotionForm
        key={editor.version}
        base={p}
        canWrite={canWrite}
        currency={currency}
        zone={zone}
        saving={editor.saving}
        error={editor.error}
        onEdited={editing.edited}
        onSave={(patch) => editor.save(patch, patch as Partial<Promotion>)}
      />
      {canWrite ? (
        <DeleteRecord
          what="promotion"
          intro="Customers can no longer use a deleted code; orders that used it keep their discount."
          title={
            <>
              Delete the discount code <code>{p.code}</code>?
            </>
          }
          name={p.code}
          testId="confirm-delete-promotion"
          remove={editing.remove}
        >
          <p>It stops working at once{p.timesUsed > 0 ? `; it was used ${formatNumber(p.timesUsed)} ${p.timesUsed === 1 ? 'time' : 'times'}` : ''}. This cannot be undone.</p>
        </DeleteRecord>
      ) : null}
    </>
  );
}

function showField(field: string, value: unknown, currency: string, zone: string): string {
  if (value === null || value === undefined) return field === 'endsAt' ? 'No end' : field.endsWith('Limit') ? 'No limit' : '(empty)';
  if (field === 'startsAt' || field === 'endsAt') return formatTimestamp(String(value), zone);
  if (field === 'minSubtotal' && typeof value === 'number') return formatMoney(value, currency);
  if (field === 'kind') return value === 'percentage' ? 'Percentage' : 'Fixed amount';
  if (field === 'active') return value ? 'On' : 'Off';
  return String(value);
}

function PromotionForm({
  base,
  canWrite,
  currency,
  zone,
  saving,
  error,
  onEdited,
  onSave,
}: {
  base: Promotion;
  canWrite: boolean;
  currency: string;
  zone: string;
  saving: boolean;
  error: unknown;
  onEdited: () => void;
  onSave: (patch: Record<string, unknown>) => void;
}) {
  const { draft, nothing, unchanged, change } = useDraft(() => draftOf(base, zone), onEdited);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const before = bodyOf(draftOf(base, zone), zone);
    const after = bodyOf(draft, zone);
    const patch = changedOnly(before, after);
    // Kind and value go together: a value means something only with its kind.
    if ('kind' in patch || 'value' in patch) Object.assign(patch, { kind: after.kind, value: after.value });
    if (Object.keys(patch).length === 0) return unchanged();
    onSave(patch);
  };
  return (
    <RecordDetails what="promotion" legend={`Promotion ${base.code}`} permission={PROMOTIONS_WRITE} canWrite={canWrite} saving={saving} error={error} fields={FIELDS} nothing={nothing} onSubmit={submit}>
      <PromotionFields draft={draft} onChange={change} error={error} currency={currency} zone={zone} isNew={false} />
    </RecordDetails>
  );
}

function PromotionFields({ draft, onChange, error, currency, zone, isNew }: { draft: Draft; onChange: (d: Draft) => void; error: unknown; currency: string; zone: string; isNew: boolean }) {
  const errors = formErrors(error);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => onChange({ ...draft, [key]: value });
  const zoneHint = `In the store’s time zone (${zoneLabel(zone)}).`;
  return (
    <>
      <TextField label="Code" error={errors.get('code')} hint="3 to 50 letters, digits, - or _; customers type it at checkout (case does not matter)." type="text" name="code" autoComplete="off" spellCheck={false} maxLength={50} value={draft.code} onChange={(v) => set('code', v)} />
      <Field label="Kind of discount" error={errors.get('kind')}>
        {(p) => (
          <select {...p} name="kind" value={draft.kind} onChange={(e) => set('kind', e.target.value === 'fixed' ? 'fixed' : 'percentage')}>
            <option value="percentage">A percentage of the order</option>
            <option value="fixed">A fixed amount ({currency})</option>
          </select>
        )}
      </Field>
      <Field
        label={draft.kind === 'percentage' ? 'Percentage off' : `Amount off (${currency})`}
        error={errors.get('value')}
        hint={draft.kind === 'percentage' ? 'Above 0 and at most 100, e.g. 15 for 15 % off.' : 'Taken off the subtotal, never more than it.'}
      >
        {(p) => <input {...p} type="number" name="value" inputMode="decimal" step="any" value={draft.value} onChange={(e) => set('value', e.target.value)} />}
      </Field>
      <TextField label={`Minimum order (${currency})`} error={errors.get('minSubtotal')} hint="The subtotal an order needs for the code to apply. Empty: any order." type="number" name="minSubtotal" inputMode="decimal" min="0" step="any" value={draft.minSubtotal} onChange={(v) => set('minSubtotal', v)} />
      <Field label="Starts" error={errors.get('startsAt')} hint={`${zoneHint}${isNew ? ' Empty: now.' : ''}`}>
        {(p) => <input {...p} type="datetime-local" name="startsAt" required={!isNew} value={draft.startsAt} onChange={(e) => set('startsAt', e.target.value)} />}
      </Field>
      <Field label="Ends" error={errors.get('endsAt')} hint={`${zoneHint} Empty: no end.`}>
        {(p) => <input {...p} type="datetime-local" name="endsAt" value={draft.endsAt} onChange={(e) => set('endsAt', e.target.value)} />}
      </Field>
      <TextField label="Uses in total" error={errors.get('usageLimit')} hint="Empty: no limit." type="number" name="usageLimit" inputMode="numeric" min="1" step="1" value={draft.usageLimit} onChange={(v) => set('usageLimit', v)} />
      <Field label="Uses per customer" error={errors.get('perCustomerLimit')} hint="Empty: no limit.">
        {(p) => (
          <input {...p} type="number" name="perCustomerLimit" inputMode="numeric" min="1" step="1" value={draft.perCustomerLimit} onChange={(e) => set('perCustomerLimit', e.target.value)} />
        )}
      </Field>
      <div className="form-field">
        <label className="check">
          <input type="checkbox" name="active" checked={draft.active} onChange={(e) => set('active', e.target.checked)} /> Switched on (customers can use it
          within its dates)
        </label>
        {errors.get('active') ? <p className="field-error">Switched on {errors.get('active')}.</p> : null}
      </div>
    </>
  );
}
