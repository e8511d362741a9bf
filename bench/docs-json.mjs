// parseDocsJson against @mintlify/validation on a generated 40,000-page docs.json, in one run.
// Usage: npm run build && node bench/docs-json.mjs [--runs N]
import { pathToFileURL } from 'node:url';
import { parseDocsJson } from '../dist/index.js';
import { countPages, generateDocsJson } from './generate-docs-json.mjs';
import { installPeer, median, processTime, row, time } from './lib.mjs';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 15;
const INCUMBENT = '@mintlify/validation@0.1.878';

const config = generateDocsJson();
const text = JSON.stringify(config, null, 2);
console.log(`docs.json: ${countPages(config.navigation).toLocaleString('en-US')} pages, ${(text.length / 1024 / 1024).toFixed(1)} MiB\n`);

const quireResult = parseDocsJson(text);
if (!quireResult.config || quireResult.diagnostics.length)
  throw new Error(`Quire rejected the benchmark file: ${JSON.stringify(quireResult.diagnostics.slice(0, 3))}`);

const requireIncumbent = installPeer('mintlify-validation', INCUMBENT);
const { validateDocsConfig } = requireIncumbent('@mintlify/validation');
const incumbentRun = () => validateDocsConfig(JSON.parse(text));
const incumbentResult = incumbentRun();
if (!incumbentResult.success) throw new Error(`the incumbent rejected the benchmark file: ${JSON.stringify(incumbentResult.error.issues.slice(0, 3))}`);

const quireTimes = time(() => parseDocsJson(text), { runs });
const incumbentTimes = time(incumbentRun, { runs });
const quireMedian = median(quireTimes);
const incumbentMedian = median(incumbentTimes);

// Import cost in a fresh process: the time from before `import()` to after it.
const importCode = (specifier) => `const t = performance.now(); await import(${JSON.stringify(specifier)}); console.log(performance.now() - t);`;
const quireImport = processTime(importCode(pathToFileURL(new URL('../dist/index.js', import.meta.url).pathname).href));
const incumbentImport = processTime(importCode(pathToFileURL(requireIncumbent.resolve('@mintlify/validation')).href));

console.log(`validate (text in, diagnostics out), median of ${runs}:`);
console.log(row('quire parseDocsJson', quireMedian, `(min ${quireTimes[0].toFixed(1)}, max ${quireTimes.at(-1).toFixed(1)})`));
console.log(
  row(`${INCUMBENT} JSON.parse + validateDocsConfig`, incumbentMedian, `(min ${incumbentTimes[0].toFixed(1)}, max ${incumbentTimes.at(-1).toFixed(1)})`),
);
console.log(`ratio: Quire is ${(incumbentMedian / quireMedian).toFixed(1)}x faster (target: 10x)\n`);
console.log('import in a fresh process, median of 9:');
console.log(row("import('quire-docs')", quireImport, '(target: < 50 ms)'));
console.log(row(`import('${INCUMBENT.split('@0')[0]}')`, incumbentImport));
