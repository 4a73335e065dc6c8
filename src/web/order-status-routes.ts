import type { FastifyInstance } from 'fastify';
import type { CheckoutService } from '../domain/carts/checkout-service.ts';
import { orderStatusPage, orderStatusUnknownPage } from './order-status-pages.ts';
import { registerPageErrors } from './page-errors.ts';
import { sendPage } from './send-page.ts';

/** The order status page (docs/checkout.md): GET /orders/{token}, server-rendered, no sign-in, no script. */
export async function orderStatusRoutes(app: FastifyInstance, deps: { checkout: CheckoutService }): Promise<void> {
  await app.register(async (scope) => {
    registerPageErrors(scope);
    scope.get<{ Params: { token: string } }>('/orders/:token', { schema: { hide: true } }, async (request, reply) => {
      const view = await deps.checkout.statusPage(request.params.token);
      if (!view) return sendPage(reply, 404, orderStatusUnknownPage());
      return sendPage(reply, 200, orderStatusPage(view));
    });
  });
}
