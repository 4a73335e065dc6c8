import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { LEGAL_PAGES, type LegalPage, type LegalPagesConfig, legalPageFile } from '../config.ts';
import { html, type SafeHtml } from './html.ts';
import { layout } from './layout.ts';
import { sendPage } from './send-page.ts';

const TITLES: Readonly<Record<LegalPage, string>> = { privacy: 'Privacy policy', terms: 'Terms of service', support: 'Support' };

/** http(s) URLs and email addresses in running text; trailing punctuation is left out of the link. */
const LINKABLE = /(https?:\/\/[^\s<>"']*[^\s<>"'.,;:!?)]|[^\s@<>"'(]+@[^\s@<>"']+\.[^\s@<>"'.,;:!?)]+)/;

function linked(line: string): Array<string | SafeHtml> {
  return line
    .split(LINKABLE)
    .map((part, i) => (i % 2 === 0 ? part : html`<a href="${part.includes('://') ? part : `mailto:${part}`}">${part}</a>`));
}

/**
 * Plain text as HTML, every character escaped: blank lines separate paragraphs, a one-line paragraph starting with
 * `#` is a heading (`#` the page title, `##` and deeper a section), line breaks inside a paragraph are kept, and
 * http(s) URLs and email addresses become links. Markdown files read well; nothing else of Markdown is interpreted.
 */
export function plainTextToHtml(text: string): { title: string | null; body: SafeHtml } {
  const blocks = text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((b) => b.trim())
    .filter((b) => b !== '');
  let title: string | null = null;
  const parts = blocks.map((block, i) => {
    const heading = /^(#{1,6})[ \t]+([^\n]+)$/.exec(block);
    if (heading) {
      const words = heading[2]!.replace(/[ \t]+#*$/, '');
      if (heading[1] === '#' && i === 0) {
        title = words;
        return html`<h1>${words}</h1>`;
      }
      return html`<h2>${words}</h2>`;
    }
    return html`<p>${block.split('\n').map((line, j) => (j === 0 ? linked(line) : [html`<br>`, ...linked(line)]))}</p>`;
  });
  return { title, body: html`${parts}` };
}

/** The built-in text of a page (src/web/legal/<page>.md), with the operator's name and contact filled in. */
function builtInText(page: LegalPage, baseUrl: string, legal: LegalPagesConfig): string {
  const template = readFileSync(new URL(`./legal/${page}.md`, import.meta.url), 'utf8');
  const values: Record<string, string> = {
    baseUrl,
    operator: legal.operatorName ?? 'the operator of this service',
    contact: legal.supportEmail ? `by email at ${legal.supportEmail}` : 'through the contact details you were given with your account',
  };
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}

/** A whole legal or support page: the text, links to its sibling pages, and a note when the text is the built-in one. */
export function renderLegalPage(page: LegalPage, baseUrl: string, legal: LegalPagesConfig): string {
  const file = legalPageFile(legal.dir, page);
  const { title, body } = plainTextToHtml(file ? readFileSync(file, 'utf8') : builtInText(page, baseUrl, legal));
  return layout(
    title ?? TITLES[page],
    html`${title === null ? html`<h1>${TITLES[page]}</h1>` : null}${body}
${file ? null : html`<p class="muted">This is the standard text that comes with the commerce-service software.</p>`}
<p class="muted">${LEGAL_PAGES.map(({ page: other, path }, i) => html`${i > 0 ? ' · ' : ''}<a href="${path}">${TITLES[other]}</a>`)} · <a href="/docs">API reference</a></p>`,
  );
}

/**
 * GET /legal/privacy, /legal/terms and /support: the pages the AI connector profile links to unless the operator
 * configured other addresses (CONNECTOR_*_URL). Plain server-rendered text, the operator's own from LEGAL_PAGES_DIR or
 * the built-in one; rendered once at start-up, sent with the page headers (CSP, no framing).
 */
export async function legalPageRoutes(app: FastifyInstance, deps: { baseUrl: string; legalPages: LegalPagesConfig }): Promise<void> {
  for (const { page, path } of LEGAL_PAGES) {
    const document = renderLegalPage(page, deps.baseUrl, deps.legalPages);
    app.get(path, { schema: { hide: true } }, async (_request, reply) => sendPage(reply, 200, document));
  }
}
