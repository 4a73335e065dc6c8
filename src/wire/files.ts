import { z } from 'zod';
import { IMAGE_TYPES } from '../domain/files/image-info.ts';
import type { StoredFile } from '../domain/files/types.ts';

export const FileRecord = z
  .object({
    id: z.string().describe('use it as `image` of a variant group or as `logoFileId` of the business profile'),
    url: z.string().describe('where to GET the bytes (needs products:read in the same store and mode)'),
    contentType: z.enum(IMAGE_TYPES).describe('judged from the bytes, not from the file name or the declared type'),
    size: z.number().int().describe('bytes'),
    width: z.number().int().describe('pixels'),
    height: z.number().int().describe('pixels'),
  })
  .meta({ id: 'File' });

export function toFileRecord(file: StoredFile, baseUrl: string): z.infer<typeof FileRecord> {
  return {
    id: file.id,
    url: `${baseUrl}/v1/files/${file.id}`,
    contentType: file.contentType,
    size: file.size,
    width: file.width,
    height: file.height,
  };
}
