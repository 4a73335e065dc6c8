import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import type { Tenant } from '../api/client.ts';
import { formatTimestamp } from '../format.ts';
import { useSubmitted } from '../idempotency.ts';
import { Confirm } from './Confirm.tsx';
import { RevokeButton, useConfirmedRevoke } from './Revoke.tsx';

// The parts the two key pages share: API keys (secret, shown once) and storefront keys (publishable, shown whole).

/**
 * Creating a key with a name: one `Idempotency-Key` per submission (a double click creates one key; editing the form starts a new
 * submission), then the list and the audit log read again whatever the answer.
 */
export function useCreateKey<R>(options: { tenant: Tenant; listKey: QueryKey; send: (name: string, idempotencyKey: string) => Promise<R>; onCreated: (created: R) => void }) {
  const { tenant, listKey, onCreated } = options;
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const { mutation, submit, edited } = useSubmitted(options.send, {
    onSuccess: (created) => {
      setName('');
      onCreated(created);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: listKey });
      void queryClient.invalidateQueries({ queryKey: ['tenant', tenant.storeId, tenant.mode, 'audit-log'] });
    },
  });
  return {
    create: mutation,
    /** The key's name; setting it is an edit. */
    name,
    setName(value: string) {
      setName(value);
      edited();
    },
    /** The form changed: the next submit is a new submission, and the last refusal goes. */
    edited,
    submit(e: FormEvent<HTMLFormElement>) {
      e.preventDefault();
      submit(name);
    },
  };
}

/** What a key table needs of a key. */
interface KeyRow {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/**
 * A table of keys (or `empty` when there are none): the name, the page's own columns, when it was created and last used, and Revoke, which asks first
 * (`confirm`: what the confirmation says; the request is `revoke`) and then reads the list and the audit log again.
 */
export function KeyTable<K extends KeyRow>({
  tenant,
  listKey,
  keys,
  empty,
  caption,
  rowTestId,
  columns,
  timeZone,
  revokeLabel,
  revoke: remove,
  confirm,
}: {
  tenant: Tenant;
  listKey: QueryKey;
  keys: K[];
  empty: ReactNode; // said when there are none
  caption: string;
  rowTestId: string;
  columns: { label: string; cell: (key: K) => ReactNode }[];
  timeZone: string;
  revokeLabel: (key: K) => string;
  revoke: (key: K) => Promise<unknown>;
  confirm: { title: (key: K) => ReactNode; errorTitle: string; testId: string; body: ReactNode };
}) {
  const { confirming, revoke, ask, cancel } = useConfirmedRevoke(tenant, listKey, remove);
  return (
    <>
      {keys.length === 0 ? (
        <p className="empty">{empty}</p>
      ) : (
        <div className="table-wrap">
          <table className="text-table">
            <caption className="visually-hidden">{caption}</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                {columns.map((c) => (
                  <th key={c.label} scope="col">
                    {c.label}
                  </th>
                ))}
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.map((k) => (
                <tr key={k.id} data-testid={rowTestId}>
                  <th scope="row">{k.name}</th>
                  {columns.map((c) => (
                    <td key={c.label} data-label={c.label}>
                      {c.cell(k)}
                    </td>
                  ))}
                  <td data-label="Created">{formatTimestamp(k.createdAt, timeZone)}</td>
                  <td data-label="Last used">{k.lastUsedAt ? formatTimestamp(k.lastUsedAt, timeZone) : 'Never'}</td>
                  <td>
                    <RevokeButton label={revokeLabel(k)} onClick={() => ask(k)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {confirming ? (
        <Confirm
          key={confirming.id}
          title={confirm.title(confirming)}
          confirmLabel={`Revoke “${confirming.name}”`}
          busyLabel="Revoking…"
          busy={revoke.isPending}
          error={revoke.error}
          errorTitle={confirm.errorTitle}
          onConfirm={() => revoke.mutate(confirming)}
          onCancel={cancel}
          testId={confirm.testId}
        >
          {confirm.body}
        </Confirm>
      ) : null}
    </>
  );
}
