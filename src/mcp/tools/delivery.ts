import { z } from 'zod';
import { OptionCreateBody, QuoteQuery, ZoneCreateBody } from '../../domain/delivery/delivery-schemas.ts';
import { DeliveryOptionRecord, DeliveryQuoteRecord, DeliveryZoneRecord, toOptionRecord, toQuoteRecord, toZoneRecord } from '../../wire/delivery.ts';
import { pagination } from '../../wire/page.ts';
import { Confirm } from '../confirm.ts';
import { CREATE, DESTROY, DeletedOutput, defineTool, Id, listOutput, PageInput, READ } from '../tool.ts';

const area = 'store' as const;

/** Store operations: delivery zones and options (the same service as /v1/delivery/zones). */
export const deliveryTools = [
  defineTool({
    name: 'list_delivery_zones',
    area,
    title: 'List delivery zones',
    description: 'The store’s delivery zones (regions: countries and states) with their delivery options and fees. Paginated.',
    permission: 'delivery:read',
    does: READ,
    input: z.strictObject({ ...PageInput }),
    output: listOutput(DeliveryZoneRecord),
    async run(s, ctx, args) {
      const page = await s.delivery.listZones(ctx, args);
      return { summary: `${page.items.length} delivery zone(s)`, data: { items: page.items.map((zone) => toZoneRecord(zone, page.currency)), pagination: pagination(args.limit, page.nextCursor) } };
    },
  }),
  defineTool({
    name: 'quote_delivery',
    area,
    title: 'Quote delivery to an address',
    description: 'The delivery options that serve a country (and state) and their fees for an order subtotal (free-over thresholds applied).',
    permission: 'delivery:read',
    does: READ,
    input: QuoteQuery.strict(),
    output: z.object({ quote: DeliveryQuoteRecord }),
    async run(s, ctx, args) {
      const quote = await s.delivery.quote(ctx, args);
      return { summary: `${quote.quotes.length} delivery option(s) serve ${args.countryId}`, data: { quote: toQuoteRecord(quote) } };
    },
  }),
  defineTool({
    name: 'create_delivery_zone',
    area,
    title: 'Create a delivery zone',
    description: 'Creates a delivery zone: a name and regions (countryId, optional stateId; ids from GET /v1/countries and GET /v1/states/{countryId}). Add its options with create_delivery_option.',
    permission: 'delivery:write',
    does: CREATE,
    input: ZoneCreateBody,
    output: z.object({ zone: DeliveryZoneRecord }),
    async run(s, ctx, args) {
      const { zone, currency } = await s.delivery.createZone(ctx, args);
      return { summary: `Delivery zone ${zone.name} created (${zone.id})`, data: { zone: toZoneRecord(zone, currency) } };
    },
  }),
  defineTool({
    name: 'delete_delivery_zone',
    area,
    title: 'Delete a delivery zone',
    description: 'Deletes a delivery zone with its options; its regions are no longer served. Needs confirm: true.',
    permission: 'delivery:write',
    does: DESTROY,
    confirm: (a) => `delete delivery zone ${a.zoneId} with its delivery options`,
    precheck: async (s, ctx, a) => void (await s.delivery.getZone(ctx, a.zoneId)),
    input: z.strictObject({ zoneId: Id, confirm: Confirm }),
    output: DeletedOutput,
    async run(s, ctx, args) {
      await s.delivery.deleteZone(ctx, args.zoneId);
      return { summary: `Delivery zone ${args.zoneId} deleted`, data: { id: args.zoneId, deleted: true as const } };
    },
  }),
  defineTool({
    name: 'create_delivery_option',
    area,
    title: 'Create a delivery option',
    description: 'Adds a delivery option to a zone: name, fee (store currency), optional freeOver subtotal, estimated days and active.',
    permission: 'delivery:write',
    does: CREATE,
    input: z.strictObject({ zoneId: Id, ...OptionCreateBody.shape }),
    output: z.object({ option: DeliveryOptionRecord }),
    async run(s, ctx, { zoneId, ...input }) {
      const { option, currency } = await s.delivery.createOption(ctx, zoneId, input);
      return { summary: `Delivery option ${option.name} created (${option.id})`, data: { option: toOptionRecord(option, currency) } };
    },
  }),
];
