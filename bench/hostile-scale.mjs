// `quire validate` on a site of hostile pages takes time in proportion to its size (issue 36,
// item 2): a site of N pages of the hostile set (bench/hostile-pages.mjs, each page once, in the
// set's order) and one of 2N (each twice), validated cold (`--no-cache`) in a process of its own;
// CPU time (user + system, every thread), wall time and peak memory of each, and their ratio.
// Usage: npm run build && node bench/hostile-scale.mjs [--only braces,long-line] [--skip braces]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { HOSTILE_PAGES } from './hostile-pages.mjs';
import { cacheRoot } from './lib.mjs';

const argument = (name, fallback) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback);
const only = argument('--only', '').split(',').filter(Boolean);
const skip = argument('--skip', '').split(',').filter(Boolean);
const pages = HOSTILE_PAGES.filter(([name]) => (only.length === 0 || only.includes(name)) && !skip.includes(name));
const cli = new URL('../dist/cli/index.js', import.meta.url).pathname;

/** Writes a site of `copies` copies of each page and returns its folder. */
function site(copies) {
  const folder = `${cacheRoot}hostile-scale/${copies}x/`;
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  const names = [];
  for (let copy = 0; copy < copies; copy++)
    for (const [name, , text] of pages) {
      names.push(`${name}-${copy}`);
      writeFileSync(`${folder}${name}-${copy}.mdx`, text);
    }
  writeFileSync(
    `${folder}docs.json`,
    JSON.stringify({ theme: 'mint', name: 'Hostile', colors: { primary: '#0D9373' }, navigation: { groups: [{ group: 'Hostile', pages: names }] } }),
  );
  return { folder, count: names.length };
}

/** Runs `quire validate` on `folder` under GNU time: CPU, wall and peak memory. */
function validate(folder) {
  const stats = `${cacheRoot}hostile-scale/time.txt`;
  const started = performance.now();
  const run = spawnSync('/usr/bin/time', ['-v', '-o', stats, process.execPath, cli, 'validate', folder, '--no-cache', '--max-diagnostics', '0'], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  const wall = (performance.now() - started) / 1000;
  const text = existsSync(stats) ? readFileSync(stats, 'utf8') : '';
  const number = (label) => Number(new RegExp(`${label}: ([\\d.]+)`).exec(text)?.[1]);
  return {
    cpu: number('User time \\(seconds\\)') + number('System time \\(seconds\\)'),
    wall,
    rss: number('Maximum resident set size \\(kbytes\\)') / 1024,
    summary: run.stdout.trim().split('\n').at(-1),
  };
}

if (!existsSync('/usr/bin/time')) {
  console.error('hostile-scale: needs GNU time (/usr/bin/time) for CPU time and peak memory');
  process.exit(2);
}
const results = [];
for (const copies of [1, 2]) {
  const { folder, count } = site(copies);
  const result = validate(folder);
  results.push({ count, ...result });
  console.log(
    `${String(count).padStart(4)} pages: ${result.cpu.toFixed(1)} s CPU, ${result.wall.toFixed(1)} s wall, peak ${result.rss.toFixed(0)} MB; ${result.summary}`,
  );
}
const [one, two] = results;
console.log(`2N / N: CPU ${(two.cpu / one.cpu).toFixed(2)}, wall ${(two.wall / one.wall).toFixed(2)} (proportional: 2)`);
