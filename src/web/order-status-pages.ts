import type { OrderStatusView } from '../domain/carts/checkout-service.ts';
import type { OrderStatus } from '../domain/orders/order-types.ts';
import { orderPaymentStatus } from '../domain/payments/payment-rules.ts';
import { html } from './html.ts';
import { layout } from './layout.ts';
import { formatMoney } from './pay-pages.ts';

/** What each order status means to the shopper. */
const STATUS_TEXT: Record<OrderStatus, string> = {
  pending: 'Waiting for payment',
  paid: 'Paid: being prepared',
  fulfilled: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  partially_refunded: 'Partly refunded',
  refunded: 'Refunded',
};

const PAYMENT_TEXT: Record<ReturnType<typeof orderPaymentStatus>, string> = {
  unpaid: 'Not paid yet',
  authorized: 'Authorized: taken when the order ships',
  partially_paid: 'Partly paid',
  paid: 'Paid',
  partially_refunded: 'Partly refunded',
  refunded: 'Refunded',
};

const when = (d: Date) => d.toISOString().slice(0, 16).replace('T', ' ') + ' UTC';

/**
 * The order status page (GET /orders/{token}, docs/checkout.md): the order's lines and totals, its payment and its
 * shipments as they progress. No sign-in: the link, sent to the shopper, is the credential; nothing on the page is a
 * form, and it shows no address but the city the parcel goes to.
 */
export function orderStatusPage(view: OrderStatusView): string {
  const { order } = view;
  const money = (minor: number) => formatMoney(minor, order.currency);
  const payment = orderPaymentStatus(order);
  const cancelledUnpaid = order.status === 'cancelled' && order.paidMinor === 0;
  return layout(
    `Order ${order.number}`,
    html`<p class="muted">${view.storeName}${view.tenant.mode === 'test' ? html` <span class="tag">Test mode</span>` : null}</p>
<h1>Order ${order.number}</h1>
<p class="${order.status === 'cancelled' ? 'error' : order.status === 'pending' ? 'notice' : 'ok'}" role="status"><strong>${STATUS_TEXT[order.status]}</strong>${
      order.status === 'pending' && order.holdExpiresAt
        ? html`: your items are held for you until ${when(order.holdExpiresAt)}.`
        : cancelledUnpaid
          ? html`: it was not paid in time, and nothing was charged.`
          : null
    }</p>
${order.status === 'pending' && view.payUrl ? html`<p><a href="${view.payUrl}">Pay ${money(order.totalMinor - order.paidMinor)} now</a></p>` : null}
<table><caption class="sr-only">Items of order ${order.number}</caption><thead><tr><th scope="col">Item</th><th scope="col">Qty</th><th scope="col">Amount</th></tr></thead>
<tbody>${order.lines.map((l) => html`<tr><td>${[l.productName, ...Object.values(l.attributes)].join(' · ')}</td><td>${String(l.quantity)}</td><td>${money(l.lineTotalMinor)}</td></tr>`)}</tbody></table>
<table><caption class="sr-only">Totals</caption><tbody>
<tr><th scope="row">Subtotal</th><td>${money(order.subtotalMinor)}</td></tr>
${order.discountMinor > 0 ? html`<tr><th scope="row">Discount${order.promotionCode ? ` (${order.promotionCode})` : ''}</th><td>−${money(order.discountMinor)}</td></tr>` : null}
${order.deliveryOptionName ? html`<tr><th scope="row">Delivery (${order.deliveryOptionName})</th><td>${money(order.deliveryFeeMinor)}</td></tr>` : null}
<tr><th scope="row">Tax${order.pricesIncludeTax ? ' (included)' : ''}</th><td>${money(order.taxTotalMinor)}</td></tr>
<tr><th scope="row">Total</th><td><strong>${money(order.totalMinor)}</strong></td></tr>
</tbody></table>
<h2>Payment</h2>
<p>${PAYMENT_TEXT[payment]}${order.paidMinor > 0 ? ` · ${money(order.paidMinor)} paid` : ''}${order.refundedMinor > 0 ? ` · ${money(order.refundedMinor)} refunded` : ''}</p>
<h2>Delivery</h2>
${
  view.shipments.length > 0
    ? html`<ul class="scopes">${view.shipments.map(
        (s) =>
          html`<li>${s.status === 'delivered' ? 'Delivered' : 'Shipped'}${s.carrier ? ` with ${s.carrier}` : ''}${s.trackingNumber ? html` · tracking ${s.trackingUrl ? html`<a href="${s.trackingUrl}">${s.trackingNumber}</a>` : s.trackingNumber}` : null}${s.shippedAt ? ` · shipped ${when(s.shippedAt)}` : ''}${s.deliveredAt ? ` · delivered ${when(s.deliveredAt)}` : ''}</li>`,
      )}</ul>`
    : html`<p class="muted">${order.status === 'fulfilled' ? 'Shipped.' : order.status === 'delivered' ? 'Delivered.' : order.status === 'cancelled' ? 'Nothing will be shipped.' : 'Not shipped yet: this page shows the shipment once it leaves.'}${order.shippingAddress ? ` To ${order.shippingAddress.city}.` : ''}</p>`
}
${view.returnUrl ? html`<p><a href="${view.returnUrl}">Back to ${view.storeName}</a></p>` : null}
<p class="muted">Placed ${when(order.createdAt)}. Keep this link: it is the only way to this page.</p>`,
  );
}

/** A token that opens no order (unknown, malformed, or of an order since deleted): one page for all. */
export function orderStatusUnknownPage(): string {
  return layout('Order not found', html`<h1>Order not found</h1><p class="error" role="alert">No order opens with this link. Check the link in your confirmation mail, or contact the store.</p>`);
}
