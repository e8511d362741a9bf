import { isMap, isScalar, LineCounter, parseDocument, type Document } from 'yaml';
import { inDocumentOrder, type Diagnostic } from '../diagnostics/diagnostic.js';
import { checkFrontmatterFields, hasFrontmatterTypes } from './frontmatter-fields.js';
import { flattenQuotedScalars } from './quoted-scalars.js';
import { parseSimpleYaml } from './simple-yaml.js';
import { MAX_YAML_NESTING, yamlNestingBeyond } from '../util/yaml-nesting.js';
import { detached } from '../util/detach.js';
import type { Icon } from '../config/schemas/common.js';

/**
 * A page's frontmatter: the fields the platform defines, typed as Quire returns them (a field of
 * another type is dropped with a warning), and every other field kept as written.
 */
export interface PageFrontmatter {
  /** Page title, in the navigation, the browser tab and search; from the file name when absent. */
  title?: string;
  /** Label in the sidebar, when shorter than the title. */
  sidebarTitle?: string;
  /** Summary shown under the title, and the meta description. */
  description?: string;
  /** Icon next to the label. */
  icon?: Icon;
  /** Font Awesome style of the icon (`solid`, `regular`, `duotone`, ...). */
  iconType?: string;
  /** Badge next to the label. */
  tag?: string;
  /** Layout: `default`, `wide` (no table of contents), `custom`, `frame` or `center`. */
  mode?: 'default' | 'wide' | 'custom' | 'frame' | 'center';
  /** Taken out of the sidebar (still reachable by its URL, and not indexed). */
  hidden?: boolean;
  /** Kept out of search engines' indexes (`noindex: "true"`, as once documented, reads as true). */
  noindex?: boolean;
  /** Included in the site's search, or not. */
  searchable?: boolean;
  /** Words that find the page in search: a list, or one line of them separated by commas. */
  keywords?: string[] | string;
  /** Search ranking multiplier (`3` ranks the page three times higher). */
  boost?: number;
  /** Marked deprecated in the sidebar and the page header. */
  deprecated?: boolean;
  /** The version the page belongs to, when docs.json defines versions. */
  version?: string;
  /** An external link the sidebar entry opens instead of the page. */
  url?: string;
  /** Canonical URL of the page, for search engines. */
  canonical?: string;
  /** The `robots` meta tag (`noindex, nofollow`). */
  robots?: string;
  /** The endpoint the page documents: `[spec] METHOD /path` or `[spec] webhook name`. */
  openapi?: string;
  /** An endpoint written in the page itself: `METHOD url`. */
  api?: string;
  /** The AsyncAPI channel the page documents. */
  asyncapi?: string;
  /** The OpenAPI schema the page documents: `[spec] Name`. */
  'openapi-schema'?: string;
  /** The request body's media type in the API playground. */
  contentType?: string;
  /** How the API playground authenticates (`bearer`, `basic`, `key`, `none`, ...). */
  authMethod?: string;
  /** The API playground: `interactive`, `simple`, `none` or `auth`. */
  playground?: 'interactive' | 'simple' | 'none' | 'auth';
  /** Hides the method badge of an API page in the sidebar. */
  hideApiMarker?: boolean;
  /** Hides the previous/next links at the bottom of the page. */
  hideFooterPagination?: boolean;
  /** Shows the "last updated" date of the page, or not. */
  timestamp?: boolean;
  /** Offers the page's updates as an RSS feed. */
  rss?: boolean;
  /** Visible without signing in, when the site requires authentication. */
  public?: boolean;
  /** Who may see the page: group names, or rules of groups to include and exclude. */
  groups?: string[] | Array<{ includes?: string[]; excludes?: string[] }>;
  /** Related pages listed at the end (`false` lists none): page paths, or `{ Title: link }`. */
  related?: false | Array<string | Record<string, string>>;
  /** SEO tags (`og:image`, `twitter:title`, ...) override the ones generated for the page. */
  [field: `og:${string}` | `twitter:${string}`]: string | undefined;
  [field: string]: unknown;
}

