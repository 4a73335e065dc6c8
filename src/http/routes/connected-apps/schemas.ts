import { z } from 'zod';

// The request schemas of the connected-apps routes; the record is in src/wire/connected-apps.ts.

export const ClientIdParams = z.object({ clientId: z.string().max(64) });
export const RemoveQuery = z.object({
  storeId: z.string().max(64).optional().describe('remove the app from this store only; omitted: from every store where you can remove it'),
});
