import { createHash, randomBytes } from 'node:crypto';
import type { InputRequiredResult, JSONRPCMessage, RequestStateCodec, Server, ServerContext } from '@modelcontextprotocol/server';
import { CLIENT_CAPABILITIES_META_KEY, createRequestStateCodec, inputRequired, inputResponse } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { StoreContext } from '../context.ts';
import type { ConfirmationService } from '../domain/connector/confirmation-service.ts';
import { canonicalJson } from '../domain/idempotency/idempotency-rules.ts';
import { declaresFormElicitation } from './session.ts';

/** The `confirm` argument of destructive and money-moving tools. */
export const Confirm = z
  .boolean()
  .optional()
  .describe(
    'true once the merchant agreed; without it nothing is done and the result says what would be. Clients with elicitation ask the merchant instead',
  );

/** How long the merchant has to answer (and a state stays good for its one retry): the state's lifetime. */
export const CONFIRMATION_TTL_SECONDS = 600;

/** The key of the one embedded request of a confirmation round, in `inputRequests` and `inputResponses`. */
export const CONFIRMATION_INPUT = 'merchant_confirmation';

/** What a confirmation round's `requestState` carries, signed: the call it was asked for, and a nonce spent once. */
const ConfirmationState = z.object({ tool: z.string(), call: z.string(), nonce: z.string(), expiresAt: z.number() });
type ConfirmationState = z.infer<typeof ConfirmationState>;

/** The form the merchant answers: one yes/no, the whole question in the message above it. */
const FORM = {
  type: 'object',
  properties: { confirm: { type: 'boolean', title: 'Carry it out', description: 'Yes to carry it out, no to leave everything as it is' } },
  required: ['confirm'],
} as const;

/** Who the state was issued to: the credential, the person behind it and the store and mode (bound into the MAC). */
function principalOf(ctx: ServerContext): string {
  const store = ctx.http?.authInfo?.extra?.storeContext as StoreContext | undefined;
  if (!store) throw new Error('MCP request without a store context');
  return holderOf(store);
}

/** One call's identity: the tool and its parsed arguments in canonical JSON (the idempotency fingerprint's), `confirm` left out. */
function callDigest(tool: string, args: Record<string, unknown>): string {
  const { confirm: _confirm, ...rest } = args;
  return createHash('sha256').update(canonicalJson([tool, rest])).digest('base64url');
}

/**
 * Whether this request can have the merchant asked: protocol 2026-07-28 (a per-request envelope) from a client that
 * declares form elicitation (`elicitation: {}` or `elicitation: { form }`). Other clients keep the `confirm` argument.
 */
export function canAskMerchant(ctx: ServerContext): boolean {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  return declaresFormElicitation(envelope?.[CLIENT_CAPABILITIES_META_KEY]);
}

/** The text of the question put to the merchant, on either protocol version. */
export function confirmationMessage(tool: { title: string }, what: string): string {
  return `${tool.title}: an assistant asks to ${what}. This cannot be undone. Carry it out?`;
}

export interface MerchantConfirmation {
  /** Checks an echoed `requestState` before the handler runs: `ServerOptions.requestState.verify`. */
  verify(state: string, ctx: ServerContext): Promise<unknown>;
  /**
   * The merchant's decision on this call: `accepted` (the retry carries their acceptance of exactly this call, acted on
   * once), or the result to answer instead: an `input_required` round asking them, or a refusal. `beforeAsking` runs
   * before the merchant is asked and may refuse (throw): they are never asked about what would be refused.
   */
  decide(
    tool: { name: string; title: string },
    args: Record<string, unknown>,
    what: string,
    ctx: ServerContext,
    beforeAsking: () => Promise<void>,
  ): Promise<'accepted' | InputRequiredResult | ConfirmationRefused>;
}

/**
 * Why nothing was done: the merchant said no, or the answer does not fit this call. `suspicious` says why an answer was
 * refused that a well-behaved client never sends (given for another call, or already acted on): the audit log keeps it.
 */
export interface ConfirmationRefused {
  code: 'CONFIRMATION_DECLINED' | 'CONFIRMATION_INVALID';
  message: string;
  suspicious?: string;
}

