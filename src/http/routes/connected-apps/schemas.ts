import { z } from 'zod';
import { SCOPES } from '../../../domain/oauth/scopes.ts';
import type { ConnectedApp } from '../../../domain/oauth/types.ts';
import { WireTimestamp, wireTimestamp } from '../../envelope.ts';

export const ClientIdParams = z.object({ clientId: z.string().max(64) });
export const RemoveQuery = z.object({
  storeId: z.string().max(64).optional().describe('remove the app from this store only; omitted: from every store you approved it for'),
});

export const ConnectedAppRecord = z
  .object({
    clientId: z.string(),
    clientName: z.string(),
    verified: z.literal(false).describe('apps register themselves; their names are not checked'),
    redirectHosts: z.array(z.string()),
    store: z.object({ id: z.string(), name: z.string() }),
    mode: z.enum(['live', 'test']),
    scopes: z.array(z.enum(SCOPES)),
    approvedAt: WireTimestamp,
    lastUsedAt: WireTimestamp.nullable(),
  })
  .meta({ id: 'ConnectedApp' });

export function toConnectedAppRecord(app: ConnectedApp): z.infer<typeof ConnectedAppRecord> {
  return {
    clientId: app.clientId,
    clientName: app.clientName,
    verified: false,
    redirectHosts: app.redirectHosts,
    store: app.store,
    mode: app.mode,
    scopes: app.scopes,
    approvedAt: wireTimestamp(app.approvedAt),
    lastUsedAt: app.lastUsedAt && wireTimestamp(app.lastUsedAt),
  };
}
