// End-to-end `quire validate` of two builds side by side, run by run in turn: the three largest
// corpus sites with their content, and a generated site of 40,000 pages on disk (the navigation of
// bench/generate-docs-json.mjs, each page a small MDX file). Made to decide whether the navigation
// code's custom data structures pay for themselves (issue 16): a change that moves a figure by
// less than 5% is not worth its machinery.
//
// Each build gets its own copy of every site (the content cache lives beside docs.json and its key
// holds the build id), warmed by one run; then each round runs both builds, alternating which goes
// first. Both builds must print the same diagnostics, or the script fails.
//
// usage: npm run build && a copy of main's dist, package.json and node_modules in /tmp/plainnav-before &&
//        node bench/plain-nav.mjs --before /tmp/plainnav-before/dist [--after dist] [--runs 9] [--only <id>]
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { cacheRoot, medianOf, medianRatio } from './lib.mjs';
import { generateDocsJson } from './generate-docs-json.mjs';

const argument = (name, fallback) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback);
const before = path.resolve(argument('--before', '/tmp/plainnav-before/dist'));
const after = path.resolve(argument('--after', new URL('../dist', import.meta.url).pathname));
const runs = Number(argument('--runs', '9'));
const only = argument('--only', undefined);
const corpusSites = argument('--corpus-sites', '/tmp/corpus-sites');
const root = `${cacheRoot}plain-nav/`;

const SITES = ['firecrawl__firecrawl-docs', 'Comfy-Org__docs', 'Firma-esign__firma-docs', 'generated-40k'];

/** The generated site: the 40,000-page navigation, each page an MDX file with frontmatter and a few paragraphs. */
function generatedSite() {
  const folder = `${root}generated-40k/`;
  if (existsSync(`${folder}.done`)) return folder;
  rmSync(folder, { recursive: true, force: true });
  const config = generateDocsJson();
  const pages = [];
  const collect = (value, inPages) => {
    if (typeof value === 'string') {
      if (inPages) pages.push(value);
    } else if (Array.isArray(value)) for (const item of value) collect(item, inPages);
    else if (value && typeof value === 'object') for (const [key, child] of Object.entries(value)) collect(child, key === 'pages');
  };
  collect(config.navigation, false);
  for (const [index, page] of pages.entries()) {
    mkdirSync(path.dirname(`${folder}${page}`), { recursive: true });
    const sibling = pages[index % 20 === 19 ? index - 1 : index + 1];
    writeFileSync(
      `${folder}${page}.mdx`,
      `---\ntitle: Page ${index}\ndescription: Generated page ${index}\n---\n\n## Overview\n\nSee [the next page](/${sibling}) for more.\n\n${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(8)}\n\n\`\`\`bash\ncurl https://example.com/${index}\n\`\`\`\n`,
    );
  }
  writeFileSync(`${folder}docs.json`, JSON.stringify(config, null, 2));
  writeFileSync(`${folder}.done`, `${pages.length} pages\n`);
  return folder;
}

/** The site's copy for one build (made once), without the cache another build left in it. */
function copyFor(side, site) {
  const source = site === 'generated-40k' ? generatedSite() : `${corpusSites}/${site}/`;
  const target = `${root}${side}/${site}/`;
  if (!existsSync(`${target}.copied`)) {
    rmSync(target, { recursive: true, force: true });
    cpSync(source, target, { recursive: true, filter: (file) => !file.includes(`${path.sep}.quire`) && !file.endsWith('.done') });
    writeFileSync(`${target}.copied`, '');
  }
  return target;
}

function validate(dist, folder) {
  const start = performance.now();
  // Run in the site's folder, so that both builds print the same file names.
  const result = spawnSync(process.execPath, [`${dist}/cli/index.js`, 'validate', '.', '--format', 'json'], {
    cwd: folder,
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  const ms = performance.now() - start;
  if ((result.status !== 0 && result.status !== 1) || !result.stdout.startsWith('{'))
    throw new Error(`${dist} on ${folder}: exit ${result.status}\n${result.stderr}`);
  // The report's own `file` is absolute: the copies' folders differ.
  return { ms, output: result.stdout.split(folder).join('<site>/') };
}

const gitHead = (dist) => {
  try {
    return execFileSync('git', ['-C', path.dirname(dist), 'log', '-1', '--format=%h'], { encoding: 'utf8' }).trim();
  } catch {
    return '?';
  }
};
console.log(`before: ${before}  after: ${after} (${gitHead(after)})  runs: ${runs} per build and site`);
console.log(
  `load average at start: ${loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')}\n`,
);
console.log("site                          before (median ms)  after (median ms)  after/before  median of rounds' ratios  (min before, min after)");
for (const site of SITES.filter((id) => only === undefined || id === only)) {
  const folders = { before: copyFor('before', site), after: copyFor('after', site) };
  // Warm: fills each build's content cache, and the system's file cache.
  const warm = { before: validate(before, folders.before), after: validate(after, folders.after) };
  if (warm.before.output !== warm.after.output) {
    writeFileSync(`${root}${site}.before.json`, warm.before.output);
    writeFileSync(`${root}${site}.after.json`, warm.after.output);
    throw new Error(`${site}: the builds print different diagnostics (see ${root}${site}.{before,after}.json)`);
  }
  const times = { before: [], after: [] };
  for (let round = 0; round < runs; round++) {
    const order = round % 2 === 0 ? ['before', 'after'] : ['after', 'before'];
    for (const side of order) times[side].push(validate(side === 'before' ? before : after, folders[side]).ms);
  }
  const [medianBefore, medianAfter] = [medianOf(times.before), medianOf(times.after)];
  // Also the median of each round's ratio: a round's two runs share the machine's load of the moment.
  const paired = medianRatio(times.after, times.before);
  console.log(
    `${site.padEnd(30)}${medianBefore.toFixed(0).padStart(18)}${medianAfter.toFixed(0).padStart(19)}${(medianAfter / medianBefore).toFixed(3).padStart(14)}${paired.toFixed(3).padStart(15)}  (${Math.min(...times.before).toFixed(0)}, ${Math.min(...times.after).toFixed(0)})`,
  );
}
console.log(
  `\nload average at end: ${loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')}`,
);