const refuse = (code: ConfirmationRefused['code'], message: string, suspicious?: string): ConfirmationRefused => ({ code, message, ...(suspicious ? { suspicious } : {}) });

/**
 * Words for the codec's fixed reasons a `requestState` fails to verify (the SDK's `'mac'`, `'expired'`, `'bind'`,
 * `'malformed'`), for the audit log.
 */
export function stateRefusalReason(error: unknown): string {
  const code = error instanceof Error ? error.message : '';
  if (/mac/i.test(code)) return 'requestState forged or altered (its signature does not match)';
  if (/expired/i.test(code)) return 'requestState expired';
  if (/bind/i.test(code)) return "requestState issued to another caller";
  if (/malformed/i.test(code)) return 'requestState malformed';
  return 'requestState refused';
}

/**
 * Confirmation by the merchant (protocol 2026-07-28, multi round-trip requests): a destructive call answers with an
 * elicitation form saying what would happen and a signed, expiring `requestState` bound to the caller and naming the
 * call; the action runs only on the retry carrying the merchant's acceptance of that very call, and only once.
 */
export function merchantConfirmation(confirmations: Pick<ConfirmationService, 'stateKey' | 'spend'>): MerchantConfirmation {
  // The service keeps the key (read once per process); the codec is made once for it.
  let codec: { key: Uint8Array; codec: RequestStateCodec<ConfirmationState> } | undefined;
  const codecOf = async () => {
    const key = await confirmations.stateKey();
    if (codec?.key !== key) codec = { key, codec: createRequestStateCodec<ConfirmationState>({ key, ttlSeconds: CONFIRMATION_TTL_SECONDS, bind: principalOf }) };
    return codec.codec;
  };

  async function askMerchant(tool: { name: string; title: string }, call: string, what: string, ctx: ServerContext): Promise<InputRequiredResult> {
    const state: ConfirmationState = { tool: tool.name, call, nonce: randomBytes(16).toString('base64url'), expiresAt: Date.now() + CONFIRMATION_TTL_SECONDS * 1000 };
    return inputRequired({
      inputRequests: {
        [CONFIRMATION_INPUT]: inputRequired.elicit({
          message: confirmationMessage(tool, what),
          requestedSchema: FORM as never,
        }),
      },
      requestState: await (await codecOf()).mint(state, ctx),
    });
  }

  return {
    async verify(state, ctx) {
      return ConfirmationState.parse(await (await codecOf()).verify(state, ctx));
    },

    async decide(tool, args, what, ctx, beforeAsking) {
      const call = callDigest(tool.name, args);
      const ask = async () => {
        await beforeAsking();
        return askMerchant(tool, call, what, ctx);
      };
      const state = ctx.mcpReq.requestState<ConfirmationState>();
      if (state === undefined) return ask();
      if (state.tool !== tool.name || state.call !== call) {
        return refuse(
          'CONFIRMATION_INVALID',
          `Nothing was done. The merchant's answer was given for another call. Call ${tool.name} again without requestState to ask them about this one.`,
          `the merchant's answer was given for another call (${state.tool})`,
        );
      }
      const answer = inputResponse(ctx.mcpReq.inputResponses, CONFIRMATION_INPUT);
      if (answer.kind === 'missing') return ask();
      if (answer.kind !== 'elicit' || answer.action !== 'accept' || answer.content?.confirm !== true) {
        return refuse('CONFIRMATION_DECLINED', `Nothing was done: the merchant did not agree to ${what}.`);
      }
      if (!(await confirmations.spend(state.nonce, new Date(state.expiresAt)))) {
        return refuse(
          'CONFIRMATION_INVALID',
          `Nothing was done. The merchant's answer was already acted on once. Call ${tool.name} again without requestState to ask them again.`,
          "the merchant's answer was already acted on once (a replay)",
        );
      }
      return 'accepted';
    },
  };
}

/** The merchant's answer to a question asked on a call's stream (2025-era elicitation). */
export type StreamAnswer = { kind: 'answered'; accepted: boolean } | { kind: 'unanswered'; why: string };

const ElicitAnswer = z.object({ action: z.enum(['accept', 'decline', 'cancel']), content: z.record(z.string(), z.unknown()).optional() });

