import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { api, type Tenant } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import { call, type Schemas } from '../api/wire.ts';
import { Confirm } from '../components/Confirm.tsx';
import { ErrorPanel, Loading } from '../components/ErrorPanel.tsx';
import { NotAllowed, Section } from '../components/Section.tsx';
import { ShownOnce } from '../components/ShownOnce.tsx';
import { formatTimestamp } from '../format.ts';
import { useSubmission } from '../idempotency.ts';
import { ROLE_PERMISSIONS, ROLES } from '../roles.ts';
import { tenantOf, useTenant, useTenantSearch } from '../tenant.tsx';

type Invitation = Schemas['Invitation'];
type Member = Schemas['Member'];
type Role = Schemas['Member']['role'];

const READ = 'settings:read';
const WRITE = 'settings:write';

const ROLE_LABEL: Record<Role, string> = { owner: 'Owner', admin: 'Admin', staff: 'Staff' };
const ROLE_HINT: Record<Role, string> = {
  owner: 'everything, including members, keys and store settings',
  admin: 'everything but members, keys and store settings',
  staff: 'orders, customers and stock; reads the rest',
};

/**
 * The roles the caller may give or act on: every permission of the role within their own. The dashboard is a signed-in
 * session, so "owner" (all permissions) is offered exactly to an owner, as the API allows.
 */
function givableRoles(own: ReadonlySet<string>): Role[] {
  return ROLES.filter((r) => ROLE_PERMISSIONS[r].every((p) => own.has(p)));
}

function membersKey(tenant: Tenant) {
  return ['tenant', tenant.storeId, tenant.mode, 'members'] as const;
}

function invitationsKey(tenant: Tenant) {
  return ['tenant', tenant.storeId, tenant.mode, 'invitations'] as const;
}

function useInvalidate(tenant: Tenant) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: membersKey(tenant) });
    void queryClient.invalidateQueries({ queryKey: invitationsKey(tenant) });
    void queryClient.invalidateQueries({ queryKey: ['tenant', tenant.storeId, tenant.mode, 'audit-log'] });
    // The Emails page (an invitation's mail is listed in both modes).
    for (const mode of ['live', 'test'] as const) void queryClient.invalidateQueries({ queryKey: ['tenant', tenant.storeId, mode, 'emails'] });
  };
}

/** The team page (its own chunk): the store's members and open invitations; with settings:write, invite, change roles, remove. */
export default function Team() {
  const state = useTenant();
  const tenant = tenantOf(state);
  const [invited, setInvited] = useState<Invitation | null>(null);
  if (!tenant || !state.store) return null;
  const own = state.permissions;
  const canRead = own?.has(READ) ?? false;
  const canWrite = own?.has(WRITE) ?? false;
  const roles = own && canWrite ? givableRoles(own) : [];
  const zone = state.store.timezone;
  return (
    <>
      <title>{`Team · ${state.store.name} · Dashboard`}</title>
      <h1>Team</h1>
      <p className="muted">The people who may sign in to this store, and their roles. Roles apply to both live and test mode.</p>
      {own === null ? (
        <Loading what="your permissions" />
      ) : !canRead ? (
        <NotAllowed permission={READ} />
      ) : (
        <>
          {invited?.token ? <NewInvitation key={invited.id} invitation={invited} onDone={() => setInvited(null)} /> : null}
          {canWrite && roles.length > 0 ? <InviteForm tenant={tenant} roles={roles} onInvited={setInvited} /> : null}
          <MemberList tenant={tenant} timeZone={zone} roles={roles} canWrite={canWrite} />
          <InvitationList tenant={tenant} timeZone={zone} canWrite={canWrite} />
        </>
      )}
    </>
  );
}

function NewInvitation({ invitation, onDone }: { invitation: Invitation; onDone: () => void }) {
  // The dashboard's page that accepts it (pages/AcceptInvitation.tsx): the link carries the token.
  const link = `${window.location.origin}/dashboard/invitations/accept?token=${encodeURIComponent(invitation.token ?? '')}`;
  const search = useTenantSearch();
  return (
    <ShownOnce
      heading={<>Invitation for {invitation.email}</>}
      note={
        invitation.emailed ? (
          <>
            We emailed an invitation to {invitation.email}, with a link of its own that works for 7 days. Whether it went out shows under{' '}
            <Link to={{ pathname: '/emails', search }}>Emails</Link>.
          </>
        ) : null
      }
      warning={
        invitation.emailed ? (
          <>
            <strong>This invitation link is shown once: copy it now if you want to send it yourself</strong> (by chat, say). It works besides the
            emailed one, until either is used. {invitation.email} opens it signed in with that email, or creates an account there first.
          </>
        ) : (
          <>
            <strong>Copy this invitation link now: it will not be shown again.</strong> No email is sent: send it to {invitation.email} yourself. They
            open it signed in with that email, or create an account there first.
          </>
        )
      }
      noun="invitation link"
      secret={link}
      testId="new-invitation"
      secretTestId="new-invitation-link"
      onDone={onDone}
    />
  );
}

