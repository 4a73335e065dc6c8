import type { FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import type { Tenant } from '../api/client.ts';
import type { DataOf, Schemas } from '../api/wire.ts';
import { Loading } from '../components/ErrorPanel.tsx';
import { Field, TextField } from '../components/Field.tsx';
import { ImageField } from '../components/Images.tsx';
import { NotAllowed } from '../components/Section.tsx';
import { formatTimestamp } from '../format.ts';
import { invalidatePastCache } from '../freshness.ts';
import { changedOnly, formErrors } from '../selling/forms.ts';
import { DeleteRecord, NewRecord, RecordDetails, RecordNotices, RecordNotLoaded, useCreateRecord, useDraft, useRecordEditor, useRecordPlace } from '../selling/record-editor.tsx';
import { adState, promoAdsKey, publishedAdsKey } from '../selling/promo-ads.ts';
import { PROMOTIONS_READ, PROMOTIONS_WRITE } from '../selling/promotions.ts';
import { tenantOf, useTenant, useTenantSearch } from '../tenant.tsx';
import { fromZonedInput, nowZonedInput, toZonedInput, zoneLabel } from '../zoned.ts';

type PromoAdRecord = DataOf<'/v1/promo-ads', 'post'>;
type PromoAdStatus = Schemas['PromoAd']['status'];

interface Draft {
  title: string;
  body: string;
  imageFileId: string | null;
  linkUrl: string;
  placement: string;
  startsAt: string; // datetime-local, in the store's time zone
  endsAt: string;
  status: PromoAdStatus;
}

const FIELDS = ['title', 'body', 'imageFileId', 'linkUrl', 'placement', 'startsAt', 'endsAt', 'status'] as const;

const LABELS: Partial<Record<keyof PromoAdRecord, string>> = {
  title: 'Title',
  body: 'Text',
  imageFileId: 'Image',
  linkUrl: 'Link',
  placement: 'Placement',
  startsAt: 'Shows from',
  endsAt: 'Shows until',
  status: 'Status',
};

function draftOf(ad: PromoAdRecord, zone: string): Draft {
  return {
    title: ad.title,
    body: ad.body ?? '',
    imageFileId: ad.imageFileId,
    linkUrl: ad.linkUrl ?? '',
    placement: ad.placement ?? '',
    startsAt: toZonedInput(ad.startsAt, zone),
    endsAt: toZonedInput(ad.endsAt, zone),
    status: ad.status,
  };
}

const textOrNull = (text: string) => (text.trim() === '' ? null : text);

/** The body fields as the API takes them (`POST /v1/promo-ads`; a PATCH sends the changed ones). */
function bodyOf(d: Draft, zone: string): Record<string, unknown> {
  return {
    title: d.title,
    body: textOrNull(d.body),
    imageFileId: d.imageFileId,
    linkUrl: textOrNull(d.linkUrl)?.trim() ?? null,
    placement: textOrNull(d.placement)?.trim() ?? null,
    startsAt: fromZonedInput(d.startsAt, zone) ?? undefined, // required: the API names it when it is missing
    endsAt: fromZonedInput(d.endsAt, zone),
    status: d.status,
  };
}

/** One promo ad (its own chunk): `/promo-ads/new` creates, `/promo-ads/:id` shows and, with promotions:write, edits or deletes. */
export default function PromoAdEditor() {
  const state = useTenant();
  const tenant = tenantOf(state);
  const { adId } = useParams();
  const search = useTenantSearch();
  if (!tenant || !state.store) return null;
  const isNew = adId === undefined;
  const needed = isNew ? PROMOTIONS_WRITE : PROMOTIONS_READ;
  const own = state.permissions;
  const context = {
    tenant,
    zone: state.store.timezone,
    canUpload: own?.has('products:write') ?? false,
    canView: own?.has('products:read') ?? false,
  };
  return (
    <>
      <title>{`${isNew ? 'New promo ad' : 'Promo ad'} · ${state.store.name} · Dashboard`}</title>
      <p>
        <Link to={{ pathname: '/promo-ads', search }}>← All promo ads</Link>
      </p>
      {own === null ? (
        <>
          <h1>{isNew ? 'New promo ad' : 'Promo ad'}</h1>
          <Loading what="your permissions" />
        </>
      ) : !own.has(needed) ? (
        <>
          <h1>{isNew ? 'New promo ad' : 'Promo ad'}</h1>
          <NotAllowed permission={needed} />
        </>
      ) : isNew ? (
        <NewPromoAd {...context} />
      ) : (
        <EditPromoAd key={adId} id={adId} canWrite={own.has(PROMOTIONS_WRITE)} {...context} />
      )}
    </>
  );
}

interface Context {
  tenant: Tenant;
  zone: string;
  canUpload: boolean;
  canView: boolean;
}

const usePromoAdsPlace = (tenant: Tenant) =>
  useRecordPlace(tenant, { api: '/v1/promo-ads', page: '/promo-ads', key: promoAdsKey(tenant.storeId, tenant.mode) }, (queryClient) =>
    // The overview's live ads have a 30-minute cache window: its next read goes past it, so a published ad shows at once.
    invalidatePastCache(queryClient, publishedAdsKey(tenant.storeId, tenant.mode)),
  );

function NewPromoAd(context: Context) {
  const { tenant, zone } = context;
  const creating = useCreateRecord<PromoAdRecord, Draft>({
    tenant,
    place: usePromoAdsPlace(tenant),
    initial: () => ({ title: '', body: '', imageFileId: null, linkUrl: '', placement: '', startsAt: nowZonedInput(zone), endsAt: '', status: 'draft' }),
    bodyOf: (d) => bodyOf(d, zone),
    notice: (ad) => `Promo ad “${ad.title}” created.`,
  });
  return (
    <NewRecord heading="New promo ad" creating={creating} createLabel="Create promo ad" failed="The promo ad could not be created." fields={FIELDS}>
      <PromoAdFields draft={creating.draft} onChange={creating.edit} error={creating.create.error} disabled={false} {...context} />
    </NewRecord>
  );
}

function EditPromoAd({ id, canWrite, ...context }: Context & { id: string; canWrite: boolean }) {
  const { tenant, zone } = context;
  const editing = useRecordEditor<PromoAdRecord>({
    tenant,
    place: usePromoAdsPlace(tenant),
    id,
    labels: LABELS,
    show: (field, value) => showField(field, value, zone),
    savedNotice: (ad) => `Saved “${ad.title}”.`,
  });
  const { editor } = editing;
  const base = editor.base;
  if (!base) return <RecordNotLoaded heading="Promo ad" what="promo ad" query={editor.query} />;
  const ad = base.value;
  return (
    <>
      <h1>Promo ad “{ad.title}”</h1>
      <p className="muted" data-testid="promo-ad-summary">
        {adState(ad)} · {ad.placement ? `placement ${ad.placement}` : 'any placement'} · from {formatTimestamp(ad.startsAt, zone)}
        {ad.endsAt ? ` until ${formatTimestamp(ad.endsAt, zone)}` : ', no end'}
      </p>
      <RecordNotices editing={editing} what={`the promo ad “${ad.title}”`} />
      <PromoAdForm
        key={editor.version}
        base={ad}
        canWrite={canWrite}
        saving={editor.saving}
        error={editor.error}
        onEdited={editing.edited}
        onSave={(patch) => editor.save(patch, patch as Partial<PromoAdRecord>)}
        {...context}
      />
      {canWrite ? (
        <DeleteRecord
          what="promo ad"
          intro="A deleted ad disappears from the storefront at once (clients that cache the live ads may show it up to 30 minutes longer)."
          title={<>Delete the promo ad “{ad.title}”?</>}
          name={`“${ad.title}”`}
          testId="confirm-delete-promo-ad"
          remove={editing.remove}
        >
          <p>{ad.live ? 'It is live now and stops showing at once. ' : ''}This cannot be undone.</p>
        </DeleteRecord>
      ) : null}
    </>
  );
}

function showField(field: string, value: unknown, zone: string): string {
  if (value === null || value === undefined) return field === 'endsAt' ? 'No end' : field === 'placement' ? 'Anywhere' : field === 'imageFileId' ? 'No image' : '(empty)';
  if (field === 'startsAt' || field === 'endsAt') return formatTimestamp(String(value), zone);
  if (field === 'status') return value === 'published' ? 'Published' : 'Draft';
  return String(value);
}

function PromoAdForm({
  base,
  canWrite,
  saving,
  error,
  onEdited,
  onSave,
  ...context
}: Context & {
  base: PromoAdRecord;
  canWrite: boolean;
  saving: boolean;
  error: unknown;
  onEdited: () => void;
  onSave: (patch: Record<string, unknown>) => void;
}) {
  const { zone } = context;
  const { draft, nothing, unchanged, change } = useDraft(() => draftOf(base, zone), onEdited);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const patch = changedOnly(bodyOf(draftOf(base, zone), zone), bodyOf(draft, zone));
    if (Object.keys(patch).length === 0) return unchanged();
    onSave(patch);
  };
  return (
    <RecordDetails what="promo ad" legend={`Promo ad “${base.title}”`} permission={PROMOTIONS_WRITE} canWrite={canWrite} saving={saving} error={error} fields={FIELDS} nothing={nothing} onSubmit={submit}>
      <PromoAdFields draft={draft} onChange={change} error={error} disabled={!canWrite} {...context} />
    </RecordDetails>
  );
}

