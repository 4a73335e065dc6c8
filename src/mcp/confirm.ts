import { z } from 'zod';

/** The `confirm` argument of destructive and money-moving tools. */
export const Confirm = z
  .boolean()
  .optional()
  .describe('must be true to carry out this irreversible action; ask the merchant first. Without it nothing happens and the result says what would happen');
