/** An edit form's Save button (only for who may write; its busy words while saving) and "Nothing changed" after a Save that found no change. */
export function SaveActions({ canWrite, saving, label, nothing }: { canWrite: boolean; saving: boolean; label: string; nothing: boolean }) {
  return (
    <>
      {canWrite ? (
        <div className="actions">
          <button type="submit" className="button button-primary" disabled={saving}>
            {saving ? 'Saving…' : label}
          </button>
        </div>
      ) : null}
      {nothing ? (
        <p className="muted" role="status">
          Nothing changed, so nothing was saved.
        </p>
      ) : null}
    </>
  );
}
