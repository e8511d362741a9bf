import { escapePointerToken, getAtPointer } from '../json/pointer.js';
import { isObject, type JsonObject } from './json.js';
import type { CircularReference, SchemaModel } from './types.js';
import { append } from '../util/arrays.js';

/** Keywords whose value is one schema. */
export const SCHEMA_KEYS = new Set([
  'items',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
  'additionalItems',
  'contentSchema',
]);
/** Keywords whose value is a list of schemas. */
export const SCHEMA_LIST_KEYS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
/** Keywords whose value maps names to schemas. */
export const SCHEMA_MAP_KEYS = new Set(['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions']);

const MAX_REF_HOPS = 64;

/**
 * Where a shared schema model comes from, kept on the model under a symbol (not enumerable, so
 * JSON and spreads leave it out): the serialiser of `quire build` writes such a schema once per
 * document and points at it, instead of writing it out at every place it is used.
 */
const ORIGIN = Symbol('quire.schema-origin');

/** What {@link schemaOrigin} tells about a schema model. */
export interface SchemaOrigin {
  /** JSON pointer of the referenced schema in its document: `/components/schemas/User`. */
  pointer: string;
  /** The model of the schema at `pointer`: the model itself, or for a circular marker the schema it stands for. */
  target(): SchemaModel | CircularReference;
  /**
   * For `{ $ref, description, ... }`: the keywords written beside the reference, which this model
   * lays over the referenced schema's own. The model is a copy, one per place.
   */
  siblings?: JsonObject;
}

/**
 * The origin of a schema model made from a `$ref` (the model every user of that reference
 * shares) or of a {@link CircularReference} marker; `undefined` for a schema written in place.
 */
export function schemaOrigin(model: unknown): SchemaOrigin | undefined {
  return isObject(model) ? ((model as { [ORIGIN]?: SchemaOrigin })[ORIGIN] ?? undefined) : undefined;
}

function setOrigin<T extends object>(model: T, origin: SchemaOrigin): T {
  Object.defineProperty(model, ORIGIN, { value: origin, enumerable: false });
  return model;
}

/** Where an internal `$ref` leads. */
export interface RefTarget {
  /** The reference as a pointer into the document (`/components/schemas/User`). */
  pointer: string;
  value: unknown;
}