function InviteForm({ tenant, roles, onInvited }: { tenant: Tenant; roles: Role[]; onInvited: (i: Invitation) => void }) {
  const invalidate = useInvalidate(tenant);
  const emailId = useId();
  const emailErrorId = useId();
  const roleId = useId();
  const roleErrorId = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>(roles.includes('staff') ? 'staff' : (roles[roles.length - 1] ?? 'staff'));
  // One Idempotency-Key per submission of these values (a double click or a retry sends the same one).
  const submission = useSubmission();

  const invite = useMutation({
    mutationFn: (input: { email: string; role: Role; key: string }) =>
      call('post', '/v1/members/invitations', {
        tenant,
        headers: { 'Idempotency-Key': input.key },
        body: { email: input.email, role: input.role },
      }).then((r) => r.data),
    onSuccess: (invitation) => {
      submission.forget();
      setEmail('');
      onInvited(invitation);
    },
    onSettled: () => {
      submission.settled();
      invalidate();
    },
  });

  const edited = () => {
    submission.forget();
    if (invite.isError) invite.reset();
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const key = submission.begin();
    if (key !== null) invite.mutate({ email: email.trim(), role, key });
  };

  const error = invite.error instanceof ApiError ? invite.error : null;
  const fieldErrors = error?.status === 400 || error?.status === 422 ? error.details.filter((d) => d.in === undefined || d.in === 'body') : [];
  const emailError = fieldErrors.find((d) => d.path === 'email')?.rule ?? null;
  const roleError = fieldErrors.find((d) => d.path === 'role')?.rule ?? null;
  const shownNextToFields = fieldErrors.length > 0 && fieldErrors.every((d) => d.path === 'email' || d.path === 'role');

  return (
    <Section title="Invite someone">
      <form onSubmit={submit} noValidate>
        <div className="form-field">
          <label htmlFor={emailId}>Email</label>
          <input
            id={emailId}
            name="email"
            type="email"
            required
            autoComplete="off"
            value={email}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? emailErrorId : undefined}
            onChange={(e) => {
              setEmail(e.target.value);
              edited();
            }}
          />
          {emailError ? (
            <p id={emailErrorId} className="field-error">
              Email {emailError}.
            </p>
          ) : null}
        </div>
        <div className="form-field">
          <label htmlFor={roleId}>Role</label>
          <select
            id={roleId}
            name="role"
            value={role}
            aria-invalid={roleError ? true : undefined}
            aria-describedby={roleError ? roleErrorId : undefined}
            onChange={(e) => {
              setRole(e.target.value as Role);
              edited();
            }}
          >
            {roles.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABEL[r]}: {ROLE_HINT[r]}
              </option>
            ))}
          </select>
          {roleError ? (
            <p id={roleErrorId} className="field-error">
              Role {roleError}.
            </p>
          ) : null}
        </div>
        <div className="actions">
          <button type="submit" className="button button-primary" disabled={invite.isPending}>
            {invite.isPending ? 'Inviting…' : 'Invite'}
          </button>
        </div>
      </form>
      {invite.isError && !shownNextToFields ? <ErrorPanel error={invite.error} title="The invitation could not be made." /> : null}
    </Section>
  );
}

type MemberAction = { kind: 'role'; member: Member; role: Role } | { kind: 'remove'; member: Member };

