// resolveNavigation beside parseDocsJson, time and memory, on the generated 40,000-page docs.json
// and the largest corpus site; and loadSite on a generated site of 20,000 MDX pages on disk.
// Usage: npm run build && node --expose-gc bench/navigation.mjs [--runs N] [--no-load]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDocsJson, resolveNavigation } from '../dist/index.js';
import { listPageFiles, loadSite } from '../dist/node/index.js';
import { generateDocsJson } from './generate-docs-json.mjs';
import { cacheRoot, median, medianOf, medianRatio, row, timeSideBySide } from './lib.mjs';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 31;
if (typeof globalThis.gc !== 'function') throw new Error('run with node --expose-gc');

/** Heap retained by the result of `fn` (after a full GC), in MiB. */
function retained(fn) {
  globalThis.gc();
  const before = process.memoryUsage().heapUsed;
  const keep = fn();
  globalThis.gc();
  const after = process.memoryUsage().heapUsed;
  if (!keep) throw new Error('nothing kept');
  return (after - before) / 1024 / 1024;
}

/** Every field a renderer may read from a node of the tree. */
const FIELDS = [
  'kind',
  'label',
  'pointer',
  'icon',
  'hidden',
  'openapi',
  'version',
  'versionTag',
  'language',
  'breadcrumbs',
  'path',
  'href',
  'title',
  'description',
  'tag',
  'deprecated',
  'index',
  'previous',
  'next',
  'section',
];

/** Reads every field of every node, as a renderer drawing the whole site would. */
function readEveryField(nodes) {
  let count = 0;
  for (const node of nodes) {
    for (const field of FIELDS) if (node[field] !== undefined) count++;
    if (node.children) count += readEveryField(node.children);
  }
  return count;
}

function compare(label, text, files) {
  const parsed = parseDocsJson(text);
  if (!parsed.config) throw new Error(`${label}: docs.json has errors`);
  const options = files ? { files } : {};
  // Steady state: resolving with files runs code that the generated site never reaches, and
  // the engine takes about ten runs to optimise it; every side gets the same warm-up, and the
  // sides run in turn (timeSideBySide), so that the machine's changing speed falls on both alike.
  const warmup = 10;
  const [parseTimes, resolveTimes] = timeSideBySide([() => parseDocsJson(text), () => resolveNavigation(parsed.config, options)], { runs, warmup });
  const [parse, resolve] = [parseTimes, resolveTimes].map(medianOf);
  const ratio = medianRatio(resolveTimes, parseTimes);
  // Apart, so that their garbage stays out of the two timings compared above. With positions: a
  // fresh parse result each time, so that the first `locate` (which indexes the text) is paid as
  // a caller resolving once pays it; the parse itself is subtracted.
  const [resolveAndRead, parseAgain, parseAndResolve] = timeSideBySide(
    [
      () => readEveryField(resolveNavigation(parsed.config, options).tree.root.children),
      () => parseDocsJson(text),
      () => {
        const fresh = parseDocsJson(text);
        resolveNavigation(fresh.config, { ...options, locate: fresh.locate });
      },
    ],
    { runs, warmup },
  ).map(medianOf);
  const parseMemory = retained(() => parseDocsJson(text));
  const resolveMemory = retained(() => resolveNavigation(parsed.config, options));
  const result = resolveNavigation(parsed.config, options);
  console.log(
    `${label}: ${result.pages.list.length.toLocaleString('en-US')} page entries, ${(text.length / 1024 / 1024).toFixed(1)} MiB, ${result.diagnostics.length} diagnostics`,
  );
  console.log(row('  parseDocsJson', parse, `retains ${parseMemory.toFixed(1)} MiB`));
  console.log(row(`  resolveNavigation${files ? ' (with files)' : ''}`, resolve, `retains ${resolveMemory.toFixed(1)} MiB`));
  console.log(row('  resolveNavigation, then every field read', resolveAndRead));
  if (result.diagnostics.length) console.log(row('  resolveNavigation with locate (positions)', parseAndResolve - parseAgain, '(parse + resolve - parse)'));
  console.log(
    `  resolving costs ${ratio.toFixed(2)}x parsing (context only: navigation is about 1% of quire validate, see bench/plain-nav.mjs): median of the ${runs} rounds' ratios; ratio of the medians ${(resolve / parse).toFixed(2)}x\n`,
  );
}