/** `#/components/schemas/User` to `/components/schemas/User`; `undefined` for external references. */
export function internalPointer(ref: string): string | undefined {
  if (!ref.startsWith('#')) return undefined;
  const fragment = ref.slice(1);
  if (fragment !== '' && !fragment.startsWith('/')) return undefined;
  if (!fragment.includes('%')) return fragment;
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

/** The `$ref` of a Reference Object, or `undefined`. */
export function refOf(value: unknown): string | undefined {
  return isObject(value) && typeof value.$ref === 'string' ? value.$ref : undefined;
}

/**
 * Resolves `$ref`s inside one document. Schemas are dereferenced once per target and shared
 * between pages (a page model holds the same objects as every other page that uses the schema),
 * which keeps memory proportional to the document rather than to the number of operations.
 *
 * Circular schemas: the references between schemas form a graph; a schema on a cycle belongs to a
 * strongly connected component of that graph. When a schema is inlined, references to members of
 * its own component become {@link CircularReference} markers, and references to anything else are
 * inlined. The result of each target is thus independent of where it is reached from, finite,
 * and computed in time linear in the document.
 */
export class RefResolver {
  private readonly schemas = new Map<string, SchemaModel | CircularReference>();
  private readonly component = new Map<string, number>();
  private readonly cyclic = new Set<number>();
  private readonly edges = new Map<string, string[]>();
  /** What each reference written in the document points at (`null`: external or missing). */
  private readonly targets = new Map<string, RefTarget | null>();
  private nextComponent = 0;

  constructor(private readonly root: unknown) {}

  /** The value an internal reference points at, or `undefined` (external or missing). */
  target(ref: string): RefTarget | undefined {
    // A document writes the same few thousand references many times over: look each up once.
    let target = this.targets.get(ref);
    if (target === undefined) {
      const pointer = internalPointer(ref);
      const value = pointer === undefined ? undefined : getAtPointer(this.root, pointer);
      target = pointer === undefined || value === undefined ? null : { pointer, value };
      this.targets.set(ref, target);
    }
    return target ?? undefined;
  }

  /**
   * Follows a chain of Reference Objects (a parameter that is `{ $ref }` to another, ...) and
   * returns the object at its end with its pointer, or `undefined` when the chain is broken or loops.
   */
  follow(value: unknown, pointer: string): RefTarget | undefined {
    let current: RefTarget = { pointer, value };
    for (let hop = 0; hop < MAX_REF_HOPS; hop++) {
      const ref = refOf(current.value);
      if (ref === undefined) return current;
      const next = this.target(ref);
      if (!next) return undefined;
      current = next;
    }
    return undefined;
  }

  /** {@link follow} for callers that need only the value at the end of the chain. */
  resolve(value: unknown): unknown {
    let current = value;
    for (let hop = 0; hop < MAX_REF_HOPS; hop++) {
      const ref = refOf(current);
      if (ref === undefined) return current;
      const next = this.target(ref);
      if (!next) return undefined;
      current = next.value;
    }
    return undefined;
  }

  /** A schema with internal references replaced (see the class comment for circular ones). */
  schema(value: unknown): SchemaModel | undefined {
    if (typeof value === 'boolean') return value ? {} : { not: {} };
    if (!isObject(value)) return undefined;
    return this.walk(value, -1) as SchemaModel;
  }

  /** True when `ref` points at a schema that refers back to itself. */
  isCircular(ref: string): boolean {
    const pointer = internalPointer(ref);
    if (pointer === undefined) return false;
    this.connect(pointer);
    return this.cyclic.has(this.component.get(pointer) ?? -1);
  }

  private walk(value: JsonObject, component: number): SchemaModel | CircularReference {
    const ref = typeof value.$ref === 'string' ? value.$ref : undefined;
    if (ref !== undefined) return this.withSiblings(this.reference(ref, component), value, component);
    let copy: JsonObject | undefined;
    for (const key in value) {
      const child = value[key];
      let replaced: unknown = child;
      if (SCHEMA_KEYS.has(key)) {
        if (isObject(child)) replaced = this.walk(child, component);
        else if (Array.isArray(child)) replaced = this.walkList(child, component);
      } else if (SCHEMA_LIST_KEYS.has(key) && Array.isArray(child)) replaced = this.walkList(child, component);
      else if (SCHEMA_MAP_KEYS.has(key) && isObject(child)) replaced = this.walkMap(child, component);
      if (replaced !== child) {
        copy ??= { ...value };
        copy[key] = replaced;
      }
    }
    return copy ?? value;
  }

  private walkList(list: unknown[], component: number): unknown[] {
    let copy: unknown[] | undefined;
    list.forEach((item, index) => {
      const replaced = isObject(item) ? this.walk(item, component) : item;
      if (replaced !== item) (copy ??= [...list])[index] = replaced;
    });
    return copy ?? list;
  }

  private walkMap(map: JsonObject, component: number): JsonObject {
    let copy: JsonObject | undefined;
    for (const key in map) {
      const item = map[key];
      const replaced = isObject(item) ? this.walk(item, component) : item;
      if (replaced !== item) (copy ??= { ...map })[key] = replaced;
    }
    return copy ?? map;
  }

  /** `{ $ref, description }`: the referenced schema with the siblings written beside the reference laid over it. */
  private withSiblings(resolved: SchemaModel | CircularReference, value: JsonObject, component: number): SchemaModel | CircularReference {
    let siblings: JsonObject | undefined;
    for (const key in value) if (key !== '$ref') (siblings ??= {})[key] = value[key];
    if (!siblings) return resolved;
    const walked = this.walk(siblings, component) as JsonObject;
    const merged = { ...resolved, ...walked };
    const origin = schemaOrigin(resolved);
    return origin ? setOrigin(merged, { ...origin, siblings: walked }) : merged;
  }

  private reference(ref: string, component: number): SchemaModel | CircularReference {
    const found = this.target(ref);
    const pointer = found?.pointer ?? internalPointer(ref);
    if (pointer === undefined) return { $ref: ref };
    this.connect(pointer);
    const own = this.component.get(pointer) as number;
    if (own === component && this.cyclic.has(own)) return setOrigin(circularMarker(ref, pointer), { pointer, target: () => this.reference(ref, -1) });
    const cached = this.schemas.get(pointer);
    if (cached) return cached;
    const target = found?.value;
    let result: SchemaModel | CircularReference;
    if (isObject(target)) {
      const walked = this.walk(target, own);
      // The origin goes on an object of our own, never on the parsed document.
      result = walked === target ? { ...walked } : walked;
    } else if (typeof target === 'boolean') result = target ? {} : { not: {} };
    else result = { $ref: ref };
    // A schema that is itself only a reference (`B: { $ref: A }`) is A's model: it keeps A's origin.
    if (!schemaOrigin(result)) setOrigin(result, { pointer, target: () => result });
    this.schemas.set(pointer, result);
    return result;
  }

  /** Assigns strongly connected components to `start` and every schema it reaches (Tarjan, iterative). */
  private connect(start: string): void {
    if (this.component.has(start)) return;
    const index = new Map<string, number>();
    const low = new Map<string, number>();
    const onStack = new Set<string>();
    const stack: string[] = [];
    const work: Array<{ node: string; next: number }> = [];
    const open = (node: string) => {
      index.set(node, index.size);
      low.set(node, index.size - 1);
      stack.push(node);
      onStack.add(node);
      work.push({ node, next: 0 });
    };
    open(start);
    while (work.length) {
      const frame = work[work.length - 1] as { node: string; next: number };
      const edges = this.edgesOf(frame.node);
      if (frame.next < edges.length) {
        const target = edges[frame.next++] as string;
        if (this.component.has(target)) continue;
        if (!index.has(target)) open(target);
        else if (onStack.has(target)) low.set(frame.node, Math.min(low.get(frame.node) as number, index.get(target) as number));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node) as number, low.get(frame.node) as number));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const id = this.nextComponent++;
      let size = 0;
      let member: string | undefined;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        this.component.set(member, id);
        size++;
      } while (member !== frame.node);
      if (size > 1 || this.edgesOf(frame.node).includes(frame.node)) this.cyclic.add(id);
    }
  }

  /** The internal references a schema makes, not following them. */
  private edgesOf(pointer: string): string[] {
    const cached = this.edges.get(pointer);
    if (cached) return cached;
    const found: string[] = [];
    const pending: unknown[] = [getAtPointer(this.root, pointer)];
    while (pending.length) {
      const value = pending.pop();
      if (!isObject(value)) continue;
      if (typeof value.$ref === 'string') {
        const target = this.target(value.$ref);
        if (target) found.push(target.pointer);
      }
      for (const key in value) {
        const child = value[key];
        if (SCHEMA_KEYS.has(key)) {
          if (Array.isArray(child)) append(pending, child);
          else pending.push(child);
        } else if (SCHEMA_LIST_KEYS.has(key) && Array.isArray(child)) append(pending, child);
        else if (SCHEMA_MAP_KEYS.has(key) && isObject(child)) for (const name in child) pending.push(child[name]);
      }
    }
    this.edges.set(pointer, found);
    return found;
  }
}

function circularMarker(ref: string, pointer: string): CircularReference {
  const marker: CircularReference = { $ref: ref, circular: true };
  const match = /^\/components\/schemas\/([^/]+)$/.exec(pointer);
  if (match) marker.name = (match[1] as string).replace(/~1/g, '/').replace(/~0/g, '~');
  return marker;
}

/** `#/components/schemas/<name>` for a schema name. */
export function schemaRef(name: string): string {
  return `#/components/schemas/${escapePointerToken(name)}`;
}
