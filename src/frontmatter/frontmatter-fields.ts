import type { Severity } from '../diagnostics/diagnostic.js';
import { didYouMeanText, editDistance, nearMisses } from '../diagnostics/suggest.js';
import type { PageFrontmatter } from './frontmatter.js';

/**
 * The frontmatter fields the platform defines, and the values it reads from each. The platform's
 * page metadata type (`PageMetaTags` in `@mintlify/models`) and its documentation
 * (https://mintlify.com/docs/organize/pages, https://mintlify.com/docs/optimize/seo) are the
 * sources; the decisions on values it does not define are explained where they are made.
 */
type FieldKind =
  /** Text; a number or boolean is shown as its text (`version: 2` is "2"). */
  | 'text'
  /** An endpoint (`api`, `openapi`, `asyncapi`): anything but text fails the platform's build. */
  | 'endpoint'
  | 'boolean'
  | 'number'
  /** A list of search keywords, or one line of them separated by commas. */
  | 'keywords'
  /** Who may see the page: group names, or `{ includes, excludes }` rules. */
  | 'groups'
  /** `false`, or a list of page paths and `{ title: link }` entries. */
  | 'related'
  /** An icon name or URL, or `{ name, style, library }`. */
  | 'icon';

/** A field whose value is one word of a fixed set, and what the page does with any other. */
interface ChoiceField {
  values: readonly string[];
  /** What the platform does instead, ending the sentence "…; ". */
  otherwise: string;
}

const FIELD_KINDS: Readonly<Record<string, FieldKind>> = {
  title: 'text',
  sidebarTitle: 'text',
  description: 'text',
  tag: 'text',
  version: 'text',
  url: 'text',
  canonical: 'text',
  robots: 'text',
  'openapi-schema': 'text',
  contentType: 'text',
  authMethod: 'text',
  auth: 'text',
  lastUpdatedDate: 'text',
  createdDate: 'text',
  api: 'endpoint',
  openapi: 'endpoint',
  asyncapi: 'endpoint',
  hidden: 'boolean',
  deprecated: 'boolean',
  noindex: 'boolean',
  searchable: 'boolean',
  public: 'boolean',
  isPublic: 'boolean',
  timestamp: 'boolean',
  hideFooterPagination: 'boolean',
  hideApiMarker: 'boolean',
  rss: 'boolean',
  boost: 'number',
  keywords: 'keywords',
  groups: 'groups',
  related: 'related',
  icon: 'icon',
};

const CHOICE_FIELDS: Readonly<Record<string, ChoiceField>> = {
  // The modes of https://mintlify.com/docs/organize/pages#page-mode.
  mode: { values: ['default', 'wide', 'custom', 'frame', 'center'], otherwise: 'the page gets the default layout' },
  // Font Awesome styles (`iconTypes` of `@mintlify/models`).
  iconType: {
    values: ['brands', 'duotone', 'light', 'regular', 'sharp-duotone-solid', 'sharp-light', 'sharp-regular', 'sharp-solid', 'sharp-thin', 'solid', 'thin'],
    otherwise: 'the icon is drawn in its default style',
  },
  playground: { values: ['interactive', 'simple', 'none', 'auth'], otherwise: "the site's `api.playground.display` applies" },
};

/** The SEO tags a page may set (https://mintlify.com/docs/optimize/seo): text, or a number such as `og:image:width: 1200`. */
const METATAG = /^(?:og|twitter):/;

/** A problem with one field, positioned by the caller at the field's key. */
export interface FieldProblem {
  field: string;
  code: 'frontmatter/invalid-field' | 'frontmatter/unknown-value' | 'frontmatter/invalid-endpoint' | 'frontmatter/misspelled-field';
  severity: Severity;
  message: string;
  hint: string;
  suggestions?: string[];
}

/**
 * Checks the fields the platform defines in `data` (changed in place): an empty field is removed,
 * a number or boolean where text is expected becomes its text, and a value the platform does not
 * read is removed with a problem. `written` gives the text of a field's scalar value as written
 * in the YAML, to tell `3.10` from `3.1`. Other fields are the page's own metadata, kept as they are.
 */
