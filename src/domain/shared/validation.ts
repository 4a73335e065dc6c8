import { AppError, type ErrorDetail } from '../../errors.ts';

/** 422 VALIDATION_FAILED naming each field and rule (the first three in the message, all in `details`). */
export function invalid(details: ErrorDetail[]): AppError {
  const shown = details.slice(0, 3).map((d) => `${d.path} ${d.rule}`).join('; ');
  const more = details.length > 3 ? ` (and ${details.length - 3} more)` : '';
  return new AppError('VALIDATION_FAILED', `The request is not valid: ${shown}${more}.`, { details });
}
