import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Container } from '../../../container.ts';
import { RESET_REQUESTED } from '../../../domain/accounts/password-reset-service.ts';
import { envelope, ok, wireTimestamp } from '../../../wire/envelope.ts';
import { okPage, pagedEnvelope } from '../../../wire/page.ts';
import { ErrorEnvelopeSchema } from '../../envelope.ts';
import { storeCtx, userCtx } from '../../plugins/auth.ts';
import { HONOURS_IF_MATCH, IF_MATCH_NOTE, ifMatch, PRECONDITION_FAILED, sendWithEtag } from '../../preconditions.ts';
import { ApiKeyRecord, AuditRecord, PublishableKeyRecord, toPublishableKeyRecord, Business, BusinessPatch, businessRep, InvitationRecord, LoginResponse, MemberRecord, AuditPagination, PermissionsRecord, ProfileRecord, ProfileRep, SignupResponse, StoreSummary, toApiKeyRecord, toAuditRecord, toBusiness, toInvitationRecord, toMemberRecord, toPermissionsRecord, toProfileRecord, toStoreSummary, toUserRecord } from '../../../wire/accounts.ts';
import { AcceptBody, PasswordResetBody, PasswordResetConfirmBody, ApiKeyCreateBody, PublishableKeyCreateBody, AuditLogQuery, IdParams, InviteBody, LoginBody, ProfilePatch, RoleBody, SignupBody, StoreCreateBody, UserIdParams } from './schemas.ts';

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema, 422: ErrorEnvelopeSchema };
const Done = envelope(z.object({ id: z.string() }));

