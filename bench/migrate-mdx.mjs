// migrateMdx on a real OpenAPI file: a site whose navigation lists N MDX pages, one per operation
// (the first N of the document), all moved into the document. Reported beside loadOpenApi on the
// same text in the same run (the floor: migrateMdx must read the document), as medians.
// Usage: npm run build && node bench/migrate-mdx.mjs [spec...] [--pages N] [--runs N]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { median } from './lib.mjs';

const { migrateMdx, loadOpenApi, listOperations } = await import(new URL('../dist/index.js', import.meta.url).href);
const argument = (name, fallback) => (process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : fallback);
const pagesWanted = argument('--pages', 50);
const runs = argument('--runs', 7);
const corpus = new URL('../../shared/corpus/sites/', import.meta.url).pathname;
const specs = process.argv.slice(2).filter((arg, index, all) => !arg.startsWith('--') && !all[index - 1]?.startsWith('--'));
const files = specs.length ? specs : [`${corpus}writechoiceorg__nayax-mintlify/openapi/lynx.yaml`, `${corpus}Skyvern-AI__skyvern/api-reference/openapi.json`];

for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const source = path.basename(file);
  const document = loadOpenApi(text, { file: source }).document;
  const operations = listOperations(document)
    .filter((operation) => operation.kind === 'endpoint' && !operation.hidden)
    .slice(0, pagesWanted);
  const pages = {};
  const entries = [];
  operations.forEach((operation, index) => {
    pages[`api/page-${index}.mdx`] =
      `---\ntitle: Page ${index}\nopenapi: ${operation.method} ${operation.path}\n---\n\nHand-written text for ${operation.method} ${operation.path}.\n`;
    entries.push(`api/page-${index}`);
  });
  const docsJson = JSON.stringify(
    { theme: 'mint', name: 'Bench', colors: { primary: '#112233' }, navigation: { groups: [{ group: 'API', openapi: source, pages: entries }] } },
    null,
    2,
  );
  // Interleaved, so that both see the same load on a shared machine.
  const timings = { load: [], migrate: [] };
  let moved = 0;
  for (let run = 0; run < runs; run++) {
    let start = performance.now();
    loadOpenApi(text, { file: source });
    timings.load.push(performance.now() - start);
    start = performance.now();
    const plan = migrateMdx({ docsJson, pages, specs: { [source]: text } });
    timings.migrate.push(performance.now() - start);
    moved = plan.moved.length;
    if (plan.kept.length || plan.blocked) throw new Error(JSON.stringify(plan.kept.slice(0, 3)));
  }
  const load = median(timings.load.sort((a, b) => a - b));
  const migrate = median(timings.migrate.sort((a, b) => a - b));
  console.log(
    `${source} (${(text.length / 1024).toFixed(0)} KiB, ${moved} pages moved): migrateMdx ${migrate.toFixed(0)} ms, loadOpenApi ${load.toFixed(0)} ms, ratio ${(migrate / load).toFixed(2)}`,
  );
}