function PromoAdFields({
  draft,
  onChange,
  error,
  disabled,
  tenant,
  zone,
  canUpload,
  canView,
}: Context & { draft: Draft; onChange: (d: Draft) => void; error: unknown; disabled: boolean }) {
  const errors = formErrors(error);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => onChange({ ...draft, [key]: value });
  const zoneHint = `In the store’s time zone (${zoneLabel(zone)}).`;
  return (
    <>
      <TextField label="Title" error={errors.get('title')} hint="What the banner says, up to 200 characters." type="text" name="title" maxLength={200} value={draft.title} onChange={(v) => set('title', v)} />
      <Field label="Text" error={errors.get('body')} hint="Optional, up to 5000 characters.">
        {(p) => <textarea {...p} name="body" rows={3} maxLength={5000} value={draft.body} onChange={(e) => set('body', e.target.value)} />}
      </Field>
      <ImageField
        label="Image"
        fileId={draft.imageFileId}
        alt={draft.title.trim() ? `The image of “${draft.title.trim()}”` : 'The ad’s image'}
        tenant={tenant}
        canUpload={canUpload}
        canView={canView}
        disabled={disabled}
        error={errors.get('imageFileId') ?? null}
        onChange={(fileId) => set('imageFileId', fileId)}
      />
      <TextField label="Link" error={errors.get('linkUrl')} hint="Where the ad leads: a full http:// or https:// address. Optional." type="url" name="linkUrl" inputMode="url" autoComplete="off" value={draft.linkUrl} onChange={(v) => set('linkUrl', v)} />
      <TextField label="Placement" error={errors.get('placement')} hint="Where your storefront shows it, e.g. home-hero (lower-case letters, digits, - or _). Empty: anywhere." type="text" name="placement" autoComplete="off" spellCheck={false} maxLength={50} value={draft.placement} onChange={(v) => set('placement', v)} />
      <TextField label="Shows from" error={errors.get('startsAt')} hint={zoneHint} type="datetime-local" name="startsAt" required value={draft.startsAt} onChange={(v) => set('startsAt', v)} />
      <Field label="Shows until" error={errors.get('endsAt')} hint={`${zoneHint} Empty: no end.`}>
        {(p) => <input {...p} type="datetime-local" name="endsAt" value={draft.endsAt} onChange={(e) => set('endsAt', e.target.value)} />}
      </Field>
      <Field label="Status" error={errors.get('status')} hint="Only published ads show, and only between their start and end.">
        {(p) => (
          <select {...p} name="status" value={draft.status} onChange={(e) => set('status', e.target.value === 'published' ? 'published' : 'draft')}>
            <option value="draft">Draft: not shown</option>
            <option value="published">Published: shown on schedule</option>
          </select>
        )}
      </Field>
    </>
  );
}