/** Accounts, sessions, stores, members, API keys, permissions and the audit log. */
export async function accountRoutes(
  app: FastifyInstance,
  deps: { services: Container['services']; endBrowserSession?: (reply: FastifyReply) => void },
): Promise<void> {
  const { accounts, stores, members, apiKeys, publishableKeys, audit, passwordReset } = deps.services;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const user = { auth: 'user' as const };
  const store = { auth: 'store' as const };

  // ---- sessions ---------------------------------------------------------------------------------------------

  r.post(
    '/v1/auth/signup',
    {
      schema: {
        tags: ['Accounts'],
        summary: 'Create an account and its first store',
        description: 'Returns the user, the store (you own it) and a session token. Emails are unique regardless of case.',
        body: SignupBody,
        response: { 201: SignupResponse, 409: ErrorEnvelopeSchema, 422: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const result = await accounts.signup(request.ctx, request.body);
      return reply.code(201).send(
        ok('Account created', {
          user: toUserRecord(result.user),
          store: toStoreSummary(result.store, result.role),
          token: result.session.token,
          expiresAt: wireTimestamp(result.session.expiresAt),
        }),
      );
    },
  );

  r.post(
    '/v1/auth/login',
    {
      schema: {
        tags: ['Accounts'],
        summary: 'Sign in',
        description: 'Wrong email or password: 401 LOGIN_FAILED. Repeated failures: 429 with Retry-After.',
        body: LoginBody,
        response: { 200: LoginResponse, 401: ErrorEnvelopeSchema, 429: ErrorEnvelopeSchema },
      },
    },
    async (request) => {
      const result = await accounts.login(request.ctx, { ...request.body, clientAddress: request.ip });
      return ok('Signed in', {
        token: result.session.token,
        expiresAt: wireTimestamp(result.session.expiresAt),
        user: toUserRecord(result.user),
        stores: result.stores.map((s) => toStoreSummary(s.store, s.role)),
      });
    },
  );

  r.post(
    '/v1/auth/password-reset',
    {
      schema: {
        tags: ['Accounts'],
        summary: 'Ask for a password-reset link by mail',
        description:
          'Always 202 with the same body, whether an account has the email or not (nothing tells which, nor how long the answer takes). ' +
          'If one has it, a mail with a link to the reset page follows; the link works once, for 30 minutes. ' +
          'At most 5 requests an hour per email and 20 per client address (429 with Retry-After). 404 PASSWORD_RESET_UNAVAILABLE when the operator turned the feature off.',
        body: PasswordResetBody,
        response: { 202: envelope(z.null()), 404: ErrorEnvelopeSchema, 422: ErrorEnvelopeSchema, 429: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      await passwordReset.requestLink(request.ctx, { email: request.body.email, clientAddress: request.ip });
      return reply.code(202).send(ok(RESET_REQUESTED, null));
    },
  );

  r.post(
    '/v1/auth/password-reset/confirm',
    {
      schema: {
        tags: ['Accounts'],
        summary: "Set a new password with a reset link's token",
        description:
          'The token is the `token` parameter of the link in the mail. It works once, for 30 minutes; using it ends every session of the account (sign in again with the new password). ' +
          'API keys and connected apps keep working: they belong to stores, not to the password. 400 RESET_LINK_INVALID for a used, expired or unknown token.',
        body: PasswordResetConfirmBody,
        response: { 200: envelope(z.object({ sessionsEnded: z.number().int().describe('how many sessions of the account were ended') })), 400: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema, 422: ErrorEnvelopeSchema },
      },
    },
    async (request) => {
      const { sessionsEnded } = await passwordReset.complete(request.ctx, request.body);
      return ok('Password changed. Sign in with the new password.', { sessionsEnded });
    },
  );

  r.post(
    '/v1/auth/logout',
    {
      config: user,
      schema: {
        tags: ['Accounts'],
        summary: 'Sign out',
        description:
          'Revokes the session at once and tells the browser to clear its cached API data (Clear-Site-Data: "cache"). ' +
          'With a dashboard token, the browser session it came from ends too (its cookie is cleared).',
        response: { 200: envelope(z.null()), ...errors },
      },
    },
    async (request, reply) => {
      const principal = request.principal!;
      const { browserSessionEnded } = await accounts.logout(userCtx(request), principal.kind === 'session' ? principal.sessionId : '');
      // A dashboard token's sign-out ends its browser session: its cookie goes too.
      if (browserSessionEnded) deps.endBrowserSession?.(reply);
      return reply.header('clear-site-data', '"cache"').send(ok('Signed out', null));
    },
  );

  // ---- the signed-in merchant -------------------------------------------------------------------------------

  r.get(
    '/v1/merchants/profile',
    {
      config: user,
      schema: { tags: ['Merchant'], summary: 'The signed-in merchant user (for an API key: its creator)', response: { 200: envelope(ProfileRecord), ...errors } },
    },
    async (request) => ok(ProfileRep.message, toProfileRecord(await accounts.getProfile(userCtx(request)))),
  );

  r.patch(
    '/v1/merchants/profile',
    {
      config: { ...user, ...HONOURS_IF_MATCH },
      schema: {
        tags: ['Merchant'],
        summary: 'Change your name, email or phone (session only)',
        description:
          'Name and phone change at once. A new email needs `currentPassword` (unless this session signed in within the last 5 minutes) and ' +
          'takes effect only when the link mailed to it is opened: until then the answer shows it as `pendingEmail`. The old address is then ' +
          'told, with a link that undoes the change and signs the account out everywhere. ' +
          IF_MATCH_NOTE,
        body: ProfilePatch,
        response: { 200: envelope(ProfileRecord), 409: ErrorEnvelopeSchema, ...errors, ...PRECONDITION_FAILED },
      },
    },
    async (request, reply) => {
      const principal = request.principal;
      const profile = await accounts.updateProfile(userCtx(request), request.body, ifMatch(request, ProfileRep), {
        ...(principal?.kind === 'session' ? { sessionId: principal.sessionId } : {}),
      });
      return sendWithEtag(reply, ProfileRep, profile).send(ok(profile.pendingEmail ? `Profile updated; confirm ${profile.pendingEmail} from the link mailed to it` : 'Profile updated', toProfileRecord(profile)));
    },
  );

  r.post(
    '/v1/merchants/profile/email-verification',
    {
      config: user,
      schema: {
        tags: ['Merchant'],
        summary: 'Mail yourself a link that verifies your email (session only)',
        description: 'A verified email is needed to accept an invitation with a token passed by hand (an invitation opened from its own mail proves the address by itself). The link works for 48 hours; asking again replaces it.',
        response: { 200: envelope(z.object({ email: z.string(), alreadyVerified: z.boolean() })), ...errors },
      },
    },
    async (request) => {
      const result = await accounts.requestEmailVerification(userCtx(request));
      return ok(result.alreadyVerified ? 'Your email is already verified' : `A link to verify ${result.email} is on its way`, result);
    },
  );

  r.get(
    '/v1/users/me/permissions',
    {
      config: store,
      schema: {
        tags: ['Merchant'],
        summary: 'Effective permissions in the active store and mode',
        description: 'Your role’s permissions, limited by the credential’s restrictions (API key permissions, OAuth scopes).',
        response: { 200: envelope(PermissionsRecord), ...errors },
      },
    },
    async (request) => ok('Permissions retrieved', toPermissionsRecord(storeCtx(request))),
  );

  // ---- stores -------------------------------------------------------------------------------------------------

  r.get(
    '/v1/stores',
    { config: user, schema: { tags: ['Stores'], summary: 'The stores you belong to, with your role', response: { 200: envelope(z.array(StoreSummary)), ...errors } } },
    async (request) => {
      const principal = request.principal!;
      const boundTo = principal.kind === 'api_key' ? principal.key.storeId : principal.kind === 'oauth' ? principal.app.storeId : undefined;
      const list = await stores.listStores(userCtx(request), boundTo);
      return ok('Stores retrieved', list.map((s) => toStoreSummary(s.store, s.role)));
    },
  );

  r.post(
    '/v1/stores',
    { config: user, schema: { tags: ['Stores'], summary: 'Create another store (you own it)', body: StoreCreateBody, response: { 201: envelope(StoreSummary), ...errors } } },
    async (request, reply) => {
      const result = await stores.createStore(userCtx(request), request.body);
      return reply.code(201).send(ok('Store created', toStoreSummary(result.store, result.role)));
    },
  );

  r.get(
    '/v1/merchants/profile/business',
    {
      config: store,
      schema: { tags: ['Stores'], summary: 'Business profile of the active store, and the current mode', response: { 200: envelope(Business), ...errors } },
    },
    async (request) => {
      const ctx = storeCtx(request);
      return ok(businessRep(ctx.tenant.mode).message, toBusiness(await stores.getBusiness(ctx), ctx.tenant.mode));
    },
  );

  r.patch(
    '/v1/merchants/profile/business',
    {
      config: { ...store, ...HONOURS_IF_MATCH },
      schema: {
        tags: ['Stores'],
        summary: 'Change the business profile (settings:write)',
        description: `${IF_MATCH_NOTE} The body of the GET names the mode, so take the ETag from a GET in the same mode (X-Mode).`,
        body: BusinessPatch,
        response: { 200: envelope(Business), ...errors, ...PRECONDITION_FAILED },
      },
    },
    async (request, reply) => {
      const ctx = storeCtx(request);
      const rep = businessRep(ctx.tenant.mode);
      const business = await stores.updateBusiness(ctx, request.body, ifMatch(request, rep));
      return sendWithEtag(reply, rep, business).send(ok('Business profile updated', toBusiness(business, ctx.tenant.mode)));
    },
  );

  // ---- members and invitations ------------------------------------------------------------------------------

  r.get(
    '/v1/members',
    { config: store, schema: { tags: ['Members'], summary: 'Members of the active store (settings:read)', response: { 200: envelope(z.array(MemberRecord)), ...errors } } },
    async (request) => ok('Members retrieved', (await members.list(storeCtx(request))).map(toMemberRecord)),
  );

  r.patch(
    '/v1/members/:userId',
    {
      config: store,
      schema: { tags: ['Members'], summary: "Change a member's role (settings:write)", params: UserIdParams, body: RoleBody, response: { 200: envelope(z.object({ userId: z.string(), role: RoleBody.shape.role })), 409: ErrorEnvelopeSchema, ...errors } },
    },
    async (request) => {
      const m = await members.changeRole(storeCtx(request), request.params.userId, request.body.role);
      return ok('Role changed', { userId: m.userId, role: m.role });
    },
  );

  r.delete(
    '/v1/members/:userId',
    { config: store, schema: { tags: ['Members'], summary: 'Remove a member (settings:write)', params: UserIdParams, response: { 200: Done, 409: ErrorEnvelopeSchema, ...errors } } },
    async (request) => {
      await members.remove(storeCtx(request), request.params.userId);
      return ok('Member removed', { id: request.params.userId });
    },
  );

  r.get(
    '/v1/members/invitations',
    { config: store, schema: { tags: ['Members'], summary: 'Open invitations (settings:read)', response: { 200: envelope(z.array(InvitationRecord)), ...errors } } },
    async (request) => ok('Invitations retrieved', (await members.listInvitations(storeCtx(request))).map((i) => toInvitationRecord(i))),
  );

  r.post(
    '/v1/members/invitations',
    {
      config: store,
      schema: {
        tags: ['Members'],
        summary: 'Invite someone by email (settings:write)',
        description:
          'The invitee gets a mail with an accept link (unless the operator turned invitation mail off: `emailed` says). The response also carries the invitation token once, to pass on yourself; the invitee accepts with POST /v1/invitations/accept. Invitations expire after 7 days.',
        body: InviteBody,
        response: { 201: envelope(InvitationRecord), 409: ErrorEnvelopeSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { invitation, token, emailed } = await members.invite(storeCtx(request), request.body);
      return reply.code(201).send(ok('Invitation created', toInvitationRecord(invitation, token, emailed)));
    },
  );

  r.post(
    '/v1/members/invitations/:id/resend',
    {
      config: store,
      schema: {
        tags: ['Members'],
        summary: 'Send an invitation mail again (settings:write)',
        description:
          'Queues a new mail with a new link (the link of an earlier mail stops working; the token shown when it was created keeps working) and gives the invitation another 7 days. 409 MAIL_UNAVAILABLE when invitation mail is turned off.',
        params: IdParams,
        response: { 200: envelope(InvitationRecord), 409: ErrorEnvelopeSchema, ...errors },
      },
    },
    async (request) => ok('Invitation sent again', toInvitationRecord(await members.resendInvitation(storeCtx(request), request.params.id), undefined, true)),
  );

  r.delete(
    '/v1/members/invitations/:id',
    { config: store, schema: { tags: ['Members'], summary: 'Revoke an invitation (settings:write)', params: IdParams, response: { 200: Done, ...errors } } },
    async (request) => {
      await members.revokeInvitation(storeCtx(request), request.params.id);
      return ok('Invitation revoked', { id: request.params.id });
    },
  );

  r.post(
    '/v1/invitations/accept',
    {
      config: user,
      schema: { tags: ['Members'], summary: 'Accept an invitation made out to your email (session only)', body: AcceptBody, response: { 200: envelope(z.object({ storeId: z.string(), role: RoleBody.shape.role })), 409: ErrorEnvelopeSchema, 410: ErrorEnvelopeSchema, ...errors } },
    },
    async (request) => {
      const { membership } = await members.accept(userCtx(request), request.body.token);
      return ok('Invitation accepted', { storeId: membership.storeId, role: membership.role });
    },
  );

  // ---- API keys -----------------------------------------------------------------------------------------------

  r.post(
    '/v1/api-keys',
    {
      config: store,
      schema: {
        tags: ['API keys'],
        summary: 'Create an API key (settings:write)',
        description: 'The key is in the response once and never again. Its prefix (sk_live_ / sk_test_) tells its mode.',
        body: ApiKeyCreateBody,
        response: { 201: envelope(ApiKeyRecord), ...errors },
      },
    },
    async (request, reply) => {
      const { key, secret } = await apiKeys.create(storeCtx(request), request.body);
      return reply.code(201).send(ok('API key created; store it now, it will not be shown again', toApiKeyRecord(key, secret)));
    },
  );

  r.get(
    '/v1/api-keys',
    { config: store, schema: { tags: ['API keys'], summary: 'API keys of the active store and mode (settings:write)', response: { 200: envelope(z.array(ApiKeyRecord)), ...errors } } },
    async (request) => ok('API keys retrieved', (await apiKeys.list(storeCtx(request))).map((k) => toApiKeyRecord(k))),
  );

  r.delete(
    '/v1/api-keys/:id',
    { config: store, schema: { tags: ['API keys'], summary: 'Revoke an API key at once (settings:write)', params: IdParams, response: { 200: Done, ...errors } } },
    async (request) => {
      await apiKeys.revoke(storeCtx(request), request.params.id);
      return ok('API key revoked', { id: request.params.id });
    },
  );

  // ---- publishable keys (docs/storefront.md) ------------------------------------------------------------------

  r.post(
    '/v1/publishable-keys',
    {
      config: store,
      schema: {
        tags: ['API keys'],
        summary: 'Create a publishable key for a storefront (settings:write)',
        description:
          'A publishable key (pk_live_ / pk_test_) is not a secret: put it in your storefront’s pages and send it as X-PublishableKey. It reads only what a shopper may see (active products with variant groups and SKUs, categories, published promo ads, delivery quotes), and browsers may read its answers from the store’s allowedOrigins (GET /v1/settings) in its mode. Creating one also needs products:read, promotions:read and delivery:read; connected apps cannot.',
        body: PublishableKeyCreateBody,
        response: { 201: envelope(PublishableKeyRecord), ...errors },
      },
    },
    async (request, reply) => {
      const key = await publishableKeys.create(storeCtx(request), request.body);
      return reply.code(201).send(ok('Publishable key created', toPublishableKeyRecord(key)));
    },
  );

  r.get(
    '/v1/publishable-keys',
    {
      config: store,
      schema: {
        tags: ['API keys'],
        summary: 'Publishable keys of the active store and mode, with the keys themselves (settings:read)',
        response: { 200: envelope(z.array(PublishableKeyRecord)), ...errors },
      },
    },
    async (request) => ok('Publishable keys retrieved', (await publishableKeys.list(storeCtx(request))).map(toPublishableKeyRecord)),
  );

  r.delete(
    '/v1/publishable-keys/:id',
    {
      config: store,
      schema: { tags: ['API keys'], summary: 'Revoke a publishable key at once (settings:write)', params: IdParams, response: { 200: Done, ...errors } },
    },
    async (request) => {
      await publishableKeys.revoke(storeCtx(request), request.params.id);
      return ok('Publishable key revoked', { id: request.params.id });
    },
  );

  // ---- audit log ----------------------------------------------------------------------------------------------

  r.get(
    '/v1/audit-logs',
    {
      config: store,
      schema: {
        tags: ['Audit log'],
        summary: 'Who changed what in the active store and mode, newest first (settings:read)',
        description: 'Filters combine with AND; the cursor belongs to the filters it was returned with.',
        querystring: AuditLogQuery,
        response: { 200: pagedEnvelope(z.array(AuditRecord), AuditPagination), ...errors },
      },
    },
    async (request) => {
      const page = await audit.list(storeCtx(request), request.query);
      return okPage('Audit log retrieved', page.items.map(toAuditRecord), request.query.limit, page.nextCursor);
    },
  );
}
