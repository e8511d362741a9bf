import { isAlias, isMap, isScalar, isSeq, type Document, type Node } from 'yaml';
import { valueEnd } from '../json/text.js';
import type { MemberShape, ObjectShape } from './object-shape.js';
import { lineStart } from './splice.js';

/**
 * The object at `tokens` in a parsed YAML document, with where its members are. `undefined` when
 * there is none; `shared` when it cannot be edited alone: it is reached through an alias, or it
 * is anchored (`&name`), so that an edit would change its copies too.
 */
export function yamlObjectShape(document: Document.Parsed, text: string, tokens: readonly string[]): ObjectShape | 'shared' | undefined {
  let node: unknown = document.contents;
  let parentColumn = -1;
  for (const token of tokens) {
    if (isAlias(node)) return 'shared';
    if (isMap(node)) {
      const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === token);
      if (!pair || !isScalar(pair.key) || !pair.key.range) return undefined;
      parentColumn = pair.key.range[0] - lineStart(text, pair.key.range[0]);
      node = pair.value;
    } else if (isSeq(node)) {
      node = node.items[Number(token)];
      parentColumn = -1;
    } else return undefined;
  }
  if (isAlias(node)) return 'shared';
  if (!isMap(node) || !node.range) return undefined;
  if (node.anchor !== undefined) return 'shared';
  const members: MemberShape[] = [];
  for (const pair of node.items) {
    if (!isScalar(pair.key) || !pair.key.range) return 'shared';
    const value = pair.value as Node | null;
    const keyEnd = pair.key.range[1];
    members.push({ key: String(pair.key.value), keyStart: pair.key.range[0], valueStart: value?.range?.[0] ?? keyEnd, valueEnd: value?.range?.[1] ?? keyEnd });
  }
  return { style: node.flow ? 'flow' : 'block', format: 'yaml', start: node.range[0], end: node.range[1], members, parentColumn };
}

/**
 * The object whose `{` is at `start` in a valid JSON text (from `offsetsInJson`), with where its
 * members are; `undefined` when it is not an object with exactly `keys`.
 */
export function jsonObjectShape(text: string, start: number | undefined, keys: readonly string[]): ObjectShape | undefined {
  if (start === undefined || text[start] !== '{') return undefined;
  const members: MemberShape[] = [];
  let index = skipSpace(text, start + 1);
  while (text[index] === '"') {
    const keyEnd = valueEnd(text, index);
    const key = JSON.parse(text.slice(index, keyEnd)) as string;
    const valueStart = skipSpace(text, skipSpace(text, keyEnd) + 1);
    const end = valueEnd(text, valueStart);
    members.push({ key, keyStart: index, valueStart, valueEnd: end });
    index = skipSpace(text, end);
    if (text[index] !== ',') break;
    index = skipSpace(text, index + 1);
  }
  // (Sorted: JavaScript lists integer-like keys first, whatever the text's order.)
  const found = members.map((member) => member.key).sort();
  const wanted = [...keys].sort();
  if (found.length !== wanted.length || found.some((key, position) => key !== wanted[position])) return undefined;
  return { style: 'flow', format: 'json', start, end: valueEnd(text, start), members, parentColumn: -1 };
}

function skipSpace(text: string, from: number): number {
  let index = from;
  while (index < text.length && ' \t\r\n'.includes(text[index] as string)) index++;
  return index;
}
