import type { RouteOptions } from 'fastify';

type HookName = 'onRequest' | 'preValidation' | 'preHandler' | 'onSend' | 'onResponse';

/**
 * Attaches a hook to one route from an `onRoute` hook, after the route's own hooks of that kind. A plugin whose hook
 * concerns only some routes (credentials, Idempotency-Key) attaches it to those instead of adding a global hook that
 * every request runs just to find it has nothing to do: Fastify skips a hook kind a route has none of.
 * A new array is assigned (the HEAD twin of a GET route shares its options), and a hook is never attached twice.
 */
export function addRouteHook(route: RouteOptions, name: HookName, hook: (...args: never[]) => unknown): void {
  const current = route[name] as unknown;
  const hooks: unknown[] = current === undefined ? [] : Array.isArray(current) ? current : [current];
  if (hooks.includes(hook)) return;
  (route as unknown as Record<HookName, unknown[]>)[name] = [...hooks, hook];
}
