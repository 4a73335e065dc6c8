import { type ChangeEvent, useId, useRef, useState } from 'react';
import type { Tenant } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import { IMAGE_ACCEPT, MAX_IMAGE_BYTES, uploadImage, useImageUrl } from '../api/files.ts';
import { useSubmission } from '../idempotency.ts';
import { ErrorPanel } from './ErrorPanel.tsx';

/**
 * Image fields (docs/files.md): one preview read with the member's token, one upload (`useImageUpload`), and the
 * fields built of them: a picker (`ImageUpload`, a variant group's image), a product's list of images (`ImageList`)
 * and a record's one image with Remove (`ImageField`, a promo ad's).
 */

/**
 * One uploaded image, fetched with the merchant's token and shown from an object URL. Without products:read
 * (`canView` false) it names the file instead of reading it.
 */
export function ImagePreview({ tenant, fileId, alt, canView = true }: { tenant: Tenant; fileId: string; alt: string; canView?: boolean }) {
  const image = useImageUrl(tenant, fileId, canView);
  if (!canView) {
    return (
      <p className="muted">
        An image is chosen; seeing it needs the permission to view products, categories and inventory (<code>products:read</code>).
      </p>
    );
  }
  if (image.error) return <span className="image-missing">{alt}: the image could not be loaded ({image.error instanceof Error ? image.error.message : 'error'}).</span>;
  if (!image.url) return <span className="image-placeholder" role="status">Loading {alt}…</span>;
  return <img className="image-preview" src={image.url} alt={alt} data-testid="image-preview" />;
}

/**
 * Uploads a chosen image at once (POST /v1/files, one Idempotency-Key per chosen file, so a retry does not upload it
 * twice) and hands its id to `onUploaded`. `rule` is a refusal that belongs at the field (larger than 10 MiB, checked
 * here; the API's 413, 415 or 422 naming `file`); `failure` any other error, for an error panel.
 */
export function useImageUpload(tenant: Tenant, onUploaded: (fileId: string) => void) {
  const submission = useSubmission();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [tooLarge, setTooLarge] = useState<string | null>(null);
  const atField = error instanceof ApiError && error.details.some((d) => d.path === 'file') ? error.message : null;
  return {
    busy,
    rule: tooLarge ?? atField,
    failure: error && !atField ? error : null,
    /** Starts the upload of `file`: 'refused' when it is too large (nothing is sent), 'ignored' when one is in flight. */
    choose(file: File | undefined): 'started' | 'refused' | 'ignored' {
      setError(null);
      setTooLarge(null);
      if (!file) return 'ignored';
      if (file.size > MAX_IMAGE_BYTES) {
        setTooLarge(`“${file.name}” is larger than 10 MiB; choose a smaller image`);
        return 'refused';
      }
      const key = submission.begin(`${file.name}:${file.size}:${file.lastModified}`);
      if (key === null) return 'ignored';
      setBusy(true);
      uploadImage(tenant, file, key)
        .then((uploaded) => {
          submission.forget();
          onUploaded(uploaded.id);
        }, setError)
        .finally(() => {
          submission.settled();
          setBusy(false);
        });
      return 'started';
    },
  };
}

/**
 * A file picker that uploads the chosen image at once (POST /v1/files, one Idempotency-Key per chosen file, so a
 * retry does not upload it twice) and hands its id to `onUploaded`. Refusals (too large, not an image) show next to it.
 */
export function ImageUpload({
  tenant,
  label,
  hint,
  onUploaded,
  error: apiError,
}: {
  tenant: Tenant;
  label: string;
  hint?: string;
  onUploaded: (fileId: string) => void;
  /** The API's validation error for the field the id goes into (e.g. `image`). */
  error?: string | null;
}) {
  const id = useId();
  const hintId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useImageUpload(tenant, (fileId) => {
    onUploaded(fileId);
    if (input.current) input.current.value = '';
  });
  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (upload.choose(file) === 'refused' && input.current) input.current.value = '';
  };

  const rule = upload.rule ?? apiError ?? null;
  const describedBy = [hintId, rule ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={input}
        id={id}
        type="file"
        accept={IMAGE_ACCEPT}
        onChange={choose}
        disabled={upload.busy}
        aria-invalid={rule ? true : undefined}
        aria-describedby={describedBy}
      />
      <p id={hintId} className="field-hint">
        {upload.busy ? 'Uploading…' : (hint ?? 'JPEG, PNG, WebP or GIF, at most 10 MiB. It is uploaded as soon as you choose it.')}
      </p>
      {rule ? (
        <p id={errorId} className="field-error">
          {label}: {rule}
        </p>
      ) : null}
      {upload.failure ? <ErrorPanel error={upload.failure} title="The image could not be uploaded." /> : null}
    </div>
  );
}

