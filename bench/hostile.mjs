// Hostile pages (issue 36, item 2): pages written to stall or exhaust the reader, each up to 2 MB,
// beside the corpus's largest real pages. For each page: the CPU time and peak memory of
// `readPage` in a process of its own (killed past --timeout seconds), then `quire validate` on a
// site of all of them. Target: at most 1 s of CPU a page. Figures in bench/README.md.
// Usage: npm run build && node bench/hostile.mjs [--timeout 120] [--only braces,long-line] [--no-site]
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { cacheRoot, corpusRoot, measureNode } from './lib.mjs';

const argument = (name, fallback) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback);
const timeoutSeconds = Number(argument('--timeout', '120'));
const only = argument('--only', '')?.split(',').filter(Boolean) ?? [];

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
];

/** The largest pages of the corpus (all sites), as they are. */
function largestCorpusPages(count) {
  const sites = `${corpusRoot}sites/`;
  const pages = [];
  for (const site of readdirSync(sites)) {
    let lines;
    try {
      lines = gunzipSync(readFileSync(`${sites}${site}/content.jsonl.gz`))
        .toString('utf8')
        .split('\n');
    } catch {
      continue;
    }
    for (const line of lines) {
      if (!line) continue;
      const { path: file, text } = JSON.parse(line);
      if (/\.mdx?$/i.test(file)) pages.push({ name: `corpus:${site}/${file}`, text });
    }
  }
  return pages.sort((a, b) => b.text.length - a.text.length).slice(0, count);
}

const folder = `${cacheRoot}hostile/`;
rmSync(folder, { recursive: true, force: true });
mkdirSync(`${folder}site`, { recursive: true });
const entries = HOSTILE_PAGES.filter(([name]) => only.length === 0 || only.includes(name)).map(([name, what, text]) => ({ name, what, text }));
if (only.length === 0)
  for (const page of largestCorpusPages(3)) entries.push({ name: page.name, what: `corpus page, ${(page.text.length / KB).toFixed(0)} KB`, text: page.text });

const reader = `
import { readFileSync } from 'node:fs';
import { readPage } from ${JSON.stringify(new URL('../dist/content/index.js', import.meta.url).href)};
const text = readFileSync(process.argv[2], 'utf8');
const before = process.cpuUsage();
const facts = readPage(text, { file: 'page.mdx' });
const cpu = process.cpuUsage(before);
console.log(JSON.stringify({ cpu: (cpu.user + cpu.system) / 1e6, codes: [...new Set(facts.diagnostics.map((d) => d.code))] }));
`;
writeFileSync(`${folder}read.mjs`, reader);

const rows = [];
for (const [index, entry] of entries.entries()) {
  const file = `${folder}site/page-${index}.mdx`;
  writeFileSync(file, entry.text);
  const bytes = Buffer.byteLength(entry.text);
  const run = measureNode([`${folder}read.mjs`, file], { timeoutMs: timeoutSeconds * 1000 });
  let result = {};
  try {
    result = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}');
  } catch {}
  const cpu = run.timedOut
    ? `> ${timeoutSeconds} s (killed)`
    : result.cpu === undefined
      ? `failed (${run.status}): ${run.stderr.split('\n').find((line) => /Error|FATAL/.test(line)) ?? ''}`
      : `${result.cpu.toFixed(2)} s`;
  const row = {
    name: entry.name,
    what: entry.what,
    size: `${(bytes / KB).toFixed(0)} KB`,
    cpu,
    rss: Number.isNaN(run.rssMB) ? '' : `${run.rssMB.toFixed(0)} MB`,
    codes: (result.codes ?? []).join(' '),
  };
  rows.push(row);
  console.log(`${row.name.padEnd(22)} ${row.size.padStart(8)}  readPage ${row.cpu.padStart(10)}  peak ${row.rss.padStart(7)}  ${row.codes}`);
}

if (!process.argv.includes('--no-site')) {
  const pages = entries.map((_, index) => `page-${index}`);
  writeFileSync(
    `${folder}site/docs.json`,
    JSON.stringify({
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Hostile',
      colors: { primary: '#0D9373' },
      navigation: { groups: [{ group: 'Hostile', pages }] },
    }),
  );
  const cli = new URL('../dist/cli/index.js', import.meta.url).pathname;
  const run = measureNode([cli, 'validate', `${folder}site`, '--no-cache', '--max-diagnostics', '0'], { timeoutMs: timeoutSeconds * 1000 * 4 });
  const summary = run.stdout.trim().split('\n').at(-1);
  console.log(
    `\nquire validate on the ${pages.length} pages: ${run.timedOut ? `> ${timeoutSeconds * 4} s (killed)` : `${(run.ms / 1000).toFixed(1)} s wall, exit ${run.status}`}, peak ${Number.isNaN(run.rssMB) ? '?' : run.rssMB.toFixed(0)} MB; ${summary ?? ''}`,
  );
  if (run.stderr.trim()) console.log(`stderr: ${run.stderr.trim().split('\n').slice(0, 5).join(' | ')}`);
}
console.log(
  `\n| page | what | size | readPage CPU | peak memory | codes |\n| --- | --- | --- | --- | --- | --- |\n${rows.map((row) => `| ${row.name} | ${row.what} | ${row.size} | ${row.cpu} | ${row.rss} | ${row.codes} |`).join('\n')}`,
);
console.log(`(${path.relative(process.cwd(), folder)} holds the pages)`);
