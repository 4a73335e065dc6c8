import { type ReactNode, useId } from 'react';

/**
 * A list's search form: a labelled search box with its Search button (Enter searches too), then the list's other
 * filters (`children`, each applied as it changes). The text is the caller's state; `onSearch` gets it trimmed.
 */
export function ListSearch({
  value,
  placeholder,
  hidden,
  onChange,
  onSearch,
  children,
}: {
  value: string;
  placeholder: string;
  hidden?: boolean;
  onChange: (text: string) => void;
  onSearch: (text: string) => void;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <search hidden={hidden}>
      <form
        className="filters"
        onSubmit={(e) => {
          e.preventDefault();
          onSearch(value.trim());
        }}
      >
        <div className="field">
          <label htmlFor={id}>Search</label>
          <input id={id} type="search" name="q" value={value} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} />
        </div>
        <button type="submit" className="button">
          Search
        </button>
        {children}
      </form>
    </search>
  );
}
