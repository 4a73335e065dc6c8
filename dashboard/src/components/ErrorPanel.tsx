import { ApiError } from '../api/errors.ts';
import { SessionEndedError } from '../api/session.ts';
import { Permission } from './Section.tsx';

/** What went wrong, in the API's words, with its request id and what the merchant can do. */
export function ErrorPanel({ error, title, onRetry }: { error: unknown; title: string; onRetry?: () => void }) {
  if (error instanceof SessionEndedError) {
    return (
      <p className="notice" role="status">
        Your session has ended. Taking you to sign in…
      </p>
    );
  }
  const api = error instanceof ApiError ? error : null;
  const message = api?.message ?? (error instanceof Error ? error.message : 'Something went wrong.');
  const permission = api?.missingPermission ?? null;
  return (
    <div className="error-panel" role="alert">
      <p className="error-title">{title}</p>
      <p>{message}</p>
      {api?.status === 403 && permission ? (
        <p>
          Your role in this store lacks the <Permission code={permission} />. Ask a store owner for a role that has it.
        </p>
      ) : null}
      {api?.status === 429 ? (
        <p>Too many requests. {api.retryAfter !== null ? `Try again in ${api.retryAfter} second${api.retryAfter === 1 ? '' : 's'}.` : 'Try again in a moment.'}</p>
      ) : null}
      {onRetry && (api === null || api.retryable || api.status === 429) ? (
        <button type="button" className="button" onClick={onRetry}>
          Try again
        </button>
      ) : null}
      {api?.requestId ? (
        <p className="request-id">
          Request id: <code>{api.requestId}</code>
        </p>
      ) : null}
    </div>
  );
}

export function Loading({ what }: { what: string }) {
  return (
    <p className="loading" role="status">
      Loading {what}…
    </p>
  );
}
