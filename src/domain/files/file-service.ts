import type { StoreContext, Tenant } from '../../context.ts';
import { AppError, type ErrorDetail } from '../../errors.ts';
import type { AuditRepo } from '../audit/ports.ts';
import type { FileRepo } from './ports.ts';
import type { Transactional } from '../shared/transactional.ts';
import { readAs, requirePermission } from '../shared/access.ts';
import { recordAudit } from '../shared/audit-trail.ts';
import { newId } from '../shared/ids.ts';
import { readImageSize, sniffImageType } from './image-info.ts';
import type { FileContentStorage, IncomingFile, StagedContent, StoredFile } from './types.ts';

/** The repositories file-service.ts reads and writes (the composition root passes them; src/db implements them). */
export interface FileServiceRepos {
  audit: Pick<AuditRepo, 'insert'>;
  files: Pick<FileRepo, 'exists' | 'find' | 'insert' | 'shownToShoppers'>;
}

/** Largest image accepted: 10 MiB. Larger uploads get 413 FILE_TOO_LARGE and nothing is kept. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

/** Room for multipart boundaries and part headers on top of the file itself, when judging a declared length. */
export const MAX_UPLOAD_OVERHEAD_BYTES = 64 * 1024;

/** The form field that carries the image. */
export const FILE_FIELD = 'file';

const SUPPORTED = 'a JPEG, PNG, WebP or GIF image';

function invalid(details: ErrorDetail[]): AppError {
  return new AppError('VALIDATION_FAILED', `The upload is not valid: ${details.map((d) => `${d.path} ${d.rule}`).join('; ')}.`, {
    details,
  });
}

function tooLarge(): AppError {
  return new AppError('FILE_TOO_LARGE', `The file is larger than the ${MAX_FILE_BYTES / 1024 / 1024} MiB limit. Send a smaller image.`, {
    details: [{ path: FILE_FIELD, rule: `must be at most ${MAX_FILE_BYTES} bytes (10 MiB)`, in: 'body' }],
  });
}

function notAnImage(name: string | null, rule: string): AppError {
  const what = name ? `The file "${name}"` : 'The file';
  return new AppError('FILE_TYPE_NOT_SUPPORTED', `${what} is not ${SUPPORTED}: its bytes were checked, not its name or declared type.`, {
    details: [{ path: FILE_FIELD, rule, in: 'body' }],
  });
}

/** The client's file name, for display only: no directories, no control characters, at most 255 characters. */
export function cleanOriginalName(name: string | null): string | null {
  if (name === null) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point.
  const base = name.split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return base === '' ? null : base.slice(0, 255);
}

async function drain(content: AsyncIterable<Uint8Array>): Promise<void> {
  for await (const _ of content) {
    // read and drop
  }
}

/**
 * "`fileId` is an image of the active store": the check the catalog (variant group `image`) and the business
 * profile (`logoFileId`) make. Refuses with 422 VALIDATION_FAILED naming `field` otherwise; another store's file
 * is refused exactly like one that does not exist. Takes `repos` so it can run inside the caller's transaction.
 */
export async function assertImageOfStore(repos: { files: Pick<FileRepo, 'exists'> }, tenant: Tenant, fileId: string, field: string): Promise<void> {
  if (!(await repos.files.exists(tenant, fileId))) {
    throw invalid([{ path: field, rule: 'must be the id of an image uploaded to this store (POST /v1/files)' }]);
  }
}

