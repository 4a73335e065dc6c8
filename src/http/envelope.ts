import { z } from 'zod';

/**
 * The success envelope of every /v1 and /v2 route: `{ status: true, message, data }`, plus `pagination` on list
 * routes that page.
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

export const ErrorDetailSchema = z
  .object({
    path: z.string().describe('The field, e.g. `skus[0].price`, or a header or parameter name'),
    rule: z.string().describe('The rule the value broke'),
    in: z.enum(['body', 'query', 'path', 'header']).optional().describe('Where the field was sent'),
  })
  .meta({ id: 'ErrorDetail' });

export const ErrorEnvelopeSchema = z
  .object({
    status: z.literal(false),
    message: z.string().describe('What went wrong and what to do about it'),
    error: z.object({
      code: z.string().describe('Stable SCREAMING_SNAKE code, listed in docs/errors.md'),
      details: z.array(ErrorDetailSchema),
    }),
    requestId: z.string().describe('Also sent as the X-Request-Id header; quote it when reporting a problem'),
  })
  .meta({ id: 'ErrorEnvelope' });

export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

/**
 * Timestamps on the wire: ISO 8601 local date-time with milliseconds and no zone (`2026-11-22T03:04:05.123`),
 * as the API promises (docs/architecture.md, "Requests and responses"). The clock they are read on is UTC.
 */
export function wireTimestamp(value: Date): string {
  return value.toISOString().slice(0, -1);
}

export const WireTimestamp = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/)
  .describe('ISO 8601 local date-time in UTC with milliseconds and no zone, e.g. 2026-11-22T03:04:05.123');
