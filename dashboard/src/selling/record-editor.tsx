import { type QueryClient, type UseQueryResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { api, type Tenant } from '../api/client.ts';
import { Confirm } from '../components/Confirm.tsx';
import { EditorConflict } from '../components/Conflict.tsx';
import { ErrorPanel, Loading } from '../components/ErrorPanel.tsx';
import { SaveActions } from '../components/SaveActions.tsx';
import { Permission, Section } from '../components/Section.tsx';
import { useEtagEditor } from '../editor.ts';
import { useSubmitted } from '../idempotency.ts';
import { useTenantSearch } from '../tenant.tsx';
import { shownAtFields } from './forms.ts';

/**
 * The editors of one record of a list (a promotion, a promo ad): `/<page>/new` creates it, `/<page>/:id` shows it and
 * edits it with `If-Match` (a 412 shows what someone else changed) or deletes it after a confirmation.
 */
export interface RecordPlace {
  api: string; // the collection: `/v1/promotions`
  page: string; // the dashboard's list: `/promotions`
  key: readonly unknown[]; // every query of these records in the store and mode; the list is `[...key, 'list']`
  onChanged: () => void; // after a create, save or delete: what else shows these records read again
}

/** The place of records at `api` and `page` whose queries start with `key`; a change reads the list and the audit log again, and `also`. */
export function useRecordPlace(tenant: Tenant, place: { api: string; page: string; key: readonly unknown[] }, also?: (queryClient: QueryClient) => void): RecordPlace {
  const queryClient = useQueryClient();
  return {
    ...place,
    onChanged: () => {
      void queryClient.invalidateQueries({ queryKey: [...place.key, 'list'] });
      also?.(queryClient);
      void queryClient.invalidateQueries({ queryKey: ['tenant', tenant.storeId, tenant.mode, 'audit-log'] });
    },
  };
}

/** Creating: the draft, one `Idempotency-Key` per submission of the same body, then the new record's page with `notice`. */
export function useCreateRecord<R extends { id: string }, D>(options: {
  tenant: Tenant;
  place: RecordPlace;
  initial: () => D;
  bodyOf: (draft: D) => Record<string, unknown>;
  notice: (created: R) => string;
}) {
  const { tenant, place, bodyOf, notice } = options;
  const navigate = useNavigate();
  const search = useTenantSearch();
  const [draft, setDraft] = useState<D>(options.initial);
  const { mutation: create, submit, edited } = useSubmitted(
    (body: Record<string, unknown>, key: string) => api<R>(place.api, { tenant, method: 'POST', headers: { 'Idempotency-Key': key }, body }).then((r) => r.data),
    {
      onSuccess: (created) => {
        place.onChanged();
        navigate({ pathname: `${place.page}/${encodeURIComponent(created.id)}`, search }, { replace: true, state: { notice: notice(created) } });
      },
    },
  );
  return {
    draft,
    create,
    edit(next: D) {
      setDraft(next);
      edited();
    },
    submit(e: FormEvent<HTMLFormElement>) {
      e.preventDefault();
      const body = bodyOf(draft);
      submit(body, JSON.stringify(body));
    },
  };
}

/** The page of a new record: its fields (`children`), Create, and a refusal not shown at a field. */
export function NewRecord({
  heading,
  creating,
  createLabel,
  failed,
  fields,
  children,
}: {
  heading: string;
  creating: { create: { isPending: boolean; isError: boolean; error: unknown }; submit: (e: FormEvent<HTMLFormElement>) => void };
  createLabel: string;
  failed: string;
  fields: readonly string[];
  children: ReactNode;
}) {
  const { create } = creating;
  return (
    <>
      <h1>{heading}</h1>
      <Section title="Details">
        <form onSubmit={creating.submit} noValidate>
          {children}
          <div className="actions">
            <button type="submit" className="button button-primary" disabled={create.isPending}>
              {create.isPending ? 'Creating…' : createLabel}
            </button>
          </div>
        </form>
        {create.isError && !shownAtFields(create.error, (p) => fields.includes(p)) ? <ErrorPanel error={create.error} title={failed} /> : null}
      </Section>
    </>
  );
}

/**
 * Editing one record: it is read with its ETag and saved with `If-Match` (`useEtagEditor`); `saved` is the notice after
 * a save (or the one the create left); `remove` deletes it with `If-Match`, then the list, without it, is shown.
 */
export function useRecordEditor<R extends object>(options: {
  tenant: Tenant;
  place: RecordPlace;
  id: string;
  labels: Partial<Record<keyof R & string, string>>;
  show: (field: string, value: unknown) => string;
  savedNotice: (saved: R) => string;
}) {
  const { tenant, place, id, savedNotice } = options;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const search = useTenantSearch();
  const location = useLocation();
  const [saved, setSaved] = useState<string | null>((location.state as { notice?: string } | null)?.notice ?? null);
  const detailKey = [...place.key, 'one', id] as const;
  const path = `${place.api}/${encodeURIComponent(id)}`;
  const editor = useEtagEditor<R>({
    labels: options.labels,
    show: options.show,
    tenant,
    path,
    queryKey: detailKey,
    enabled: true,
    onStale: place.onChanged,
    onSaved: (record) => {
      setSaved(savedNotice(record));
      place.onChanged();
    },
  });
  const remove = useMutation({
    mutationFn: () => api(path, { tenant, method: 'DELETE', headers: editor.base?.etag ? { 'If-Match': editor.base.etag } : undefined }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: detailKey });
      // The list shows no deleted row, not even while it reloads.
      queryClient.removeQueries({ queryKey: [...place.key, 'list'] });
      place.onChanged();
      navigate({ pathname: place.page, search }, { replace: true });
    },
  });
  return {
    editor,
    remove,
    saved,
    /** The form was edited: the saved notice and a failed save's error go. */
    edited() {
      setSaved(null);
      editor.resetError();
    },
  };
}

