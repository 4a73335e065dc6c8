import { z } from 'zod';
import { ReturnCloseBody, ReturnCreateBody, ReturnReceiveBody, ReturnRefundBody } from '../../domain/returns/return-schemas.ts';
import { pagination } from '../../wire/page.ts';
import { ReturnRecord, toReturnRecord } from '../../wire/returns.ts';
import { Confirm } from '../confirm.ts';
import { CREATE, defineTool, Id, PageInput, PaginationOutput, READ } from '../tool.ts';

const area = 'orders' as const;
const output = z.object({ return: ReturnRecord });

/** Returns of an order: the same service as /v1/orders/{orderId}/returns (docs/fulfilment.md, "Returns"). */
export const returnTools = [
  defineTool({
    name: 'list_returns',
    area,
    title: "List an order's returns",
    description: "An order's returns, oldest first: status (requested, received, refunded, closed), reason, lines, refund. Paginated.",
    permission: 'orders:read',
    does: READ,
    input: z.strictObject({ orderId: Id, ...PageInput }),
    output: z.object({ items: z.array(ReturnRecord), pagination: PaginationOutput }),
    async run(s, ctx, { orderId, ...page }) {
      const found = await s.returns.list(ctx, orderId, page);
      return { summary: `${found.items.length} return(s)`, data: { items: found.items.map((r) => toReturnRecord(r, found.currency)), pagination: pagination(page.limit, found.nextCursor) } };
    },
  }),
  defineTool({
    name: 'create_return',
    area,
    title: 'Ask for units of an order back',
    description:
      'Starts a return (status requested) of lines of a shipped order: lineId from get_order lines[].id, quantity at most what was shipped less what other returns take (refused naming the line). reason: damaged, defective, wrong_item, not_as_described, no_longer_needed or other.',
    permission: 'orders:write',
    does: CREATE,
    input: z.strictObject({ orderId: Id, ...ReturnCreateBody.shape }),
    output,
    async run(s, ctx, { orderId, ...body }) {
      const { ret, currency } = await s.returns.create(ctx, orderId, body);
      return { summary: `Return ${ret.id} requested`, data: { return: toReturnRecord(ret, currency) } };
    },
  }),
  defineTool({
    name: 'receive_return',
    area,
    title: 'Receive a return into a location',
    description:
      'Records that a requested return arrived at a stock location (locationId from list_locations): every line of the return with restock true (back on hand there) or false (written off). Once per return. Refund it afterwards with refund_return.',
    permission: 'orders:write',
    does: { effects: ['changes'], idempotent: false },
    input: z.strictObject({ orderId: Id, returnId: Id, ...ReturnReceiveBody.pick({ locationId: true, lines: true }).shape }),
    output,
    async run(s, ctx, { orderId, returnId, ...body }) {
      const { ret, currency } = await s.returns.receive(ctx, orderId, returnId, body);
      return { summary: `Return ${ret.id} received`, data: { return: toReturnRecord(ret, currency) } };
    },
  }),
  defineTool({
    name: 'refund_return',
    area,
    title: 'Refund a received return',
    description:
      "Refunds a received return once through the order's payments: the returned units' amount less their discount share, plus their tax where prices exclude it, and the delivery fee with the order's last units or with refundDelivery true. Moves money: needs confirm: true.",
    permission: 'orders:write',
    // The refund, and the return it marks refunded.
    does: { effects: ['changes', 'moves-money'], idempotent: false },
    confirm: (a) => `refund return ${a.returnId} of order ${a.orderId}: the returned units' money${a.refundDelivery ? ' and the delivery fee' : ''} goes back through the order's payments`,
    precheck: async (s, ctx, { orderId, returnId, refundDelivery }) => {
      await s.returns.checkRefund(ctx, orderId, returnId, { refundDelivery });
    },
    input: z.strictObject({ orderId: Id, returnId: Id, ...ReturnRefundBody.shape, confirm: Confirm }),
    output,
    async run(s, ctx, { orderId, returnId, refundDelivery }) {
      const { ret, currency } = await s.returns.refund(ctx, orderId, returnId, { refundDelivery });
      const record = toReturnRecord(ret, currency);
      return { summary: `Return ${ret.id} refunded: ${record.refund} ${currency.code}`, data: { return: record } };
    },
  }),
  defineTool({
    name: 'close_return',
    area,
    title: 'Close a return without a refund',
    description: 'Closes a requested or received return without refunding it (its units can be asked back again if it was not received). note: why.',
    permission: 'orders:write',
    does: { effects: ['changes'], idempotent: false },
    input: z.strictObject({ orderId: Id, returnId: Id, ...ReturnCloseBody.shape }),
    output,
    async run(s, ctx, { orderId, returnId, ...body }) {
      const { ret, currency } = await s.returns.close(ctx, orderId, returnId, body);
      return { summary: `Return ${ret.id} closed`, data: { return: toReturnRecord(ret, currency) } };
    },
  }),
];
