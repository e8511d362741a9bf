// What a writer waits for when looking at the site (issue 33): `quire dev` and `quire build --html`
// on firecrawl-docs (5,528 page files), each a process of its own, as a user runs it (--offline).
//   dev     `quire dev <site> --port 0`: from the start to the line that gives the URL, to the
//           first page served (/introduction), another page's first view (/features/scrape), the
//           same page again, and from saving a page (a paragraph added) to the reload event the
//           open pages get, then that page served again. Each run starts a new process; the
//           content cache (.quire/cache beside docs.json) is warm after the first.
//   html    `quire build --html <site> -o <tmp>`: wall time, CPU time, peak resident memory.
//   --large also builds the generated 25,000-page site as HTML (bench/generate-content-site.mjs;
//           several minutes), with its output's size.
// The site is copied to bench/.cache/render-bench/ first: the save test edits a page.
// usage: npm run build && node bench/render.mjs [--runs 3] [--only dev|html] [--large]
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, readdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
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
const show = (task, figure, target) => rows.push([task, figure, target]);
const ms = (values) => `${Math.round(median([...values].sort((a, b) => a - b)))} ms (${values.map((value) => Math.round(value)).join(', ')})`;

if (!only || only === 'dev') {
  const runsOf = [];
  for (let run = 0; run < runs; run++) runsOf.push(await devRun(site));
  const column = (key) => runsOf.map((run) => run[key]);
  show('quire dev: the URL printed', ms(column('listening')), '');
  show('quire dev: first page served, from the start', ms(column('firstPage')), '1,500 ms');
  show("quire dev: another page's first view", ms(column('otherPage')), '150 ms');
  show('quire dev: the same page again', ms(column('samePage')), '');
  show('quire dev: save to the reload event', ms(column('saveToReload')), '');
  show('quire dev: save to the page served again', ms(column('saveToPage')), '300 ms (to the browser showing it)');
}

if (!only || only === 'html') {
  htmlRow('quire build --html firecrawl-docs', site, '60 s');
  if (process.argv.includes('--large')) {
    const large = `${cacheRoot}content-site-25000`;
    if (!existsSync(large)) throw new Error(`no ${large}: node bench/generate-content-site.mjs first`);
    htmlRow('quire build --html, 25,000 generated pages', large, '5 min, 1.5 GB', ['--no-cache']);
  }
}

const width = [0, 1, 2].map((index) => Math.max(...rows.map((row) => row[index].length)));
console.log(rows.map((row) => row.map((cell, index) => cell.padEnd(width[index])).join('  ')).join('\n'));

/** One `quire dev` from its start to a save shown, in ms from the start (and from the save). */
async function devRun(folder) {
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
  const listening = performance.now() - started;
  const get = async (pathname) => {
    const response = await fetch(url + pathname);
    if (response.status !== 200) throw new Error(`${pathname}: ${response.status}`);
    return response.text();
  };
  await get('/introduction');
  const firstPage = performance.now() - started;
  let at = performance.now();
  await get('/features/scrape');
  const otherPage = performance.now() - at;
  at = performance.now();
  await get('/features/scrape');
  const samePage = performance.now() - at;
  const events = await fetch(`${url}/_quire/reload`);
  const reader = events.body.getReader();
  await reader.read();
  const file = path.join(folder, 'features/scrape.mdx');
  const text = readFileSync(file, 'utf8');
  const marker = `Edited at ${Date.now()}.`;
  at = performance.now();
  writeFileSync(file, `${text}\n${marker}\n`);
  let received = '';
  while (!received.includes('data: reload')) received += new TextDecoder().decode((await reader.read()).value);
  const saveToReload = performance.now() - at;
  const page = await get('/features/scrape');
  const saveToPage = performance.now() - at;
  if (!page.includes(marker)) throw new Error('the page served after the save does not show it');
  writeFileSync(file, text);
  await reader.cancel();
  child.kill('SIGINT');
  await new Promise((resolve) => child.once('exit', resolve));
  return { listening, firstPage, otherPage, samePage, saveToReload, saveToPage };
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
