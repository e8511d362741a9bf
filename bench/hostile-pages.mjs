// The hostile pages of bench/hostile.mjs and bench/hostile-scale.mjs (issue 36, item 2): pages
// written to stall or exhaust the reader, each up to 2 MB.

/** Repeats `unit` to about `bytes` characters. */
const fill = (unit, bytes) => unit.repeat(Math.max(1, Math.floor(bytes / unit.length)));
const KB = 1024;

/** The hostile set: name, what it is, text. */
export const HOSTILE_PAGES = [
  ['braces', '128,000 `{`/`}` in 131 KB', fill('{}', 128_000)],
  ['long-line', 'one 1.1 MB line of prose with inline markup', `# Long\n\n${fill('word *em* `code` [link](/x) ', 1100 * KB)}\n`],
  ['long-line-plain', 'one 1.1 MB line of plain words', `# Long\n\n${fill('lorem ipsum ', 1100 * KB)}\n`],
  ['nested-div', '5,000 nested `<div>`', `${'<div>\n'.repeat(5000)}x\n${'</div>\n'.repeat(5000)}`],
  ['nested-div-inline', '5,000 nested `<div>` on one line', `${'<div>'.repeat(5000)}x${'</div>'.repeat(5000)}\n`],
  ['frontmatter-line', 'one 512 KB frontmatter line of `key: "value"` pairs', `---\n${fill('title: "A" description: "x y z" ', 512 * KB)}\n---\n\n# Page\n`],
  [
    'frontmatter-dashes',
    'the same line with `--- ` before each pair (a block never closed by `---` alone)',
    `${fill('--- title: "A" description: "x y z" ', 512 * KB)}\n`,
  ],
  ['list-one-line', '2,400 list markers on one line (`- - - …`)', `${'- '.repeat(2400)}x\n`],
  ['list-indented', '1,000 nested list items by indentation', Array.from({ length: 1000 }, (_, level) => `${'  '.repeat(level)}- item ${level}`).join('\n')],
  ['blockquote-deep', '5,000 nested block quotes on one line', `${'> '.repeat(5000)}x\n`],
  [
    'blockquote-lines',
    '10,000 lines, each one quote deeper (to 100)',
    Array.from({ length: 10_000 }, (_, line) => `${'> '.repeat(line % 100)}line ${line}`).join('\n'),
  ],
  ['links', '50,000 links', fill('[a link](/guides/page#anchor) ', 1500 * KB)],
  ['emphasis', '200,000 unmatched `*` and `_`', fill('*a _b ', 1200 * KB)],
  ['backticks', 'runs of 1 to 30 backticks, unmatched', Array.from({ length: 40_000 }, (_, index) => '`'.repeat((index % 30) + 1) + ' x ').join('')],
  ['fence-unclosed', 'a code fence never closed, 1.9 MB', `\`\`\`js\n${fill('const a = `${b}`; // {x}\n', 1900 * KB)}`],
  ['jsx-attributes', 'one element with 50,000 attributes', `<Card ${Array.from({ length: 50_000 }, (_, index) => `a${index}="v"`).join(' ')}>x</Card>\n`],
  ['expressions', '30,000 nested `{` expressions, closed', `${'{'.repeat(30_000)}x${'}'.repeat(30_000)}\n`],
  ['html-comments', '100,000 unclosed `<!--`', fill('<!-- ', 500 * KB)],
  ['headings', '60,000 headings with the same text', fill('## Setup\n\n', 600 * KB)],
  [
    'table',
    'a table of 16,000 rows and 30 columns',
    `| ${Array.from({ length: 30 }, (_, c) => `c${c}`).join(' | ')} |\n|${' --- |'.repeat(30)}\n${fill(`| ${Array.from({ length: 30 }, () => 'x').join(' | ')} |\n`, 1900 * KB)}`,
  ],
  ['math', '100,000 `$` signs', fill('$a$ $$ ', 700 * KB)],
  // Nesting inside a paragraph (inline): satteri's time grows with the square of the depth here.
  ['nested-span-inline', '4,000 nested `<span>` in a paragraph', `Text ${'<span>'.repeat(4000)}x${'</span>'.repeat(4000)}\n`],
  ['nested-span-2mb', 'nested `<span>` in a paragraph, 2 MB', `Text ${fill('<span>', 900 * KB)}x${fill('</span>', 1050 * KB)}\n`],
  ['nested-span-unclosed', 'nested `<span>` in a paragraph never closed, 2 MB', `Text ${fill('<span>', 2000 * KB)}x\n`],
  ['nested-links', 'links nested in link text, 2 MB', `${fill('[a ', 700 * KB)}x${fill('](/b)', 1200 * KB)}\n`],
  ['nested-emphasis', 'emphasis nested in emphasis, 2 MB', `${fill('*a _b ', 1000 * KB)}x${fill('_ *', 700 * KB)}\n`],
  ['nested-strong', '`**` and `~~` nested, 2 MB', `${fill('**a ~~b ', 1100 * KB)}x${fill('~~ **', 750 * KB)}\n`],
  ['line-of-lt', 'one 2 MB line of `<`', `${fill('<', 2000 * KB)}\n`],
  ['line-of-lt-letter', 'one 2 MB line of `<a `', `${fill('<a ', 2000 * KB)}\n`],
  ['line-of-braces', 'one 2 MB line of `{`', `${fill('{', 2000 * KB)}\n`],
  ['line-of-backticks', 'one 2 MB line of backticks', `${fill('`', 2000 * KB)}\n`],
  ['unclosed-tags', '2 MB of unclosed `<Note>` lines', fill('<Note>\n', 2000 * KB)],
  ['unclosed-tags-inline', '2 MB of unclosed `<b>` in paragraphs', fill('Some <b>bold\n\n', 2000 * KB)],
];
