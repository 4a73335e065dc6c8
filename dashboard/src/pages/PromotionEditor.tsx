import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { api, type Tenant } from '../api/client.ts';
import type { Schemas } from '../api/wire.ts';
import { Confirm } from '../components/Confirm.tsx';
import { EditorConflict } from '../components/Conflict.tsx';
import { ErrorPanel, Loading } from '../components/ErrorPanel.tsx';
import { Field, TextField } from '../components/Field.tsx';
import { NotAllowed, Permission, Section } from '../components/Section.tsx';
import { useEtagEditor } from '../editor.ts';
import { formatMoney, formatNumber, formatTimestamp } from '../format.ts';
import { useSubmission } from '../idempotency.ts';
import { changedOnly, formErrors, numberOrNull, numberText, shownAtFields } from '../selling/forms.ts';
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

function NewPromotion({ tenant, currency, zone }: { tenant: Tenant; currency: string; zone: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const search = useTenantSearch();
  const [draft, setDraft] = useState<Draft>(() => emptyDraft(zone));
  const submission = useSubmission();
  const create = useMutation({
    mutationFn: (input: { body: Record<string, unknown>; key: string }) =>
      api<Promotion>('/v1/promotions', { tenant, method: 'POST', headers: { 'Idempotency-Key': input.key }, body: input.body }).then((r) => r.data),
    onSuccess: (p) => {
      submission.forget();
      void queryClient.invalidateQueries({ queryKey: promotionsKey(tenant.storeId, tenant.mode) });
      void queryClient.invalidateQueries({ queryKey: ['tenant', tenant.storeId, tenant.mode, 'audit-log'] });
      navigate({ pathname: `/promotions/${encodeURIComponent(p.id)}`, search }, { replace: true, state: { notice: `Promotion ${p.code} created.` } });
    },
    onSettled: () => submission.settled(),
  });
  const edit = (next: Draft) => {
    setDraft(next);
    submission.forget();
    if (create.isError) create.reset();
  };
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const body = bodyOf(draft, zone);
    const key = submission.begin(JSON.stringify(body));
    if (key !== null) create.mutate({ body, key });
  };
  return (
    <>
      <h1>New promotion</h1>
      <Section title="Details">
        <form onSubmit={submit} noValidate>
          <PromotionFields draft={draft} onChange={edit} error={create.error} currency={currency} zone={zone} isNew />
          <div className="actions">
            <button type="submit" className="button button-primary" disabled={create.isPending}>
              {create.isPending ? 'Creating…' : 'Create promotion'}
            </button>
          </div>
        </form>
        {create.isError && !shownAtFields(create.error, (p) => (FIELDS as readonly string[]).includes(p)) ? (
          <ErrorPanel error={create.error} title="The promotion could not be created." />
        ) : null}
      </Section>
    </>
  );
}

