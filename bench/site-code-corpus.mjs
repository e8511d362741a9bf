// Corpus figures for the site's own code (issue 33): each site given (default: the corpus sites
// whose pages import something) built with `quire build --html` twice, without esbuild (what a
// page imports is a placeholder, as before the module loader) and with it; counts the pages
// with a placeholder of an import, and those written with an error, and the errors' reasons.
// node bench/site-code-corpus.mjs [site ...]   (run `npm run build` first)
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
const corpus = path.resolve(root, '../shared/corpus');
const cli = path.join(root, 'dist/cli/index.js');
const hook = path.join(root, 'test/helpers/hide-packages.mjs');

function importingSites() {
  return readdirSync(path.join(corpus, 'sites')).filter((site) => {
    const file = path.join(corpus, 'sites', site, 'content.jsonl.gz');
    return existsSync(file) && /\\n(?:import|export) /.test(gunzipSync(readFileSync(file)).toString('utf8'));
  });
}

function htmlFiles(folder) {
  return readdirSync(folder, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.html') && !file.startsWith('_quire'));
}

function build(folder, out, hideEsbuild) {
  rmSync(out, { recursive: true, force: true });
  const result = spawnSync(
    process.execPath,
    [...(hideEsbuild ? ['--import', hook] : []), cli, 'build', '--html', folder, '-o', out, '--format', 'json', '--offline'],
    {
      encoding: 'utf8',
      maxBuffer: 1 << 30,
      env: { ...process.env, QUIRE_HIDE_PACKAGES: hideEsbuild ? 'esbuild' : '' },
    },
  );
  let report;
  try {
    report = JSON.parse(result.stdout);
  } catch {
    return { error: result.stderr.slice(0, 300) };
  }
  let placeholders = 0;
  let islands = 0;
  for (const file of existsSync(out) ? htmlFiles(out) : []) {
    const html = readFileSync(path.join(out, file), 'utf8');
    // Placeholders of imports (data-component is the imported name, or "snippet"); not of built-ins Quire does not draw.
    if (/class="component-placeholder" data-component="(?!ApiPlayground|Snippet")/.test(html)) placeholders++;
    if (html.includes('<quire-island')) islands++;
  }
  return { failures: report.renderFailures ?? [], placeholders, islands, pages: report.pages };
}

const sites = process.argv.slice(2).length > 0 ? process.argv.slice(2) : importingSites();
const scratch = mkdtempSync(path.join(tmpdir(), 'quire-site-code-corpus-'));
const totals = { before: { placeholders: 0, failures: 0 }, after: { placeholders: 0, failures: 0, islands: 0 } };
const reasons = new Map();
for (const site of sites) {
  const folder = path.join(scratch, site);
  execFileSync(process.execPath, [path.join(corpus, 'materialize.mjs'), site, folder]);
  const before = build(folder, path.join(scratch, `${site}-before`), true);
  const after = build(folder, path.join(scratch, `${site}-after`), false);
  rmSync(path.join(scratch, `${site}-before`), { recursive: true, force: true });
  if (before.error || after.error) {
    console.log(`${site}: build failed: ${before.error ?? after.error}`);
    continue;
  }
  totals.before.placeholders += before.placeholders;
  totals.before.failures += before.failures.length;
  totals.after.placeholders += after.placeholders;
  totals.after.failures += after.failures.length;
  totals.after.islands += after.islands;
  for (const failure of after.failures) {
    const reason = failure.message
      .replace(/"[^"]*"/g, '"…"')
      .replace(/\b[\w./-]+\.(?:mdx|jsx|tsx|js|ts|md)\b/g, '<file>')
      .slice(0, 90);
    reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  }
  console.log(
    `${site}: ${after.pages} pages; before: ${before.placeholders} with a placeholder, ${before.failures.length} failed; after: ${after.placeholders} with a placeholder, ${after.failures.length} failed, ${after.islands} with islands`,
  );
}
console.log(JSON.stringify(totals));
for (const [reason, count] of [...reasons].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`${String(count).padStart(5)}  ${reason}`);
rmSync(scratch, { recursive: true, force: true });
