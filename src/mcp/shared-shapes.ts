/**
 * Result shapes spelled out once per `tools/list` answer (docs/mcp.md, "Tool list size"): MCP has no schemas shared
 * between tools, so a later tool's output schema points to the earlier tool of the same listing that spelled a shape
 * out, in prose for the model, keeping the type the client checks.
 */
import type { Tool } from '@modelcontextprotocol/server';

/**
 * A result shape a previous tool of the list already spelled out: its top-level properties, each an object or array,
 * as that tool describes them. The protocol has no schemas shared between tools, so a shape is written in full once.
 */
function outputAsElsewhere(full: Tool['outputSchema'], first: string): Tool['outputSchema'] {
  const properties = Object.fromEntries(
    Object.entries(full?.properties ?? {}).map(([name, property]) => [name, { type: (property as { type?: unknown }).type ?? ['object', 'null'] }]),
  );
  const { $defs: _spelledElsewhere, ...rest } = full as Record<string, unknown>;
  return { ...rest, type: 'object', description: `as ${first} returns it`, properties } as Tool['outputSchema'];
}

/** Nested shapes shorter than this (their references resolved) are written where they are: a pointer would save little. */
const SHARED_SHAPE_MIN_BYTES = 120;

type SchemaNode = Record<string, unknown>;

/**
 * What a nested shape means, as a key: the shape written with its `$ref`s resolved against its own schema's `$defs`,
 * so two tools' shapes count as the same only when they describe the same values (a reference met again inside
 * itself is left as it is).
 */
function shapeKey(node: SchemaNode, defs: Record<string, SchemaNode>): string {
  const resolving = new Set<string>();
  const resolve = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(resolve);
    if (value === null || typeof value !== 'object') return value;
    const ref = (value as SchemaNode).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/$defs/')) {
      const name = ref.slice('#/$defs/'.length);
      if (resolving.has(name) || defs[name] === undefined) return value;
      resolving.add(name);
      const resolved = resolve(defs[name]);
      resolving.delete(name);
      return resolved;
    }
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, resolve(inner)]));
  };
  return JSON.stringify(resolve(node));
}

/**
 * A tool's output schema with each nested shape that an earlier tool of the listing spelled out (`seen`: shape → that
 * tool) written as a pointer to it: its type and `same shape as in <tool>'s result`. New shapes are added to `seen`.
 */
function pointNestedShapes(schema: Tool['outputSchema'], tool: string, seen: Map<string, string>): Tool['outputSchema'] {
  const defs = ((schema as SchemaNode).$defs ?? {}) as Record<string, SchemaNode>;
  const visit = (node: unknown, top: boolean): unknown => {
    if (Array.isArray(node)) return node.map((item) => visit(item, false));
    if (node === null || typeof node !== 'object') return node;
    const shape = node as SchemaNode;
    const key = !top && shape.type !== undefined && (shape.properties !== undefined || shape.items !== undefined) ? shapeKey(shape, defs) : '';
    if (key.length >= SHARED_SHAPE_MIN_BYTES) {
      const first = seen.get(key);
      if (first !== undefined && first !== tool) return { type: shape.type, description: `same shape as in ${first}'s result` };
      if (first === undefined) seen.set(key, tool);
    }
    // Under `properties` and `$defs` the keys are names, not keywords.
    return Object.fromEntries(
      Object.entries(shape).map(([key, value]) => [
        key,
        key === 'properties' || key === '$defs' ? Object.fromEntries(Object.entries(value as SchemaNode).map(([name, inner]) => [name, visit(inner, false)])) : visit(value, false),
      ]),
    );
  };
  return withoutUnusedDefs(visit(schema, true) as SchemaNode) as Tool['outputSchema'];
}

/** The schema without the `$defs` nothing refers to any more (a shape that held them became a pointer). */
function withoutUnusedDefs(schema: SchemaNode): SchemaNode {
  const { $defs, ...rest } = schema as SchemaNode & { $defs?: Record<string, SchemaNode> };
  if ($defs === undefined) return schema;
  const used = new Set<string>();
  const collect = (value: unknown): void => {
    if (value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value) collect(item);
      return;
    }
    const ref = (value as SchemaNode).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/$defs/')) {
      const name = ref.slice('#/$defs/'.length);
      if (!used.has(name) && $defs[name] !== undefined) {
        used.add(name);
        collect($defs[name]);
      }
    }
    for (const inner of Object.values(value)) collect(inner);
  };
  collect(rest);
  const kept = Object.fromEntries(Object.entries($defs).filter(([name]) => used.has(name)));
  return Object.keys(kept).length === 0 ? rest : { ...rest, $defs: kept };
}

/**
 * A listing's tools, each result shape spelled out once, by the first tool of this listing that has it: a later tool
 * with the same whole result says `as <tool> returns it`; one whose result holds a shape spelled out before (the order
 * inside `list_orders`' items is `get_order`'s) points to it there. A listing depends on who asks (permissions,
 * toolsets), so the pointers are made per listing and always name a tool in it.
 */
export function writeShapesOnce(tools: readonly Tool[]): Tool[] {
  const first = new Map<string, string>();
  const nested = new Map<string, string>();
  return tools.map((tool) => {
    const shape = JSON.stringify(tool.outputSchema);
    const spelled = first.get(shape);
    if (spelled !== undefined) return { ...tool, outputSchema: outputAsElsewhere(tool.outputSchema, spelled) };
    first.set(shape, tool.name);
    return { ...tool, outputSchema: pointNestedShapes(tool.outputSchema, tool.name, nested) };
  });
}
