import type { Mode, Tenant } from '../../context.ts';
import type { ImageType } from './image-info.ts';

/** An uploaded image: metadata in the `files` table, bytes in file storage under the id. */
export interface StoredFile {
  id: string;
  storeId: string;
  mode: Mode;
  contentType: ImageType;
  /** Bytes. */
  size: number;
  /** Pixels. */
  width: number;
  height: number;
  /** SHA-256 of the bytes, lower-case hex. */
  sha256: string;
  /** The name the client gave the upload, for display only; never used to store or type the file. */
  originalName: string | null;
  createdAt: Date;
  /** The actor that uploaded it (a user id `usr_…` or an API key id `key_…`). */
  createdBy: string;
}

/** One file part of an upload as the HTTP layer hands it over: the service reads `content` exactly once. */
export interface IncomingFile {
  /** The form field name of the part. */
  field: string;
  filename: string | null;
  /** What the client declared (`Content-Type` of the part); recorded nowhere and trusted for nothing. */
  declaredType: string | null;
  content: AsyncIterable<Uint8Array>;
}

/** Where a file's bytes live: always named by its id, grouped by store. */
export interface FileLocation {
  storeId: string;
  id: string;
}

/** Bytes received into a temporary place, not yet visible under any id. */
export interface StagedContent {
  /** Bytes received; stops counting one past the limit. */
  readonly size: number;
  /** More than the limit arrived (the rest was read and thrown away). */
  readonly tooLarge: boolean;
  /** SHA-256 (hex) of the bytes kept; meaningful only when not `tooLarge`. */
  readonly sha256: string;
  /** The first bytes (up to 64 KiB), for sniffing the type and reading the dimensions. */
  readonly head: Uint8Array;
  /** All bytes kept. */
  readAll(): Promise<Buffer>;
  /** Moves the bytes under their final name at once (rename): readers never see a partial file. */
  commit(location: FileLocation): Promise<void>;
  /** Removes the temporary bytes; harmless after `commit` or a second call. */
  discard(): Promise<void>;
}

/**
 * What the files service needs from byte storage. `src/db/local-file-storage.ts` implements it on the local
 * disk; an object store could implement it later.
 */
export interface FileContentStorage {
  /** Reads `content` to its end into a temporary place, keeping at most `maxBytes + 1` bytes. */
  stage(content: AsyncIterable<Uint8Array>, maxBytes: number): Promise<StagedContent>;
  read(location: FileLocation): Promise<Buffer>;
  /** Deletes the bytes; harmless when they are already gone. */
  remove(location: FileLocation): Promise<void>;
}

/** Whether an image file id belongs to the store (the files service implements it). */
export interface FileLookup {
  imageExists(tenant: Tenant, fileId: string): Promise<boolean>;
}
