import { stringify } from 'yaml';
import { lineBreakOf, lineEnd, lineStart, type Splice } from './splice.js';

/** Where an object's members are in the text, whatever the format. */
export interface ObjectShape {
  /** `block`: YAML members one per line by indentation; `flow`: JSON, or YAML `{ ... }`. */
  style: 'block' | 'flow';
  format: 'json' | 'yaml';
  /** Offsets of the object (for `flow`, from `{` to just past `}`). */
  start: number;
  end: number;
  members: MemberShape[];
  /** Column of the key that holds this object, to tell the indentation step; -1 at the top. */
  parentColumn: number;
}

export interface MemberShape {
  key: string;
  keyStart: number;
  valueStart: number;
  valueEnd: number;
}

/** A member to set to a value, or to remove (`undefined`). */
export type MemberChange = readonly [key: string, value: unknown];

/**
 * The splices that set and remove members of an object in place: existing members are replaced
 * where they are, new ones are added after the last member, in the object's own style and
 * indentation. Returns `undefined` when the change cannot be made in place (a flow object that
 * loses a member): the caller rewrites the whole object instead.
 */
export function editMembers(text: string, shape: ObjectShape, changes: readonly MemberChange[]): Splice[] | undefined {
  return shape.style === 'block' ? editBlock(text, shape, changes) : editFlow(text, shape, changes);
}

/** The value of a whole object, rendered to replace a member's value (`x-quire` that is not a map). */
export function renderMemberValue(text: string, shape: ObjectShape, member: MemberShape, value: unknown): Splice {
  const lineBreak = lineBreakOf(text);
  if (shape.style === 'block') {
    const indent = text.slice(lineStart(text, member.keyStart), member.keyStart);
    const rendered = renderYamlMember(member.key, value, indent, stepOf(shape, indent.length)).replace(/\n/g, lineBreak);
    return { start: member.keyStart, end: lineEnd(text, member.valueEnd), text: rendered };
  }
  return { start: member.valueStart, end: member.valueEnd, text: renderFlowValue(text, shape, value).replace(/\n/g, lineBreak) };
}

function editBlock(text: string, shape: ObjectShape, changes: readonly MemberChange[]): Splice[] {
  const lineBreak = lineBreakOf(text);
  const first = shape.members[0];
  const indent = first ? text.slice(lineStart(text, first.keyStart), first.keyStart) : '';
  const step = stepOf(shape, indent.length);
  const render = (key: string, value: unknown) => renderYamlMember(key, value, indent, step).replace(/\n/g, lineBreak);
  const splices: Splice[] = [];
  const removed = new Set<MemberShape>();
  const added: string[] = [];
  for (const [key, value] of changes) {
    const member = shape.members.find((candidate) => candidate.key === key);
    if (member && value === undefined) {
      removed.add(member);
      const end = lineEnd(text, member.valueEnd);
      splices.push({ start: lineStart(text, member.keyStart), end: text.startsWith(lineBreak, end) ? end + lineBreak.length : end, text: '' });
    } else if (member) splices.push({ start: member.keyStart, end: lineEnd(text, member.valueEnd), text: render(key, value) });
    else if (value !== undefined) added.push(render(key, value));
  }
  if (added.length === 0) return splices;
  const last = [...shape.members].reverse().find((member) => !removed.has(member));
  if (last)
    splices.push({ start: lineEnd(text, last.valueEnd), end: lineEnd(text, last.valueEnd), text: added.map((member) => lineBreak + indent + member).join('') });
  else {
    const at = first ? lineStart(text, first.keyStart) : shape.start;
    splices.push({ start: at, end: at, text: added.map((member) => indent + member + lineBreak).join('') });
  }
  return splices;
}

function editFlow(text: string, shape: ObjectShape, changes: readonly MemberChange[]): Splice[] | undefined {
  const lineBreak = lineBreakOf(text);
  const splices: Splice[] = [];
  const added: MemberChange[] = [];
  for (const change of changes) {
    const [key, value] = change;
    const member = shape.members.find((candidate) => candidate.key === key);
    if (member && value === undefined) return undefined;
    if (member) splices.push({ start: member.valueStart, end: member.valueEnd, text: renderFlowValue(text, shape, value).replace(/\n/g, lineBreak) });
    else if (value !== undefined) added.push(change);
  }
  if (added.length === 0) return splices;
  const last = shape.members[shape.members.length - 1];
  if (!last) return undefined;
  const first = shape.members[0] as MemberShape;
  const before = text.slice(lineStart(text, first.keyStart), first.keyStart);
  const separator = /^[ \t]*$/.test(before) && lineStart(text, first.keyStart) > shape.start ? `${lineBreak}${before}` : ' ';
  const rendered = added
    .map(([key, value]) => `,${separator}${JSON.stringify(key)}: ${renderFlowValue(text, shape, value).replace(/\n/g, lineBreak)}`)
    .join('');
  splices.push({ start: last.valueEnd, end: last.valueEnd, text: rendered });
  return splices;
}

/** A value for a flow object: pretty JSON at the members' indentation when they are one a line, else compact. */
function renderFlowValue(text: string, shape: ObjectShape, value: unknown): string {
  const first = shape.members[0];
  const padded = text[shape.start + 1] === ' ';
  if (!first || shape.format === 'yaml') return oneLineJson(value, padded);
  const start = lineStart(text, first.keyStart);
  const indent = text.slice(start, first.keyStart);
  if (start <= shape.start || !/^[ \t]*$/.test(indent)) return oneLineJson(value, padded);
  const outer = text.slice(lineStart(text, shape.start)).match(/^[ \t]*/)?.[0] ?? '';
  const step = indent.startsWith(outer) && indent.length > outer.length ? indent.slice(outer.length) : '  ';
  return (JSON.stringify(value, null, step) ?? 'null').replace(/\n/g, `\n${indent}`);
}

/** JSON on one line with a space after `:` and `,` (and inside braces when `padded`), as people write it. */
function oneLineJson(value: unknown, padded: boolean): string {
  if (Array.isArray(value)) return `[${value.map((item) => oneLineJson(item, padded)).join(', ')}]`;
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  const members = Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}: ${oneLineJson(item, padded)}`);
  if (members.length === 0) return '{}';
  return padded ? `{ ${members.join(', ')} }` : `{${members.join(', ')}}`;
}

/** `key: value` as YAML block text at `indent` (the first line without it), without the final line break. */
function renderYamlMember(key: string, value: unknown, indent: string, step: number): string {
  const rendered = stringify({ [key]: value }, { indent: step, lineWidth: 0, minContentWidth: 0 }).replace(/\n$/, '');
  return rendered
    .split('\n')
    .map((line, index) => (index === 0 || line === '' ? line : indent + line))
    .join('\n');
}

/** The indentation step of a block object: its column less its parent key's, 2 when unknown. */
function stepOf(shape: ObjectShape, column: number): number {
  const step = column - shape.parentColumn;
  return shape.parentColumn >= 0 && step >= 1 && step <= 8 ? step : 2;
}
