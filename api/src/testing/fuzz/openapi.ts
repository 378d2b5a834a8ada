/**
 * Test support: the routes to fuzz, read from the OpenAPI document the app generates from its own
 * schemas (GET /api/docs/json), so a new route is fuzzed without anyone listing it. Each operation
 * comes with its path and query parameter names and, from its JSON body schema, the field names
 * and the enum and example values to build plausible bodies from.
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Operation {
  readonly method: Method;
  /** The OpenAPI path, parameters in braces: `/api/bets/{betId}`. */
  readonly path: string;
  readonly pathParams: readonly string[];
  readonly queryParams: readonly string[];
  /** Every property name anywhere in the JSON body schema. */
  readonly bodyFields: readonly string[];
  /** Every enum value, const and default anywhere in the parameters' and body's schemas. */
  readonly candidates: readonly unknown[];
  /** The JSON body's schema, if the route declares one. */
  readonly bodySchema: unknown;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: { in: string; name: string; schema?: unknown }[]; requestBody?: { content?: Record<string, { schema?: unknown }> } }>>;
}

export async function operationsOf(app: FastifyInstance): Promise<Operation[]> {
  const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
  if (response.statusCode !== 200) throw new Error(`GET /api/docs/json: ${response.statusCode}`);
  const document = response.json() as OpenApiDocument;
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const upper = method.toUpperCase();
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(upper)) continue;
      const parameters = operation.parameters ?? [];
      const fields = new Set<string>();
      const candidates: unknown[] = [];
      for (const p of parameters) walk(p.schema, fields, candidates, 0);
      for (const content of Object.values(operation.requestBody?.content ?? {})) walk(content.schema, fields, candidates, 0);
      operations.push({
        method: upper as Method,
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        bodyFields: [...fields],
        candidates: dedupe(candidates),
        bodySchema: operation.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return operations;
}

function walk(schema: unknown, fields: Set<string>, candidates: unknown[], depth: number): void {
  if (schema === null || typeof schema !== 'object' || depth > 12) return;
  const s = schema as Record<string, unknown>;
  if (Array.isArray(s.enum)) candidates.push(...(s.enum as unknown[]));
  if ('const' in s) candidates.push(s.const);
  if ('default' in s) candidates.push(s.default);
  if (s.properties && typeof s.properties === 'object') {
    for (const [name, inner] of Object.entries(s.properties as Record<string, unknown>)) {
      fields.add(name);
      walk(inner, fields, candidates, depth + 1);
    }
  }
  for (const key of ['items', 'additionalProperties', 'not']) walk(s[key], fields, candidates, depth + 1);
  for (const key of ['anyOf', 'oneOf', 'allOf']) if (Array.isArray(s[key])) for (const inner of s[key] as unknown[]) walk(inner, fields, candidates, depth + 1);
}

function dedupe(values: unknown[]): unknown[] {
  const seen = new Set<string>();
  return values.filter((v) => {
    const key = JSON.stringify(v);
    if (key === undefined || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** True for the parts that are not the product API: the provider sandboxes and the dev pages. */
export function isOutsideProductApi(path: string): boolean {
  return path.startsWith('/sandbox/') || path.startsWith('/dev/');
}

/**
 * Values that pass a JSON schema's declared checks (types, enums, lengths, ranges, required
 * properties; a `pattern` is met only by the uuid one, with `ids`): bodies that get past the route's
 * schema, so a hostile value put in one field reaches the deeper code, as far as PostgreSQL.
 */
export function schemaValue(schema: unknown, ids: readonly string[], options: { requiredOnly?: boolean } = {}, depth = 0): fc.Arbitrary<unknown> {
  if (schema === null || typeof schema !== 'object' || depth > 6) return fc.jsonValue({ maxDepth: 1 });
  const s = schema as Record<string, unknown>;
  if (Array.isArray(s.enum) && s.enum.length > 0) return fc.constantFrom(...(s.enum as unknown[]));
  if ('const' in s) return fc.constant(s.const);
  for (const key of ['anyOf', 'oneOf'] as const) {
    if (Array.isArray(s[key]) && (s[key] as unknown[]).length > 0) return fc.oneof(...(s[key] as unknown[]).map((inner) => schemaValue(inner, ids, {}, depth + 1)));
  }
  switch (s.type) {
    case 'string': {
      if (typeof s.pattern === 'string' && s.pattern.includes('[0-9a-f]{8}')) return ids.length > 0 ? fc.constantFrom(...ids) : fc.uuid();
      if (s.format === 'email') return fc.constant('fuzz.player@example.com');
      if (s.format === 'date') return fc.constant('1990-01-15');
      if (s.format === 'date-time') return fc.constant('2026-11-21T12:00:00.000Z');
      const min = typeof s.minLength === 'number' ? s.minLength : 0;
      const max = Math.max(min, Math.min(typeof s.maxLength === 'number' ? s.maxLength : 20, min + 20));
      return fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789_'.split('')), minLength: min, maxLength: max });
    }
    case 'integer':
    case 'number': {
      const min = typeof s.minimum === 'number' ? s.minimum : 0;
      const max = typeof s.maximum === 'number' ? s.maximum : min + 1000;
      return fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) });
    }
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const min = typeof s.minItems === 'number' ? s.minItems : 0;
      return fc.array(schemaValue(s.items, ids, {}, depth + 1), { minLength: min, maxLength: Math.max(min, Math.min(typeof s.maxItems === 'number' ? s.maxItems : 3, 3)) });
    }
    case 'object': {
      const properties = (s.properties ?? {}) as Record<string, unknown>;
      const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
      const names = Object.keys(properties).filter((name) => !options.requiredOnly || required.has(name));
      const shape = Object.fromEntries(names.map((name) => [name, schemaValue(properties[name], ids, {}, depth + 1)]));
      return fc.record(shape, { requiredKeys: names.filter((name) => required.has(name)) });
    }
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}
