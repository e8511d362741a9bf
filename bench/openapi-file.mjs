// `quire openapi-file` against `npx @mintlify/scraping openapi-file` on GitHub's REST description:
// each one a CLI process end to end (start, read, generate, write every MDX file), into a fresh
// folder each run; wall time and the process's peak RSS, medians, and the ratio in one run.
// Usage: npm run build && node bench/openapi-file.mjs [--runs N] [--timeout SECONDS]
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { installPeer, median, packageFile } from './lib.mjs';

const INCUMBENT = '@mintlify/scraping@4.0.1053'; // 4.0.1081 cannot be installed from this registry
const SPEC = { pkg: '@octokit/openapi@23.0.2', file: 'package/generated/api.github.com.json', folder: 'octokit-openapi' };
const quireCli = fileURLToPath(new URL('../dist/cli/index.js', import.meta.url));
// Preloaded into each measured process: writes its own peak RSS (kB) and CPU time (µs) to a file
// when it exits. CPU time says less about waiting, and more about work, on a shared machine.
const rssPreload = `data:text/javascript,${encodeURIComponent("import { writeFileSync } from 'node:fs'; process.on('exit', () => { const usage = process.resourceUsage(); writeFileSync(process.env.BENCH_RSS_FILE, JSON.stringify({ rss: usage.maxRSS, cpu: usage.userCPUTime + usage.systemCPUTime })); });")}`;
const argument = (name, fallback) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback);

function specFile() {
  return packageFile(SPEC);
}

function countMdx(folder) {
  let count = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) if (entry.isFile() && entry.name.endsWith('.mdx')) count++;
  return count;
}

/** One run of `cli openapi-file <spec> -o <fresh folder>`: wall time, peak RSS, files written. */
function measure(cli, spec, timeoutSeconds) {
  const work = mkdtempSync(path.join(tmpdir(), 'quire-bench-openapi-file-'));
  const out = path.join(work, 'api-reference');
  const rssFile = path.join(work, 'rss');
  // Relative paths: the incumbent joins even an absolute path to the current folder.
  copyFileSync(spec, path.join(work, 'api.github.com.json'));
  const start = performance.now();
  const result = spawnSync(process.execPath, ['--import', rssPreload, cli, 'openapi-file', 'api.github.com.json', '-o', 'api-reference'], {
    cwd: work,
    encoding: 'utf8',
    env: { ...process.env, BENCH_RSS_FILE: rssFile, NO_COLOR: '1' },
    timeout: timeoutSeconds * 1000,
    maxBuffer: 1 << 28,
  });
  const ms = performance.now() - start;
  try {
    if (result.error?.code === 'ETIMEDOUT' || result.signal) return { timedOut: true };
    if (result.status !== 0) throw new Error(`${cli} exited ${result.status}: ${(result.stderr || result.stdout).slice(-2000)}`);
    const usage = JSON.parse(readFileSync(rssFile, 'utf8'));
    return { ms, rssMb: usage.rss / 1024, cpuMs: usage.cpu / 1000, files: countMdx(out) };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function summary(label, results) {
  const ms = median(results.map((result) => result.ms).sort((a, b) => a - b));
  const rssMb = median(results.map((result) => result.rssMb).sort((a, b) => a - b));
  const cpuMs = median(results.map((result) => result.cpuMs).sort((a, b) => a - b));
  console.log(
    `  ${label.padEnd(40)} median ${fmt(ms)} of ${results.length} (min ${fmt(Math.min(...results.map((result) => result.ms)))}), CPU ${fmt(cpuMs)}, peak RSS ${rssMb.toFixed(0)} MB, ${results[0].files.toLocaleString('en-US')} MDX files`,
  );
  return { ms, rssMb, cpuMs };
}

function fmt(ms) {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`;
}

const runs = Number(argument('--runs', 5));
const timeout = Number(argument('--timeout', 300));
if (!existsSync(quireCli)) throw new Error('Run `npm run build` first.');
const require = installPeer('mintlify-scraping', INCUMBENT);
const incumbentCli = path.join(path.dirname(require.resolve('@mintlify/scraping/package.json')), 'bin/cli.js');
const spec = specFile();
const operations = Object.values(JSON.parse(readFileSync(spec, 'utf8')).paths).reduce(
  (sum, item) => sum + Object.keys(item).filter((key) => ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'].includes(key)).length,
  0,
);
console.log(
  `openapi-file on GitHub REST (api.github.com.json): ${(readFileSync(spec).length / 1024 / 1024).toFixed(1)} MiB, ${operations.toLocaleString('en-US')} operations; each run a fresh process and folder`,
);
// Interleaved, so that both sides see the same machine load; the incumbent runs at most 3 times,
// spread over the series.
const incumbentRuns = Math.max(1, Math.min(runs, 3));
const results = { quire: [], incumbent: [] };
const every = Math.ceil(runs / incumbentRuns);
for (let index = 0; index < runs; index++) {
  results.quire.push(measure(quireCli, spec, timeout));
  if (index % every === 0) results.incumbent.push(measure(incumbentCli, spec, timeout));
}
if (results.quire.some((result) => result.timedOut)) throw new Error(`quire openapi-file did not finish within ${timeout} s`);
const quire = summary('quire openapi-file', results.quire);
if (results.incumbent.some((result) => result.timedOut)) console.log(`  ${INCUMBENT} openapi-file: did not finish within ${timeout} s`);
else {
  const incumbent = summary(`${INCUMBENT} openapi-file`, results.incumbent);
  const best = (list) => Math.min(...list.map((result) => result.ms));
  console.log(
    `  ratio: quire is ${(incumbent.ms / quire.ms).toFixed(1)}x faster end to end (best runs: ${(best(results.incumbent) / best(results.quire)).toFixed(1)}x; CPU time: ${(incumbent.cpuMs / quire.cpuMs).toFixed(1)}x) and uses ${(incumbent.rssMb / quire.rssMb).toFixed(1)}x less memory`,
  );
}