/** The images of a product: previews in order with Remove, and an upload that adds one. Saved with the product. */
export function ImageList({
  tenant,
  productName,
  fileIds,
  onChange,
  canWrite,
  error,
}: {
  tenant: Tenant;
  productName: string;
  fileIds: string[];
  onChange: (ids: string[]) => void;
  canWrite: boolean;
  error?: string | null;
}) {
  const name = productName.trim() || 'the product';
  return (
    <fieldset className="fieldset">
      <legend>Images</legend>
      {fileIds.length === 0 ? (
        <p className="muted">No images yet.</p>
      ) : (
        <ul className="image-list">
          {fileIds.map((fileId, i) => (
            <li key={fileId}>
              <ImagePreview tenant={tenant} fileId={fileId} alt={`Image ${i + 1} of ${name}`} />
              {canWrite ? (
                <button type="button" className="button" aria-label={`Remove image ${i + 1} of ${name}`} onClick={() => onChange(fileIds.filter((f) => f !== fileId))}>
                  Remove
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canWrite ? (
        <ImageUpload
          tenant={tenant}
          label="Add an image"
          hint="JPEG, PNG, WebP or GIF, at most 10 MiB. It is uploaded at once and kept with the product when you save."
          onUploaded={(id) => onChange([...fileIds, id])}
          error={error}
        />
      ) : null}
    </fieldset>
  );
}

/**
 * An image chosen for a record (a promo ad's `imageFileId`): a preview read with the member's token, an upload
 * (`POST /v1/files` with an Idempotency-Key, so a retry of the same file keeps one upload) that sets the id, and
 * Remove. Uploading needs products:write and the preview products:read (images belong to the catalog, docs/files.md);
 * without them the field says so instead.
 */
export function ImageField({
  label,
  fileId,
  alt,
  tenant,
  canUpload,
  canView,
  disabled,
  error,
  onChange,
}: {
  label: string;
  fileId: string | null;
  alt: string;
  tenant: Tenant;
  canUpload: boolean;
  canView: boolean;
  disabled: boolean;
  error: string | null; // the API's rule for the field, from the record's save
  onChange: (fileId: string | null) => void;
}) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useImageUpload(tenant, (id) => {
    if (input.current) input.current.value = '';
    onChange(id);
  });
  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    if (upload.choose(e.currentTarget.files?.[0]) === 'refused') e.currentTarget.value = '';
  };

  // The upload's own refusal (415 not an image, 413 too large) names `file`: shown here, like a field error.
  const shownError = upload.rule ? `could not be uploaded: ${upload.rule}` : error;
  const describedBy = [hintId, shownError ? errorId : null].filter(Boolean).join(' ');

  return (
    <fieldset className="image-field" aria-describedby={describedBy}>
      <legend>{label}</legend>
      {fileId ? <ImagePreview tenant={tenant} fileId={fileId} alt={alt} canView={canView} /> : <p className="muted">No image.</p>}
      <p id={hintId} className="field-hint">
        {canUpload
          ? 'JPEG, PNG, WebP or GIF, at most 10 MB. It is uploaded when you choose it and used when you save.'
          : 'Uploading images needs the permission to create, edit and delete products (products:write) in this store.'}
      </p>
      {canUpload && !disabled ? (
        <div className="image-actions">
          <div className="form-field">
            <label htmlFor={inputId}>{upload.busy ? 'Uploading…' : fileId ? 'Upload another image' : 'Upload an image'}</label>
            <input
              ref={input}
              id={inputId}
              type="file"
              name="image"
              accept={IMAGE_ACCEPT}
              disabled={upload.busy}
              aria-invalid={shownError ? true : undefined}
              aria-describedby={describedBy}
              onChange={choose}
            />
          </div>
          {fileId ? (
            <button type="button" className="button" onClick={() => onChange(null)}>
              Remove the image
            </button>
          ) : null}
        </div>
      ) : null}
      {shownError ? (
        <p id={errorId} className="field-error">
          {label} {shownError.replace(/\.$/, '')}.
        </p>
      ) : null}
      {upload.failure ? <ErrorPanel error={upload.failure} title="The image could not be uploaded." /> : null}
    </fieldset>
  );
}

