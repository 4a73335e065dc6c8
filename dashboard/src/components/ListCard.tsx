import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

/**
 * A card of a list (a delivery zone, a tax region) that opens one inline action at a time (`A`: an editor, a
 * confirmation): `start(a)` opens one (the last notice and refusal go), `done(message)` closes it with a notice; when
 * an action closes, the keyboard goes back to the card's heading, where the notice is announced. `remove` deletes
 * what the action names (`removeOf`), then closes it with the notice `removed` gives.
 */
export function useCardActions<A>(removeOf: (action: A) => Promise<unknown>, removed: (action: A) => string | null) {
  const [action, setAction] = useState<A | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const acting = useRef(false);
  useEffect(() => {
    if (action === null && acting.current) heading.current?.focus();
    acting.current = action !== null;
  }, [action]);
  const done = (message: string | null) => {
    setAction(null);
    setNotice(message);
  };
  const remove = useMutation({ mutationFn: removeOf, onSuccess: (_, a) => done(removed(a)) });
  return {
    action,
    notice,
    heading,
    remove,
    done,
    start(a: A | null) {
      remove.reset();
      setNotice(null);
      setAction(a);
    },
  };
}

type CardState = Pick<ReturnType<typeof useCardActions>, 'action' | 'heading'>;

/** The card: its heading (named `title`) and, while no action is open, its buttons (each named for the card by `name`). */
export function ListCard({
  card,
  title,
  testId,
  headingClassName,
  buttons,
  children,
}: {
  card: CardState;
  title: string;
  testId: string;
  headingClassName?: string;
  buttons: { label: string; name: string; onClick: () => void }[] | null; // null: the member may not change it
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className="panel" aria-labelledby={headingId} data-testid={testId}>
      <div className="panel-head">
        <h3 id={headingId} ref={card.heading} tabIndex={-1} className={headingClassName}>
          {title}
        </h3>
        {buttons && card.action === null ? (
          <div className="member-actions">
            {buttons.map((b) => (
              <button key={b.label} type="button" className="button" aria-label={b.name} onClick={b.onClick}>
                {b.label}
              </button>
            ))}
          </div>
        ) : null}
      </div>
      {children}
    </section>
  );
}

/** The card's last notice ("Option deleted."), announced. */
export function CardNotice({ notice }: { notice: string | null }) {
  return notice ? (
    <p className="notice" role="status">
      {notice}
    </p>
  ) : null;
}
