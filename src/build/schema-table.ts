import { isObject, type JsonObject } from '../openapi/json.js';
import { SCHEMA_KEYS, SCHEMA_LIST_KEYS, SCHEMA_MAP_KEYS, schemaOrigin, type SchemaOrigin } from '../openapi/refs.js';
import type { EndpointPage, ExampleModel, MediaTypeModel, ParameterModel } from '../openapi/types.js';
import { ExampleTable } from './example-table.js';
import type { CompiledEndpointPage, CompiledMediaType, CompiledParameter, CompiledSchemaReference, CompiledSchemeMention } from './types.js';
import { encodeUriComponent } from '../util/uri.js';

/**
 * What a page model writes of a referenced (shared) schema depends on its level, counted from the
 * root schema of a parameter, body or response (level 0) down through `properties` (level 1 for
 * the root's properties, and so on): what a renderer draws at the top of the page is a row per
 * field of the root, with its type, description and constraints.
 * - level 0: the schema in full, its properties at level 1;
 * - level 1: a reference with the schema's own keywords beside it (`type`, `description`,
 *   `enum`, ...: the row), not its subschemas;
 * - deeper: a reference alone.
 * A form larger than {@link INLINE_BUDGET}, or at level 0 whose copies in all the pages would pass
 * {@link SHARED_BUDGET}, gives way to the next one.
 * A schema written in place in the description (not referenced) is written in place at every
 * level. The renderer fetches referenced schemas from the table when a reader opens "child attributes".
 */
export const INLINE_LEVELS = 2;

/**
 * Most characters a referenced schema may take where a page writes it in place. Microsoft Graph's
 * base type `entity` carries a discriminator mapping of 1,500 subtypes (200 KB), and every one of
 * its 11,000 pages would repeat it; past this size a schema is written as its reference alone.
 */
export const INLINE_BUDGET = 16_384;

/**
 * Most characters the copies of one referenced schema may take in place across the pages of a
 * document, at level 0: a base type every page extends through `allOf` is written in each of
 * them, and at a few kilobytes times every page that outgrows the description itself.
 */
export const SHARED_BUDGET = 1_048_576;

/**
 * Keywords whose schemas a renderer draws at the level of the schema that holds them: the item
 * of an array is drawn as the array's fields, the members of `allOf`/`oneOf`/`anyOf` as the
 * fields (or the alternatives) of the schema itself.
 */
const SAME_LEVEL = new Set(['items', 'prefixItems', 'additionalItems', 'unevaluatedItems', 'contains', 'allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else']);

/**
 * Writes the page models of one OpenAPI document in the compiled form and collects the schemas
 * they point at. Models in memory share a referenced schema between every place it is used (a
 * graph the size of the document); written out in full at each place, DocuSign's description
 * made an 81 MB page. Here each referenced schema below {@link INLINE_LEVELS} becomes
 * `{ "$ref": "#/components/schemas/User", "name": "User" }` and is written once in {@link table}.
 */
export class SchemaTableWriter {
  /** The model of every schema the pages point at, by pointer. */
  private readonly needed = new Map<string, unknown>();
  private readonly pending: string[] = [];
  /** Compiled schemas by level from 1 (all levels past the inline ones alike), then model. */
  private readonly compiled: Array<WeakMap<object, unknown>> = Array.from({ length: INLINE_LEVELS }, () => new WeakMap());

  /** Pages that draw each referenced schema at level 0, counted by {@link count} before any is written. */
  private readonly uses = new Map<object, number>();
  /** Referenced schemas already written in full in the body or response being written. */
  private written = new Set<object>();
  /** Lists of examples shown on several pages, written once. */
  private readonly examples = new ExampleTable({ inline: INLINE_BUDGET, shared: SHARED_BUDGET });

  /** `tablePath`: the table's file relative to site.json, written in every page model. */
  constructor(private readonly tablePath: string) {}