/** Image uploads of the active store and mode: type checked from the bytes, stored by id, served back. */
export function createFileService(deps: { repos: Transactional<FileServiceRepos>; storage: FileContentStorage }) {
  const { repos, storage } = deps;

  /** Reads every file part to its end (so the request finishes), staging the first `file` part only. */
  async function receive(files: AsyncIterable<IncomingFile>, staged: StagedContent[]): Promise<{ file?: IncomingFile; problems: ErrorDetail[] }> {
    let first: IncomingFile | undefined;
    let count = 0;
    const problems: ErrorDetail[] = [];
    for await (const file of files) {
      if (file.field === FILE_FIELD) count += 1;
      if (file.field === FILE_FIELD && first === undefined) {
        first = file;
        staged.push(await storage.stage(file.content, MAX_FILE_BYTES));
        continue;
      }
      await drain(file.content);
      if (file.field !== FILE_FIELD) {
        problems.push({ path: file.field, rule: `is not expected: send the image as the file part named "${FILE_FIELD}"`, in: 'body' });
      }
    }
    if (count > 1) problems.push({ path: FILE_FIELD, rule: `must be exactly one file; the request has ${count}`, in: 'body' });
    return first === undefined ? { problems } : { file: first, problems };
  }

  return {
    /**
     * Stores one image (products:write). Exactly one file part named `file`; at most MAX_FILE_BYTES; JPEG, PNG,
     * WebP or GIF judged from the bytes. On any refusal nothing is kept: no row, no bytes on disk.
     * `declaredLength` (the request's Content-Length, when known) lets an obviously oversized upload be refused
     * before it is read.
     */
    async upload(ctx: StoreContext, input: { files: AsyncIterable<IncomingFile>; declaredLength?: number | undefined }): Promise<StoredFile> {
      requirePermission(ctx, 'products:write');
      if (input.declaredLength !== undefined && input.declaredLength > MAX_FILE_BYTES + MAX_UPLOAD_OVERHEAD_BYTES) throw tooLarge();

      const staged: StagedContent[] = [];
      const id = newId('fil', ctx.now);
      let committed = false;
      try {
        const { file, problems } = await receive(input.files, staged);
        const content = staged[0];
        if (file === undefined || content === undefined) {
          throw invalid([...problems, { path: FILE_FIELD, rule: `is required: send ${SUPPORTED} as a multipart/form-data file part named "${FILE_FIELD}"`, in: 'body' }]);
        }
        if (problems.length > 0) throw invalid(problems);
        if (content.tooLarge) throw tooLarge();

        const name = cleanOriginalName(file.filename);
        const type = sniffImageType(content.head);
        if (type === null) throw notAnImage(name, `must be ${SUPPORTED} (judged from its bytes, not its name or declared type)`);
        const size =
          readImageSize(type, content.head) ?? (content.size > content.head.length ? readImageSize(type, await content.readAll()) : null);
        if (size === null) throw notAnImage(name, `must be ${SUPPORTED}; this one is damaged or truncated (its dimensions cannot be read)`);

        const stored: StoredFile = {
          id,
          storeId: ctx.tenant.storeId,
          mode: ctx.tenant.mode,
          contentType: type,
          size: content.size,
          width: size.width,
          height: size.height,
          sha256: content.sha256,
          originalName: name,
          createdAt: ctx.now,
          createdBy: ctx.actor.id,
        };
        await repos.transaction(async (repos) => {
          await repos.files.insert(stored);
          await recordAudit(repos, ctx, {
            action: 'file.upload',
            targetType: 'file',
            targetId: id,
            details: { contentType: type, size: stored.size, width: stored.width, height: stored.height, originalName: name },
          });
          // Last step inside the transaction: if the rename fails the row is rolled back; if the commit fails after
          // it, the catch below removes the bytes.
          await content.commit({ storeId: stored.storeId, id });
          committed = true;
        });
        return stored;
      } catch (error) {
        if (committed) await storage.remove({ storeId: ctx.tenant.storeId, id }).catch(() => {});
        throw error;
      } finally {
        await Promise.all(staged.map((s) => s.discard().catch(() => {})));
      }
    },

    /**
     * A file of the active store and mode with its bytes (products:read). Another store's id is 404. A storefront's
     * publishable key reads only what its shoppers see (an image of an active product or of a live promo ad); any
     * other file is 404 to it, as if it did not exist.
     */
    async read(ctx: StoreContext, id: string): Promise<{ file: StoredFile; content: Buffer }> {
      const as = readAs(ctx, 'catalog');
      const file = await repos.files.find(ctx.tenant, id);
      const notFound = () => new AppError('FILE_NOT_FOUND', `No file "${id}" in this store's ${ctx.tenant.mode} mode.`);
      if (!file) throw notFound();
      if (as === 'shopper' && !(await repos.files.shownToShoppers(ctx.tenant, id, ctx.now))) throw notFound();
      return { file, content: await storage.read({ storeId: file.storeId, id: file.id }) };
    },

    /**
     * For other services: the file `fileId` must be an image of the active store and mode, else 422 naming `field`
     * (e.g. `image` on a variant group). Within a transaction, call `assertImageOfStore(repos, …)` instead.
     */
    async requireImage(ctx: StoreContext, fileId: string, field = 'image'): Promise<void> {
      await assertImageOfStore(repos, ctx.tenant, fileId, field);
    },

    /** True when `fileId` is an image of this store and mode: the boolean form, for services that collect details. */
    imageExists(tenant: Tenant, fileId: string): Promise<boolean> {
      return repos.files.exists(tenant, fileId);
    },
  };
}

export type FileService = ReturnType<typeof createFileService>;
