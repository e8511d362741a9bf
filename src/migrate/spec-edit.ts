import { parseDocument, type Document } from 'yaml';
import { deepEqual } from '../json/equal.js';
import { getAtPointer, joinPointer, parsePointer } from '../json/pointer.js';
import { offsetsInJson } from '../json/text.js';
import { isObject, type JsonObject } from '../openapi/json.js';
import { looksLikeJson, MAX_YAML_ALIASES, parseSource } from '../openapi/source.js';
import { editMembers, renderMemberValue, type MemberChange, type ObjectShape } from './object-shape.js';
import { jsonObjectShape, yamlObjectShape } from './shapes.js';
import { applySplices, type Splice } from './splice.js';
import { append } from '../util/arrays.js';

/** The extension members an operation gets, in the order they are written when new. */
export interface OperationEdit {
  /** JSON pointer of the operation object in the document. */
  pointer: string;
  /** Members of the extension to set, or to remove (`undefined`). */
  changes: readonly MemberChange[];
}

/** What {@link editSpec} gives: the new text, or why the edit could not be made. */
export type SpecEditResult =
  | { ok: true; text: string; /** The text could not be edited in place and was written out again, same content, other layout. */ reformatted: boolean }
  | { ok: false; reason: 'shared' | 'failed'; pointer: string };

/**
 * Sets the extension (`x-quire`) members of operations in an OpenAPI text, touching nothing
 * else: in YAML, comments, key order, quoting and layout stay; in JSON, the indentation. The
 * result is parsed again and compared with the intended document; should an in-place edit not
 * give it (an unusual layout), the document is written out whole instead (`reformatted`).
 */
export function editSpec(source: string, edits: readonly OperationEdit[], extension: string): SpecEditResult {
  const bom = source.charCodeAt(0) === 0xfeff ? '\uFEFF' : '';
  const text = bom ? source.slice(1) : source;
  const json = looksLikeJson(text);
  // One YAML parse gives both the positions and the value (as loadOpenApi reads it).
  const document = json ? undefined : parseDocument(text, { merge: true });
  const expected = document ? document.toJS({ maxAliasCount: MAX_YAML_ALIASES }) : parseSource(text).value;
  // Where each operation and its extension start, in one pass over a JSON text.
  const offsets = json
    ? offsetsInJson(
        text,
        edits.flatMap((edit) => [edit.pointer, joinPointer(edit.pointer, extension)]),
      )
    : new Map<string, number>();
  const splices: Splice[] = [];
  let inPlace = true;
  for (const edit of edits) {
    const operation = getAtPointer(expected, edit.pointer);
    if (!isObject(operation)) return { ok: false, reason: 'failed', pointer: edit.pointer };
    const current = operation[extension];
    const next = nextExtension(current, edit.changes);
    const tokens = parsePointer(edit.pointer);
    const shape = json
      ? jsonObjectShape(text, offsets.get(edit.pointer), Object.keys(operation))
      : yamlObjectShape(document as NonNullable<typeof document>, text, tokens);
    if (shape === 'shared') return { ok: false, reason: 'shared', pointer: edit.pointer };
    operation[extension] = next;
    if (!shape) {
      inPlace = false;
      continue;
    }
    const planned = planEdit(text, shape, tokens, extension, current, next, edit.changes, document, offsets.get(joinPointer(edit.pointer, extension)));
    if (planned) append(splices, planned);
    else inPlace = false;
  }
  if (inPlace) {
    try {
      const edited = applySplices(text, splices);
      if (deepEqual(parseSource(edited).value, expected)) return { ok: true, text: bom + edited, reformatted: false };
    } catch {
      // Overlapping edits: written out whole below.
    }
  }
  const rewritten = rewrite(text, json, edits, expected, extension);
  if (rewritten !== undefined && deepEqual(parseSource(rewritten).value, expected)) return { ok: true, text: bom + rewritten, reformatted: true };
  return { ok: false, reason: 'failed', pointer: edits[0]?.pointer ?? '' };
}

/** The extension after the changes: the existing object with those members set or removed (MDX wins), other members kept. */
export function nextExtension(current: unknown, changes: readonly MemberChange[]): JsonObject {
  const next: JsonObject = isObject(current) ? { ...current } : {};
  for (const [key, value] of changes) {
    if (value === undefined) delete next[key];
    else next[key] = value;
  }
  return next;
}

function planEdit(
  text: string,
  shape: ObjectShape,
  tokens: readonly string[],
  extension: string,
  current: unknown,
  next: JsonObject,
  changes: readonly MemberChange[],
  document: Document.Parsed | undefined,
  extensionOffset: number | undefined,
): Splice[] | undefined {
  const member = shape.members.find((candidate) => candidate.key === extension);
  if (!member) return editMembers(text, shape, [[extension, next]]);
  if (isObject(current)) {
    const path = [...tokens, extension];
    const inner = document ? yamlObjectShape(document, text, path) : jsonObjectShape(text, extensionOffset, Object.keys(current));
    if (inner && inner !== 'shared') {
      const splices = editMembers(text, inner, changes);
      if (splices) return splices;
    }
  }
  // Not an object (ignored by the page builders), an alias, or a flow object losing a member: replaced whole.
  return [renderMemberValue(text, shape, member, next)];
}

/** The whole document written out with the edits: YAML through the yaml Document API (comments stay), JSON with the file's indentation. */
function rewrite(text: string, json: boolean, edits: readonly OperationEdit[], expected: unknown, extension: string): string | undefined {
  if (json) {
    const indent = /\n([ \t]+)"/.exec(text)?.[1] ?? '';
    return `${JSON.stringify(expected, null, indent)}${text.endsWith('\n') ? '\n' : ''}`;
  }
  const document = parseDocument(text, { merge: true });
  for (const edit of edits) {
    const path = [...parsePointer(edit.pointer), extension];
    const value = getAtPointer(expected, edit.pointer);
    document.setIn(path, document.createNode((value as JsonObject)[extension]));
  }
  return document.toString({ lineWidth: 0 });
}
