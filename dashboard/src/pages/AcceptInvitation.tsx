import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../api/client.ts';
import type { AcceptedInvitation, StoreSummary, User } from '../api/types.ts';
import { ErrorPanel } from '../components/ErrorPanel.tsx';
import { Field, allShownAtFields, fieldErrors } from '../components/Field.tsx';
import { Section } from '../components/Section.tsx';
import { useSubmission } from '../idempotency.ts';
import { remembered } from '../tenant.tsx';

/**
 * Accepting an invitation (its own chunk; no store needed): the link the Team page gives an inviter is
 * `/dashboard/invitations/accept?token=…`; a signed-out invitee signs in (or signs up) and comes back here. The token
 * is prefilled from the link, or pasted; "Accept" sends `POST /v1/invitations/accept` with an `Idempotency-Key`, then
 * the dashboard opens the store they joined.
 */
export default function AcceptInvitation() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [token, setToken] = useState(params.get('token') ?? '');
  const submission = useSubmission();
  // The shell's profile query (shared cache entry): who is accepting.
  const me = useQuery({ queryKey: ['user', 'profile'], queryFn: ({ signal }) => api<User>('/v1/merchants/profile', { signal }).then((r) => r.data) }).data;

  const accept = useMutation({
    mutationFn: (input: { token: string; key: string }) =>
      api<AcceptedInvitation>('/v1/invitations/accept', { method: 'POST', headers: { 'Idempotency-Key': input.key }, body: { token: input.token } }).then((r) => r.data),
    onSuccess: async (accepted) => {
      submission.forget();
      // The store list now has the new store: read it again, then open that store (its overview). If the list cannot
      // be read now, the shell shows that error there; the invitation is accepted either way.
      try {
        await queryClient.fetchQuery({ queryKey: ['user', 'stores'], staleTime: 0, queryFn: ({ signal }) => api<StoreSummary[]>('/v1/stores', { signal }).then((r) => r.data) });
      } catch {
        void queryClient.invalidateQueries({ queryKey: ['user', 'stores'] });
      }
      remembered.storeId = accepted.storeId;
      navigate({ pathname: '/', search: `?${new URLSearchParams({ store: accepted.storeId })}` }, { replace: true });
    },
    onSettled: () => submission.settled(),
  });

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const value = token.trim();
    const key = submission.begin(value);
    if (key !== null) accept.mutate({ token: value, key });
  };

  const errors = fieldErrors(accept.error);
  return (
    <>
      <title>Accept an invitation · Dashboard</title>
      <h1>Accept an invitation</h1>
      <p className="muted">
        A store owner invited you to their store. Accepting adds the store to your stores, with the role they gave you.
        {me ? ` You are signed in as ${me.email}: the invitation must have been made out to this email.` : ''}
      </p>
      <Section title="Your invitation">
        <form onSubmit={submit} noValidate className="account-form">
          <Field label="Invitation token" error={errors.get('token')} hint="It is in the link you were sent (…/invitations/accept?token=…), or paste it here.">
            {(p) => (
              <input
                {...p}
                type="text"
                name="token"
                autoComplete="off"
                spellCheck={false}
                value={token}
                onChange={(e) => {
                  setToken(e.target.value);
                  submission.forget();
                  if (accept.isError) accept.reset();
                }}
              />
            )}
          </Field>
          <div className="actions">
            <button type="submit" className="button button-primary" disabled={accept.isPending}>
              {accept.isPending ? 'Accepting…' : 'Accept invitation'}
            </button>
          </div>
        </form>
        {accept.isError && !allShownAtFields(accept.error, ['token']) ? <ErrorPanel error={accept.error} title="The invitation could not be accepted." /> : null}
      </Section>
    </>
  );
}
