// What a writer waits for when looking at the site (issue 33): `quire dev` and `quire build --html`
// on firecrawl-docs (5,528 page files), each a process of its own, as a user runs it (--offline).
//   dev     `quire dev <site> --port 0`, each figure the wall time a user waits and the CPU time of
//           the process meanwhile (from /proc; the machine has 2 cores shared with other work):
//           from the start to the line that gives the URL; to the first page served
//           (/introduction, asked for as soon as the URL is printed, its whole HTML received),
//           which the last run served too (its HTML kept), and again without the kept HTML;
//           another page's first view asked for at once (/features/scrape: while the checks run),
//           and another's a second later (/features/crawl);
//           the checks done (the line with the counts); after a pause, another page's first view
//           (/features/search) and the same page again; and from saving a page (a paragraph
//           added) to the reload event on the live-reload stream, then to that page's new HTML.
//           Each run starts a new process; the content cache (.quire/cache beside docs.json) is
//           warm after the first.
//   html    `quire build --html <site> -o <tmp>`: wall time, CPU time, peak resident memory.
//   --large also builds the generated 25,000-page site as HTML (bench/generate-content-site.mjs;
//           several minutes), with its output's size.
// The site is copied to bench/.cache/render-bench/ first: the save test edits a page.
// usage: npm run build && node bench/render.mjs [--runs 3] [--only dev|html] [--large]
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, readdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { cacheRoot, corpusRoot, materializeCorpusSite, measureNode, median } from './lib.mjs';

const argument = (name, fallback) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback);
const runs = Number(argument('--runs', '3'));
const only = argument('--only', undefined);
const cli = new URL('../dist/cli/index.js', import.meta.url).pathname;
if (!existsSync(cli)) throw new Error('no dist/cli/index.js: npm run build first');

const siteId = 'firecrawl__firecrawl-docs';
if (!existsSync(`${corpusRoot}sites/${siteId}`)) throw new Error(`no corpus site ${siteId}`);
const source = materializeCorpusSite(siteId, `${cacheRoot}update-bench/`);
const site = `${cacheRoot}render-bench/${siteId}`;
if (!existsSync(site)) cpSync(source, site, { recursive: true, dereference: true });

console.log(`${cpus().length} cores, load average ${loadavg()[0].toFixed(1)} at the start\n`);
const rows = [];
const show = (task, figure, target, cpu = '') => rows.push([task, figure, target, cpu]);
const ms = (values) => `${Math.round(median([...values].sort((a, b) => a - b)))} ms (${values.map((value) => Math.round(value)).join(', ')})`;

if (!only || only === 'dev') {
  const runsOf = [];
  for (let run = 0; run < runs; run++) {
    keepOnly(site, '/introduction');
    runsOf.push(await devRun(site));
  }
  // The same start without the HTML the last run kept of its pages (dev-pages.v8): a first page
  // the last run did not serve is made from the kept outline.
  const unkept = [];
  for (let run = 0; run < runs; run++) {
    rmSync(path.join(site, '.quire', 'cache', 'dev-pages.v8'), { force: true });
    unkept.push(await devRun(site, { firstOnly: true }));
  }
  const column = (key) => runsOf.map((run) => run[key]);
  const cpu = (key) => `CPU ${ms(runsOf.map((run) => run.cpu[key]))}`;
  show('quire dev: the URL printed', ms(column('listening')), '', cpu('listening'));
  show('quire dev: first page served, from the start (served by the last run)', ms(column('firstPage')), '1,500 ms', cpu('firstPage'));
  show(
    'quire dev: first page served, from the start (not kept)',
    ms(unkept.map((run) => run.firstPage)),
    '1,500 ms',
    `CPU ${ms(unkept.map((run) => run.cpu.firstPage))}`,
  );
  show("quire dev: another page's first view, at once", ms(column('otherPage')), '150 ms', cpu('otherPage'));
  show("quire dev: another page's first view, a second later", ms(column('clickPage')), '150 ms', cpu('clickPage'));
  show('quire dev: the checks done, from the start', ms(column('checked')), '', cpu('checked'));
  show("quire dev: another page's first view, after", ms(column('laterPage')), '150 ms', cpu('laterPage'));
  show('quire dev: the same page again', ms(column('samePage')), '', cpu('samePage'));
  show('quire dev: save to the reload event', ms(column('saveToReload')), '', cpu('saveToReload'));
  show('quire dev: save to the page served again', ms(column('saveToPage')), '300 ms (to the browser showing it)', cpu('saveToPage'));
  console.log(
    `load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(', ')} at the end of the dev runs`,
  );
}

if (!only || only === 'html') {
  htmlRow('quire build --html firecrawl-docs', site, '60 s');
  if (process.argv.includes('--large')) {
    const large = `${cacheRoot}content-site-25000`;
    if (!existsSync(large)) throw new Error(`no ${large}: node bench/generate-content-site.mjs first`);
    htmlRow('quire build --html, 25,000 generated pages', large, '5 min, 1.5 GB', ['--no-cache']);
  }
}

const width = [0, 1, 2, 3].map((index) => Math.max(...rows.map((row) => row[index].length)));
console.log(rows.map((row) => row.map((cell, index) => cell.padEnd(width[index])).join('  ')).join('\n'));

/**
 * Leaves in the pages' HTML `quire dev` keeps (.quire/cache/dev-pages.v8) the page `href` only:
 * the other pages a run asks for are then first views, as in a reader's session, not pages the
 * run before served.
 */