export function checkFrontmatterFields(data: Record<string, unknown>, written: (field: string) => string | undefined): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const field of Object.keys(data)) {
    const kind = kindOf(field);
    const choice = choiceOf(field);
    if (kind === undefined && choice === undefined) {
      const problem = checkSpelling(field, data);
      if (problem) problems.push(problem);
      continue;
    }
    // `description:` with nothing after it is no value, on the platform as here.
    if (data[field] === null) {
      delete data[field];
      continue;
    }
    const value = data[field];
    const problem = choice ? checkChoice(field, value, choice) : checkKind(field, kind as FieldKind, data, written);
    if (!problem) continue;
    problems.push(problem);
    // A value the check did not turn into what the platform reads (`3.1` into "3.1") is ignored.
    if (data[field] === value) delete data[field];
  }
  return problems;
}

// Own properties only: a page may well have a field named `constructor` or `toString`.
function kindOf(field: string): FieldKind | undefined {
  return Object.hasOwn(FIELD_KINDS, field) ? FIELD_KINDS[field] : METATAG.test(field) ? 'text' : undefined;
}

function choiceOf(field: string): ChoiceField | undefined {
  return Object.hasOwn(CHOICE_FIELDS, field) ? CHOICE_FIELDS[field] : undefined;
}

/** Whether every field the platform defines already has the type Quire returns (the fast path). */
export function hasFrontmatterTypes(data: Readonly<Record<string, unknown>>): data is PageFrontmatter {
  for (const [field, value] of Object.entries(data)) {
    const kind = kindOf(field);
    const choice = choiceOf(field);
    if (choice) {
      if (typeof value !== 'string' || !choice.values.includes(value)) return false;
    } else if (kind === 'text' || kind === 'endpoint' || kind === 'keywords' || kind === 'icon') {
      if (typeof value !== 'string') return false;
    } else if (kind === undefined) {
      if (checkSpelling(field, data)) return false;
    } else if (typeof value !== kind) return false;
  }
  return true;
}

/**
 * A field that is not the platform's but is written almost like one of them (`sidebaarTitle`,
 * `Description`) is most likely that one misspelt: the platform, which matches names exactly,
 * ignores it. Only a difference of letter case, or one edit in a name of five or more letters,
 * counts: a shorter name one edit away (`tags` for `tag`) is as likely a field of the page's own.
 * The field is kept, as every field of the page's own is.
 */
function checkSpelling(field: string, data: Readonly<Record<string, unknown>>): FieldProblem | undefined {
  const lowered = field.toLowerCase();
  const meant = [...Object.keys(FIELD_KINDS), ...Object.keys(CHOICE_FIELDS)].find(
    (name) => !Object.hasOwn(data, name) && (name.toLowerCase() === lowered || (field.length >= 5 && editDistance(field, name, 1) === 1)),
  );
  if (meant === undefined) return undefined;
  return {
    field,
    code: 'frontmatter/misspelled-field',
    severity: 'warning',
    message: `\`${field}\` is not a field the platform reads, so it has no effect; \`${meant}\` is.`,
    hint: `Rename it to \`${meant}\` if that is what it means.`,
    suggestions: [meant],
  };
}

function checkChoice(field: string, value: unknown, choice: ChoiceField): FieldProblem | undefined {
  if (typeof value === 'string' && choice.values.includes(value)) return undefined;
  const listed = choice.values.map((name) => `\`${name}\``).join(', ');
  if (typeof value !== 'string') {
    return invalid(
      field,
      `\`${field}\` must be one of ${listed}; it is ignored and ${choice.otherwise}.`,
      `Write \`${field}: ${choice.values[0]}\` or another of those values.`,
    );
  }
  const suggestions = nearMisses(value, choice.values);
  return {
    field,
    code: 'frontmatter/unknown-value',
    severity: 'warning',
    message: `\`${field}: ${value}\` is not one of ${listed}; it is ignored and ${choice.otherwise}.`,
    hint: didYouMeanText(suggestions) ?? `Write one of ${listed}, or remove the field.`,
    ...(suggestions.length ? { suggestions } : {}),
  };
}

