import { createElement as h, Fragment, type ReactNode } from 'react';

/**
 * Code blocks: highlighted with shiki on the server, so the browser runs no highlighter. Tokens
 * are coloured with CSS variables (`color:var(--shiki-token-keyword)`, shiki's CSS-variables
 * theme) that the component CSS sets to GitHub's colours, light and dark by the `.dark` class:
 * one tokenization for both modes (shiki's dual themes tokenize once per theme: three times the
 * time on the corpus's code), and a site theme may recolour code. shiki is an optional peer dependency loaded by {@link prepareCodeHighlighting}:
 * rendering is synchronous (`renderToString`), so the highlighter and every language a page uses
 * must be loaded before the page renders. Without shiki, or for a language shiki does not know,
 * a block renders as plain text in the same frame.
 */

/** What a code fence's meta says (```js title="a.js" {1,3-4} lines wrap```). */
export interface CodeMeta {
  /** `title="..."`, or the words before the first `{...}` or `key=value` (```bash npm```). */
  title?: string;
  /** 1-based line numbers to highlight, from `{1,3-4}` or `highlight="{1,3}"`. */
  highlight: ReadonlySet<number>;
  /** 1-based line numbers marked as focused (`focus={2}`). */
  focus: ReadonlySet<number>;
  /** Whether lines are numbered (`lines`, `showLineNumbers`). */
  lines: boolean;
  /** Whether long lines wrap instead of scrolling (`wrap`). */
  wrap: boolean;
  /** The icon named by `icon="..."`. */
  icon?: string;
  /** Whether the block can be expanded (`expandable`): drawn collapsed to a height, with a toggle. */
  expandable: boolean;
}

/** Reads a code fence's meta string. Unknown words and keys are ignored, as the platform does. */
export function parseCodeMeta(meta: string | undefined): CodeMeta {
  const parsed: CodeMeta = { highlight: new Set(), focus: new Set(), lines: false, wrap: false, expandable: false };
  if (!meta) return parsed;
  let rest = meta;
  const take = (pattern: RegExp): RegExpExecArray | null => {
    const match = pattern.exec(rest);
    if (match) rest = rest.slice(0, match.index) + ' ' + rest.slice(match.index + match[0].length);
    return match;
  };
  const quoted = take(/\btitle=(?:"([^"]*)"|'([^']*)'|\{["'`]([^"'`]*)["'`]\})/);
  if (quoted) parsed.title = quoted[1] ?? quoted[2] ?? quoted[3];
  const icon = take(/\bicon=(?:"([^"]*)"|'([^']*)')/);
  if (icon) parsed.icon = icon[1] ?? icon[2];
  const highlight = take(/\bhighlight=(?:"\{?([^"}]*)\}?"|\{([^}]*)\}|'([^']*)')/);
  if (highlight) addRanges(parsed.highlight as Set<number>, highlight[1] ?? highlight[2] ?? highlight[3] ?? '');
  const focus = take(/\bfocus=(?:"\{?([^"}]*)\}?"|\{([^}]*)\}|'([^']*)')/);
  if (focus) addRanges(parsed.focus as Set<number>, focus[1] ?? focus[2] ?? focus[3] ?? '');
  for (;;) {
    const ranges = take(/\{([\d,\s-]+)\}/);
    if (!ranges) break;
    addRanges(parsed.highlight as Set<number>, ranges[1] ?? '');
  }
  // Other key=value pairs (`theme={null}`, `twoslash`, ...) are not titles.
  rest = rest.replace(/\b[\w-]+=(?:"[^"]*"|'[^']*'|\{[^}]*\}|\S+)/g, ' ');
  const words = rest.trim().split(/\s+/).filter(Boolean);
  const flags = new Set(['lines', 'showLineNumbers', 'wrap', 'expandable', 'twoslash', 'noCopy']);
  parsed.lines = words.includes('lines') || words.includes('showLineNumbers');
  parsed.wrap = words.includes('wrap');
  parsed.expandable = words.includes('expandable');
  if (parsed.title === undefined) {
    const title = words.filter((word) => !flags.has(word)).join(' ');
    if (title) parsed.title = title;
  }
  return parsed;
}

