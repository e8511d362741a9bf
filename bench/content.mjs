// Reading the content, Quire beside the incumbent, on the largest corpus sites and a generated one.
// For each site, in one run, each in a child process measured alike (wall time, peak RSS):
//   link-rot  @mintlify/link-rot's getBrokenInternalLinks (anchors and snippets too), bench/link-rot/check.mjs
//   cold      quire validate <site> --format json --offline, after deleting <site>/.quire
//   unchanged the same again, nothing changed (the cold run kept its report)
//   warm      the same again after one page's text changed (the cold run left the cache)
//   floor     (with --floor) the design card's parser alone on the site's pages, keeping nothing
//             (bench/parse-floor.mjs), in 1 to max(2, cores) worker threads, with V8's default
//             collector and with --single-threaded-gc, and in one thread with its heap capped
//             (young generation 16 MB, old 48 MB): what no change inside Quire can go below;
//             and satteri, the parser Quire reads pages with since issue 32, in one thread
// Prints a table with the ratios quire/link-rot and writes bench/.cache/content-results.json.
// Issue 32's targets: cold at most 0.1 of link-rot's time and 0.3 of its memory on firecrawl-docs,
// the generated 25,000-page site cold under 40 s, unchanged under 1 s on firecrawl-docs.
// usage: npm run build && node bench/content.mjs [--pages N (generated site, default 25000)]
//          [--only <site id>|generated] [--timeout <seconds per link-rot run, default 1800>] [--floor]
import { cpus, loadavg } from 'node:os';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateContentSite } from './generate-content-site.mjs';
import { cacheRoot, corpusRoot, installLinkRot, materializeCorpusSite, measureNode } from './lib.mjs';

const CORPUS_SITES = ['firecrawl__firecrawl-docs', 'Comfy-Org__docs', 'Firma-esign__firma-docs'];
const argument = (name, fallback) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback);
const pageCount = Number(argument('--pages', 25_000));
const timeoutSeconds = Number(argument('--timeout', 1800));
const cli = new URL('../dist/cli/index.js', import.meta.url).pathname;
const checker = new URL('link-rot/check.mjs', import.meta.url).pathname;
const floorScript = new URL('parse-floor.mjs', import.meta.url).pathname;
if (!existsSync(cli)) throw new Error('dist/cli/index.js is missing: npm run build first');

installLinkRot();
const only = argument('--only');
const names = only ? [only] : [...CORPUS_SITES, 'generated'];
const results = { machine: { cpus: cpus().length, node: process.version, loadAtStart: loadavg()[0] }, sites: [] };

for (const name of names) {
  const site = prepare(name);
  const result = { site: name, pages: countPages(site) };
  console.log(`\n${name}: ${result.pages} pages`);

  rmSync(path.join(site, '.quire'), { recursive: true, force: true });
  result.linkRot = linkRot(site, name);
  report('link-rot', result.linkRot);

  rmSync(path.join(site, '.quire'), { recursive: true, force: true });
  result.cold = validate(site);
  report('quire cold', result.cold);

  // Nothing changed: the report the cold run kept is printed again.
  result.unchanged = validate(site);
  report('quire unchanged', result.unchanged);

  const page = firstPage(site);
  const original = readFileSync(page, 'utf8');
  writeFileSync(page, `${original}\nOne more paragraph, written by bench/content.mjs.\n`);
  try {
    result.warm = validate(site);
  } finally {
    writeFileSync(page, original);
  }
  result.warm.changedPage = path.relative(site, page);
  report('quire warm', result.warm);
  if (process.argv.includes('--floor')) {
    result.floor = floor(site);
    for (const run of result.floor)
      report(run.label, run, `  (${(run.seconds / result.linkRot.seconds).toFixed(3)} / ${(run.rssMB / result.linkRot.rssMB).toFixed(3)} of link-rot)`);
  }
  results.sites.push(result);
}

results.machine.loadAtEnd = loadavg()[0];
const resultsFile = `content-results${only ? `-${only}` : ''}.json`;
writeFileSync(`${cacheRoot}${resultsFile}`, `${JSON.stringify(results, null, 2)}\n`);
console.log(`\n${table(results.sites)}`);
console.log(
  `\nload average ${results.machine.loadAtStart.toFixed(1)} at start, ${results.machine.loadAtEnd.toFixed(1)} at end, on ${results.machine.cpus} cores; results in bench/.cache/${resultsFile}`,
);

/** The site's folder: a corpus site written out under bench/.cache/content-bench, or the generated one. */
function prepare(name) {
  if (name === 'generated') {
    const folder = `${cacheRoot}content-site-${pageCount}/`;
    if (!existsSync(`${folder}.bench.json`)) {
      console.log(`generating a ${pageCount}-page site into ${folder} ...`);
      generateContentSite(folder, pageCount);
    }
    return folder;
  }
  if (!existsSync(`${corpusRoot}sites/${name}`)) throw new Error(`no corpus site ${name}`);
  // A folder of its own: validate writes <site>/.quire, which no other script should see.
  return materializeCorpusSite(name, `${cacheRoot}content-bench/`);
}

function countPages(site) {
  if (existsSync(`${site}.bench.json`)) return JSON.parse(readFileSync(`${site}.bench.json`, 'utf8')).pages;
  const id = path.basename(site);
  return readFileSync(`${corpusRoot}sites/${id}/pages.txt`, 'utf8').split('\n').filter(Boolean).length;
}