function checkKind(field: string, kind: FieldKind, data: Record<string, unknown>, written: (field: string) => string | undefined): FieldProblem | undefined {
  const value = data[field];
  switch (kind) {
    case 'text':
      return checkText(field, data, written);
    case 'endpoint':
      if (typeof value === 'string') return undefined;
      // The platform's build stops at such a page (`InvalidEndpointFrontmatterError` in
      // `@mintlify/common`, rethrown by `@mintlify/prebuild`), even for a number.
      return {
        field,
        code: 'frontmatter/invalid-endpoint',
        severity: 'error',
        message: `\`${field}\` must be one endpoint written as text, such as \`GET /users\`, not ${describe(value)}; the platform's build fails on this page.`,
        hint: Array.isArray(value) ? 'Write one endpoint per page; make a page for each of the others.' : `Quote the value: \`${field}: "METHOD /path"\`.`,
      };
    case 'boolean':
      if (typeof value === 'boolean') return undefined;
      // The platform's own documentation showed `noindex: "true"` (mintlify/docs#1203 took the
      // quotes out), so pages copied from it say that and mean it.
      if (field === 'noindex' && value === 'true') {
        data[field] = true;
        return undefined;
      }
      return invalid(field, `\`${field}\` must be true or false; it is ignored.`, 'Write true or false without quotes.');
    case 'number':
      if (typeof value === 'number' && Number.isFinite(value)) return undefined;
      return invalid(field, `\`${field}\` must be a number; it is ignored.`, `Write a number without quotes, such as \`${field}: 3\`.`);
    case 'keywords':
      return checkKeywords(field, data);
    case 'groups':
      if (isGroups(value)) return undefined;
      return invalid(
        field,
        `\`${field}\` must be a list of group names, or of \`includes\`/\`excludes\` rules; it is ignored.`,
        'Write one group name per list item: `groups: [admin, beta]`.',
      );
    case 'related':
      if (isRelated(value)) return undefined;
      return invalid(
        field,
        `\`${field}\` must be false or a list of pages (a path, or \`Title: link\`); it is ignored.`,
        'Write one page path per list item, or `related: false`.',
      );
    case 'icon':
      if (typeof value === 'string' || (isRecord(value) && typeof value.name === 'string')) return undefined;
      return invalid(
        field,
        `\`${field}\` must be an icon name, a URL or path to an image, or \`{ name, library, style }\`; it is ignored and the page has no icon.`,
        'Write the icon name as text: `icon: book-open`.',
      );
  }
}

/** A number or boolean where text is expected reads as its text (`title: 3.1` is "3.1"); only when that text is not what was written is there something to say. */
function checkText(field: string, data: Record<string, unknown>, written: (field: string) => string | undefined): FieldProblem | undefined {
  const value = data[field];
  if (typeof value === 'string') return undefined;
  if (typeof value !== 'number' && typeof value !== 'boolean') return invalid(field, `\`${field}\` must be a string; it is ignored.`, 'Quote the value.');
  const text = String(value);
  data[field] = text;
  const source = written(field) ?? text;
  if (source === text) return undefined;
  return invalid(field, `\`${field}\` is read as the ${typeof value} ${text}, not the text \`${source}\`.`, `Quote the value: \`${field}: "${source}"\`.`);
}

/**
 * Keywords are documented as a list (`keywords: ['search', 'indexing']`); one line of them
 * (`keywords: a, b`) is what meta keywords are, and real pages write it: both are kept. A number
 * in the list (`429`) is its text.
 */
function checkKeywords(field: string, data: Record<string, unknown>): FieldProblem | undefined {
  const value = data[field];
  if (typeof value === 'string') return undefined;
  if (Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean')) {
    data[field] = value.map((item) => String(item));
    return undefined;
  }
  return invalid(field, `\`${field}\` must be a list of words or phrases; it is ignored.`, 'Write one keyword per list item: `keywords: [search, indexing]`.');
}

function isGroups(value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  if (value.every((item) => typeof item === 'string' && item !== '')) return true;
  const isNames = (names: unknown) => names === undefined || (Array.isArray(names) && names.every((name) => typeof name === 'string' && name !== ''));
  return value.every(
    (rule) => isRecord(rule) && Object.keys(rule).every((key) => key === 'includes' || key === 'excludes') && isNames(rule.includes) && isNames(rule.excludes),
  );
}

function isRelated(value: unknown): boolean {
  if (value === false) return true;
  if (!Array.isArray(value)) return false;
  return value.every(
    (entry) =>
      typeof entry === 'string' || (isRecord(entry) && Object.keys(entry).length === 1 && Object.values(entry).every((link) => typeof link === 'string')),
  );
}

function invalid(field: string, message: string, hint: string): FieldProblem {
  return { field, code: 'frontmatter/invalid-field', severity: 'warning', message, hint };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (isRecord(value)) return 'a mapping';
  return `the ${typeof value} ${String(value)}`;
}
