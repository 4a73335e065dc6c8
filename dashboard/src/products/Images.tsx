import { type ChangeEvent, useId, useRef, useState } from 'react';
import type { Tenant } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import { ErrorPanel } from '../components/ErrorPanel.tsx';
import { useSubmission } from '../idempotency.ts';
import { IMAGE_ACCEPT, MAX_IMAGE_BYTES, uploadImage, useImageUrl } from './files.ts';

/** One uploaded image, fetched with the merchant's token and shown from an object URL. */
export function ImagePreview({ tenant, fileId, alt }: { tenant: Tenant; fileId: string; alt: string }) {
  const image = useImageUrl(tenant, fileId);
  if (image.error) return <span className="image-missing">{alt}: the image could not be loaded ({image.error instanceof Error ? image.error.message : 'error'}).</span>;
  if (!image.url) return <span className="image-placeholder" role="status">Loading {alt}…</span>;
  return <img className="image-preview" src={image.url} alt={alt} data-testid="image-preview" />;
}

/** Where an upload refusal belongs: next to the picker when the API names the file (413, 415, 422 on `file`). */
function uploadRule(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const detail = error.details.find((d) => d.path === 'file');
  return detail ? error.message : null;
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
  const submission = useSubmission();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [tooLarge, setTooLarge] = useState<string | null>(null);

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    setFailure(null);
    setTooLarge(null);
    if (!file) return;
    if (file.size > MAX_IMAGE_BYTES) {
      setTooLarge(`“${file.name}” is larger than 10 MiB; choose a smaller image`);
      if (input.current) input.current.value = '';
      return;
    }
    const key = submission.begin(`${file.name}:${file.size}:${file.lastModified}`);
    if (key === null) return;
    setBusy(true);
    try {
      const uploaded = await uploadImage(tenant, file, key);
      submission.forget();
      onUploaded(uploaded.id);
      if (input.current) input.current.value = '';
    } catch (err) {
      setFailure(err);
    } finally {
      submission.settled();
      setBusy(false);
    }
  };

  const rule = tooLarge ?? uploadRule(failure) ?? apiError ?? null;
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
        disabled={busy}
        aria-invalid={rule ? true : undefined}
        aria-describedby={describedBy}
      />
      <p id={hintId} className="field-hint">
        {busy ? 'Uploading…' : (hint ?? 'JPEG, PNG, WebP or GIF, at most 10 MiB. It is uploaded as soon as you choose it.')}
      </p>
      {rule ? (
        <p id={errorId} className="field-error">
          {label}: {rule}
        </p>
      ) : null}
      {failure && !uploadRule(failure) ? <ErrorPanel error={failure} title="The image could not be uploaded." /> : null}
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
