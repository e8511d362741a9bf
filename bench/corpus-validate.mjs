// `quire validate` on every corpus site, this checkout beside an earlier commit, in one run: is
// the change no slower on what people write?
// For each of the 52 sites, each CLI in a child process measured alike (wall time, peak RSS):
//   quire validate <site> --offline --format json, after deleting <site>/.quire (a cold run, as CI's)
// the two CLIs taking turns (which goes first alternates from site to site), `--runs` times each.
// The baseline is built once into bench/.cache/baseline-<commit>/ (a git worktree sharing this
// checkout's node_modules: the dependencies a commit of the same week uses).
// Prints each site's median times, the ratio now/baseline, and the totals; writes
// bench/.cache/corpus-validate-results.json.
// usage: npm run build && node bench/corpus-validate.mjs [--baseline <commit>, default 9eeb2d5]
//          [--runs N, default 1] [--only <site id>]
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { cacheRoot, corpusRoot, materializeCorpusSite, measureNode, medianOf } from './lib.mjs';

const argument = (name, fallback) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback);
const repo = new URL('..', import.meta.url).pathname;
const baselineRef = argument('--baseline', '9eeb2d5');
const runs = Number(argument('--runs', 1));
const only = argument('--only');
const current = path.join(repo, 'dist/cli/index.js');
if (!existsSync(current)) throw new Error('dist/cli/index.js is missing: npm run build first');

const commit = execFileSync('git', ['rev-parse', '--short', baselineRef], { cwd: repo, encoding: 'utf8' }).trim();
const baseline = buildBaseline(commit);
const sites = only ? [only] : readdirSync(path.join(corpusRoot, 'sites')).sort();
const results = { machine: { cpus: cpus().length, node: process.version, loadAtStart: loadavg()[0] }, baseline: commit, runs, sites: [] };

console.log(`quire validate --offline on ${sites.length} corpus sites: this checkout beside ${commit}, ${runs} run(s) each\n`);
console.log(`${'site'.padEnd(44)} ${'before'.padStart(9)} ${'now'.padStart(9)} ${'ratio'.padStart(6)}`);
for (const [index, id] of sites.entries()) {
  const site = materializeCorpusSite(id);
  const times = { before: [], now: [] };
  const rss = { before: [], now: [] };
  for (let run = 0; run < runs; run++) {
    const order = (index + run) % 2 === 0 ? ['before', 'now'] : ['now', 'before'];
    for (const which of order) {
      rmSync(path.join(site, '.quire'), { recursive: true, force: true });
      const measured = measureNode([which === 'now' ? current : baseline, 'validate', site, '--offline', '--format', 'json'], { timeoutMs: 600_000 });
      if (measured.timedOut || measured.status === null || measured.status > 1)
        throw new Error(`${which} on ${id}: exit ${measured.status}\n${measured.stderr.slice(0, 2000)}`);
      times[which].push(measured.ms);
      rss[which].push(measured.rssMB);
    }
  }
  const before = medianOf(times.before);
  const now = medianOf(times.now);
  results.sites.push({ site: id, beforeMs: before, nowMs: now, beforeRssMB: medianOf(rss.before), nowRssMB: medianOf(rss.now) });
  console.log(`${id.padEnd(44)} ${ms(before)} ${ms(now)} ${(now / before).toFixed(2).padStart(6)}`);
}
const total = (key) => results.sites.reduce((sum, site) => sum + site[key], 0);
results.totalBeforeMs = total('beforeMs');
results.totalNowMs = total('nowMs');
console.log(
  `\n${'all sites'.padEnd(44)} ${ms(results.totalBeforeMs)} ${ms(results.totalNowMs)} ${(results.totalNowMs / results.totalBeforeMs).toFixed(2).padStart(6)}`,
);
writeFileSync(path.join(cacheRoot, 'corpus-validate-results.json'), `${JSON.stringify(results, null, 2)}\n`);

function ms(value) {
  return `${(value / 1000).toFixed(2)} s`.padStart(9);
}

/** The CLI of `commit`, built once in a worktree of its own. */
function buildBaseline(commit) {
  const folder = path.join(cacheRoot, `baseline-${commit}`);
  const cli = path.join(folder, 'dist/cli/index.js');
  if (existsSync(cli)) return cli;
  rmSync(folder, { recursive: true, force: true });
  execFileSync('git', ['worktree', 'prune'], { cwd: repo });
  execFileSync('git', ['worktree', 'add', '--detach', folder, commit], { cwd: repo, stdio: 'ignore' });
  symlinkSync(path.join(repo, 'node_modules'), path.join(folder, 'node_modules'));
  execFileSync('npx', ['tsup'], { cwd: folder, stdio: 'ignore' });
  return cli;
}