/**
 * Confirmation by the merchant on protocol 2025-11-25 (and the other 2025-era versions): the server sends
 * `elicitation/create` on the call's own response stream and the client POSTs the merchant's answer to /mcp as a
 * JSON-RPC response. The endpoint is stateless, so the answer arrives as another HTTP request: `deliver` hands it to
 * the call waiting in this process. The question's id is random (not the per-request server's counter, which starts
 * at 0 for every request), so answers cannot cross between calls, and an answer is taken only from the credential it
 * was asked of, once. Unanswered after CONFIRMATION_TTL_SECONDS, or when the call's stream ends, nothing is done.
 */
export function streamQuestions() {
  const waiting = new Map<string, { holder: string; settle(answer: StreamAnswer): void }>();
  return {
    /** Asks the merchant on the stream of the call `ctx` handles; resolves with their answer. */
    async ask(server: Server, ctx: ServerContext, holder: string, message: string): Promise<StreamAnswer> {
      const transport = server.transport;
      if (!transport) return { kind: 'unanswered', why: 'the connection closed' };
      const id = `merchant-confirmation-${randomBytes(12).toString('base64url')}`;
      const answered = new Promise<StreamAnswer>((resolve) => {
        const settle = (answer: StreamAnswer) => {
          clearTimeout(timer);
          ctx.mcpReq.signal.removeEventListener('abort', onAbort);
          waiting.delete(id);
          resolve(answer);
        };
        const timer = setTimeout(() => settle({ kind: 'unanswered', why: `the merchant did not answer within ${CONFIRMATION_TTL_SECONDS / 60} minutes` }), CONFIRMATION_TTL_SECONDS * 1000);
        timer.unref();
        const onAbort = () => settle({ kind: 'unanswered', why: 'the call was cancelled' });
        ctx.mcpReq.signal.addEventListener('abort', onAbort, { once: true });
        waiting.set(id, { holder, settle });
        // A call cancelled before it got here emits no more 'abort': it would wait out the whole time to confirm.
        if (ctx.mcpReq.signal.aborted) onAbort();
      });
      const request: JSONRPCMessage = { jsonrpc: '2.0', id, method: 'elicitation/create', params: { message, requestedSchema: FORM } };
      try {
        await transport.send(request, { relatedRequestId: ctx.mcpReq.id });
      } catch {
        waiting.get(id)?.settle({ kind: 'unanswered', why: 'the question could not be sent' });
      }
      return answered;
    },

    /**
     * A JSON-RPC response a client POSTed: `answered` when it answers a question waiting here (and from the credential
     * asked), `foreign` when it answers one asked of another credential (not taken), `unknown` otherwise.
     */
    deliver(message: unknown, holder: string): 'answered' | 'foreign' | 'unknown' {
      if (message === null || typeof message !== 'object' || 'method' in message) return 'unknown';
      const { id, result, error } = message as { id?: unknown; result?: unknown; error?: { message?: unknown } };
      const entry = typeof id === 'string' ? waiting.get(id) : undefined;
      if (!entry) return 'unknown';
      if (entry.holder !== holder) return 'foreign';
      if (error !== undefined) {
        entry.settle({ kind: 'unanswered', why: `the client could not ask the merchant (${String(error?.message ?? 'an error').slice(0, 200)})` });
        return 'answered';
      }
      const parsed = ElicitAnswer.safeParse(result);
      if (!parsed.success) entry.settle({ kind: 'unanswered', why: 'the client answered something other than the form' });
      else entry.settle({ kind: 'answered', accepted: parsed.data.action === 'accept' && parsed.data.content?.confirm === true });
      return 'answered';
    },

    /** Questions waiting for an answer in this process. */
    get size() {
      return waiting.size;
    },
  };
}
export type StreamQuestions = ReturnType<typeof streamQuestions>;

/** Who a question was asked of: the credential, the person behind it, the store and mode (as a state is bound). */
export function holderOf(store: StoreContext): string {
  return [store.credential, store.actor.type, store.actor.id, store.actor.userId ?? '', store.tenant.storeId, store.tenant.mode].join('\0');
}