/** What {@link parseFrontmatter} returns. */
export interface ParsedFrontmatter {
  /** The frontmatter, or `undefined` when the page has none, the platform does not read it, or it is not valid YAML. */
  data: PageFrontmatter | undefined;
  diagnostics: Diagnostic[];
}

/** The frontmatter block: a `---` line at the very start, the YAML, and a closing `---` line. */
const BLOCK = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)(?:^|\r?\n)---[ \t]*(?:\r?\n|$)/m;

/** The YAML of a page's frontmatter block and the page body after it; `undefined` when the page has no frontmatter. */
export function splitFrontmatter(
  text: string,
): { yaml: string; body: string; /** Line of the first YAML line (the one after `---`). */ firstLine: number } | undefined {
  const block = BLOCK.exec(text);
  if (!block || block.index !== 0) return undefined;
  return { yaml: block[1] ?? '', body: text.slice(block[0].length), firstLine: 2 };
}

/**
 * Reads the YAML frontmatter at the top of an MDX page (the text may be only that block).
 * Invalid YAML, and known fields of the wrong type, are diagnostics positioned in the MDX file.
 */
export function parseFrontmatter(text: string, file: string): ParsedFrontmatter {
  const block = platformBlock(text);
  if (block === undefined) return { data: undefined, diagnostics: [] };
  if (typeof block !== 'string')
    return { data: undefined, diagnostics: [{ code: 'frontmatter/not-read', severity: 'warning', file, pointer: '', line: 1, ...block }] };
  // Its values are slices of the block: detached from the page's text, they do not keep it alive.
  const trimmed = trimLikeFrontMatter(detached(block));
  // The common case, plain `key: value` lines with the right types, needs no YAML parser.
  const simple = parseSimpleYaml(trimmed.text);
  if (simple && hasFrontmatterTypes(simple)) return { data: simple, diagnostics: [] };
  // The YAML text starts on the line after the opening `---`.
  const firstLine = 2;
  const deep = yamlNestingBeyond(trimmed.text);
  if (deep) {
    // The YAML parser would run out of stack, which can abort the process (see yaml-nesting.ts).
    return {
      data: undefined,
      diagnostics: [
        {
          code: 'frontmatter/too-deep',
          severity: 'warning',
          message: `The frontmatter nests more than ${MAX_YAML_NESTING} levels deep (fields within fields, \`key:\` after \`key:\` on one line, or brackets), so Quire does not read it: the page has none of its fields here.`,
          file,
          pointer: '',
          line: deep.line + firstLine - 1,
          column: 1,
          hint: 'Write one `field: value` per line; no page needs this nesting.',
        },
      ],
    };
  }
  const { document, source, position: parsedPosition } = parseLikeThePlatform(trimmed.text);
  const positionOf = (offset: number) => {
    const position = parsedPosition(offset);
    return position.line === trimmed.line ? { line: position.line, col: position.col + trimmed.indent } : position;
  };
  const diagnostics: Diagnostic[] = [];
  if (document.errors.length > 0) {
    for (const error of document.errors) {
      const position = positionOf(error.pos[0]);
      diagnostics.push({
        code: 'frontmatter/invalid-yaml',
        severity: 'error',
        message: `Invalid YAML in the frontmatter: ${firstSentence(error.message)}`,
        file,
        pointer: '',
        line: position.line + firstLine - 1,
        column: position.col,
        hint:
          error.code === 'DUPLICATE_KEY'
            ? 'Remove one of the two keys.'
            : 'Quote values that contain `:` or start with a special character, and indent consistently.',
      });
    }
    return { data: undefined, diagnostics };
  }
  let value: unknown;
  try {
    // An alias bomb (aliases of aliases) is refused rather than expanded.
    value = document.toJS({ maxAliasCount: 100 });
  } catch (error) {
    diagnostics.push({
      code: 'frontmatter/invalid-yaml',
      severity: 'error',
      message: `The frontmatter cannot be read: ${(error as Error).message}`,
      file,
      pointer: '',
      line: firstLine,
      column: 1,
      hint: 'Remove the YAML aliases (`*name`) that expand into each other.',
    });
    return { data: undefined, diagnostics };
  }
  if (value === null || value === undefined) return { data: {}, diagnostics };
  if (typeof value !== 'object' || Array.isArray(value) || value instanceof Map || value instanceof Set) {
    // The platform takes such a block as a page without fields, and renders the page.
    const what = Array.isArray(value) ? 'a list' : typeof value === 'object' ? 'not a mapping of fields' : 'a single value';
    diagnostics.push({
      code: 'frontmatter/not-a-mapping',
      severity: 'warning',
      message: `The frontmatter is ${what}, not \`field: value\` lines; it is ignored and the page has no fields.`,
      file,
      pointer: '',
      line: firstLine,
      column: 1,
      hint:
        typeof value === 'string' && !value.includes('\n') && value.length <= 80
          ? `Write \`title: ${value}\` if this is the page's title, or remove the block.`
          : 'Write one `field: value` per line, or remove the block.',
    });
    return { data: {}, diagnostics };
  }
  const data = { ...(value as Record<string, unknown>) } as PageFrontmatter;
  const pairOf = (field: string) =>
    isMap(document.contents) ? document.contents.items.find((item) => isScalar(item.key) && item.key.value === field) : undefined;
  const written = (field: string) => {
    const valueNode = pairOf(field)?.value;
    return isScalar(valueNode) && valueNode.range ? source.slice(valueNode.range[0], valueNode.range[1]) : undefined;
  };
  for (const { field, code, severity, message, hint, suggestions } of checkFrontmatterFields(data, written)) {
    // Point at the field's key: the value may start on a later line.
    const pair = pairOf(field);
    const range = isScalar(pair?.key) ? pair.key.range : undefined;
    const position = positionOf(range?.[0] ?? 0);
    const pointer = `/${field.replaceAll('~', '~0').replaceAll('/', '~1')}`;
    diagnostics.push({
      code,
      severity,
      message,
      file,
      pointer,
      line: position.line + firstLine - 1,
      column: position.col,
      hint,
      ...(suggestions ? { suggestions } : {}),
    });
  }
  return { data, diagnostics: inDocumentOrder(diagnostics) };
}

