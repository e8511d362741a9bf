import type { Locate } from '../config/parse-docs-json.js';
import { escapePointerToken } from '../json/pointer.js';
import type { PageFrontmatter } from '../frontmatter/frontmatter.js';
import type { NavigationNode } from '../navigation/types.js';
import { frontmatterSource } from '../openapi/reference-source.js';
import type { SourcePlace } from './openapi-documents.js';

/** What {@link openApiSourcePlaces} looks in. */
export interface SourcePlaceInput {
  /** docs.json as written (with `$ref`s replaced). */
  config: unknown;
  locate: Locate;
  /** The resolved navigation: endpoint entries that name their document (`spec.yaml GET /x`). */
  root: NavigationNode;
  frontmatter: ReadonlyMap<string, PageFrontmatter>;
  /** The file of each page as diagnostics name it, and its frontmatter block by that name. */
  pageFiles: ReadonlyMap<string, string>;
  blocks: ReadonlyMap<string, string>;
  /** The name in diagnostics of a repository path. */
  fileName: (source: string) => string;
}

/**
 * Where each OpenAPI source is named, first match wins: an `openapi` value in docs.json (a
 * navigation element or `api.openapi`), an endpoint entry naming it, a page's `openapi:` or
 * `openapi-schema:` line; else a repository file found by looking for OpenAPI files is its own
 * place. A problem reading the document is reported there, where the user fixes it.
 */
export function openApiSourcePlaces(input: SourcePlaceInput): (source: string) => SourcePlace | undefined {
  let written: Map<string, string> | undefined;
  return (source) => {
    written ??= openApiPointers(input.config);
    const pointer = written.get(source) ?? entryPointer(input.root, source);
    if (pointer !== undefined) {
      const placed = input.locate(pointer);
      return { file: placed.file, pointer: placed.pointer, ...(placed.line === undefined ? {} : { line: placed.line, column: placed.column ?? 1 }) };
    }
    const page = namingPage(input, source);
    if (page) return page;
    if (/^[a-z][a-z0-9+.-]*:/i.test(source)) return undefined;
    return { file: input.fileName(source.replace(/^\/+/, '')), pointer: '', line: 1, column: 1 };
  };
}

/** Puts a diagnostic about a frontmatter field (`/openapi`) on that field's value in the page. */
export function placeInFrontmatter<Placed extends { pointer: string; line?: number; column?: number }>(diagnostic: Placed, block: string): Placed {
  const key = diagnostic.pointer.slice(1).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`^(${key}[ \\t]*:[ \\t]*)`, 'm').exec(block);
  if (!match) return diagnostic;
  const line = block.slice(0, match.index).split('\n').length;
  return { ...diagnostic, line, column: (match[1] as string).length + 1 };
}

/** The pointer of the first place each source is written as an `openapi` value in docs.json. */
function openApiPointers(config: unknown): Map<string, string> {
  const found = new Map<string, string>();
  const add = (source: unknown, pointer: string) => {
    if (typeof source === 'string' && !found.has(source)) found.set(source, pointer);
  };
  const sources = (value: unknown, pointer: string) => {
    if (Array.isArray(value)) value.forEach((item, index) => sources(item, `${pointer}/${index}`));
    else if (typeof value === 'object' && value !== null) add((value as { source?: unknown }).source, `${pointer}/source`);
    else add(value, pointer);
  };
  const walk = (value: unknown, pointer: string): void => {
    if (Array.isArray(value)) value.forEach((item, index) => walk(item, `${pointer}/${index}`));
    else if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        const at = `${pointer}/${escapePointerToken(key)}`;
        if (key === 'openapi') sources(child, at);
        else walk(child, at);
      }
    }
  };
  walk(config, '');
  return found;
}

/** The pointer of the first navigation entry that names `source` (`spec.yaml GET /x`). */
function entryPointer(node: NavigationNode, source: string): string | undefined {
  if ((node.kind === 'endpoint' || node.kind === 'webhook') && node.spec === source) return node.pointer;
  if (!('children' in node)) return undefined;
  for (const child of node.children) {
    const found = entryPointer(child, source);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The `openapi:` (or `openapi-schema:`) line of the first page whose frontmatter names `source`. */
function namingPage(input: SourcePlaceInput, source: string): SourcePlace | undefined {
  for (const [page, data] of input.frontmatter) {
    const fields: Array<[string, unknown, number]> = [
      ['openapi', data.openapi, 3],
      ['openapi-schema', data['openapi-schema'], 2],
    ];
    for (const [field, value, words] of fields) {
      if (typeof value !== 'string') continue;
      const [spec, ...rest] = value.trim().split(/\s+/);
      if (spec === undefined || rest.length < words - 1 || frontmatterSource(spec, [source]) !== source) continue;
      const file = input.pageFiles.get(page);
      const block = file === undefined ? undefined : input.blocks.get(file);
      if (file === undefined || block === undefined) continue;
      const placed = placeInFrontmatter<{ pointer: string; line?: number; column?: number }>({ pointer: `/${field}` }, block);
      return { file, pointer: placed.pointer, ...(placed.line === undefined ? {} : { line: placed.line, column: placed.column ?? 1 }) };
    }
  }
  return undefined;
}