  /** Counts the referenced schemas `page` draws at level 0; every page is counted before the first is written. */
  count(page: EndpointPage): void {
    this.examples.count(page);
    const seen = new Set<object>();
    const visit = (model: unknown): void => {
      if (!isObject(model) || seen.has(model)) return;
      seen.add(model);
      if (schemaOrigin(model) && model.circular !== true) this.uses.set(model, (this.uses.get(model) ?? 0) + 1);
      for (const key in model) {
        if (!SAME_LEVEL.has(key)) continue;
        const child = model[key];
        if (Array.isArray(child)) child.forEach(visit);
        else visit(child);
      }
    };
    const parameters = [
      ...page.parameters.path,
      ...page.parameters.query,
      ...page.parameters.header,
      ...page.parameters.cookie,
      ...page.responses.flatMap((response) => response.headers),
    ];
    for (const parameter of parameters) visit(parameter.schema);
    for (const media of [...(page.requestBody?.content ?? []), ...page.responses.flatMap((response) => response.content)]) visit(media.schema);
  }

  /** The page as written to `endpoints/<url>.json`. */
  page(page: EndpointPage): CompiledEndpointPage {
    const compiled: CompiledEndpointPage = {
      ...page,
      security: securityOnce(page.security),
      parameters: {
        path: this.parameters(page.parameters.path),
        query: this.parameters(page.parameters.query),
        header: this.parameters(page.parameters.header),
        cookie: this.parameters(page.parameters.cookie),
      },
      responses: page.responses.map((response) => ({ ...response, headers: this.parameters(response.headers), content: this.media(response.content) })),
      schemas: this.tablePath,
    };
    if (page.requestBody) compiled.requestBody = { ...page.requestBody, content: this.media(page.requestBody.content) };
    return compiled;
  }

  /**
   * The schemas the pages written so far point at, by JSON pointer in the document, sorted; each
   * written with the same rule at every level: referenced schemas inside it are references too.
   */
  table(): Record<string, unknown> {
    const entries = new Map<string, unknown>();
    for (let next = this.pending.shift(); next !== undefined; next = this.pending.shift()) {
      entries.set(next, this.children(this.needed.get(next) as JsonObject, INLINE_LEVELS));
    }
    const table: Record<string, unknown> = {};
    for (const pointer of [...entries.keys()].sort()) table[pointer] = entries.get(pointer);
    return table;
  }

  /** Lists of examples shown on several pages, in the order the pages written so far first showed them. */
  exampleTable(): ExampleModel[][] {
    return this.examples.table();
  }

  private parameters(list: ParameterModel[]): CompiledParameter[] {
    return list.map((parameter) => {
      const compiled: CompiledParameter = { ...parameter, ...this.examples.compile(parameter.examples) };
      if (parameter.schema === undefined) return compiled;
      this.written = new Set();
      return { ...compiled, schema: this.schema(parameter.schema, 0) as JsonObject };
    });
  }

  private media(list: MediaTypeModel[]): CompiledMediaType[] {
    this.written = new Set();
    const written: MediaTypeModel[] = [];
    return list.map((media): CompiledMediaType => {
      // Drawn exactly as an earlier media type of this body: that one is written, this one names it.
      const same = written.find((earlier) => this.examples.same(earlier, media));
      if (same) return { mediaType: media.mediaType, sameAs: same.mediaType };
      written.push(media);
      const compiled = { ...media, ...this.examples.compile(media.examples) };
      return media.schema === undefined ? compiled : { ...compiled, schema: this.schema(media.schema, 0) as JsonObject };
    });
  }

  /** A schema at `level`: inline, or a reference into the table. */
  private schema(model: unknown, level: number): unknown {
    if (!isObject(model)) return model;
    const origin = schemaOrigin(model);
    // A circular marker already is a reference; the table gets the schema it stands for.
    if (origin && model.circular === true) {
      this.need(origin);
      return model;
    }
    if (origin && level >= INLINE_LEVELS && !origin.siblings) return this.reference(origin);
    // One body in 400 media types (Google's upload endpoints) is drawn once.
    if (origin && level === 0) {
      if (this.written.has(model)) return this.reference(origin);
      this.written.add(model);
    }
    // Level 0 depends on what the body or response has written already, so it is made each time.
    if (level === 0) return origin ? this.shared(model, origin, level) : this.children(model, level);
    const memo = this.compiled[Math.min(level, INLINE_LEVELS) - 1] as WeakMap<object, unknown>;
    if (memo.has(model)) return memo.get(model);
    const compiled = origin ? this.shared(model, origin, level) : this.children(model, level);
    memo.set(model, compiled);
    return compiled;
  }