function EditPromotion({ tenant, id, currency, zone, canWrite }: { tenant: Tenant; id: string; currency: string; zone: string; canWrite: boolean }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const search = useTenantSearch();
  const location = useLocation();
  const notice = (location.state as { notice?: string } | null)?.notice ?? null;
  const [saved, setSaved] = useState<string | null>(notice);
  const detailKey = [...promotionsKey(tenant.storeId, tenant.mode), 'one', id] as const;
  const invalidate = () => {
    void queryClient.invalidateQueries({ queryKey: [...promotionsKey(tenant.storeId, tenant.mode), 'list'] });
    void queryClient.invalidateQueries({ queryKey: ['tenant', tenant.storeId, tenant.mode, 'audit-log'] });
  };
  const editor = useEtagEditor<Promotion>({
    labels: LABELS,
    show: (field, value) => showField(field, value, currency, zone),
    tenant,
    path: `/v1/promotions/${encodeURIComponent(id)}`,
    queryKey: detailKey,
    enabled: true,
    onStale: invalidate,
    onSaved: (p) => {
      setSaved(`Saved ${p.code}.`);
      invalidate();
    },
  });
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: (p: Promotion) => api(`/v1/promotions/${encodeURIComponent(p.id)}`, { tenant, method: 'DELETE', headers: editor.base?.etag ? { 'If-Match': editor.base.etag } : undefined }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: detailKey });
      // The list shows no deleted row, not even while it reloads.
      queryClient.removeQueries({ queryKey: [...promotionsKey(tenant.storeId, tenant.mode), 'list'] });
      invalidate();
      navigate({ pathname: '/promotions', search }, { replace: true });
    },
  });

  const base = editor.base;
  if (editor.query.isError && !base) {
    return (
      <>
        <h1>Promotion</h1>
        <ErrorPanel error={editor.query.error} title="The promotion could not be loaded." onRetry={() => editor.query.refetch()} />
      </>
    );
  }
  if (!base) {
    return (
      <>
        <h1>Promotion</h1>
        <Loading what="the promotion" />
      </>
    );
  }
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
      {saved ? (
        <p className="notice" role="status">
          {saved}
        </p>
      ) : null}
      {editor.conflict ? (
        <EditorConflict
          what={`promotion ${p.code}`}
          conflict={editor.conflict}
          busy={editor.saving}
          onReload={editor.reload}
          onOverwrite={editor.overwrite}
        />
      ) : null}
      <PromotionForm
        key={editor.version}
        base={p}
        canWrite={canWrite}
        currency={currency}
        zone={zone}
        saving={editor.saving}
        error={editor.error}
        onEdited={() => {
          setSaved(null);
          editor.resetError();
        }}
        onSave={(patch) => editor.save(patch, patch as Partial<Promotion>)}
      />
      {canWrite ? (
        <Section title="Delete">
          <p>Customers can no longer use a deleted code; orders that used it keep their discount.</p>
          {confirming ? (
            <Confirm
              title={
                <>
                  Delete the discount code <code>{p.code}</code>?
                </>
              }
              confirmLabel={`Delete ${p.code}`}
              busyLabel="Deleting…"
              busy={remove.isPending}
              error={remove.error}
              errorTitle="The promotion could not be deleted."
              onConfirm={() => remove.mutate(p)}
              onCancel={() => {
                remove.reset();
                setConfirming(false);
              }}
              testId="confirm-delete-promotion"
            >
              <p>It stops working at once{p.timesUsed > 0 ? `; it was used ${formatNumber(p.timesUsed)} ${p.timesUsed === 1 ? 'time' : 'times'}` : ''}. This cannot be undone.</p>
            </Confirm>
          ) : (
            <div className="actions">
              <button type="button" className="button button-danger" onClick={() => setConfirming(true)}>
                Delete promotion
              </button>
            </div>
          )}
        </Section>
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
  const [draft, setDraft] = useState<Draft>(() => draftOf(base, zone));
  const [nothing, setNothing] = useState(false);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const before = bodyOf(draftOf(base, zone), zone);
    const after = bodyOf(draft, zone);
    const patch = changedOnly(before, after);
    // Kind and value go together: a value means something only with its kind.
    if ('kind' in patch || 'value' in patch) Object.assign(patch, { kind: after.kind, value: after.value });
    if (Object.keys(patch).length === 0) {
      setNothing(true);
      return;
    }
    onSave(patch);
  };
  return (
    <Section title="Details">
      {canWrite ? null : (
        <p className="notice">
          Your role in this store lacks the <Permission code={PROMOTIONS_WRITE} />, so you can read this promotion but not change it.
        </p>
      )}
      <form onSubmit={submit} noValidate>
        <fieldset className="plain-fieldset" disabled={!canWrite}>
          <legend className="visually-hidden">Promotion {base.code}</legend>
          <PromotionFields
            draft={draft}
            onChange={(next) => {
              setDraft(next);
              setNothing(false);
              onEdited();
            }}
            error={error}
            currency={currency}
            zone={zone}
            isNew={false}
          />
        </fieldset>
        {canWrite ? (
          <div className="actions">
            <button type="submit" className="button button-primary" disabled={saving}>
              {saving ? 'Saving…' : 'Save changes'}
            </button>
          </div>
        ) : null}
        {nothing ? (
          <p className="muted" role="status">
            Nothing changed, so nothing was saved.
          </p>
        ) : null}
      </form>
      {error && !shownAtFields(error, (p) => (FIELDS as readonly string[]).includes(p)) ? <ErrorPanel error={error} title="The promotion could not be saved." /> : null}
    </Section>
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