/**
 * Every field of a frontmatter block's YAML (the text between the `---` lines) as the platform
 * reads it, as {@link parseFrontmatter} does, but each value with its YAML type and none checked:
 * what a tool moves elsewhere and writes back (`migrate-mdx`). `undefined` when the YAML has
 * errors or is not a mapping of fields.
 */
export function readFrontmatterFields(yaml: string): Record<string, unknown> | undefined {
  const text = trimLikeFrontMatter(yaml).text;
  if (yamlNestingBeyond(text)) return undefined;
  const { document } = parseLikeThePlatform(text);
  if (document.errors.length > 0) return undefined;
  let value: unknown;
  try {
    value = document.toJS({ maxAliasCount: 100 });
  } catch {
    return undefined;
  }
  if (value === null || value === undefined) return {};
  if (typeof value !== 'object' || Array.isArray(value) || value instanceof Map || value instanceof Set) return undefined;
  return value as Record<string, unknown>;
}

/**
 * The frontmatter block as the platform (the `front-matter` package) finds it: a `---` line at
 * the very start with nothing after the dashes, and the first later line that is `---` or `...`.
 */
const PLATFORM_BLOCK = /^\uFEFF?---\r?\n([\s\S]*?)(?:^|\r?\n)(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/m;
const OPENING_WITH_SPACES = /^\uFEFF?---[ \t]+(?:\r?\n|$)/;
const OPENING = /^\uFEFF?---[ \t]*(?:\r?\n|$)/;

/**
 * The YAML of the page's frontmatter block; `undefined` when the page has none; what to warn
 * about when the page starts like a frontmatter block that the platform does not read.
 */
function platformBlock(text: string): string | Pick<Diagnostic, 'message' | 'column' | 'hint'> | undefined {
  const block = PLATFORM_BLOCK.exec(text);
  if (block && block.index === 0) return block[1] ?? '';
  if (!OPENING.test(text)) return undefined;
  const closed = BLOCK.exec(text)?.index === 0;
  if (closed && OPENING_WITH_SPACES.test(text)) {
    // front-matter's pattern wants the line break right after the dashes (`---$`).
    return {
      message: 'The opening `---` is followed by spaces, so the platform does not read this frontmatter: the page has none of its fields.',
      column: text.indexOf('---') + 4,
      hint: 'Remove the spaces after `---`.',
    };
  }
  // A page may also start with a thematic break: only a field on the next line says it meant frontmatter.
  if (closed || !/^\uFEFF?---[ \t]*\r?\n[ \t]*[\w-]+[ \t]*:/.test(text)) return undefined;
  return {
    message: 'The frontmatter block is never closed, so the platform does not read it: the page has none of its fields and shows the block as text.',
    column: 1,
    hint: 'Close the block with a `---` line after the last field.',
  };
}

/**
 * The YAML as js-yaml receives it from `front-matter`, which trims it (`/^\s+|\s+$/g`): the
 * indentation of the first field means nothing (`  title: a` then `b: c` are two fields; a tab
 * there is no error), and a block that starts with blank lines then an indented field is read
 * from that field's column. The line breaks are kept so that every line keeps its number; `line`
 * is the (1-based) line of the first field and `indent` what was removed before it. (The end is
 * not trimmed: on the platform that only takes the trailing white space off a last block scalar,
 * `description: |+`, which Quire does not reproduce.)
 */
function trimLikeFrontMatter(yaml: string): { text: string; line: number; indent: number } {
  let start = 0;
  while (start < yaml.length && /\s/.test(yaml[start] as string)) start++;
  if (start === 0) return { text: yaml, line: 1, indent: 0 };
  const leading = yaml.slice(0, start);
  const lastBreak = leading.lastIndexOf('\n');
  return { text: leading.replace(/[^\r\n]/g, '') + yaml.slice(start), line: leading.split('\n').length, indent: start - (lastBreak + 1) };
}

/**
 * Parses the YAML of a frontmatter block as the platform reads it: multi-line quoted scalars
 * are first rewritten the way js-yaml 3 reads them (see `flattenQuotedScalars`), unless the
 * rewritten text does not parse, in which case the text as written and its errors stand.
 * `source` is the text the document was parsed from; `position` gives the line and column in the
 * text as written of an offset in the document.
 */
function parseLikeThePlatform(text: string): { document: Document.Parsed; source: string; position: (offset: number) => { line: number; col: number } } {
  const options = { prettyErrors: false, uniqueKeys: true } as const;
  const lines = new LineCounter();
  const flattened = flattenQuotedScalars(text);
  if (flattened) {
    const document = parseDocument(flattened.text, options);
    if (document.errors.length === 0) {
      lines.addNewLine(0);
      for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) lines.addNewLine(index + 1);
      return { document, source: flattened.text, position: (offset) => lines.linePos(flattened.originalOffset(offset)) };
    }
  }
  return { document: parseDocument(text, { ...options, lineCounter: lines }), source: text, position: (offset) => lines.linePos(offset) };
}

function firstSentence(message: string): string {
  const line = message.split('\n')[0] ?? message;
  return line.replace(/ at line \d+, column \d+:?$/, '').trim() + (line.endsWith('.') ? '' : '.');
}
