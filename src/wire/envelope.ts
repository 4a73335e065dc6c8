import { z } from 'zod';

/**
 * The success envelope of every /v1 and /v2 route: `{ status: true, message, data }`, plus `pagination` on list
 * routes that page (`./page.ts`).
 */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    status: z.literal(true),
    message: z.string().describe('Short human-readable summary'),
    data,
  });
}

export function ok<T>(message: string, data: T): { status: true; message: string; data: T } {
  return { status: true, message, data };
}

/**
 * Timestamps on the wire: ISO 8601 local date-time with milliseconds and no zone (`2026-11-22T03:04:05.123`),
 * as the API promises (docs/architecture.md, "Requests and responses"). The clock they are read on is UTC.
 */
export function wireTimestamp(value: Date): string {
  return value.toISOString().slice(0, -1);
}

/** An optional zoned ISO 8601 date-time of a request (`ZonedDateTime`) as an instant. */
export const wireInstant = (value: string | undefined) => (value === undefined ? undefined : new Date(value));

export const WireTimestamp = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/)
  .describe('ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123');

/**
 * How a resource is represented by its GET route: the response schema, the message, and the mapping to wire fields.
 * The ETag of a representation is the hash of exactly the bytes that GET would send. `C` is what the mapping needs
 * besides the resource and what the service reads along with it (the store currency); what comes from the request
 * (the mode, the time of the request) is bound when the route builds the representation.
 */
export interface Representation<T, C = void> {
  schema: z.ZodType;
  message: string;
  toWire(entity: T, context: C): unknown;
}