function addRanges(lines: Set<number>, text: string): void {
  for (const part of text.split(',')) {
    const range = /^\s*(\d+)\s*(?:-\s*(\d+))?\s*$/.exec(part);
    if (!range) continue;
    const start = Number(range[1]);
    const end = Math.min(range[2] === undefined ? start : Number(range[2]), start + 10_000);
    for (let line = start; line <= end; line++) lines.add(line);
  }
}

/** The part of shiki's highlighter this module uses (typed here: shiki is optional). */
interface Highlighter {
  codeToTokens(
    code: string,
    options: { lang: string; theme: string; tokenizeMaxLineLength?: number; tokenizeTimeLimit?: number },
  ): { tokens: { content: string; color?: string; fontStyle?: number }[][] };
  loadLanguage(...languages: string[]): Promise<void>;
  getLoadedLanguages(): string[];
}

interface Shiki {
  highlighter: Highlighter;
  /** Language ids and aliases shiki bundles, to the id to load. */
  bundled: Map<string, string>;
}

/** The name of the shiki theme code is tokenized with: its colours are CSS variables. */
const THEME = 'quire-css-variables';

// Fence languages that are not programming languages: drawn as plain text, no load.
const PLAIN = new Set(['text', 'txt', 'plain', 'plaintext', 'output', 'console-output', 'mermaid', 'math', 'latex-output']);

/**
 * Languages a grammar highlights inside its code when they are loaded, and only then (shiki's
 * lazily embedded languages), for the parts any block of it may have: an MDX block's JSX and
 * expressions (tsx) and frontmatter (YAML, TOML), a Markdown block's frontmatter and HTML. They are
 * loaded with it, so that a block is drawn the same whichever pages were drawn before it (a build
 * drew `{word}` in an `mdx` fence coloured only after a page with `tsx`). A fence inside such a
 * block names its language, which the page's fences bring (see {@link fenceLanguages}); loading
 * every lazily embedded language instead (42 for MDX) took 7 s.
 */
const LOADED_WITH: Record<string, readonly string[]> = {
  mdx: ['tsx', 'yaml', 'toml'],
  markdown: ['yaml', 'toml', 'html'],
};

let shiki: Promise<Shiki | undefined> | undefined;
let ready: Shiki | undefined;
/** shiki was asked for and is not installed. */
let unavailable = false;
/** Languages code was drawn in as plain text because they were not loaded (see {@link takeMissedLanguages}). */
const missed = new Set<string>();

/**
 * The languages of code drawn as plain text since the last call because they were not loaded
 * (code from a snippet, a component or an endpoint's samples, not seen in the page's fences),
 * emptied: loading them with {@link prepareCodeHighlighting} and rendering again highlights it.
 * Empty when shiki is not installed.
 */
export function takeMissedLanguages(): string[] {
  const languages = [...missed];
  missed.clear();
  return languages;
}

/**
 * Loads shiki once per process, then every language of `languages` it knows (fence names and
 * aliases: `sh`, `py`, `ts`) not loaded yet: only the languages pages use, when they are first
 * used (loading 22 common ones up front made the first page of `quire dev` wait 2.5 s). Resolves to whether highlighting is
 * available (false when shiki is not installed). Call before rendering a page, with the
 * languages of its code fences ({@link fenceLanguages}); `prepareRender` does both.
 */
export async function prepareCodeHighlighting(languages: Iterable<string> = []): Promise<boolean> {
  shiki ??= loadShiki();
  const loaded = await shiki;
  if (!loaded) {
    unavailable = true;
    return false;
  }
  const wanted = new Set<string>();
  const known = new Set(loaded.highlighter.getLoadedLanguages());
  for (const language of languages) {
    const id = loaded.bundled.get(language.toLowerCase());
    if (!id || known.has(id)) continue;
    wanted.add(id);
    for (const embedded of LOADED_WITH[id] ?? []) if (!known.has(embedded)) wanted.add(embedded);
  }
  if (wanted.size > 0) {
    for (const id of wanted) await loaded.highlighter.loadLanguage(id);
    warmUp(loaded.highlighter, wanted);
  }
  ready = loaded;
  return true;
}