function keepOnly(folder, href) {
  const file = path.join(folder, '.quire', 'cache', 'dev-pages.v8');
  if (!existsSync(file)) return;
  const kept = deserialize(readFileSync(file));
  writeFileSync(file, serialize({ ...kept, pages: kept.pages.filter(([page]) => page === href) }));
}

/** The CPU time (user and system) of a process so far, in ms, from /proc (Linux). */
function cpuOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

/** One `quire dev` from its start to a save shown: each figure in ms (wall, from its own start), and the process's CPU time meanwhile. */
async function devRun(folder, { firstOnly = false } = {}) {
  const started = performance.now();
  const child = spawn(process.execPath, [cli, 'dev', folder, '--port', '0', '--offline'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stderr.on('data', (chunk) => (output += chunk));
  const url = await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const found = /quire dev: (http:\S+)/.exec(output);
      if (found) resolve(found[1]);
    });
    child.once('exit', (code) => reject(new Error(`quire dev exited with ${code}: ${output}`)));
  });
  const figures = { cpu: {} };
  let from = started;
  let cpuFrom = 0;
  const mark = (key) => {
    figures[key] = performance.now() - from;
    const now = cpuOf(child.pid);
    figures.cpu[key] = now - cpuFrom;
  };
  const start = (fromStart = false) => {
    from = fromStart ? started : performance.now();
    cpuFrom = fromStart ? 0 : cpuOf(child.pid);
  };
  mark('listening');
  const get = async (pathname) => {
    const response = await fetch(url + pathname);
    if (response.status !== 200) throw new Error(`${pathname}: ${response.status}`);
    return response.text();
  };
  await get('/introduction');
  mark('firstPage');
  if (firstOnly) {
    while (!/\d+ errors?, \d+ warnings?/.test(output)) await new Promise((resolve) => setTimeout(resolve, 10));
    child.kill('SIGINT');
    await new Promise((resolve) => child.once('exit', resolve));
    return figures;
  }
  start();
  await get('/features/scrape');
  mark('otherPage');
  // A reader's next click, a second later (the site is being read and checked meanwhile).
  await new Promise((resolve) => setTimeout(resolve, 1000));
  start();
  await get('/features/crawl');
  mark('clickPage');
  while (!/\d+ errors?, \d+ warnings?/.test(output)) await new Promise((resolve) => setTimeout(resolve, 10));
  start(true);
  mark('checked');
  // What runs while idle after the checks (the languages warmed) is done; a user reads a page meanwhile.
  await new Promise((resolve) => setTimeout(resolve, 5000));
  start();
  await get('/features/search');
  mark('laterPage');
  start();
  await get('/features/search');
  mark('samePage');
  const events = await fetch(`${url}/_quire/reload`);
  const reader = events.body.getReader();
  await reader.read();
  const file = path.join(folder, 'features/scrape.mdx');
  const text = readFileSync(file, 'utf8');
  const marker = `Edited at ${Date.now()}.`;
  start();
  writeFileSync(file, `${text}\n${marker}\n`);
  let received = '';
  while (!received.includes('data: reload')) received += new TextDecoder().decode((await reader.read()).value);
  mark('saveToReload');
  const saveFrom = { from, cpuFrom };
  const page = await get('/features/scrape');
  ({ from, cpuFrom } = saveFrom);
  mark('saveToPage');
  if (!page.includes(marker)) throw new Error('the page served after the save does not show it');
  writeFileSync(file, text);
  await new Promise((resolve) => setTimeout(resolve, 500));
  await reader.cancel();
  child.kill('SIGINT');
  await new Promise((resolve) => child.once('exit', resolve));
  return figures;
}

function htmlRow(task, folder, target, flags = []) {
  const out = path.join(mkdtempSync(path.join(tmpdir(), 'quire-render-bench-')), 'out');
  const result = measureNode([cli, 'build', '--html', folder, '-o', out, '--offline', ...flags]);
  if (result.status !== 0 && result.status !== 1) throw new Error(`${task}: exit ${result.status}\n${result.stderr}`);
  const built = /Built .*/.exec(result.stdout)?.[0] ?? '';
  const pages = Number(/Built ([\d,]+) pages/.exec(built)?.[1]?.replaceAll(',', '') ?? Number.NaN);
  const { bytes, html } = sizeOf(out);
  const cpu = Number.isNaN(result.cpuMs) ? '' : `, ${(result.cpuMs / 1000).toFixed(1)} s CPU`;
  show(
    task,
    `${(result.ms / 1000).toFixed(1)} s${cpu}, ${Math.round(result.rssMB)} MB peak, output ${(bytes / 1024 / 1024).toFixed(0)} MB (${Math.round(html / pages / 1024)} KB a page)`,
    target,
  );
  console.log(`${task}: load average ${loadavg()[0].toFixed(1)} at the end`);
  console.log(`${task}: ${built}`);
  rmSync(path.dirname(out), { recursive: true, force: true });
}

/** The bytes of every file of `folder`, and of its `.html` files. */
function sizeOf(folder) {
  let bytes = 0;
  let html = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const size = statSync(path.join(entry.parentPath ?? entry.path, entry.name)).size;
    bytes += size;
    if (entry.name.endsWith('.html')) html += size;
  }
  return { bytes, html };
}
