// The floor under `quire validate`'s cold run: the design card's parser (unified, remark-parse,
// remark-mdx, remark-gfm, remark-frontmatter, remark-math, as src/content/dialect.ts sets it up)
// parsing every .md/.mdx file of a site and keeping nothing, split over N worker threads.
// No configuration, no facts, no checks: what Quire adds to this is its own cost. bench/content.mjs
// --floor runs it beside link-rot and Quire, in a child process measured like them.
// `--parser satteri` parses with satteri instead (the native parser Quire reads pages with in Node,
// issue 32), in the same dialect: the floor under Quire since.
// usage: node [--single-threaded-gc] bench/parse-floor.mjs <site folder> [--threads N]
//          [--heap <young MB>,<old MB>] (each worker's heap limits; default V8's) [--parser remark|satteri]
// Prints { files, bytes, errors, threads } as JSON.
import { readFileSync } from 'node:fs';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import fastGlob from 'fast-glob';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { mdxToMdast } from 'satteri';
import { unified } from 'unified';

/** Parses `files` (relative to `root`); returns how many bytes it read and how many did not parse. */
function parseAll(root, files, parser) {
  const remark = unified().use(remarkParse).use(remarkMdx).use(remarkGfm).use(remarkFrontmatter, ['yaml', 'toml']).use(remarkMath).freeze();
  const features = { gfm: true, frontmatter: true, math: true };
  const processor = parser === 'satteri' ? { parse: (text) => mdxToMdast(text, { features }) } : remark;
  let bytes = 0;
  let errors = 0;
  for (const file of files) {
    const text = readFileSync(`${root}/${file}`, 'utf8');
    bytes += text.length;
    try {
      processor.parse(text);
    } catch {
      errors++;
    }
  }
  return { bytes, errors };
}

if (isMainThread) {
  const root = process.argv[2];
  const at = process.argv.indexOf('--threads');
  const threads = at === -1 ? 1 : Number(process.argv[at + 1]);
  const heapAt = process.argv.indexOf('--heap');
  const [young, old] = heapAt === -1 ? [] : process.argv[heapAt + 1].split(',').map(Number);
  const parserAt = process.argv.indexOf('--parser');
  const parser = parserAt === -1 ? 'remark' : process.argv[parserAt + 1];
  const resourceLimits = heapAt === -1 ? undefined : { maxYoungGenerationSizeMb: young, maxOldGenerationSizeMb: old };
  if (!root || !(Number.isInteger(threads) && threads >= 1) || (resourceLimits && !(young > 0 && old > 0)) || !['remark', 'satteri'].includes(parser)) {
    console.error('usage: node bench/parse-floor.mjs <site folder> [--threads N] [--heap <young MB>,<old MB>] [--parser remark|satteri]');
    process.exit(2);
  }
  const files = await fastGlob('**/*.{md,mdx}', { cwd: root, ignore: ['**/node_modules/**', '.quire/**'] });
  if (files.length === 0) {
    console.error(`${root}: no .md or .mdx file`);
    process.exit(1);
  }
  // Dealt out in turn, so that each thread gets long and short pages alike.
  const shares = Array.from({ length: threads }, () => []);
  files.forEach((file, index) => shares[index % threads].push(file));
  const results = await Promise.all(
    shares.map(
      (share) =>
        new Promise((resolve, reject) => {
          const worker = new Worker(new URL(import.meta.url), { workerData: { root, files: share, parser }, ...(resourceLimits ? { resourceLimits } : {}) });
          worker.once('message', resolve);
          worker.once('error', reject);
        }),
    ),
  );
  const sum = (key) => results.reduce((total, result) => total + result[key], 0);
  console.log(
    JSON.stringify({ parser, files: files.length, bytes: sum('bytes'), errors: sum('errors'), threads, ...(resourceLimits ? { resourceLimits } : {}) }),
  );
} else {
  parentPort.postMessage(parseAll(workerData.root, workerData.files, workerData.parser));
}