/** Tokenizes a line of each language, so that its grammar's first rules are compiled before pages render. */
function warmUp(highlighter: Highlighter, languages: Iterable<string>): void {
  for (const lang of languages) {
    try {
      highlighter.codeToTokens('x = "x" // x', { lang, theme: THEME, tokenizeTimeLimit: TOKENIZE_TIME_LIMIT });
    } catch {
      // A grammar that fails here fails on the page too, which then shows plain text.
    }
  }
}

async function loadShiki(): Promise<Shiki | undefined> {
  let module: typeof import('shiki');
  try {
    module = await import('shiki');
  } catch {
    return undefined;
  }
  const theme = module.createCssVariablesTheme({ name: THEME, variablePrefix: '--shiki-', fontStyle: true });
  const highlighter = (await module.createHighlighter({ themes: [theme], langs: [] })) as unknown as Highlighter;
  const bundled = new Map<string, string>();
  for (const info of module.bundledLanguagesInfo) {
    bundled.set(info.id, info.id);
    for (const alias of info.aliases ?? []) bundled.set(alias, info.id);
  }
  return { highlighter, bundled };
}

/** The languages named by a page's code fences (```` ```ts ````, `~~~py`), lowercased. */
export function fenceLanguages(text: string): Set<string> {
  const languages = new Set<string>();
  for (const match of text.matchAll(/^[ \t>]*(?:`{3,}|~{3,})[ \t]*([\w+#.-]+)/gm)) languages.add((match[1] as string).toLowerCase());
  return languages;
}

/** One highlighted token: its text and its colour (a CSS variable) and font style, or plain text. */
type Token = { content: string; style?: Record<string, string> };

// A line longer than this (minified JSON, base64) is drawn without colours past that length:
// grammars take time that grows faster than the line.
const MAX_TOKENIZED_LINE = 2000;

// shiki stops tokenizing a line after this many milliseconds and leaves its rest one token (500
// by default). A grammar compiles its rules on first use, within that time: on a loaded machine
// the first line of a language lost its colours. Languages are warmed up when loaded, and the
// limit is higher, so that the same page gives the same HTML however busy the machine is.
const TOKENIZE_TIME_LIMIT = 5000;

// Highlighted blocks by language and code: a site repeats its code blocks across versions,
// translations and endpoints (firecrawl-docs draws 20,900 blocks, 5,745 of them different). The
// blocks used longest ago are let go past 4 million characters of code, so that a long-lived
// server does not keep them all; clearing them all past 2,000 blocks made a build of
// firecrawl-docs tokenize 12,941 blocks instead of 5,745.
const highlightedBlocks = new Map<string, Token[][]>();
const HIGHLIGHTED_CHARACTERS = 4_000_000;
let highlightedCharacters = 0;

function tokenStyle(color: string | undefined, fontStyle: number | undefined): Record<string, string> | undefined {
  // The foreground is the block's own colour: most tokens need no style.
  const own = color === undefined || color === 'var(--shiki-foreground)';
  if (own && !fontStyle) return undefined;
  const style: Record<string, string> = {};
  if (!own) style.color = color;
  // shiki's FontStyle flags: 1 italic, 2 bold, 4 underline.
  if (fontStyle && fontStyle & 1) style.fontStyle = 'italic';
  if (fontStyle && fontStyle & 2) style.fontWeight = 'bold';
  if (fontStyle && fontStyle & 4) style.textDecoration = 'underline';
  return style;
}

/** The lines of `code` as tokens, highlighted when shiki and the language are loaded. */
export function highlightLines(code: string, language: string | undefined): { lines: Token[][]; highlighted: boolean } {
  const text = code.replace(/\n$/, '');
  const id = language && !PLAIN.has(language) ? ready?.bundled.get(language.toLowerCase()) : undefined;
  if (
    language &&
    !PLAIN.has(language) &&
    shiki !== undefined &&
    !unavailable &&
    (ready === undefined || (id && !ready.highlighter.getLoadedLanguages().includes(id)))
  )
    missed.add(language.toLowerCase());
  if (ready && id && ready.highlighter.getLoadedLanguages().includes(id)) {
    const key = `${id}\0${text}`;
    const cached = highlightedBlocks.get(key);
    if (cached) {
      // Used again: the last to be let go.
      highlightedBlocks.delete(key);
      highlightedBlocks.set(key, cached);
      return { lines: cached, highlighted: true };
    }
    try {
      const { tokens } = ready.highlighter.codeToTokens(text, {
        lang: id,
        theme: THEME,
        tokenizeMaxLineLength: MAX_TOKENIZED_LINE,
        tokenizeTimeLimit: TOKENIZE_TIME_LIMIT,
      });
      const lines = tokens.map((line) => line.map((token) => ({ content: token.content, style: tokenStyle(token.color, token.fontStyle) })));
      highlightedBlocks.set(key, lines);
      highlightedCharacters += key.length;
      for (const oldest of highlightedBlocks.keys()) {
        if (highlightedCharacters <= HIGHLIGHTED_CHARACTERS) break;
        highlightedBlocks.delete(oldest);
        highlightedCharacters -= oldest.length;
      }
      return { lines, highlighted: true };
    } catch {
      // A grammar that fails on this text: plain text rather than no page.
    }
  }
  return { lines: text.split('\n').map((line) => [{ content: line }]), highlighted: false };
}

/** What {@link CodeBlock} draws: a fence's code, language and meta. */
export interface CodeBlockProps {
  code: string;
  language?: string;
  meta?: string;
  /** Drawn without its own title bar and copy button (inside a `CodeGroup`, whose header has them). */
  bare?: boolean;
}

/**
 * A code block: a title bar (title, or the language) with a copy button (`data-quire-copy`: the
 * client script copies the block's text), then the highlighted lines, each a `span.line` with
 * `data-line`; highlighted lines carry `data-highlighted`, and `lines` adds numbers.
 */
export function CodeBlock({ code, language, meta, bare }: CodeBlockProps): ReactNode {
  const parsed = parseCodeMeta(meta);
  const { lines, highlighted } = highlightLines(code, language);
  const classes = [
    'quire-code',
    highlighted ? 'shiki' : 'plain',
    parsed.lines ? 'has-line-numbers' : '',
    parsed.wrap ? 'wrap' : '',
    parsed.highlight.size > 0 ? 'has-highlights' : '',
    parsed.focus.size > 0 ? 'has-focus' : '',
  ]
    .filter(Boolean)
    .join(' ');
  const body = h(
    'pre',
    { className: classes, 'data-language': language, tabIndex: 0 },
    h(
      'code',
      null,
      lines.map((tokens, index) => {
        const number = index + 1;
        // The line break goes between the lines' spans, not inside them, so that a line drawn as
        // a block of the code's width (for its highlight) stays one line tall.
        const line = h(
          'span',
          {
            className: 'line',
            'data-line': number,
            'data-highlighted': parsed.highlight.has(number) ? '' : undefined,
            'data-focused': parsed.focus.has(number) ? '' : undefined,
          },
          tokens.map((token, tokenIndex) => (token.style ? h('span', { key: tokenIndex, style: token.style }, token.content) : token.content)),
        );
        return h(Fragment, { key: index }, line, index < lines.length - 1 ? '\n' : null);
      }),
    ),
  );
  const label = parsed.title ?? (language && !PLAIN.has(language) ? language : undefined);
  return h(
    'div',
    { className: `code-block${bare ? ' code-block-bare' : ''}${parsed.expandable ? ' code-expandable' : ''}`, 'data-title': parsed.title },
    bare ? null : h('div', { className: 'code-header' }, h('span', { className: 'code-title' }, label ?? ''), copyButton()),
    body,
  );
}

/** The copy button of a code block: the client script copies the nearest block's `pre` text. */
export function copyButton(): ReactNode {
  return h(
    'button',
    { type: 'button', className: 'copy-button', 'data-quire-copy': '', 'aria-label': 'Copy code', title: 'Copy' },
    h(
      'svg',
      {
        viewBox: '0 0 24 24',
        width: 14,
        height: 14,
        'aria-hidden': true,
        fill: 'none',
        stroke: 'currentColor',
        strokeWidth: 2,
        strokeLinecap: 'round',
        strokeLinejoin: 'round',
      },
      h('rect', { x: 9, y: 9, width: 13, height: 13, rx: 2 }),
      h('path', { d: 'M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1' }),
    ),
  );
}