// Each comparison runs in a process of its own, so that neither inherits the other's heap or the
// engine's state (a forced full collection between them skewed the next one: the collector's
// schedule after it slowed resolving, which allocates more, by about a tenth).
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
if (only === undefined) {
  for (const which of ['generated', 'largest']) {
    const child = spawnSync(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url), '--only', which, '--runs', String(runs)], { stdio: 'inherit' });
    if (child.status !== 0) process.exit(child.status ?? 1);
  }
} else if (only === 'generated') {
  compare('generated docs.json', JSON.stringify(generateDocsJson(), null, 2));
  process.exit(0);
} else {
  const corpus = new URL('../../shared/corpus/sites/', import.meta.url).pathname;
  if (existsSync(corpus)) {
    const largest = readdirSync(corpus)
      .map((site) => ({ site, size: readFileSync(path.join(corpus, site, 'docs.json')).length }))
      .sort((a, b) => b.size - a.size)
      .find(({ site }) => parseDocsJson(readFileSync(path.join(corpus, site, 'docs.json'), 'utf8')).config);
    // Its page files, as loadSite lists them: pages.txt names them, and they are made (empty)
    // once in bench/.cache, so that resolve gets the very strings a real call gets from fast-glob.
    const pagesFolder = `${cacheRoot}pages-${largest.site}/`;
    const listed = readFileSync(path.join(corpus, largest.site, 'pages.txt'), 'utf8')
      .split('\n')
      .filter(Boolean);
    if (!existsSync(pagesFolder)) {
      for (const file of listed) {
        mkdirSync(path.dirname(pagesFolder + file), { recursive: true });
        writeFileSync(pagesFolder + file, '');
      }
    }
    const files = await listPageFiles(pagesFolder);
    compare(
      `largest valid corpus site (${largest.site}, its ${files.length.toLocaleString('en-US')} page files)`,
      readFileSync(path.join(corpus, largest.site, 'docs.json'), 'utf8'),
      files,
    );
  } else console.log('(no ../shared/corpus: corpus site skipped)\n');
  process.exit(0);
}

if (process.argv.includes('--no-load')) process.exit(0);

// A site of 20,000 pages on disk: 200 groups of 100 pages, each page with frontmatter and a long body.
const site = `${cacheRoot}site-20k/`;
if (!existsSync(`${site}docs.json`)) {
  const groups = Array.from({ length: 200 }, (_, g) => ({ group: `Group ${g}`, pages: Array.from({ length: 100 }, (_, p) => `section-${g}/page-${p}`) }));
  for (let g = 0; g < 200; g++) {
    mkdirSync(`${site}section-${g}`, { recursive: true });
    for (let p = 0; p < 100; p++) {
      writeFileSync(
        `${site}section-${g}/page-${p}.mdx`,
        `---\ntitle: Page ${g}.${p}\ndescription: Generated page ${p} of group ${g}\nicon: file\n---\n\n${'Lorem ipsum dolor sit amet. '.repeat(400)}\n`,
      );
    }
  }
  writeFileSync(`${site}docs.json`, JSON.stringify({ theme: 'mint', name: 'Bench', colors: { primary: '#0D9373' }, navigation: { groups } }));
}
const loads = [];
for (let index = 0; index < 5; index++) {
  const start = performance.now();
  const loaded = await loadSite(site);
  loads.push(performance.now() - start);
  if (loaded.diagnostics.length || loaded.pages.byPath.size !== 20_000 || loaded.frontmatter.size !== 20_000)
    throw new Error('loadSite did not load the generated site cleanly');
}
console.log('loadSite on 20,000 MDX pages (frontmatter read from disk, warm cache):');
console.log(row('  loadSite', median(loads.sort((a, b) => a - b)), `(min ${Math.min(...loads).toFixed(0)} ms)`));
