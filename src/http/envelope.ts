import { z } from 'zod';

// The error envelope of the REST routes; the success envelope is the wire's (`src/wire/envelope.ts`), shared with MCP.

export const ErrorDetailSchema = z
  .object({
    path: z.string().describe('The field, e.g. `skus[0].price`, or a header or parameter name'),
    rule: z.string().describe('The rule the value broke'),
    in: z.enum(['body', 'query', 'path', 'header', 'credential']).describe('Where the field was sent; `credential` for a permission the credential lacks (path `permission`)'),
  })
  .meta({ id: 'ErrorDetail' });

export const ErrorEnvelopeSchema = z
  .object({
    status: z.literal(false),
    message: z.string().describe('What went wrong and what to do about it'),
    error: z.object({
      code: z.string().describe('Stable SCREAMING_SNAKE code, one of the error codes listed in this document’s description'),
      details: z.array(ErrorDetailSchema),
    }),
    requestId: z.string().describe('Also sent as the X-Request-Id header; quote it when reporting a problem'),
  })
  .meta({ id: 'ErrorEnvelope' });

export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;
