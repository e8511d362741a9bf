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

/** Values made from fewer schemas than this are made again rather than kept. */
const KEPT_COST = 16;

/** A value made for a schema at a depth, and how much of the budget it took. */
interface Made {
  value: unknown;
  cost: number;
}

/**
 * An example value made from a schema, for bodies and parameters the document gives no example
 * for. Deterministic (the same schema always gives the same value), bounded in depth and size,
 * and it stops at circular references.
 *
 * The values made for a schema at a depth are kept and shared, by every example that holds that
 * schema there (a `User` inside a hundred response bodies is one object): the resolver shares
 * schemas between pages, so memory grows with the document, not with the pages. A kept value is
 * reused only when the budget left could make it whole again, so sharing never changes a value.
 */
export class ExampleGenerator {
  private readonly caches = { request: new WeakMap<object, unknown>(), response: new WeakMap<object, unknown>() };
  private readonly made = { request: new WeakMap<object, Array<Made | undefined>>(), response: new WeakMap<object, Array<Made | undefined>>() };
  /** Requests leave out `readOnly` properties, responses `writeOnly` ones. */
  private skip: 'readOnly' | 'writeOnly' = 'writeOnly';
  private direction: 'request' | 'response' = 'response';

  example(schema: SchemaModel, direction: 'request' | 'response' = 'response'): unknown {
    const cache = this.caches[direction];
    if (cache.has(schema)) return cache.get(schema);
    this.direction = direction;
    this.skip = direction === 'request' ? 'readOnly' : 'writeOnly';
    const value = this.make(schema, 0, { left: MAX_VALUES });
    cache.set(schema, value);
    return value;
  }

  /** {@link build}, or the value it made before for this schema at this depth when the budget allows. */
  private make(schema: unknown, depth: number, budget: { left: number }): unknown {
    if (!isObject(schema)) return this.build(schema, depth, budget);
    const made = this.made[this.direction];
    const kept = made.get(schema)?.[depth];
    if (kept && budget.left > kept.cost) {
      budget.left -= kept.cost;
      return kept.value;
    }
    const before = budget.left;
    const value = this.build(schema, depth, budget);
    // Only values of some size are worth keeping, and only those the budget did not cut short.
    if (before - budget.left >= KEPT_COST && typeof value === 'object' && value !== null && budget.left > 0) {
      let byDepth = made.get(schema);
      if (!byDepth) made.set(schema, (byDepth = []));
      byDepth[depth] = { value, cost: before - budget.left };
    }
    return value;
  }

  /** `withoutAllOf`: the schema's own part of an `allOf`, read as if it had no `allOf`. */
  private build(schema: unknown, depth: number, budget: { left: number }, withoutAllOf = false): unknown {
    if (!isObject(schema) || budget.left-- <= 0) return undefined;
    if (schema.circular === true) return undefined;
    if (schema.example !== undefined) return schema.example;
    if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
    if (schema.const !== undefined) return schema.const;
    if (schema.default !== undefined) return schema.default;
    if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
    if (Array.isArray(schema.allOf) && !withoutAllOf) return this.merged(schema, depth, budget);
    const options =
      Array.isArray(schema.oneOf) && schema.oneOf.length ? schema.oneOf : Array.isArray(schema.anyOf) && schema.anyOf.length ? schema.anyOf : undefined;
    if (options) return this.make(firstNotNull(options), depth, budget);
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
    const parts = schema.allOf as unknown[];
    // The schema's own properties or type count as one more part, after the listed ones.
    const withOwn = isObject(schema.properties) || schema.type !== undefined;
    let merged: Record<string, unknown> | undefined;
    for (let index = 0; index < parts.length + (withOwn ? 1 : 0); index++) {
      const value = index < parts.length ? this.make(parts[index], depth, budget) : this.build(schema, depth, budget, true);
      // A fresh object gathers the parts: the parts' values may be shared by other examples.
      if (isObject(value)) merged = assignOwn(merged ?? {}, value);
      else if (value !== undefined && merged === undefined) return value;
    }
    return merged ?? {};
  }
}

/** `Object.assign` that copies a `__proto__` key as a key (as a spread does) rather than setting the prototype. */
function assignOwn(target: Record<string, unknown>, source: Record<string, unknown>): Record<string, unknown> {
  for (const key of Object.keys(source)) {
    if (key === '__proto__') Object.defineProperty(target, key, { value: source[key], writable: true, enumerable: true, configurable: true });
    else target[key] = source[key];
  }
  return target;
}

/** The first option that is not `type: null`, else the first. */
function firstNotNull(options: unknown[]): unknown {
  for (let index = 0; index < options.length; index++) {
    const option = options[index];
    if (!(isObject(option) && option.type === 'null')) return option;
  }
  return options[0];
}
