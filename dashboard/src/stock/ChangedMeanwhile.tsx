/** A location write refused because someone changed the location first (`changedMeanwhile`): what happened and Reload. */
export function ChangedMeanwhile({ title, onReload }: { title: string; onReload: () => void }) {
  return (
    <div className="error-panel" role="alert" data-testid="location-conflict">
      <p className="error-title">{title}</p>
      <p>Someone changed this location meanwhile; reload to see their change, then make yours again.</p>
      <button type="button" className="button" onClick={onReload}>
        Reload
      </button>
    </div>
  );
}
