import { AppError } from '../errors.ts';

/** Opaque cursors: the id of the last item of the previous page, base64url-encoded so clients do not build them. */
export function encodeCursor(id: string): string {
  return Buffer.from(id, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): string {
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^[a-z]+_[0-9A-Z]{26}$/.test(id)) {
    throw new AppError('VALIDATION_FAILED', 'The cursor is not one we issued. Use pagination.nextCursor from the previous page.', {
      details: [{ path: 'cursor', rule: 'must be a nextCursor returned by this list' }],
    });
  }
  return id;
}
