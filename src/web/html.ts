/** HTML that is already safe to insert: built by `html` from escaped parts. */
export class SafeHtml {
  readonly html: string;
  constructor(html: string) {
    this.html = html;
  }
  toString(): string {
    return this.html;
  }
}

/** Escapes text for element content and quoted attribute values. */
export function esc(value: unknown): string {
  return String(value)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function render(value: unknown): string {
  if (value instanceof SafeHtml) return value.html;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  return esc(value);
}

/**
 * A template tag that escapes every interpolated value (text, attribute values) unless it is SafeHtml or a list of
 * SafeHtml; `null`, `undefined` and `false` render as nothing, for conditional parts.
 */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '');
  });
  return new SafeHtml(out);
}

/** Trusted markup written in this code base (never request data). */
export function raw(markup: string): SafeHtml {
  return new SafeHtml(markup);
}
