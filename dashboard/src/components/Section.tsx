import { type ReactNode, useId } from 'react';

/** A titled panel of a page (an `h2` section). */
export function Section({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  const id = useId();
  return (
    <section className="panel" aria-labelledby={id}>
      <div className="panel-head">
        <h2 id={id}>{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** What a section says, without calling the API, when the member lacks its permission. */
export function NotAllowed({ permission }: { permission: string }) {
  return (
    <p className="notice">
      You lack the <code>{permission}</code> permission in this store, so this is hidden. Ask a store owner for a role that has it.
    </p>
  );
}
