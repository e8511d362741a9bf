import { didYouMean, didYouMeanText } from '../../diagnostics/suggest.js';
import { joinPointer, joinPointerTokens } from '../../json/pointer.js';
import { isObject } from '../json.js';
import { pointerOf, type CheckContext, type LazyPointer } from './context.js';

const TYPES = ['array', 'boolean', 'integer', 'number', 'object', 'string'];
const TYPES_31 = [...TYPES, 'null'];
const SINGLE = new Set([
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
const LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const MAPS = new Set(['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions']);
/** Nesting followed; deeper schemas (never written by hand) are not checked. */
const MAX_DEPTH = 256;

/**
 * Checks a schema and the schemas nested in it (not following references, which are checked
 * where they are defined): `type` names a JSON type, and an array says what its items are.
 * Recursive over one shared path, so that the walk allocates nothing per schema: schemas are most
 * of a large document, and pointers are built only for what is reported.
 */
export function checkSchema(context: CheckContext, schema: unknown, pointer: LazyPointer): void {
  new SchemaWalk(context, pointer).visit(schema);
}

class SchemaWalk {
  private readonly path: string[] = [];
  private readonly allowed: readonly string[];

  constructor(
    private readonly context: CheckContext,
    private readonly pointer: LazyPointer,
  ) {
    this.allowed = context.version === '3.1' ? TYPES_31 : TYPES;
  }

  visit(value: unknown): void {
    const { context, path } = this;
    if (!isObject(value) || typeof value.$ref === 'string' || path.length > MAX_DEPTH) return;
    const type = value.type;
    if (type !== undefined && !(typeof type === 'string' && this.allowed.includes(type)))
      checkType(context, type, joinPointer(this.at(), 'type'), this.allowed);
    if (context.version === '3.0' && type === 'array' && value.items === undefined) {
      context.report({
        code: 'openapi/array-without-items',
        // A warning: pages show such items as "any", and the reference validator only checks this on parameters and responses.
        severity: 'warning',
        message: 'A schema of type "array" must say what its items are with `items`.',
        pointer: this.at(),
        hint: 'Add `items: {}` for items of any type, or the schema of the items.',
      });
    }
    for (const key in value) {
      const child = value[key];
      if (typeof child !== 'object' || child === null) continue;
      if (SINGLE.has(key)) {
        path.push(key);
        if (Array.isArray(child)) this.each(child);
        else this.visit(child);
        path.pop();
      } else if (LISTS.has(key) && Array.isArray(child)) {
        path.push(key);
        this.each(child);
        path.pop();
      } else if (MAPS.has(key) && isObject(child)) {
        path.push(key);
        for (const name in child) {
          path.push(name);
          this.visit(child[name]);
          path.pop();
        }
        path.pop();
      }
    }
  }

  private each(list: unknown[]): void {
    for (let index = 0; index < list.length; index++) {
      this.path.push(String(index));
      this.visit(list[index]);
      this.path.pop();
    }
  }

  private at(): string {
    return joinPointerTokens(pointerOf(this.pointer), this.path);
  }
}

function checkType(context: CheckContext, type: unknown, pointer: string, allowed: readonly string[]): void {
  const values = Array.isArray(type) && context.version === '3.1' ? type : [type];
  for (const value of values) {
    if (typeof value === 'string' && allowed.includes(value)) continue;
    const written = typeof value === 'string' ? value : JSON.stringify(value);
    const suggestions = typeof value === 'string' ? didYouMean(value, allowed) : [];
    const nullHint = value === 'null' ? 'OpenAPI 3.0 has no "null" type: use `nullable: true`.' : undefined;
    const listHint = Array.isArray(type) ? 'OpenAPI 3.0 takes one type per schema: use `oneOf`, or `nullable: true` for null.' : undefined;
    const unionHint =
      typeof value === 'string' && value.includes('|')
        ? context.version === '3.1'
          ? `Write the types as a list: type: [${value
              .split('|')
              .map((part) => JSON.stringify(part.trim()))
              .join(', ')}].`
          : 'OpenAPI 3.0 takes one type per schema: use `oneOf`, or `nullable: true` for null.'
        : undefined;
    context.report({
      code: 'openapi/invalid-schema-type',
      // In 3.1 schemas are JSON Schema, which the reference validator does not check: a warning there, an error in 3.0.
      severity: context.version === '3.0' ? 'error' : 'warning',
      message: `The schema type ${JSON.stringify(written)} is not one of ${allowed.map((name) => `"${name}"`).join(', ')}.`,
      pointer,
      hint: nullHint ?? listHint ?? unionHint ?? didYouMeanText(suggestions) ?? 'Type names are the JSON type names in English, in lower case.',
      suggestions,
    });
    if (Array.isArray(type) && context.version === '3.0') return;
  }
}
