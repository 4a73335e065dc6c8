import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import { call, type DataOf, type Schemas } from '../api/wire.ts';
import { ErrorPanel } from '../components/ErrorPanel.tsx';
import { allShownAtFields, fieldErrors, TextField } from '../components/Field.tsx';
import { Section } from '../components/Section.tsx';
import { useSubmission } from '../idempotency.ts';
import { remembered } from '../tenant.tsx';

type AcceptedInvitation = DataOf<'/v1/invitations/accept', 'post'>;
type StoreSummary = Schemas['StoreSummary'];

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
  const me = useQuery({ queryKey: ['user', 'profile'], queryFn: ({ signal }) => call('get', '/v1/merchants/profile', { signal }).then((r) => r.data) }).data;

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
    // Refused until the email is verified: accepting again after that is a new submission (a new Idempotency-Key),
    // or the service would replay this refusal.
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED') submission.forget();
    },
    onSettled: () => submission.settled(),
  });

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const value = token.trim();
    const key = submission.begin(value);
    if (key !== null) accept.mutate({ token: value, key });
  };

  // An invitation passed on by hand needs a verified email: the invitee asks for the link that verifies it.
  const verify = useMutation({
    mutationFn: () => api<{ email: string; alreadyVerified: boolean }>('/v1/merchants/profile/email-verification', { method: 'POST' }).then((r) => r.data),
  });
  const unverified = accept.error instanceof ApiError && accept.error.code === 'EMAIL_NOT_VERIFIED';

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
          <TextField label="Invitation token" error={errors.get('token')} hint="It is in the link you were sent (…/invitations/accept?token=…), or paste it here." type="text" name="token" autoComplete="off" spellCheck={false} value={token} onChange={(v) => { setToken(v); submission.forget(); if (accept.isError) accept.reset(); }} />
          <div className="actions">
            <button type="submit" className="button button-primary" disabled={accept.isPending}>
              {accept.isPending ? 'Accepting…' : 'Accept invitation'}
            </button>
          </div>
        </form>
        {unverified ? (
          <div className="panel" role="alert" data-testid="verify-email">
            <p>
              <strong>First, confirm that {me?.email ?? 'your email'} is yours.</strong> This invitation came to you by another way than its own email, so we check
              the address: we send it a link, you open it, then you accept here.
            </p>
            {verify.isSuccess ? (
              <p role="status">{verify.data.alreadyVerified ? 'Your email is verified: accept the invitation now.' : `We sent a link to ${verify.data.email}. Open it, then come back and accept.`}</p>
            ) : (
              <div className="actions">
                <button type="button" className="button" disabled={verify.isPending} onClick={() => verify.mutate()}>
                  {verify.isPending ? 'Sending…' : 'Email me the link'}
                </button>
              </div>
            )}
            {verify.isError ? <ErrorPanel error={verify.error} title="The link could not be sent." /> : null}
          </div>
        ) : accept.isError && !allShownAtFields(accept.error, ['token']) ? (
          <ErrorPanel error={accept.error} title="The invitation could not be accepted." />
        ) : null}
      </Section>
    </>
  );
}
