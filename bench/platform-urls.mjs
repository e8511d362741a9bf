// The URLs the incumbent gives generated endpoint and webhook pages, to compare Quire's with
// (test/corpus/platform-urls.test.ts). Runs the incumbent's own page generation, unmodified, from
// the packages installLinkRot() puts into bench/.cache/link-rot (@mintlify/scraping, prebuild,
// common; never a dependency of Quire):
// - documents: for every OpenAPI 3.x description of the corpus (shared/corpus/OPENAPI.tsv), the
//   whole document as its generation lists it (scraping's processOpenApiPath and
//   processOpenApiWebhook over every path and webhook, into `api-reference`, as a docs.json
//   element with `openapi` and `mint openapi-file` run them), one URL per operation;
//   The cases of fixtures/openapi are run the same way.
// - sites: for every corpus site, prebuild's generateOpenApiFromDocsConfig over its navigation,
//   as a deployment runs it, offline: elements and entries that name a document by URL are left
//   out first (Quire skips those offline too), and listed.
// Writes test/corpus/platform-urls.json.
// usage: node bench/platform-urls.mjs [--only <site id> | --fixtures]
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cacheRoot, corpusRoot, installLinkRot, materializeCorpusSite } from './lib.mjs';

const argument = (name) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const only = argument('--only');
// --fixtures: only the OpenAPI fixtures again, the rest as recorded.
const fixturesOnly = process.argv.includes('--fixtures');
const outFile = new URL('../test/corpus/platform-urls.json', import.meta.url);

installLinkRot();
const modules = `${cacheRoot}link-rot/node_modules/`;
const load = (file) => import(pathToFileURL(`${modules}${file}`).href);
const common = await load('@mintlify/common/dist/index.js');
const prebuild = await load('@mintlify/prebuild/dist/index.js');
const { processOpenApiPath, processOpenApiWebhook } = await load('@mintlify/scraping/bin/openapi/common.js');
const yaml = (await load('js-yaml/index.js')).default;
const version = (name) => JSON.parse(readFileSync(`${modules}${name}/package.json`, 'utf8')).version;

const previous = existsSync(outFile) ? JSON.parse(readFileSync(outFile, 'utf8')) : { documents: {}, sites: {} };
const documents = only || fixturesOnly ? { ...previous.documents } : {};
const sites = only || fixturesOnly ? { ...previous.sites } : {};
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

// The incumbent logs as it goes (and warns about every document it validates): quiet while it runs.
const quietly = async (run) => {
  const saved = [console.log, console.warn, console.error];
  console.log = console.warn = console.error = () => {};
  try {
    return await run();
  } finally {
    [console.log, console.warn, console.error] = saved;
  }
};

for (const row of readFileSync(`${corpusRoot}OPENAPI.tsv`, 'utf8').trim().split('\n').slice(1)) {
  const [site, corpusFile, , openapiVersion, , , , , error] = row.split('\t');
  if (fixturesOnly || (only && site !== only) || !/^3\./.test(openapiVersion) || error) continue;
  const key = corpusFile.replace(/^sites\//, '');
  documents[key] = await quietly(() => documentUrls(`${corpusRoot}${corpusFile}`, key.slice(site.length + 1)));
  console.log(`${key.padEnd(90)} ${documents[key].error ? `error: ${documents[key].error.slice(0, 80)}` : `${Object.keys(documents[key].urls).length} pages`}`);
}

// The OpenAPI fixtures too: cases made to hold Quire to the platform where the corpus is silent.
const fixtures = new URL('../fixtures/openapi/', import.meta.url);
for (const name of only ? [] : readdirSync(fixtures).sort()) {
  for (const file of ['openapi.yaml', 'openapi.yml', 'openapi.json']) {
    if (!existsSync(new URL(`${name}/${file}`, fixtures))) continue;
    const key = `fixtures/openapi/${name}/${file}`;
    documents[key] = await quietly(() => documentUrls(new URL(`${name}/${file}`, fixtures).pathname, file));
  }
}

for (const site of fixturesOnly ? [] : readdirSync(`${corpusRoot}sites`).sort()) {
  if (only && site !== only) continue;
  sites[site] = await quietly(() => siteUrls(materializeCorpusSite(site)));
  console.log(`${site.padEnd(50)} ${sites[site].error ? `error: ${sites[site].error.slice(0, 80)}` : `${Object.keys(sites[site].pages).length} pages`}`);
}

const sorted = (object) =>
  Object.fromEntries(
    Object.keys(object)
      .sort()
      .map((key) => [key, object[key]]),
  );
const document = {
  tool: `@mintlify/scraping@${version('@mintlify/scraping')}, @mintlify/prebuild@${version('@mintlify/prebuild')}, @mintlify/common@${version('@mintlify/common')}`,
  documents: sorted(documents),
  sites: sorted(sites),
};
// One page a line, so that a change in the incumbent's answer shows as a small diff.
const text = JSON.stringify(document, null, 1)
  .replace(/\n {3,}/g, ' ')
  .replace(/\n  \}/g, ' }');
