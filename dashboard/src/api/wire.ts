import type { components, paths } from '../../../clients/js/src/schema.ts';
import { type ApiOptions, api, type Envelope } from './client.ts';

/**
 * The API's wire types, taken from the typed client generated from the OpenAPI document (`clients/js`, `npm run
 * generate:client`, checked by `npm run check`): a page that calls through {@link call} or names `Schemas[…]` stops
 * type-checking (`tsc -p dashboard`) when the server changes a response shape it reads, instead of showing a merchant
 * a broken screen. Types only: nothing of the client's runtime is bundled (the dashboard keeps its own `fetch` wrapper,
 * `client.ts`, for the session token, the HTTP cache and `ApiError`).
 */
export type Schemas = components['schemas'];

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;
type Json<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type SuccessBody<O> = O extends { responses: infer R } ? (R extends { 200: infer A } ? Json<A> : R extends { 201: infer A } ? Json<A> : never) : never;

/** The `data` of a route's success answer (200, or 201 for a create), as the OpenAPI document describes it. */
export type DataOf<P extends keyof paths, M extends Method = 'get'> = SuccessBody<Operation<P, M>> extends { data: infer D } ? D : never;
/** The querystring a route takes. */
export type QueryOf<P extends keyof paths, M extends Method = 'get'> = Operation<P, M> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;
/** The JSON body a route takes. */
export type BodyOf<P extends keyof paths, M extends Method> = Operation<P, M> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;

/** Routes that have method `M`. */
type PathsWith<M extends Method> = { [P in keyof paths]: paths[P][M] extends undefined | never ? never : P }[keyof paths];

/** `/v1/orders/{orderId}` with `{ orderId: 'ord_1' }` → `/v1/orders/ord_1` (each value URL-encoded). */
function fill(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${template}: no value for {${name}}`);
    return encodeURIComponent(value);
  });
}

/**
 * One API call typed by the OpenAPI document: `call('get', '/v1/orders', { tenant, query: { number } })` answers an
 * envelope whose `data` is the route's own response type. Query values that are undefined or null are left out.
 */
export function call<M extends Method, P extends PathsWith<M>>(
  method: M,
  template: P,
  options: Omit<ApiOptions, 'method' | 'body'> & { params?: Record<string, string>; query?: QueryOf<P, M>; body?: BodyOf<P, M> } = {},
): Promise<Envelope<DataOf<P, M>>> {
  const { params, query, ...rest } = options;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) search.set(name, String(value));
  }
  const path = fill(template, params ?? {}) + (search.size > 0 ? `?${search}` : '');
  return api<DataOf<P, M>>(path, { ...rest, method: method.toUpperCase() as ApiOptions['method'] });
}
