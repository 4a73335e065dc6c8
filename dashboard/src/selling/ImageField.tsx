import { type ChangeEvent, useEffect, useId, useState } from 'react';
import type { Tenant } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import { ErrorPanel } from '../components/ErrorPanel.tsx';
import { useSubmission } from '../idempotency.ts';
import { imageObjectUrl, uploadImage } from './files.ts';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';

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
  const submission = useSubmission();
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<unknown>(null);

  const upload = async (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    const key = submission.begin(`${file.name} ${file.size} ${file.lastModified}`);
    if (key === null) return;
    setUploading(true);
    setUploadError(null);
    try {
      const uploaded = await uploadImage(file, tenant, key);
      submission.forget();
      input.value = '';
      onChange(uploaded.id);
    } catch (caught) {
      setUploadError(caught);
    } finally {
      submission.settled();
      setUploading(false);
    }
  };

  // The upload's own refusal (415 not an image, 413 too large) names `file`: shown here, like a field error.
  const uploadRule = uploadError instanceof ApiError ? (uploadError.details.find((d) => d.path === 'file')?.rule ?? null) : null;
  const shownError = uploadRule ? `could not be uploaded: ${uploadError instanceof ApiError ? uploadError.message : uploadRule}` : error;
  const describedBy = [hintId, shownError ? errorId : null].filter(Boolean).join(' ');

  return (
    <fieldset className="image-field" aria-describedby={describedBy}>
      <legend>{label}</legend>
      {fileId ? <Preview fileId={fileId} alt={alt} tenant={tenant} canView={canView} /> : <p className="muted">No image.</p>}
      <p id={hintId} className="field-hint">
        {canUpload
          ? 'JPEG, PNG, WebP or GIF, at most 10 MB. It is uploaded when you choose it and used when you save.'
          : 'Uploading images needs the products:write permission in this store.'}
      </p>
      {canUpload && !disabled ? (
        <div className="image-actions">
          <div className="form-field">
            <label htmlFor={inputId}>{uploading ? 'Uploading…' : fileId ? 'Upload another image' : 'Upload an image'}</label>
            <input
              id={inputId}
              type="file"
              name="image"
              accept={ACCEPT}
              disabled={uploading}
              aria-invalid={shownError ? true : undefined}
              aria-describedby={describedBy}
              onChange={upload}
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
      {uploadError && !uploadRule ? <ErrorPanel error={uploadError} title="The image could not be uploaded." /> : null}
    </fieldset>
  );
}

function Preview({ fileId, alt, tenant, canView }: { fileId: string; alt: string; tenant: Tenant; canView: boolean }) {
  const [src, setSrc] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const { storeId, mode } = tenant;
  useEffect(() => {
    if (!canView) return;
    const controller = new AbortController();
    let url: string | null = null;
    setSrc(null);
    setError(null);
    imageObjectUrl(fileId, { storeId, mode }, controller.signal).then(
      (u) => {
        url = u;
        setSrc(u);
      },
      (e: unknown) => {
        if (!controller.signal.aborted) setError(e);
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [fileId, storeId, mode, canView]);
  if (!canView) {
    return (
      <p className="muted">
        Image <code>{fileId}</code> (seeing it needs the products:read permission).
      </p>
    );
  }
  if (error) return <ErrorPanel error={error} title="The image could not be shown." />;
  if (!src) {
    return (
      <p className="loading" role="status">
        Loading the image…
      </p>
    );
  }
  return <img className="image-preview" src={src} alt={alt} data-testid="image-preview" />;
}
