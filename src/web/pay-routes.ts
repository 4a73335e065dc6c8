import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAppError } from '../errors.ts';
import type { ProviderPaymentService } from '../domain/payments/provider-payment-service.ts';
import type { TestProvider } from '../domain/payments/test-provider.ts';
import { CardForm } from '../domain/payments/payment-schemas.ts';
import { anonymousSecret, readAnonymousSecret } from './browser-session.ts';
import { checkCsrf, csrfToken } from './csrf.ts';
import { registerPageErrors } from './page-errors.ts';
import { type CardFormState, formatMoney, payLinkUnknownPage, payPage, STRIPE_PAGE_SOURCES, testChallengePage } from './pay-pages.ts';
import { sendPage } from './send-page.ts';

const FORM_LIMIT = 4 * 1024;
const purpose = {
  pay: (token: string) => `pay:${token}`,
  challenge: (id: string) => `test-challenge:${id}`,
};

function field(request: FastifyRequest, name: string): string | undefined {
  const form = request.body;
  if (typeof form !== 'object' || form === null) return undefined;
  const value = (form as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * The public pay page (docs/payments.md, "The pay page"): GET /pay/{token} shows a payment link and what can happen
 * now, POST /pay/{token} pays it with a card; and the test provider's 3-D Secure challenge page. Plain forms, no
 * scripts, the pages' CSP; the outcome shown is always what the server read from the provider, never a query
 * parameter.
 */
export async function payRoutes(app: FastifyInstance, deps: { providerPayments: ProviderPaymentService; testProvider: TestProvider; issuer: string }): Promise<void> {
  const { providerPayments, testProvider, issuer } = deps;
  await app.register(async (scope) => {
    registerPageErrors(scope);
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_LIMIT }, (_request, body, done) => {
      const form: Record<string, string> = {};
      for (const [name, value] of new URLSearchParams(body as string)) if (!(name in form)) form[name] = value;
      done(null, form);
    });
    const hidden = { schema: { hide: true } };

    const show = async (request: FastifyRequest, reply: FastifyReply, token: string, status = 200, state?: CardFormState) => {
      const view = await providerPayments.payPage(request.ctx, token);
      if (!view) return sendPage(reply, 404, payLinkUnknownPage());
      const document = payPage(view, { csrf: csrfToken(anonymousSecret(request, reply, issuer), purpose.pay(token)), token, ...(state ? { state } : {}) });
      // Stripe's card fields: its script, frames and API, exactly (STRIPE_PAGE_SOURCES); otherwise no script at all.
      return sendPage(reply, status, document, view.checkout ? { sources: STRIPE_PAGE_SOURCES } : {});
    };

    scope.get<{ Params: { token: string } }>('/pay/:token', hidden, async (request, reply) => show(request, reply, request.params.token));

    scope.post<{ Params: { token: string } }>('/pay/:token', hidden, async (request, reply) => {
      const { token } = request.params;
      checkCsrf(request, readAnonymousSecret(request, issuer), purpose.pay(token), field(request, 'csrf'), issuer);
      const typed = { cardNumber: field(request, 'cardNumber') ?? '', expiry: field(request, 'expiry') ?? '', cvc: field(request, 'cvc') ?? '' };
      const parsed = CardForm.safeParse(typed);
      if (!parsed.success) {
        const errors: CardFormState['errors'] = {};
        for (const issue of parsed.error.issues) {
          const name = issue.path[0] as 'cardNumber' | 'expiry' | 'cvc';
          errors[name] ??= issue.message;
        }
        return show(request, reply, token, 422, { values: { cardNumber: typed.cardNumber.slice(0, 30), expiry: typed.expiry.slice(0, 10) }, errors });
      }
      let attempt: Awaited<ReturnType<typeof providerPayments.payLink>>;
      try {
        attempt = await providerPayments.payLink(request.ctx, token, parsed.data);
      } catch (error) {
        // The link stopped being payable: the page says why.
        if (isAppError(error) && (error.code === 'PAYMENT_LINK_NOT_ACTIVE' || error.code === 'PAYMENT_PROVIDER_UNAVAILABLE')) return reply.redirect(`/pay/${token}`, 303);
        if (isAppError(error) && error.code === 'PAYMENT_PROVIDER_ERROR') return show(request, reply, token, 502, { error: 'The payment provider could not be reached. Nothing was charged twice: try again in a moment.' });
        throw error;
      }
      if (!attempt) return sendPage(reply, 404, payLinkUnknownPage());
      if (attempt.status === 'requires_action' && attempt.actionUrl) return reply.redirect(attempt.actionUrl, 303);
      return reply.redirect(`/pay/${token}`, 303);
    });

    // ---- the test provider's 3-D Secure challenge (its stand-in for the bank's page) -----------------------------

    scope.get<{ Params: { id: string } }>('/test-provider/challenge/:id', hidden, async (request, reply) => {
      const found = await testProvider.challenge(request.params.id.slice(0, 64));
      if (!found) return sendPage(reply, 404, payLinkUnknownPage());
      const csrf = csrfToken(anonymousSecret(request, reply, issuer), purpose.challenge(found.payment.id));
      return sendPage(reply, 200, testChallengePage({ id: found.payment.id, amount: formatMoney(found.payment.amountMinor, found.payment.currency), csrf }));
    });

    scope.post<{ Params: { id: string } }>('/test-provider/challenge/:id', hidden, async (request, reply) => {
      const id = request.params.id.slice(0, 64);
      checkCsrf(request, readAnonymousSecret(request, issuer), purpose.challenge(id), field(request, 'csrf'), issuer);
      const outcome = field(request, 'outcome') === 'complete' ? 'complete' : 'fail';
      const back = await testProvider.completeChallenge(id, outcome);
      if (!back) return sendPage(reply, 404, payLinkUnknownPage());
      return reply.redirect(back, 303);
    });
  });
}
