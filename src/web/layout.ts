import { hash } from 'node:crypto';
import { html, raw, type SafeHtml } from './html.ts';

/** The one stylesheet of the pages, inline and allowed by its CSP hash (no other style, script or font source). */
const STYLE = `
:root{color-scheme:light;--fg:#1b1f24;--muted:#57606a;--line:#d0d7de;--accent:#0550ae;--warn-bg:#fff8c5;--warn:#7d4e00;--bad:#a40e26}
*{box-sizing:border-box}
body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:var(--fg);background:#f6f8fa}
main{max-width:34rem;margin:2.5rem auto;padding:1.75rem 2rem;background:#fff;border:1px solid var(--line);border-radius:10px}
main.wide{max-width:68rem}
.brand{font-size:.85rem;color:var(--muted);margin:0 0 1rem;letter-spacing:.02em}
h1{font-size:1.45rem;margin:0 0 .75rem;line-height:1.25}
h2{font-size:1.05rem;margin:1.5rem 0 .5rem}
p{margin:.5rem 0}
.muted{color:var(--muted);font-size:.92rem}
.tag{display:inline-block;font-size:.78rem;font-weight:600;padding:.05rem .45rem;border-radius:999px;background:var(--warn-bg);color:var(--warn);border:1px solid #d4a72c;vertical-align:middle}
.notice{background:var(--warn-bg);border:1px solid #d4a72c;color:#3b2300;padding:.6rem .8rem;border-radius:6px;margin:1rem 0}
.error{background:#ffebe9;border:1px solid #ff8182;color:var(--bad);padding:.6rem .8rem;border-radius:6px;margin:1rem 0}
label{display:block;font-weight:600;margin:1rem 0 .3rem}
input[type=email],input[type=password],input[type=text]{width:100%;padding:.55rem .65rem;font:inherit;border:1px solid #8c959f;border-radius:6px}
input[aria-invalid=true]{border:2px solid var(--bad)}
.hint{margin:.3rem 0 0}
.field-error{color:var(--bad);font-weight:600;margin:.3rem 0 0}
input:focus-visible,button:focus-visible{outline:3px solid #0969da;outline-offset:2px}
fieldset{border:1px solid var(--line);border-radius:6px;padding:.5rem 1rem 1rem;margin:1rem 0}
legend{font-weight:600;padding:0 .3rem}
.choice{display:flex;align-items:center;gap:.6rem;margin:.6rem 0}
.choice label{margin:0;font-weight:400}
.choice input{width:1.1rem;height:1.1rem}
ul.scopes{padding-left:1.2rem}
ul.scopes li{margin:.35rem 0}
code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.85em;background:#f6f8fa;padding:.05rem .3rem;border-radius:4px}
.actions{display:flex;gap:.75rem;margin-top:1.5rem}
button{font:inherit;font-weight:600;padding:.55rem 1.2rem;border-radius:6px;border:1px solid #8c959f;background:#f6f8fa;color:var(--fg);cursor:pointer}
button.primary{background:#1f883d;border-color:#1a7f37;color:#fff}
button.danger{color:var(--bad)}
table{border-collapse:collapse;width:100%;margin-top:1rem;font-size:.95rem}
th,td{text-align:left;vertical-align:top;border-bottom:1px solid var(--line);padding:.55rem .5rem}
th{font-size:.85rem;color:var(--muted)}
td ul{margin:0;padding-left:1rem}
td ul.plain{list-style:none;padding-left:0;overflow-wrap:break-word}
.bar{display:flex;justify-content:space-between;align-items:center;gap:1rem;flex-wrap:wrap}
.bar form{margin:0}
.amount{font-size:2rem;font-weight:700;margin:.25rem 0 .5rem}
.row{display:flex;gap:.75rem}
.row>div{flex:1}
.ok{background:#dafbe1;border:1px solid #4ac26b;color:#0f5323;padding:.6rem .8rem;border-radius:6px;margin:1rem 0}
button.wide{width:100%;margin-top:1.25rem;padding:.75rem 1.2rem;font-size:1.05rem}
@media (max-width:36rem){main{margin:0;border:0;border-radius:0;padding:1.25rem 1rem}}
.sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
`;

export const PAGE_STYLE_HASH = `'sha256-${hash('sha256', STYLE, 'base64')}'`;

/** A whole page: one landmark, a title, the hashed stylesheet, no scripts. */
export function layout(title: string, body: SafeHtml, options: { wide?: boolean } = {}): string {
  const page = html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer"><title>${title} · commerce-service</title><style>${raw(STYLE)}</style></head>
<body><main${options.wide ? raw(' class="wide"') : null}><p class="brand">commerce-service</p>${body}</main></body></html>`;
  return page.html;
}
