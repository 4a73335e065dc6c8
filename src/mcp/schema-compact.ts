/**
 * The JSON Schemas of the tool listing, written for a model's context (docs/mcp.md, "Tool list size"): zod's output is
 * exact but long, and `tools/list` goes into the model's context before the merchant says a word.
 *
 * - Input schemas keep every rule a caller must follow; only what says nothing more goes: `$schema`, a `pattern` next to
 *   a `format` that already names it (`date-time`), and integer bounds that are only JavaScript's safe range.
 * - Output schemas describe what comes back, which the model reads anyway: types, property names and enums stay; prose,
 *   patterns, `additionalProperties`, `propertyNames`, `required` below the top and the safe-range bounds go. The SDK
 *   clients still validate every result against them.
 */
type Json = Record<string, unknown>;

const SAFE = Number.MAX_SAFE_INTEGER;

function strip(node: unknown, drop: (key: string, value: unknown, parent: Json) => boolean): unknown {
  if (Array.isArray(node)) return node.map((item) => strip(item, drop));
  if (node === null || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node as Json)) {
    if (drop(key, value, node as Json)) continue;
    // Under `properties` and `$defs` the keys are names, not keywords: keep them all.
    out[key] = key === 'properties' || key === '$defs' ? mapValues(value as Json, (v) => strip(v, drop)) : strip(value, drop);
  }
  return out;
}

function mapValues(object: Json, f: (value: unknown) => unknown): Json {
  return Object.fromEntries(Object.entries(object).map(([key, value]) => [key, f(value)]));
}

const safeBound = (key: string, value: unknown) => (key === 'minimum' && value === -SAFE) || (key === 'maximum' && value === SAFE);

export function compactInputSchema(schema: Json): Json {
  return strip(schema, (key, value, parent) => key === '$schema' || safeBound(key, value) || (key === 'pattern' && typeof parent.format === 'string')) as Json;
}

const OUTPUT_DROPPED = new Set(['$schema', 'description', 'pattern', 'additionalProperties', 'propertyNames', 'required', 'format']);

/** The result object's schema, compacted; `required` is kept at the top only, where it tells a result from a refusal. */
export function compactOutputSchema(schema: Json): Json {
  const { required, properties, ...rest } = schema as Json & { required?: string[]; properties?: Json };
  const compact = strip({ ...rest, properties }, (key, value) => OUTPUT_DROPPED.has(key) || safeBound(key, value)) as Json;
  return required === undefined ? compact : { ...compact, required };
}

/**
 * A schema every client reads the same way (issue 39): a nullable value is written `anyOf: [X, { type: "null" }]`,
 * never as a list of types (`type: ["string", "null"]`, which zod writes and strict validators such as the Inspector's
 * `--strict` warn about) and never with `null` in an `enum`. Annotations (`description`, `default`, `title`) stay on
 * the outer node; everything else describes the non-null branch.
 */
export function portableSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(portableSchema);
  if (node === null || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node as Json)) {
    out[key] = key === 'properties' || key === '$defs' ? mapValues(value as Json, portableSchema) : portableSchema(value);
  }
  const { type } = out;
  if (!Array.isArray(type)) return out;
  const others = type.filter((t) => t !== 'null');
  const nullable = others.length < type.length;
  if (!nullable) return out;
  const { description, default: fallback, title, enum: values, ...rest } = out;
  const branch: Json = { ...rest, type: others.length === 1 ? others[0] : others };
  if (Array.isArray(values)) branch.enum = values.filter((value) => value !== null);
  return {
    ...(title !== undefined ? { title } : {}),
    ...(description !== undefined ? { description } : {}),
    ...(fallback !== undefined ? { default: fallback } : {}),
    anyOf: [branch, { type: 'null' }],
  };
}