writeFileSync(outFile, `${text}\n`);
console.log(`wrote test/corpus/platform-urls.json (${Object.keys(documents).length} documents, ${Object.keys(sites).length} sites)`);
process.exit(0);

/**
 * The URL of every page of a whole document: `"<method> <path>"` (`"webhook <name>"`) to URL,
 * from what processOpenApiPath/processOpenApiWebhook return for each path item (one name per
 * method present and not `x-excluded`, in the order they read the methods).
 */
async function documentUrls(file, name) {
  try {
    const text = readFileSync(file, 'utf8');
    const { schema } = await common.validate(yaml.load(text));
    const nav = [];
    const options = { openApiFilePath: name, writeFiles: false, outDir: 'api-reference' };
    const urls = {};
    // The page of each method present and not `x-excluded`, in the order the generation reads them.
    const record = (label, item, slugs) => {
      const methods = METHODS.filter((method) => method in item && !item[method]?.['x-excluded']);
      methods.forEach((method, index) => {
        urls[label(method)] = path.posix.resolve('/', slugs[index]);
      });
    };
    for (const [apiPath, item] of Object.entries(schema.paths ?? {})) {
      if (!item || typeof item !== 'object') continue;
      record((method) => `${method} ${apiPath}`, item, processOpenApiPath(apiPath, item, schema, nav, [], [], {}, options, common.findNavGroup));
    }
    for (const [webhook, item] of Object.entries(schema.webhooks ?? {})) {
      if (!item || typeof item !== 'object') continue;
      record(() => `webhook ${webhook}`, item, processOpenApiWebhook(webhook, item, schema, nav, [], [], {}, options, common.findNavGroup));
    }
    return { urls };
  } catch (error) {
    return { error: String(error?.message ?? error).split('\n')[0] };
  }
}

/** Every page the deployment of a site generates from its navigation: URL to `openapi` meta tag. */
async function siteUrls(folder) {
  const config = JSON.parse(readFileSync(path.join(folder, 'docs.json'), 'utf8'));
  const offline = [];
  const navigation = withoutUrlDocuments(config.navigation, offline);
  try {
    const files = await prebuild.getOpenApiFiles(path.resolve(folder), {});
    const pagesAcc = {};
    await prebuild.generateOpenApiFromDocsConfig(navigation, files, pagesAcc, {
      writeFiles: false,
      fetchRemoteDocument: async () => {
        throw new Error('offline');
      },
    });
    const pages = Object.fromEntries(
      Object.entries(pagesAcc)
        .map(([, page]) => [page.href, page.openapi])
        .sort(([a], [b]) => (a < b ? -1 : 1)),
    );
    return { ...(offline.length ? { offline } : {}), pages };
  } catch (error) {
    return { ...(offline.length ? { offline } : {}), error: String(error?.message ?? error).split('\n')[0], pages: {} };
  }
}

/** The navigation without `openapi` given by URL, nor endpoint entries that name a URL: those are read over the network. */
function withoutUrlDocuments(node, offline) {
  const isUrl = (value) => typeof value === 'string' && /^https?:\/\//i.test(value);
  if (Array.isArray(node)) {
    return node
      .filter((item) => !(typeof item === 'string' && isUrl(item.trim().split(/\s+/)[0]) && item.trim().split(/\s+/).length === 3 && offline.push(item)))
      .map((item) => withoutUrlDocuments(item, offline));
  }
  if (!node || typeof node !== 'object') return node;
  const copy = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'openapi') {
      const sources = (Array.isArray(value) ? value : [value]).map((entry) => (typeof entry === 'string' ? entry : entry?.source));
      if (sources.some(isUrl)) {
        offline.push(...sources.filter(isUrl));
        continue;
      }
    }
    copy[key] = withoutUrlDocuments(value, offline);
  }
  return copy;
}
