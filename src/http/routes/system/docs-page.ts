import { hash } from 'node:crypto';
import { esc } from '../../../web/html.ts';

/** A server-rendered API reference built from the OpenAPI document: no scripts, works offline. */

type Json = Record<string, unknown>;

const STYLE = `
body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1b1f24;background:#fff}
header,main{max-width:70rem;margin:0 auto;padding:1rem 1.5rem}
header{border-bottom:1px solid #d0d7de}
h1{margin:.2rem 0}h2{margin-top:2.5rem;border-bottom:1px solid #d0d7de}
section.op{border:1px solid #d0d7de;border-radius:6px;margin:1rem 0;padding:.5rem 1rem}
.method{display:inline-block;min-width:4.5rem;font-weight:700;font-family:ui-monospace,monospace}
.GET{color:#0a6b2a}.POST{color:#0550ae}.PATCH{color:#8a4600}.PUT{color:#8a4600}.DELETE{color:#a40e26}
code,.path{font-family:ui-monospace,monospace}
table{border-collapse:collapse;margin:.5rem 0;width:100%}
th,td{border:1px solid #d0d7de;padding:.25rem .5rem;text-align:left;vertical-align:top}
th{background:#f6f8fa}
nav ul{columns:2;padding-left:1.2rem}
a{color:#0550ae}
`;

export const DOCS_STYLE_HASH = `'sha256-${hash('sha256', STYLE, 'base64')}'`;

function anchor(name: string): string {
  return `schema-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

function typeOf(schema: Json | undefined): string {
  if (!schema) return 'any';
  const ref = schema.$ref;
  if (typeof ref === 'string') {
    const name = ref.split('/').pop() ?? ref;
    return `<a href="#${anchor(name)}">${esc(name)}</a>`;
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options)) return options.map((o) => typeOf(o as Json)).join(' or ');
  }
  if ('const' in schema) return `<code>${esc(JSON.stringify(schema.const))}</code>`;
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => `<code>${esc(JSON.stringify(v))}</code>`).join(' | ');
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : (schema.type as string | undefined);
  if (type === 'array') return `array of ${typeOf(schema.items as Json | undefined)}`;
  if (type === 'object' && schema.additionalProperties && typeof schema.additionalProperties === 'object') {
    return `map of string to ${typeOf(schema.additionalProperties as Json)}`;
  }
  return esc(type ?? 'any');
}

function constraints(schema: Json): string {
  const parts: string[] = [];
  for (const key of ['minimum', 'exclusiveMinimum', 'maximum', 'exclusiveMaximum', 'minLength', 'maxLength', 'minItems', 'maxItems', 'pattern', 'format', 'default']) {
    if (key in schema) parts.push(`${key}: <code>${esc(JSON.stringify(schema[key]))}</code>`);
  }
  return parts.join(', ');
}

function schemaTable(schema: Json | undefined): string {
  if (!schema) return '';
  const properties = schema.properties as Record<string, Json> | undefined;
  if (schema.type !== 'object' || !properties) return `<p>${typeOf(schema)}</p>`;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const rows = Object.entries(properties)
    .map(
      ([name, prop]) =>
        `<tr><td><code>${esc(name)}</code></td><td>${typeOf(prop)}</td><td>${required.has(name) ? 'yes' : 'no'}</td><td>${esc(prop.description ?? '')} ${constraints(prop)}</td></tr>`,
    )
    .join('');
  return `<table><thead><tr><th>Field</th><th>Type</th><th>Required</th><th>Notes</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function operation(method: string, path: string, op: Json): string {
  const params = (op.parameters as Json[] | undefined) ?? [];
  const paramRows = params
    .map(
      (p) =>
        `<tr><td><code>${esc(p.name)}</code></td><td>${esc(p.in)}</td><td>${typeOf(p.schema as Json)}</td><td>${p.required ? 'yes' : 'no'}</td><td>${esc(p.description ?? (p.schema as Json | undefined)?.description ?? '')}</td></tr>`,
    )
    .join('');
  const body = ((op.requestBody as Json | undefined)?.content as Record<string, Json> | undefined) ?? {};
  const bodies = Object.entries(body)
    .map(([type, media]) => `<h4>Body (<code>${esc(type)}</code>)</h4>${schemaTable(media.schema as Json)}`)
    .join('');
  const responses = Object.entries((op.responses as Record<string, Json> | undefined) ?? {})
    .map(([status, response]) => {
      const content = (response.content as Record<string, Json> | undefined) ?? {};
      const schema = Object.values(content)[0]?.schema as Json | undefined;
      return `<h4>${esc(status)} ${esc(response.description ?? '')}</h4>${schemaTable(schema)}`;
    })
    .join('');
  const id = `${method}-${path}`.replace(/[^A-Za-z0-9_-]/g, '-');
  return `<section class="op" id="${esc(id)}">
<h3><span class="method ${esc(method.toUpperCase())}">${esc(method.toUpperCase())}</span> <span class="path">${esc(path)}</span></h3>
${op.summary ? `<p><strong>${esc(op.summary)}</strong></p>` : ''}${op.description ? `<p>${esc(op.description)}</p>` : ''}
${paramRows ? `<h4>Parameters</h4><table><thead><tr><th>Name</th><th>In</th><th>Type</th><th>Required</th><th>Notes</th></tr></thead><tbody>${paramRows}</tbody></table>` : ''}
${bodies}<h4>Responses</h4>${responses}</section>`;
}

export function renderDocsPage(document: Json): string {
  const info = (document.info as Json | undefined) ?? {};
  const paths = (document.paths as Record<string, Record<string, Json>> | undefined) ?? {};
  const byTag = new Map<string, string[]>();
  const toc: string[] = [];
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const tag = ((op.tags as string[] | undefined) ?? ['Other'])[0] ?? 'Other';
      const list = byTag.get(tag) ?? [];
      list.push(operation(method, path, op));
      byTag.set(tag, list);
      const id = `${method}-${path}`.replace(/[^A-Za-z0-9_-]/g, '-');
      toc.push(`<li><a href="#${esc(id)}"><code>${esc(method.toUpperCase())} ${esc(path)}</code></a></li>`);
    }
  }
  const sections = [...byTag.entries()].map(([tag, ops]) => `<h2>${esc(tag)}</h2>${ops.join('')}`).join('');
  const components = ((document.components as Json | undefined)?.schemas as Record<string, Json> | undefined) ?? {};
  const schemas = Object.entries(components)
    .map(([name, schema]) => `<section class="op" id="${anchor(name)}"><h3>${esc(name)}</h3>${schema.description ? `<p>${esc(schema.description)}</p>` : ''}${schemaTable(schema)}</section>`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(info.title ?? 'API reference')}</title><style>${STYLE}</style></head>
<body><header><h1>${esc(info.title ?? 'API reference')} <small>${esc(info.version ?? '')}</small></h1>
<p>${esc(info.description ?? '')}</p><p>Machine-readable: <a href="/openapi.json">/openapi.json</a> (OpenAPI ${esc(document.openapi)}).</p></header>
<main><nav aria-label="Operations"><h2>Operations</h2><ul>${toc.join('')}</ul></nav>${sections}
${schemas ? `<h2>Schemas</h2>${schemas}` : ''}</main></body></html>`;
}