  /**
   * A referenced schema at a level the page writes: in full at level 0, else as its row; a form
   * over {@link INLINE_BUDGET} gives way to the next smaller one, down to the reference alone.
   */
  private shared(model: JsonObject, origin: SchemaOrigin, level: number): unknown {
    // Keywords written beside the `$ref` in the description belong to this place: they stay with every form.
    const beside = origin.siblings ? this.children(origin.siblings, level) : {};
    if (level >= INLINE_LEVELS) return { ...this.reference(origin), ...beside };
    const copies = level === 0 ? (this.uses.get(model) ?? 1) : 1;
    const fits = (form: unknown) => {
      const size = JSON.stringify(form).length;
      return size <= INLINE_BUDGET && size * copies <= SHARED_BUDGET;
    };
    if (level === 0) {
      const full = this.children(model, 0);
      if (fits(full)) return full;
    }
    const row = { ...this.reference(origin), ...ownKeywords(model), ...beside };
    return fits(row) ? row : { ...this.reference(origin), ...beside };
  }

  /** The reference to a schema, which the table will hold. */
  private reference(origin: SchemaOrigin): CompiledSchemaReference {
    this.need(origin);
    return reference(origin.pointer);
  }

  /** `model` with its subschemas compiled, copied only where one changes. */
  private children(model: JsonObject, level: number): JsonObject {
    let copy: JsonObject | undefined;
    for (const key in model) {
      const child = model[key];
      const at = SAME_LEVEL.has(key) ? level : level + 1;
      let replaced: unknown = child;
      if (SCHEMA_KEYS.has(key)) replaced = Array.isArray(child) ? this.list(child, at) : this.schema(child, at);
      else if (SCHEMA_LIST_KEYS.has(key) && Array.isArray(child)) replaced = this.list(child, at);
      else if (SCHEMA_MAP_KEYS.has(key) && isObject(child)) replaced = this.map(child, at);
      if (replaced !== child) (copy ??= { ...model })[key] = replaced;
    }
    return copy ?? model;
  }

  private list(list: unknown[], level: number): unknown[] {
    let copy: unknown[] | undefined;
    list.forEach((item, index) => {
      const replaced = this.schema(item, level);
      if (replaced !== item) (copy ??= [...list])[index] = replaced;
    });
    return copy ?? list;
  }

  private map(map: JsonObject, level: number): JsonObject {
    let copy: JsonObject | undefined;
    for (const name in map) {
      const replaced = this.schema(map[name], level);
      if (replaced !== map[name]) (copy ??= { ...map })[name] = replaced;
    }
    return copy ?? map;
  }

  private need(origin: SchemaOrigin): void {
    if (this.needed.has(origin.pointer)) return;
    const target = origin.target();
    this.needed.set(origin.pointer, target);
    this.pending.push(origin.pointer);
  }
}

/**
 * The ways to authenticate, each scheme described in full where the page first names it and by
 * `type`, `scheme` and `scopes` after that: Google's descriptions list one requirement per OAuth
 * scope, each with the scheme's every scope, which made 190 KB of a page.
 */
function securityOnce(security: EndpointPage['security']): CompiledEndpointPage['security'] {
  const described = new Set<string>();
  return security.map((requirement) => ({
    schemes: requirement.schemes.map((scheme) => {
      if (!described.has(scheme.scheme)) {
        described.add(scheme.scheme);
        return scheme;
      }
      const mention: CompiledSchemeMention = { type: scheme.type, scheme: scheme.scheme, scopes: scheme.scopes };
      return mention;
    }),
  }));
}

/** The keywords of a schema that are not subschemas: what a renderer draws in the schema's row. */
function ownKeywords(model: JsonObject): JsonObject {
  const own: JsonObject = {};
  for (const key in model) if (!SCHEMA_KEYS.has(key) && !SCHEMA_LIST_KEYS.has(key) && !SCHEMA_MAP_KEYS.has(key) && key !== '$ref') own[key] = model[key];
  return own;
}

/** `{ "$ref": "#/components/schemas/User", "name": "User" }` for the schema at a pointer. */
function reference(pointer: string): CompiledSchemaReference {
  // The fragment of a URI: each token percent-encoded as needed, so that `decodeURIComponent` gives the pointer back.
  const ref: CompiledSchemaReference = { $ref: `#${pointer.split('/').map(encodeUriComponent).join('/')}` };
  const match = /^\/components\/schemas\/([^/]+)$/.exec(pointer);
  if (match) ref.name = (match[1] as string).replace(/~1/g, '/').replace(/~0/g, '~');
  return ref;
}
