// What an editor, a build plugin or `quire validate --watch` waits for after a save: the compiler's
// update() (createCompiler, through quire-docs/node's openSite, which reads the changed file), on
// a real site, in one process.
//   page      one page's text changes (a paragraph added): that page's diagnostics and those of the
//             pages that link to it
//   docs.json docs.json changes (a navigation label): everything that depends on the navigation
// Each is run 10 times, with the change undone after each; medians of the update() call alone
// (the file already read) and of the whole update (reading the file, the compiler's update).
// The targets, on firecrawl-docs (5,528 pages): a page under 50 ms, docs.json under 500 ms.
// usage: npm run build && node bench/update.mjs [--only <site id>]
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cpus, loadavg } from 'node:os';
import { cacheRoot, corpusRoot, materializeCorpusSite, median } from './lib.mjs';

const argument = (name, fallback) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback);
const site = argument('--only', 'firecrawl__firecrawl-docs');
const { openSite } = await import(new URL('../dist/node/index.js', import.meta.url).href);
const { createCompiler } = await import(new URL('../dist/index.js', import.meta.url).href);
if (!createCompiler) throw new Error('dist has no createCompiler: npm run build first');
if (!readFileSync(`${corpusRoot}sites/${site}/pages.txt`, 'utf8')) throw new Error(`no corpus site ${site}`);
const folder = materializeCorpusSite(site, `${cacheRoot}update-bench/`);

const started = performance.now();
const opened = await openSite(folder, { cwd: folder, offline: true, cache: false, text: false });
console.log(
  `${site}: ${opened.site.files.length} pages, ${opened.site.diagnostics.length} diagnostics; opened in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

const page = firstLinkedPage(opened.site);
const docsJson = 'docs.json';
const results = { machine: { cpus: cpus().length, node: process.version, load: loadavg()[0] }, site, page };
for (const [label, file, edit] of [
  ['page', page, (text) => `${text}\n\nOne more paragraph, written by bench/update.mjs.\n`],
  ['docs.json', docsJson, (text) => text.replace(/"group"\s*:\s*"([^"]*)"/, '"group": "$1 (edited)"')],
]) {
  const absolute = path.join(folder, file);
  const original = readFileSync(absolute, 'utf8');
  const edited = edit(original);
  if (edited === original) throw new Error(`${file}: the edit changed nothing`);
  const core = [];
  const whole = [];
  try {
    // Each run makes two real changes: the edit read from the disk (the whole update), then the
    // original text given to the compiler (update() alone), which leaves the disk and the
    // compiler as they started.
    for (let run = 0; run < 10; run++) {
      writeFileSync(absolute, edited);
      const start = performance.now();
      const result = await opened.update([file]);
      whole.push(performance.now() - start);
      if (!result) throw new Error('no update');
      // The compiler's own work, the file's text given: what a build plugin or an editor calls.
      const coreStart = performance.now();
      opened.compiler.update([{ file, content: file.endsWith('.json') ? original : Buffer.from(original) }]);
      core.push(performance.now() - coreStart);
      writeFileSync(absolute, original);
    }
  } finally {
    writeFileSync(absolute, original);
    await opened.update([file]);
  }
  const medianMs = (list) => median([...list].sort((a, b) => a - b));
  results[label] = { updateMs: medianMs(core), readAndUpdateMs: medianMs(whole) };
  console.log(`${label.padEnd(10)} update() ${medianMs(core).toFixed(1)} ms; read the file and update ${medianMs(whole).toFixed(1)} ms (median of 10)`);
}
writeFileSync(`${cacheRoot}update-results.json`, `${JSON.stringify(results, null, 2)}\n`);

/** The page most other pages link to: the one whose change has the most dependents. */
function firstLinkedPage(site) {
  const counts = new Map();
  for (const facts of site.content.values())
    for (const link of facts.links)
      if (link.url.startsWith('/'))
        counts.set(link.url.replace(/[#?].*$/, '').replace(/^\//, ''), (counts.get(link.url.replace(/[#?].*$/, '').replace(/^\//, '')) ?? 0) + 1);
  const ranked = [...counts].sort((a, b) => b[1] - a[1]);
  for (const [target] of ranked) for (const extension of ['.mdx', '.md']) if (site.files.includes(`${target}${extension}`)) return `${target}${extension}`;
  return site.files[0];
}
