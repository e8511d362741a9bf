import fc from 'fast-check';

// Frontmatter texts built from YAML's building blocks, for property tests of the readers. Many
// are not valid YAML: the properties say what must hold either way.

const word = fc.constantFrom(
  'a',
  'plant',
  'Get',
  'users',
  'x1',
  'é',
  '植物',
  '😊',
  "it's",
  'say "hi"',
  'a:b',
  'http://x.io/a#b',
  'C#',
  '50%',
  '-',
  '--',
  '~',
  'null',
  'true',
  'False',
  'yes',
  'on',
  '1',
  '0x1F',
  '1_000',
  '010',
  '.5',
  '1e3',
  '2024-01-01',
  '&a',
  '*a',
  '!t',
  '@x',
  '`x`',
  '|',
  '>',
  '[a]',
  '{a}',
  '?',
  ',',
  'a,b',
  "''",
  '""',
  '\\',
  '\\n',
);
const words = fc.array(word, { minLength: 1, maxLength: 4 }).map((parts) => parts.join(' '));
const space = fc.constantFrom(' ', '  ', '\t', ' \t');
const indent = fc.constantFrom('', ' ', '  ', '    ', '\t');
const lineBreak = fc.constantFrom('\n', '\r\n');

/** A single-line scalar as written after `key: `. */
const inlineScalar = fc.oneof(
  words,
  words.map((text) => `'${text.replace(/'/g, "''")}'`),
  words.map((text) => `"${text.replace(/["\\]/g, (char) => `\\${char}`)}"`),
  fc.constantFrom(
    '"\\t\\u00e9\\x41\\""',
    '"\\q"',
    "'a''b'",
    '"a\\\\"',
    "'unclosed",
    '"unclosed',
    'a # comment',
    'a: b',
    'a #b',
    '-1',
    '+1',
    '0o7',
    '.inf',
    '~',
    'null',
    'Null',
    'TRUE',
    '',
    '&x value',
    '*x',
    '!!str 1',
    '[a, b]',
    '{a: 1, b: [c]}',
    '[a, [b',
    '@',
    '%x',
    '`x`',
  ),
);

/** A quoted scalar over several lines, the continuation lines at any indentation. */
const multiLineQuoted = fc
  .tuple(fc.constantFrom("'", '"'), fc.array(fc.tuple(words, fc.constantFrom('', ' ', '  '), indent), { minLength: 2, maxLength: 4 }), lineBreak, fc.boolean())
  .map(([quote, lines, newline, blank]) => {
    const escape = (text: string) => (quote === "'" ? text.replace(/'/g, "''") : text.replace(/["\\]/g, (char) => `\\${char}`));
    const body = lines
      .map(([text, trailing, lead], index) => `${index === 0 ? '' : lead}${escape(text)}${trailing}`)
      .join(blank ? `${newline}${newline}` : newline);
    return `${quote}${body}${quote}`;
  });

/** A block scalar: header with chomping, then indented lines. */
const blockScalar = fc
  .tuple(fc.constantFrom('|', '>', '|-', '>+', '|2', '>-'), fc.array(fc.tuple(fc.constantFrom('  ', '    ', '   ', ''), words), { minLength: 1, maxLength: 3 }))
  .map(([header, lines]) => `${header}\n${lines.map(([lead, text]) => `${lead}${text}`).join('\n')}`);

const plainMultiLine = fc.tuple(words, words, indent).map(([first, second, lead]) => `${first}\n${lead}${second}`);
const blockList = fc.array(inlineScalar, { minLength: 1, maxLength: 3 }).map((items) => `\n${items.map((item) => `  - ${item}`).join('\n')}`);
const nestedMap = fc
  .array(fc.tuple(fc.constantFrom('a', 'b', 'og:image'), inlineScalar), { minLength: 1, maxLength: 2 })
  .map((pairs) => `\n${pairs.map(([key, value]) => `  ${key}: ${value}`).join('\n')}`);

const key = fc.constantFrom(
  'title',
  'sidebarTitle',
  'description',
  'icon',
  'hidden',
  'deprecated',
  'tag',
  'og:image',
  'a b',
  '"quoted"',
  "'q'",
  '? x',
  '- title',
  'x-1',
  '_u',
  'mode',
  'title',
);

/** One entry of the frontmatter, or a comment or blank line. */
const entry = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(key, space, inlineScalar).map(([name, separator, value]) => `${name}:${separator}${value}`) },
  { weight: 3, arbitrary: fc.tuple(key, multiLineQuoted).map(([name, value]) => `${name}: ${value}`) },
  { weight: 1, arbitrary: fc.tuple(key, fc.oneof(blockScalar, plainMultiLine, blockList, nestedMap)).map(([name, value]) => `${name}: ${value}`) },
  { weight: 1, arbitrary: fc.constantFrom('# a comment', '', '  ', 'bare text', '- item', 'key:', 'key: &anchor value', 'other: *anchor', '...x') },
);

/** The YAML between the `---` lines of a frontmatter block. */
export const frontmatterYaml = fc
  .tuple(fc.array(fc.tuple(indent, entry), { maxLength: 6 }), fc.boolean(), fc.boolean())
  .map(([entries, crlf, trailingSpaces]) => {
    const text = entries.map(([lead, line], index) => (index > 0 && lead !== '\t' && lead.length < 2 ? `${lead}${line}` : line)).join('\n');
    const spaced = trailingSpaces ? text.replace(/\n/g, ' \n') : text;
    return crlf ? spaced.replace(/\n/g, '\r\n') : spaced;
  });

/** Frontmatter of `key: quoted` entries whose quoted values span lines, and the same with the continuation lines at column 1. */
export const multiLineFrontmatter = fc
  .array(
    fc.tuple(
      fc.constantFrom('title', 'description', 'sidebarTitle', 'keywords', 'x'),
      fc.constantFrom("'", '"'),
      fc.array(words, { minLength: 1, maxLength: 3 }),
    ),
    { minLength: 1, maxLength: 4 },
  )
  .map((entries) => {
    const seen = new Set<string>();
    const unique = entries.filter(([name]) => !seen.has(name) && seen.add(name));
    const write = (lead: string) =>
      unique
        .map(([name, quote, lines]) => {
          const escape = (text: string) => (quote === "'" ? text.replace(/'/g, "''") : text.replace(/["\\]/g, (char) => `\\${char}`));
          return `${name}: ${quote}${lines.map((text, index) => `${index === 0 ? '' : lead}${escape(text)}`).join('\n')}${quote}`;
        })
        .join('\n');
    return { indented: write('  '), underIndented: write('') };
  });