function MemberList({ tenant, timeZone, roles, canWrite }: { tenant: Tenant; timeZone: string; roles: Role[]; canWrite: boolean }) {
  const invalidate = useInvalidate(tenant);
  // The shell's profile query (shared cache entry): marks the signed-in member's own row.
  const me = useQuery({ queryKey: ['user', 'profile'], queryFn: ({ signal }) => call('get', '/v1/merchants/profile', { signal }).then((r) => r.data) }).data;
  const query = useQuery({
    queryKey: membersKey(tenant),
    queryFn: ({ signal }) => call('get', '/v1/members', { tenant, signal }).then((r) => r.data),
  });
  const [confirming, setConfirming] = useState<MemberAction | null>(null);
  const act = useMutation({
    mutationFn: (a: MemberAction) =>
      a.kind === 'role'
        ? api(`/v1/members/${encodeURIComponent(a.member.userId)}`, { tenant, method: 'PATCH', body: { role: a.role } })
        : api(`/v1/members/${encodeURIComponent(a.member.userId)}`, { tenant, method: 'DELETE' }),
    onSuccess: () => setConfirming(null),
    onSettled: invalidate,
  });
  const start = (a: MemberAction) => {
    act.reset();
    setConfirming(a);
  };

  return (
    <Section title="Members">
      {query.isPending ? (
        <Loading what="members" />
      ) : query.isError ? (
        <ErrorPanel error={query.error} title="Members could not be loaded." onRetry={() => query.refetch()} />
      ) : (
        <div className="table-wrap">
          <table className="text-table">
            <caption className="visually-hidden">Members</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Member since</th>
                {canWrite ? (
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {query.data.map((m) => (
                <tr key={m.userId} data-testid="member-row">
                  <th scope="row">
                    {m.name}
                    {me?.id === m.userId ? <span className="muted"> (you)</span> : null}
                  </th>
                  <td data-label="Email">{m.email}</td>
                  <td data-label="Role">{ROLE_LABEL[m.role]}</td>
                  <td data-label="Member since">{formatTimestamp(m.joinedAt, timeZone)}</td>
                  {canWrite ? (
                    <td>
                      {roles.includes(m.role) ? (
                        <MemberActions member={m} roles={roles} onAction={start} onlyOwner={m.role === 'owner' && query.data.filter((x) => x.role === 'owner').length === 1} />
                      ) : null}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {confirming ? (
        <Confirm
          key={`${confirming.kind}:${confirming.member.userId}`}
          testId={confirming.kind === 'role' ? 'confirm-role' : 'confirm-remove'}
          title={
            confirming.kind === 'role' ? (
              <>
                Change {confirming.member.name}’s role ({confirming.member.email}) from {ROLE_LABEL[confirming.member.role]} to {ROLE_LABEL[confirming.role]}?
              </>
            ) : (
              <>
                Remove {confirming.member.name} ({confirming.member.email}) from this store?
              </>
            )
          }
          confirmLabel={confirming.kind === 'role' ? `Make ${confirming.member.name} ${ROLE_LABEL[confirming.role]}` : `Remove ${confirming.member.name}`}
          busyLabel={confirming.kind === 'role' ? 'Changing…' : 'Removing…'}
          busy={act.isPending}
          error={act.error}
          errorTitle={confirming.kind === 'role' ? 'The role could not be changed.' : 'The member could not be removed.'}
          onConfirm={() => act.mutate(confirming)}
          onCancel={() => {
            act.reset();
            setConfirming(null);
          }}
        >
          <p>
            {confirming.kind === 'role'
              ? 'Their access changes at once, for every key and app they use here.'
              : 'They lose access at once, as do their API keys for this store. To bring them back, invite them again.'}
          </p>
        </Confirm>
      ) : null}
    </Section>
  );
}

/**
 * A member's role change and removal. The store's only owner is not offered Remove (the API refuses it: a store keeps
 * an owner), only a note saying why; a role change stays offered, and its refusal names the rule.
 */
function MemberActions({ member, roles, onAction, onlyOwner }: { member: Member; roles: Role[]; onAction: (a: MemberAction) => void; onlyOwner: boolean }) {
  const selectId = useId();
  const others = roles.filter((r) => r !== member.role);
  const [role, setRole] = useState<Role | ''>(others[0] ?? '');
  return (
    <div className="member-actions">
      {others.length > 0 ? (
        <>
          <label htmlFor={selectId} className="visually-hidden">
            New role for {member.name}
          </label>
          <select id={selectId} value={role} onChange={(e) => setRole(e.target.value as Role)}>
            {others.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABEL[r]}
              </option>
            ))}
          </select>
          <button type="button" className="button" aria-label={`Change role of ${member.name}`} onClick={() => role && onAction({ kind: 'role', member, role })}>
            Change role
          </button>
        </>
      ) : null}
      {onlyOwner ? (
        <span className="muted" data-testid="only-owner">
          The store’s only owner: make someone else owner before they can leave.
        </span>
      ) : (
        <button type="button" className="button" aria-label={`Remove ${member.name}`} onClick={() => onAction({ kind: 'remove', member })}>
          Remove
        </button>
      )}
    </div>
  );
}

function InvitationList({ tenant, timeZone, canWrite }: { tenant: Tenant; timeZone: string; canWrite: boolean }) {
  const invalidate = useInvalidate(tenant);
  const query = useQuery({
    queryKey: invitationsKey(tenant),
    queryFn: ({ signal }) => call('get', '/v1/members/invitations', { tenant, signal }).then((r) => r.data),
  });
  const [confirming, setConfirming] = useState<Invitation | null>(null);
  const revoke = useMutation({
    mutationFn: (i: Invitation) => api(`/v1/members/invitations/${encodeURIComponent(i.id)}`, { tenant, method: 'DELETE' }),
    onSuccess: () => setConfirming(null),
    onSettled: invalidate,
  });
  // Sending again: one Idempotency-Key per invitation until it is answered (a double click or a retry after a lost
  // answer sends it once); one invitation at a time.
  const submission = useSubmission();
  const [resent, setResent] = useState<Invitation | null>(null);
  const resend = useMutation({
    mutationFn: (input: { invitation: Invitation; key: string }) =>
      call('post', '/v1/members/invitations/{id}/resend', {
        tenant,
        params: { id: input.invitation.id },
        headers: { 'Idempotency-Key': input.key },
      }).then((r) => r.data),
    onSuccess: (invitation) => {
      submission.forget();
      setResent(invitation);
    },
    onSettled: () => {
      submission.settled();
      invalidate();
    },
  });
  const sendAgain = (i: Invitation) => {
    const key = submission.begin(i.id);
    if (key === null) return;
    setResent(null);
    resend.mutate({ invitation: i, key });
  };
  return (
    <Section title="Open invitations">
      <p role="status" className="muted" data-testid="invitation-resent">
        {resent ? `We emailed the invitation to ${resent.email} again, with a new link; it now expires ${formatTimestamp(resent.expiresAt, timeZone)}.` : ''}
      </p>
      {resend.isError ? <ErrorPanel error={resend.error} title={`The invitation for ${resend.variables?.invitation.email ?? 'them'} could not be sent again.`} /> : null}
      {query.isPending ? (
        <Loading what="invitations" />
      ) : query.isError ? (
        <ErrorPanel error={query.error} title="Invitations could not be loaded." onRetry={() => query.refetch()} />
      ) : query.data.length === 0 ? (
        <p className="empty">No open invitations.</p>
      ) : (
        <div className="table-wrap">
          <table className="text-table">
            <caption className="visually-hidden">Open invitations</caption>
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Expires</th>
                {canWrite ? (
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {query.data.map((i) => (
                <tr key={i.id} data-testid="invitation-row">
                  <th scope="row">{i.email}</th>
                  <td data-label="Role">{ROLE_LABEL[i.role]}</td>
                  <td data-label="Expires">{formatTimestamp(i.expiresAt, timeZone)}</td>
                  {canWrite ? (
                    <td>
                      <div className="member-actions">
                        <button
                          type="button"
                          className="button"
                          aria-label={`Resend the invitation to ${i.email}`}
                          disabled={resend.isPending}
                          onClick={() => sendAgain(i)}
                        >
                          {resend.isPending && resend.variables?.invitation.id === i.id ? 'Sending…' : 'Resend'}
                        </button>
                        <button
                          type="button"
                          className="button"
                          aria-label={`Revoke the invitation for ${i.email}`}
                          onClick={() => {
                            revoke.reset();
                            setConfirming(i);
                          }}
                        >
                          Revoke
                        </button>
                      </div>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {confirming ? (
        <Confirm
          key={confirming.id}
          testId="confirm-revoke-invitation"
          title={<>Revoke the invitation for {confirming.email}?</>}
          confirmLabel={`Revoke the invitation for ${confirming.email}`}
          busyLabel="Revoking…"
          busy={revoke.isPending}
          error={revoke.error}
          errorTitle="The invitation could not be revoked."
          onConfirm={() => revoke.mutate(confirming)}
          onCancel={() => {
            revoke.reset();
            setConfirming(null);
          }}
        >
          <p>Its token stops working at once. You can invite them again later.</p>
        </Confirm>
      ) : null}
    </Section>
  );
}
