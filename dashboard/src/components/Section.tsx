import { type ReactNode, useId } from 'react';
import { SCOPE_DESCRIPTIONS } from '../scopes.ts';

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

/**
 * A permission in a merchant's words: what it lets one do, as the consent page says it ("create, edit and delete
 * products"), with its code after it for asking an owner (`products:write`).
 */
export function Permission({ code }: { code: string }) {
  const words = SCOPE_DESCRIPTIONS[code];
  return words ? (
    <>
      permission to {words.charAt(0).toLowerCase() + words.slice(1)} (<code>{code}</code>)
    </>
  ) : (
    <>
      <code>{code}</code> permission
    </>
  );
}

/** What a section says, without calling the API, when the member lacks its permission. */
export function NotAllowed({ permission }: { permission: string }) {
  return (
    <p className="notice">
      Your role in this store lacks the <Permission code={permission} />, so this is hidden. Ask a store owner for a role that has it.
    </p>
  );
}
