import type { CompiledPage, CompiledSearchText, CompiledSite } from './types.js';

/** Writes a field its own way, or returns `undefined` for the default. */
type FieldWriter = (key: string, field: unknown, indent: string) => string | undefined;

/**
 * site.json's text: `JSON.stringify(site, null, 2)`, except that each heading and link of a page
 * takes one line, and its frontmatter one. Indented one field a line, they made 40% of firecrawl-docs' site.json (14,000
 * headings of 140 bytes each); on one line they take a third of that and still read line by line.
 */
export function siteJson(site: CompiledSite): string {
  return `${object(site, '', (key, _field, indent) => (key === 'pages' ? array(site.pages, indent, page) : undefined))}\n`;
}

/**
 * search.json's text: `JSON.stringify(search, null, 2)`, except that each section of a page takes
 * one line, as headings do in site.json.
 */
export function searchJson(search: CompiledSearchText): string {
  return `${object(search, '', (key, _field, indent) => (key === 'pages' ? array(search.pages, indent, (value, inner) => object(value, inner, (name, sections, deeper) => (name === 'sections' ? array(sections as readonly unknown[], deeper, (item) => JSON.stringify(item)) : undefined))) : undefined))}\n`;
}

function page(value: CompiledPage, indent: string): string {
  return object(value, indent, (key, field, inner) =>
    key === 'headings' || key === 'links'
      ? array(field as readonly unknown[], inner, (item) => JSON.stringify(item))
      : key === 'frontmatter'
        ? JSON.stringify(field)
        : undefined,
  );
}

/** `value` as `JSON.stringify(value, null, 2)` writes it, starting at `indent`. */
function json(value: unknown, indent: string): string {
  if (Array.isArray(value)) return array(value, indent, json);
  if (value !== null && typeof value === 'object') return object(value, indent);
  return JSON.stringify(value) ?? 'null';
}

function object(value: object, indent: string, writer?: FieldWriter): string {
  const inner = `${indent}  `;
  const fields = Object.entries(value).filter(([, field]) => field !== undefined);
  if (fields.length === 0) return '{}';
  return `{\n${fields.map(([key, field]) => `${inner}${JSON.stringify(key)}: ${writer?.(key, field, inner) ?? json(field, inner)}`).join(',\n')}\n${indent}}`;
}

function array<T>(items: readonly T[], indent: string, item: (value: T, indent: string) => string): string {
  if (items.length === 0) return '[]';
  const inner = `${indent}  `;
  return `[\n${items.map((value) => inner + item(value, inner)).join(',\n')}\n${indent}]`;
}
