import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client.ts';
import type { Schemas } from '../api/wire.ts';

type ConnectedApp = Schemas['ConnectedApp'];

/** The member's connected apps (`GET /v1/connected-apps`, every store): one cache entry, shared with the Connected apps page. */
export const APPS_KEY = ['user', 'connected-apps'] as const;

/**
 * A connected app by the name it registered ("the connected app “Trail Analytics”"), not its client id; "a connected
 * app" until known. `start`: at the start of a sentence (capitalised).
 */
export function AppName({ clientId, start = false }: { clientId: string; start?: boolean }) {
  const apps = useQuery({ queryKey: APPS_KEY, queryFn: ({ signal }) => api<ConnectedApp[]>('/v1/connected-apps', { signal }).then((r) => r.data) });
  const name = apps.data?.find((a) => a.clientId === clientId)?.clientName;
  const words = name ? `the connected app “${name}”` : 'a connected app';
  return <>{start ? words.charAt(0).toUpperCase() + words.slice(1) : words}</>;
}
