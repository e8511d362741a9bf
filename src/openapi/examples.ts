import { isObject } from './json.js';
import type { SchemaModel } from './types.js';

/** Nesting followed when making an example from a schema; deeper objects are left empty. */
const MAX_DEPTH = 6;
/** Values made for one example at most, so that wide schemas stay small. */
const MAX_VALUES = 400;

const FORMATS: Record<string, string> = {
  'date-time': '2024-01-15T09:30:00Z',
  date: '2024-01-15',
  time: '09:30:00Z',
  email: 'user@example.com',
  uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  uri: 'https://example.com',
  url: 'https://example.com',
  hostname: 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  byte: 'U3dhZ2dlcg==',
  binary: '<binary>',
  password: '********',
};

/**
 * An example value made from a schema, for bodies and parameters the document gives no example
 * for. Deterministic (the same schema always gives the same value), bounded in depth and size,
 * and it stops at circular references. Results are cached per schema object, which the resolver
 * shares between pages.
 */
export class ExampleGenerator {
  private readonly caches = { request: new WeakMap<object, unknown>(), response: new WeakMap<object, unknown>() };
  /** Requests leave out `readOnly` properties, responses `writeOnly` ones. */
  private skip: 'readOnly' | 'writeOnly' = 'writeOnly';

  example(schema: SchemaModel, direction: 'request' | 'response' = 'response'): unknown {
    const cache = this.caches[direction];
    if (cache.has(schema)) return cache.get(schema);
    this.skip = direction === 'request' ? 'readOnly' : 'writeOnly';
    const value = this.make(schema, 0, { left: MAX_VALUES });
    cache.set(schema, value);
    return value;
  }

  private make(schema: unknown, depth: number, budget: { left: number }): unknown {
    if (!isObject(schema) || budget.left-- <= 0) return undefined;
    if (schema.circular === true) return undefined;
    if (schema.example !== undefined) return schema.example;
    if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
    if (schema.const !== undefined) return schema.const;
    if (schema.default !== undefined) return schema.default;
    if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
    if (Array.isArray(schema.allOf)) return this.merged(schema, depth, budget);
    for (const key of ['oneOf', 'anyOf']) {
      const options = schema[key];
      if (Array.isArray(options) && options.length) return this.make(options.find((option) => !(isObject(option) && option.type === 'null')) ?? options[0], depth, budget);
    }
    const type = Array.isArray(schema.type) ? schema.type.find((entry) => entry !== 'null') : schema.type;
    switch (type ?? (isObject(schema.properties) ? 'object' : schema.items ? 'array' : undefined)) {
      case 'object':
        return this.object(schema, depth, budget);
      case 'array': {
        if (depth >= MAX_DEPTH) return [];
        const item = this.make(schema.items, depth + 1, budget);
        return item === undefined ? [] : [item];
      }
      case 'string':
        return typeof schema.format === 'string' && FORMATS[schema.format] !== undefined ? FORMATS[schema.format] : 'string';
      case 'integer':
        return typeof schema.minimum === 'number' ? Math.ceil(schema.minimum) : 0;
      case 'number':
        return typeof schema.minimum === 'number' ? schema.minimum : 0;
      case 'boolean':
        return true;
      case 'null':
        return null;
      default:
        return undefined;
    }
  }

  private object(schema: SchemaModel, depth: number, budget: { left: number }): Record<string, unknown> {
    const result: Record<string, unknown> = {};
    if (depth >= MAX_DEPTH || !isObject(schema.properties)) return result;
    for (const name in schema.properties) {
      const property = schema.properties[name];
      if (isObject(property) && property[this.skip] === true) continue;
      const value = this.make(property, depth + 1, budget);
      if (value !== undefined) result[name] = value;
      if (budget.left <= 0) break;
    }
    return result;
  }

  /** `allOf`: the parts' examples merged when they are objects, else the first part's example. */
  private merged(schema: SchemaModel, depth: number, budget: { left: number }): unknown {
    const parts = [...(schema.allOf as unknown[])];
    const own: Record<string, unknown> = { ...schema, allOf: undefined };
    if (isObject(own.properties) || own.type !== undefined) parts.push(own);
    let merged: Record<string, unknown> | undefined;
    for (const part of parts) {
      const value = this.make(part, depth, budget);
      if (isObject(value)) merged = { ...(merged ?? {}), ...value };
      else if (value !== undefined && merged === undefined) return value;
    }
    return merged ?? {};
  }
}