/** The first page of the navigation that has a file: the page a writer is most likely editing. */
function firstPage(site) {
  const pages = JSON.stringify(JSON.parse(readFileSync(`${site}docs.json`, 'utf8')).navigation ?? {}).match(/"[^"{}[\]:,]+"/g) ?? [];
  for (const quoted of pages) {
    for (const extension of ['.mdx', '.md']) {
      const file = path.join(site, `${quoted.slice(1, -1).replace(/^\//, '')}${extension}`);
      if (existsSync(file)) return file;
    }
  }
  throw new Error(`${site}: no page of the navigation has a file`);
}

function linkRot(site, name) {
  const out = `${cacheRoot}content-link-rot-${name}.json`;
  rmSync(out, { force: true });
  rmSync(`${out}.peak`, { force: true });
  const run = measureNode([checker, site, '--out', out], { timeoutMs: timeoutSeconds * 1000 });
  // Cut short, it has only the peak it had reached: a lower bound of what it needs.
  if (run.timedOut && existsSync(`${out}.peak`)) run.rssMB = Number(readFileSync(`${out}.peak`, 'utf8')) / 1024;
  const answer = existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')) : undefined;
  const outcome = run.timedOut
    ? `stopped after ${timeoutSeconds} s`
    : answer?.broken
      ? `${answer.broken.length} broken links`
      : answer
        ? `stopped: ${answer.error.slice(0, 160)}`
        : `exited with ${run.status}`;
  return { seconds: run.ms / 1000, rssMB: run.rssMB, timedOut: run.timedOut, outcome };
}

function validate(site) {
  const run = measureNode([cli, 'validate', site, '--format', 'json', '--offline']);
  let outcome;
  try {
    const answer = JSON.parse(run.stdout);
    outcome = `${answer.errors} errors, ${answer.warnings} warnings`;
  } catch {
    outcome = `exited with ${run.status}: ${run.stderr.trim().split('\n').pop()}`;
  }
  return { seconds: run.ms / 1000, rssMB: run.rssMB, outcome };
}

/**
 * The parser alone (bench/parse-floor.mjs) on the site's pages: in one worker thread, as Quire
 * parses on two cores, with V8's heap sizes and with a small heap (memory traded for time); then
 * in as many threads as the machine has cores (at least two), with V8's default collector (whose
 * helper threads share the cores) and with --single-threaded-gc.
 */
function floor(site) {
  const runs = [];
  const measure = (label, args) => {
    const run = measureNode([
      ...args.flags,
      floorScript,
      site,
      '--threads',
      String(args.threads),
      ...(args.heap ? ['--heap', args.heap.join(',')] : []),
      ...(args.parser ? ['--parser', args.parser] : []),
    ]);
    runs.push({ label, ...args, seconds: run.ms / 1000, rssMB: run.rssMB, outcome: floorOutcome(run) });
  };
  measure('floor 1', { threads: 1, flags: [] });
  measure('satteri 1', { threads: 1, flags: [], parser: 'satteri' });
  measure('floor 1 16+48', { threads: 1, flags: [], heap: [16, 48] });
  for (let threads = 2; threads <= Math.max(2, cpus().length); threads++) {
    measure(`floor ${threads}`, { threads, flags: [] });
    measure(`floor ${threads} 1gc`, { threads, flags: ['--single-threaded-gc'] });
  }
  return runs;
}

function floorOutcome(run) {
  try {
    const answer = JSON.parse(run.stdout);
    return `${answer.files} files, ${(answer.bytes / 1e6).toFixed(1)} M characters, ${answer.errors} not parsed`;
  } catch {
    return `exited with ${run.status}: ${run.stderr.trim().split('\n').pop()}`;
  }
}

function report(label, run, extra = '') {
  console.log(`  ${label.padEnd(13)} ${run.seconds.toFixed(2).padStart(8)} s ${run.rssMB.toFixed(0).padStart(6)} MB  ${run.outcome}${extra}`);
}

function table(sites) {
  const header = ['site', 'pages', 'link-rot s', 'MB', 'cold s', 'MB', 'time ratio', 'mem ratio', 'unchanged s', 'warm s', 'MB'];
  const rows = sites.map((result) => {
    // A link-rot run cut off by the time limit took at least that long and needed at least the
    // memory it had reached: its ratios are upper bounds.
    const bound = result.linkRot.timedOut ? '<=' : '';
    return [
      result.site,
      String(result.pages),
      `${bound ? '>' : ''}${result.linkRot.seconds.toFixed(1)}`,
      `${bound ? '>' : ''}${result.linkRot.rssMB.toFixed(0)}`,
      result.cold.seconds.toFixed(2),
      result.cold.rssMB.toFixed(0),
      `${bound}${(result.cold.seconds / result.linkRot.seconds).toFixed(3)}`,
      `${bound}${(result.cold.rssMB / result.linkRot.rssMB).toFixed(3)}`,
      result.unchanged.seconds.toFixed(2),
      result.warm.seconds.toFixed(2),
      result.warm.rssMB.toFixed(0),
    ];
  });
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ');
  return [
    line(header),
    ...rows.map(line),
    'targets (issue 32): time ratio <= 0.1, mem ratio <= 0.3, unchanged < 1 s (firecrawl-docs); generated 25,000 pages cold < 40 s',
  ].join('\n');
}
