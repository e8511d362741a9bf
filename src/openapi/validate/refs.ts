import { didYouMean, didYouMeanText } from '../../diagnostics/suggest.js';
import { getAtPointer, joinPointer, joinPointerTokens, parsePointer } from '../../json/pointer.js';
import { isObject } from '../json.js';
import { internalPointer } from '../refs.js';
import type { CheckContext } from './context.js';

/** Keys whose members are named by the author (property names, status codes, ...), never keywords. */
const NAMED_MEMBERS = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
  'schemas',
  'responses',
  'parameters',
  'requestBodies',
  'headers',
  'securitySchemes',
  'links',
  'callbacks',
  'pathItems',
  'paths',
  'webhooks',
  'x-webhooks',
  'content',
  'encoding',
  'variables',
  'examples',
]);
/** Keywords whose value is data: a `$ref` key inside is part of the example, not a reference. */
const DATA_KEYWORDS = new Set(['example', 'default', 'enum', 'const']);

/**
 * Finds every `$ref` of the document in one iterative pass and reports those that leave the
 * document (external files or URLs, which Quire does not fetch) and those that point at nothing.
 * Values of examples, defaults, enums and `x-` extensions are data and are not looked into.
 */
export function checkRefs(context: CheckContext): void {
  if (context.refsInText && context.refsInText.every((ref) => internalPointer(ref) !== undefined && context.refs.target(ref) !== undefined)) return;
  // Pointers are built only for the references found: most of a large document is walked without one.
  const pending: Frame[] = [{ value: context.root, parent: undefined, key: '', named: false, example: false }];
  while (pending.length) {
    const frame = pending.pop() as Frame;
    const { value, named } = frame;
    if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index--) {
        const item = value[index];
        if (typeof item === 'object' && item !== null) pending.push({ value: item, parent: frame, key: String(index), named: false, example: false });
      }
      continue;
    }
    if (!isObject(value)) continue;
    if (!named && value.$ref !== undefined) {
      if (typeof value.$ref === 'string') checkRef(context, value.$ref, joinPointer(pointerOf(frame), '$ref'));
      else
        context.report({
          code: 'openapi/invalid-ref',
          severity: 'error',
          message: 'A `$ref` must be a string such as "#/components/schemas/User".',
          pointer: joinPointer(pointerOf(frame), '$ref'),
        });
    }
    const examples = named && frame.key === 'examples';
    for (const key in value) {
      const child = value[key];
      if (typeof child !== 'object' || child === null) continue;
      if (!named) {
        if (key === '$ref' || DATA_KEYWORDS.has(key) || key.startsWith('x-')) continue;
        if (frame.example && (key === 'value' || key === 'externalValue')) continue;
        // In a schema, `examples` is a list of values; in a media type or parameter, a map of Example Objects.
        if (key === 'examples' && Array.isArray(child)) continue;
      }
      pending.push({ value: child, parent: frame, key, named: !named && NAMED_MEMBERS.has(key) && isObject(child), example: examples });
    }
  }
}

interface Frame {
  value: unknown;
  parent: Frame | undefined;
  key: string;
  /** The object's members are named by the author (a map of properties, responses, ...). */
  named: boolean;
  /** The object is an Example Object: its `value` is data. */
  example: boolean;
}

function pointerOf(frame: Frame): string {
  const keys: string[] = [];
  for (let current: Frame | undefined = frame; current?.parent; current = current.parent) keys.push(current.key);
  return joinPointerTokens('', keys.reverse());
}

function checkRef(context: CheckContext, ref: string, pointer: string): void {
  const target = internalPointer(ref);
  if (target === undefined) {
    context.report({
      code: 'openapi/external-ref',
      severity: 'error',
      message: `The reference ${JSON.stringify(ref)} points outside this document; Quire resolves references inside the document only.`,
      pointer,
      hint: 'Bundle the description into one file first (for example with `redocly bundle`), or move the referenced part under `components`.',
    });
    return;
  }
  if (getAtPointer(context.root, target) !== undefined) return;
  const tokens = parsePointer(target);
  let known = 0;
  while (known < tokens.length && getAtPointer(context.root, joinPointerTokens('', tokens.slice(0, known + 1))) !== undefined) known++;
  const parent = getAtPointer(context.root, joinPointerTokens('', tokens.slice(0, known)));
  const missing = tokens[known] as string;
  const suggestions = isObject(parent) ? didYouMean(missing, Object.keys(parent)) : [];
  const prefix = `#${joinPointerTokens('', tokens.slice(0, known))}/`;
  context.report({
    code: 'openapi/ref-not-found',
    severity: 'error',
    message: `The reference ${JSON.stringify(ref)} points at nothing: ${known === 0 ? 'the document' : `"#${joinPointerTokens('', tokens.slice(0, known))}"`} has no ${JSON.stringify(missing)}.`,
    pointer,
    hint: didYouMeanText(suggestions.map((name) => prefix + name)) ?? 'Define it, or correct the reference.',
    suggestions: suggestions.map((name) => prefix + name),
  });
}
