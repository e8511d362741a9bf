import { Document, visit } from 'yaml';
import type { CodeSample, EndpointPage } from '../openapi/types.js';

/** What {@link generateEndpointMdx} reads of a page: an `EndpointPage` has all of it. */
export type EndpointMdxSource = Pick<EndpointPage, 'kind' | 'method' | 'path' | 'metadata' | 'content'>;

/** Options of {@link generateEndpointMdx}. */
export interface EndpointMdxOptions {
  /** Request samples written after the content as a `<RequestExample>`, one code block each (a page's `codeSamples`). */
  codeSamples?: readonly CodeSample[];
}

/**
 * The MDX file of an endpoint or webhook page: YAML frontmatter with `openapi: METHOD /path`
 * (`openapi: webhook name` for a webhook), then the page's metadata (title, description,
 * deprecated, version, the `x-quire.metadata` fields), then `x-quire.content` as the body.
 * The operation is named without its document: the navigation group the page is listed in says
 * which document it is in.
 */
export function generateEndpointMdx(page: EndpointMdxSource, options: EndpointMdxOptions = {}): string {
  const { title, openapi: _fromDocument, ...rest } = page.metadata;
  const frontmatter = { title, openapi: endpointReference(page), ...rest };
  const body = page.content === undefined || page.content.trim() === '' ? '' : `\n${page.content.endsWith('\n') ? page.content : `${page.content}\n`}`;
  const samples = options.codeSamples?.length ? `\n${requestExample(options.codeSamples)}` : '';
  return `---\n${stringifyFrontmatter(frontmatter)}---\n${body}${samples}`;
}

/**
 * A `<RequestExample>` with one fenced block per sample, titled with its label. The fence is
 * longer than any run of backticks in the source, so no sample can close it early; blank lines
 * around the blocks keep them Markdown inside the JSX element.
 */
function requestExample(samples: readonly CodeSample[]): string {
  const blocks = samples.map((sample) => {
    // One longer than the longest run of backticks in the sample, so that none closes the fence.
    let longest = 2;
    for (const run of sample.source.matchAll(/`+/g)) longest = Math.max(longest, run[0].length);
    const fence = '`'.repeat(longest + 1);
    const info = [sample.language.replace(/\s+/g, '-') || 'text', sample.label.replace(/[\r\n]+/g, ' ')].join(' ');
    return `${fence}${info}\n${sample.source.endsWith('\n') ? sample.source : `${sample.source}\n`}${fence}\n`;
  });
  return `<RequestExample>\n\n${blocks.join('\n')}\n</RequestExample>\n`;
}

/** `GET /users/{id}`, or `webhook user.created`: the value of `openapi` in a page's frontmatter. */
export function endpointReference(page: Pick<EndpointPage, 'kind' | 'method' | 'path'>): string {
  return page.kind === 'webhook' ? `webhook ${page.path}` : `${page.method} ${page.path}`;
}

/**
 * Characters a reader could take for the end of a line (the frontmatter fence is found with a
 * regular expression whose `^` matches after U+2028), or that do not survive a round trip through
 * an editor: such strings are written double-quoted, with escapes.
 */
const NEEDS_ESCAPES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\ufeff\ud800-\udfff]/;

/** Blank lines only: spaces, tabs and line breaks, with at least one line break and one space or tab. */
const BLANK_LINES = /^(?=[^\n]*\n)(?=[^ \t]*[ \t])[ \t\n]+$/;

/**
 * YAML for a frontmatter mapping, read back the same by YAML 1.2 and 1.1 parsers alike: strings
 * such as `no`, `on`, `2024-01-01` or `0123`, which a YAML 1.1 reader (js-yaml, gray-matter)
 * would turn into booleans, dates or numbers, are quoted; lines are never folded.
 */
export function stringifyFrontmatter(data: Readonly<Record<string, unknown>>): string {
  return plainFrontmatter(data) ?? yamlFrontmatter(data);
}

/** Words a YAML 1.1 reader takes for booleans or null. */
const YAML_11_WORDS = /^(?:y|yes|n|no|true|false|on|off|null)$/i;
/** Letters that a YAML 1.1 reader may still take for a number: an exponent without digits before it (`e0123`). */
const YAML_11_NUMBER = /^[eE][-+]?[0-9]+$/;
/**
 * Text that every YAML reader takes as that same string when written plain: it starts with a
 * letter (so it is no number, date, indicator or `.inf`), has no line break, tab, control or
 * separator character, no `: ` or ` #`, and no trailing `:` or space.
 */
const PLAIN = /^[A-Za-z](?:[^\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff\ud800-\udfff]*[^\u0000-\u0020\u007f-\u009f\u2028\u2029\ufeff\ud800-\udfff:])?$/;
const KEY = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/**
 * The common frontmatter (a title, `openapi`, a one-line description, `deprecated`) written
 * without building a YAML document, which costs more than the rest of a page; `undefined` when
 * any key or value needs the YAML writer. The property test holds both paths to the same reading.
 */
function plainFrontmatter(data: Readonly<Record<string, unknown>>): string | undefined {
  let text = '';
  for (const key in data) {
    const value = data[key];
    if (value === undefined) continue;
    if (!KEY.test(key) || YAML_11_WORDS.test(key)) return undefined;
    if (typeof value === 'boolean') text += `${key}: ${value}\n`;
    else if (
      typeof value === 'string' &&
      PLAIN.test(value) &&
      !YAML_11_WORDS.test(value) &&
      !YAML_11_NUMBER.test(value) &&
      !value.includes(': ') &&
      !value.includes(' #')
    )
      text += `${key}: ${value}\n`;
    else return undefined;
  }
  return text;
}

function yamlFrontmatter(data: Readonly<Record<string, unknown>>): string {
  // Objects met twice (a YAML spec's anchors, shared `$ref` targets) are written out twice, not as
  // anchors and aliases, which some frontmatter readers refuse.
  const document = new Document(data, { compat: 'yaml-1.1', aliasDuplicateObjects: false });
  visit(document, {
    Scalar(_key, node) {
      // A string ending in several line breaks would be a `|+` block whose last empty lines touch
      // the closing fence, which frontmatter readers cut off; one of blank lines only (spaces,
      // tabs, line breaks) would be a block whose spaces a reader takes for its indentation
      // (" \n" reads back as "\n"): both are written double-quoted too.
      if (typeof node.value === 'string' && (NEEDS_ESCAPES.test(node.value) || node.value.endsWith('\n\n') || BLANK_LINES.test(node.value)))
        node.type = 'QUOTE_DOUBLE';
    },
  });
  // The yaml package leaves these raw inside double quotes; JavaScript's `^` and `$` (which find
  // the closing fence) and YAML 1.1 readers take them for line breaks. Each one is inside a
  // double-quoted scalar (see above), where `\uXXXX` is an escape.
  return document
    .toString({ lineWidth: 0 })
    .replace(/[\u0085\u2028\u2029\ufeff]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()}`);
}