/** A record's page before its first read: the read's refusal with Try again, or loading. */
export function RecordNotLoaded({ heading, what, query }: { heading: string; what: string; query: UseQueryResult<unknown> }) {
  return (
    <>
      <h1>{heading}</h1>
      {query.isError ? <ErrorPanel error={query.error} title={`The ${what} could not be loaded.`} onRetry={() => query.refetch()} /> : <Loading what={`the ${what}`} />}
    </>
  );
}

/** Under a record's heading: the last save's notice, and the conflict panel after a 412 (`what`: "promotion SPRING"). */
export function RecordNotices({ editing, what }: { editing: Pick<ReturnType<typeof useRecordEditor>, 'editor' | 'saved'>; what: string }) {
  const { editor, saved } = editing;
  return (
    <>
      {saved ? (
        <p className="notice" role="status">
          {saved}
        </p>
      ) : null}
      {editor.conflict ? <EditorConflict what={what} conflict={editor.conflict} busy={editor.saving} onReload={editor.reload} onOverwrite={editor.overwrite} /> : null}
    </>
  );
}

/** A form's draft, started from `initial`, and whether the last Save found nothing changed. */
export function useDraft<D>(initial: () => D, onEdited: () => void) {
  const [draft, setDraft] = useState<D>(initial);
  const [nothing, setNothing] = useState(false);
  return {
    draft,
    nothing,
    unchanged: () => setNothing(true),
    change(next: D) {
      setDraft(next);
      setNothing(false);
      onEdited();
    },
  };
}

/**
 * A record's Details: its fields (`children`), read-only without the write permission (said in words), Save changes,
 * "Nothing changed" when nothing did, and a refusal not shown at a field.
 */
export function RecordDetails({
  what,
  legend,
  permission,
  canWrite,
  saving,
  error,
  fields,
  nothing,
  onSubmit,
  children,
}: {
  what: string; // "promotion"
  legend: ReactNode;
  permission: string;
  canWrite: boolean;
  saving: boolean;
  error: unknown;
  fields: readonly string[];
  nothing: boolean;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  return (
    <Section title="Details">
      {canWrite ? null : (
        <p className="notice">
          Your role in this store lacks the <Permission code={permission} />, so you can read this {what} but not change it.
        </p>
      )}
      <form onSubmit={onSubmit} noValidate>
        <fieldset className="plain-fieldset" disabled={!canWrite}>
          <legend className="visually-hidden">{legend}</legend>
          {children}
        </fieldset>
        <SaveActions canWrite={canWrite} saving={saving} label="Save changes" nothing={nothing} />
      </form>
      {error && !shownAtFields(error, (p) => fields.includes(p)) ? <ErrorPanel error={error} title={`The ${what} could not be saved.`} /> : null}
    </Section>
  );
}

/** A record's Delete section: what deleting does (`intro`), the button, then a confirmation naming the record. */
export function DeleteRecord({
  what,
  intro,
  title,
  name,
  testId,
  remove,
  children,
}: {
  what: string; // "promotion": the button says "Delete promotion"
  intro: string;
  title: ReactNode;
  name: string; // the confirming button says "Delete <name>"
  testId: string;
  remove: { isPending: boolean; error: unknown; mutate: () => void; reset: () => void };
  children: ReactNode;
}) {
  const [confirming, setConfirming] = useState(false);
  return (
    <Section title="Delete">
      <p>{intro}</p>
      {confirming ? (
        <Confirm
          title={title}
          confirmLabel={`Delete ${name}`}
          busyLabel="Deleting…"
          busy={remove.isPending}
          error={remove.error}
          errorTitle={`The ${what} could not be deleted.`}
          onConfirm={() => remove.mutate()}
          onCancel={() => {
            remove.reset();
            setConfirming(false);
          }}
          testId={testId}
        >
          {children}
        </Confirm>
      ) : (
        <div className="actions">
          <button type="button" className="button button-danger" onClick={() => setConfirming(true)}>
            {`Delete ${what}`}
          </button>
        </div>
      )}
    </Section>
  );
}
