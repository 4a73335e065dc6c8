import { z } from 'zod';

// The request schemas of the file routes; the record is in src/wire/files.ts.

export const FileIdParams = z.object({ id: z.string().max(64) });
