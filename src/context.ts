/**
 * What every domain service receives first: who is calling, for which store, with what rights, and when.
 * Built by the HTTP layer (or the MCP layer) from the request; a service never sees the request itself.
 */
export interface RequestContext {
  requestId: string;
  /** The instant the request is handled; services use it instead of reading the clock. */
  now: Date;
}

export function systemContext(requestId = 'system', now = new Date()): RequestContext {
  return { requestId, now };
}
