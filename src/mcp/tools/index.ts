import type { AnyTool } from '../tool.ts';
import { analyticsTools } from './analytics.ts';
import { categoryTools } from './categories.ts';
import { customerTools } from './customers.ts';
import { deliveryTools } from './delivery.ts';
import { inventoryTools, locationTools } from './inventory.ts';
import { orderTools } from './orders.ts';
import { paymentTools } from './payments.ts';
import { productTools } from './products.ts';
import { promoAdTools } from './promo-ads.ts';
import { promotionTools } from './promotions.ts';
import { returnTools } from './returns.ts';
import { reviewTools } from './reviews.ts';
import { settingsTools } from './settings.ts';
import { storeTools } from './store.ts';
import { webhookTools } from './webhooks.ts';

/** Every tool of the AI connector, in the order `tools/list` shows them. Names are unique. */
export const TOOLS: readonly AnyTool[] = [
  ...analyticsTools,
  ...productTools,
  ...categoryTools,
  ...inventoryTools,
  ...locationTools,
  ...orderTools,
  ...returnTools,
  ...customerTools,
  ...paymentTools,
  ...promotionTools,
  ...promoAdTools,
  ...reviewTools,
  ...storeTools,
  ...deliveryTools,
  ...settingsTools,
  ...webhookTools,
];
