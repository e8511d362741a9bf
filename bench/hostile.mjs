// Hostile pages (issue 36, item 2): pages written to stall or exhaust the reader, each up to 2 MB,
// beside the corpus's largest real pages. For each page: the CPU time and peak memory of reading
// it as Quire does in Node (`loadSite` of a site of that one page: satteri, and the reference
// parser within its budget for what satteri refuses), in a process of its own (killed past
// --timeout seconds), then `quire validate` on a site of all of them. `--reference` reads each
// with `readPage` alone (the reference parser, as in a browser) instead. Target: at most 1 s of
// CPU a page. Figures in bench/README.md.
// Usage: npm run build && node bench/hostile.mjs [--timeout 120] [--runs 3] [--only braces,long-line] [--no-site] [--reference]
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { HOSTILE_PAGES } from './hostile-pages.mjs';
import { cacheRoot, corpusRoot, measureNode } from './lib.mjs';

const argument = (name, fallback) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback);
const timeoutSeconds = Number(argument('--timeout', '120'));
const only = argument('--only', '')?.split(',').filter(Boolean) ?? [];
const reference = process.argv.includes('--reference');
const runs = Number(argument('--runs', '3'));

const KB = 1024;

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

// Quire's reading path in Node: loadSite of a site holding the one page (its overhead, docs.json
// and the listing, is a few milliseconds of the CPU time). process.cpuUsage counts every thread,
// the reference parser's too.
const reader = reference
  ? `
import { readFileSync } from 'node:fs';
import { readPage } from ${JSON.stringify(new URL('../dist/content/index.js', import.meta.url).href)};
const text = readFileSync(process.argv[2], 'utf8');
const before = process.cpuUsage();
const facts = readPage(text, { file: 'page.mdx' });
const cpu = process.cpuUsage(before);
console.log(JSON.stringify({ cpu: (cpu.user + cpu.system) / 1e6, codes: [...new Set(facts.diagnostics.map((d) => d.code))] }));
`
  : `
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadSite } from ${JSON.stringify(new URL('../dist/node/index.js', import.meta.url).href)};
const site = mkdtempSync(path.join(path.dirname(process.argv[2]), 'one-'));
writeFileSync(path.join(site, 'docs.json'), JSON.stringify({ theme: 'mint', name: 'One', colors: { primary: '#0D9373' }, navigation: { groups: [{ group: 'One', pages: ['page'] }] } }));
writeFileSync(path.join(site, 'page.mdx'), '# Warm-up\\n');
// A first load of a one-line page loads Quire's modules and satteri: that is the start of the
// process, not the reading of the page, and is not counted.
await loadSite(site, { cache: false, offline: true, text: false });
copyFileSync(process.argv[2], path.join(site, 'page.mdx'));
const before = process.cpuUsage();
const loaded = await loadSite(site, { cache: false, offline: true, text: false });
const cpu = process.cpuUsage(before);
const codes = [...new Set(loaded.diagnostics.filter((d) => d.file.endsWith('page.mdx')).map((d) => d.code))];
console.log(JSON.stringify({ cpu: (cpu.user + cpu.system) / 1e6, codes }));
process.exit(0);
`;
writeFileSync(`${folder}read.mjs`, reader);

const rows = [];
for (const [index, entry] of entries.entries()) {
  const file = `${folder}site/page-${index}.mdx`;
  writeFileSync(file, entry.text);
  const bytes = Buffer.byteLength(entry.text);
  // The median of `--runs` reads (CPU time on this shared machine varies by a third from run to run).
  const reads = [];
  for (let time = 0; time < runs; time++) {
    const run = measureNode([`${folder}read.mjs`, file], { timeoutMs: timeoutSeconds * 1000 });
    let result = {};
    try {
      result = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}');
    } catch {}
    reads.push({ run, result });
    if (run.timedOut || result.cpu === undefined) break;
  }
  reads.sort((a, b) => (a.result.cpu ?? Infinity) - (b.result.cpu ?? Infinity));
  const { run, result } = reads[Math.floor((reads.length - 1) / 2)];
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
  console.log(
    `${row.name.padEnd(22)} ${row.size.padStart(8)}  ${reference ? 'readPage' : 'read'} ${row.cpu.padStart(10)}  peak ${row.rss.padStart(7)}  ${row.codes}`,
  );
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
  `\n| page | what | size | ${reference ? 'readPage' : 'read'} CPU | peak memory | codes |\n| --- | --- | --- | --- | --- | --- |\n${rows.map((row) => `| ${row.name} | ${row.what} | ${row.size} | ${row.cpu} | ${row.rss} | ${row.codes} |`).join('\n')}`,
);
console.log(`(${path.relative(process.cwd(), folder)} holds the pages)`);
