import { z } from 'zod';
import { SCOPES } from '../domain/oauth/scopes.ts';
import type { ConnectedApp } from '../domain/oauth/types.ts';
import { WireTimestamp, wireTimestamp } from './envelope.ts';

export const ConnectedAppRecord = z
  .object({
    clientId: z.string(),
    clientName: z.string(),
    verified: z.literal(false).describe('apps register themselves; their names are not checked'),
    clientIdMetadataDocument: z
      .string()
      .nullable()
      .describe('the app’s client_id URL when it identifies itself with a Client ID Metadata Document (its host publishes the name); null for an app registered with POST /oauth/register'),
    redirectHosts: z.array(z.string()),
    store: z.object({ id: z.string(), name: z.string() }),
    mode: z.enum(['live', 'test']),
    scopes: z.array(z.enum(SCOPES)).describe('the union of the scopes of its approvals in this store and mode'),
    approvedBy: z
      .array(z.object({ userId: z.string(), email: z.string() }))
      .describe('the members who approved it here; a member with settings:write in the store sees every approval, others only their own'),
    approvedAt: WireTimestamp.describe('the latest approval'),
    lastUsedAt: WireTimestamp.nullable(),
  })
  .meta({ id: 'ConnectedApp' });

export function toConnectedAppRecord(app: ConnectedApp): z.infer<typeof ConnectedAppRecord> {
  return {
    clientId: app.clientId,
    clientName: app.clientName,
    verified: false,
    clientIdMetadataDocument: app.metadataDocumentUrl,
    redirectHosts: app.redirectHosts,
    store: app.store,
    mode: app.mode,
    scopes: app.scopes,
    approvedBy: app.approvedBy.map(({ userId, email }) => ({ userId, email })),
    approvedAt: wireTimestamp(app.approvedAt),
    lastUsedAt: app.lastUsedAt && wireTimestamp(app.lastUsedAt),
  };
}
