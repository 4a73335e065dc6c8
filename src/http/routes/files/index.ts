import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FILE_FIELD, type FileService, MAX_FILE_BYTES } from '../../../domain/files/file-service.ts';
import { IMAGE_EXTENSIONS } from '../../../domain/files/image-info.ts';
import type { IncomingFile } from '../../../domain/files/types.ts';
import { AppError } from '../../../errors.ts';
import { envelope, ok } from '../../../wire/envelope.ts';
import { ErrorEnvelopeSchema } from '../../envelope.ts';
import { storeCtx } from '../../plugins/auth.ts';
import { FileRecord, toFileRecord } from '../../../wire/files.ts';
import { FileIdParams } from './schemas.ts';

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema, 422: ErrorEnvelopeSchema };

/** Parser limits: one file (a second is seen and refused with 422, a third stops parsing), a few small fields. */
const LIMITS = { fileSize: MAX_FILE_BYTES + 1, files: 2, fields: 10, fieldSize: 1024, parts: 20, headerPairs: 50 };

/** Turns a failure of the multipart parser into our error codes; anything else passes through. */
function multipartError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  const rule = (path: string, text: string) => ({ details: [{ path, rule: text, in: 'body' as const }] });
  switch (code) {
    case 'FST_FILES_LIMIT':
      return new AppError('VALIDATION_FAILED', `The upload is not valid: ${FILE_FIELD} must be exactly one file.`, rule(FILE_FIELD, 'must be exactly one file'));
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError(
        'VALIDATION_FAILED',
        `The upload has too many parts. Send one file part named "${FILE_FIELD}".`,
        rule('(body)', `must have at most ${LIMITS.parts} parts, of which one file part named "${FILE_FIELD}"`),
      );
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('FILE_TOO_LARGE', 'The file is larger than the 10 MiB limit. Send a smaller image.', rule(FILE_FIELD, `must be at most ${MAX_FILE_BYTES} bytes (10 MiB)`));
  }
  const reason = error instanceof Error ? error.message : String(error);
  return new AppError('BAD_REQUEST', `The multipart/form-data body could not be read (${reason}). Send one file part named "${FILE_FIELD}".`, {
    internal: reason,
    cause: error,
  });
}

async function* guarded(stream: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
  try {
    yield* stream;
  } catch (error) {
    throw multipartError(error);
  }
}

/** The file parts of a multipart request, in order, each to be read to its end before the next arrives. */
async function* incomingFiles(request: FastifyRequest): AsyncIterable<IncomingFile> {
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      yield { field: part.fieldname, filename: part.filename || null, declaredType: part.mimetype || null, content: guarded(part.file) };
    }
  } catch (error) {
    throw multipartError(error);
  }
}

/** Image uploads (`POST /v1/files`, multipart) and serving them back (`GET /v1/files/{id}`). */
export async function fileRoutes(app: FastifyInstance, deps: { files: FileService; baseUrl: string }): Promise<void> {
  const { files, baseUrl } = deps;
  // Registered inside this plugin, so only these routes accept multipart/form-data.
  await app.register(multipart, { limits: LIMITS, throwFileSizeLimit: false });
  // Any other body type reaches the handler unread, which answers 415 saying what to send instead.
  app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
  const r = app.withTypeProvider<ZodTypeProvider>();
  const store = { auth: 'store' as const };

  r.post(
    '/v1/files',
    {
      config: store,
      schema: {
        tags: ['Files'],
        summary: 'Upload an image (products:write)',
        description:
          'Send `multipart/form-data` with exactly one file part named `file`: a JPEG, PNG, WebP or GIF image of at most 10 MiB. ' +
          'The type is judged from the bytes, never from the file name or the declared type (other bytes: 415 FILE_TYPE_NOT_SUPPORTED). ' +
          'Too large: 413 FILE_TOO_LARGE. No file part, or more than one: 422 naming `file`. A refused upload keeps nothing. ' +
          'The returned id is used as `image` of a variant group or `logoFileId` of the business profile.',
        response: { 201: envelope(FileRecord), 413: ErrorEnvelopeSchema, 415: ErrorEnvelopeSchema, ...errors },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          `Content-Type "${request.headers['content-type'] ?? ''}" is not accepted here. Send multipart/form-data with the image in a part named "${FILE_FIELD}".`,
        );
      }
      const length = Number(request.headers['content-length']);
      const stored = await files.upload(storeCtx(request), {
        files: incomingFiles(request),
        declaredLength: Number.isFinite(length) ? length : undefined,
      });
      const record = toFileRecord(stored, baseUrl);
      return reply.code(201).header('location', record.url).send(ok('File uploaded', record));
    },
  );

  r.get(
    '/v1/files/:id',
    {
      // A storefront shows the images of what it sells (docs/storefront.md): the service narrows a publishable key's reads.
      config: { ...store, storefront: true },
      schema: {
        tags: ['Files'],
        summary: 'The bytes of an uploaded image (products:read; a publishable key: images of active products and live promo ads)',
        description:
          'Served with the stored content type, `X-Content-Type-Options: nosniff` and a strong ETag (the SHA-256 of the bytes); ' +
          'If-None-Match answers 304. Only callers of the same store and mode may read it: another store’s file id is 404.',
        params: FileIdParams,
        response: errors,
      },
    },
    async (request, reply) => {
      const { file, content } = await files.read(storeCtx(request), request.params.id);
      // The bytes bypass the JSON serializer; the response schemas above describe the errors only.
      return (reply as FastifyReply)
        .type(file.contentType)
        .header('etag', `"${Buffer.from(file.sha256, 'hex').toString('base64url')}"`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .header('content-disposition', `inline; filename="${file.id}.${IMAGE_EXTENSIONS[file.contentType]}"`)
        .send(content);
    },
  );
}
