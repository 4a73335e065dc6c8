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

/**
 * `{ anyOf: [X, { type: "null" }] }` written as X with `null` among its types (and its enum), where X has one type:
 * the same values, in a third of the bytes.
 */
function nullableInline(node: Json): Json {
  const { anyOf, ...rest } = node as Json & { anyOf?: Json[] };
  if (!Array.isArray(anyOf) || anyOf.length !== 2) return node;
  const nulls = anyOf.filter((branch) => branch.type === 'null' && Object.keys(branch).length === 1);
  const [other] = anyOf.filter((branch) => !nulls.includes(branch));
  if (nulls.length !== 1 || other === undefined || typeof other.type !== 'string') return node;
  const enumValues = other.enum as unknown[] | undefined;
  return { ...rest, ...other, type: [other.type, 'null'], ...(enumValues ? { enum: [...enumValues, null] } : {}) };
}

function strip(node: unknown, drop: (key: string, value: unknown, parent: Json) => boolean): unknown {
  if (Array.isArray(node)) return node.map((item) => strip(item, drop));
  if (node === null || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(nullableInline(node as Json))) {
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
