// The incumbent's findings on every corpus site, to compare Quire's content checks against:
// runs @mintlify/link-rot's getBrokenInternalLinks (anchors and snippets checked too, as
// `mint broken-links --check-anchors --check-snippets`) on each site of shared/corpus, written
// out into bench/.cache/corpus, and writes test/corpus/link-rot.findings.json: per site, the
// broken links it reports (source file, link as written; each occurrence, sorted) or the error it
// stopped with (it stops at the first page it cannot parse: that page and the message), or the
// time limit it ran past.
// usage: node bench/link-rot-findings.mjs [--timeout <seconds per site, default 600>] [--jobs <children at once, default 1>]
//          [--only <site id> | --missing (only the sites the file lacks or that ran out of time)]
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cacheRoot, corpusRoot, installLinkRot, materializeCorpusSite } from './lib.mjs';

const argument = (name, fallback) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback);
const timeoutSeconds = Number(argument('--timeout', 600));
const jobs = Number(argument('--jobs', 1));
const findingsFile = new URL('../test/corpus/link-rot.findings.json', import.meta.url);
const checker = new URL('link-rot/check.mjs', import.meta.url).pathname;

installLinkRot();
const version = JSON.parse(readFileSync(`${cacheRoot}link-rot/node_modules/@mintlify/link-rot/package.json`, 'utf8')).version;
const previous = existsSync(findingsFile) ? JSON.parse(readFileSync(findingsFile, 'utf8')).sites : {};
const missing = process.argv.includes('--missing');
const ids = argument('--only')
  ? [argument('--only')]
  : readdirSync(`${corpusRoot}sites`)
      .sort()
      .filter((id) => !missing || !previous[id] || previous[id].timeout);
// With --only or --missing, the other sites keep what the file already says.
const sites = argument('--only') || missing ? { ...previous } : {};

// Sites are independent: --jobs children check them side by side (each site has one child, so the
// findings do not depend on how many run at once).
// The largest first, so that the run does not end waiting on one big site.
const size = (id) => statSync(`${corpusRoot}sites/${id}/content.jsonl.gz`).size;
const queue = [...ids].sort((a, b) => size(b) - size(a));
await Promise.all(
  Array.from({ length: jobs }, async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) await check(id);
  }),
);

save();
console.log(`wrote test/corpus/link-rot.findings.json (${Object.keys(sites).length} sites)`);

/** Writes the file, sorted by site; after each site too, so that a stopped run keeps what it found. */
function save() {
  const document = {
    tool: `@mintlify/link-rot@${version}`,
    call: 'getBrokenInternalLinks(site, { checkAnchors: true, checkSnippets: true })',
    sites: Object.fromEntries(
      Object.keys(sites)
        .sort()
        .map((id) => [id, { ...mintignoreNote(id), ...sites[id] }]),
    ),
  };
  // One finding a line, so that a change in the incumbent's answer shows as a small diff.
  const text = JSON.stringify(document, null, 2).replace(/\{\n\s+"source": (".*"),\n\s+"link": (".*")\n\s+\}/g, '{ "source": $1, "link": $2 }');
  writeFileSync(findingsFile, `${text}\n`);
}

async function check(id) {
  const site = materializeCorpusSite(id);
  const out = `${cacheRoot}link-rot-${id}.json`;
  rmSync(out, { force: true });
  const started = performance.now();
  const run = await runNode([checker, site, '--out', out], timeoutSeconds * 1000);
  sites[id] = run.timedOut ? { timeout: `no answer within ${timeoutSeconds} s` } : findingsOf(run, out, site);
  const summary = sites[id].broken
    ? `${sites[id].broken.length} broken links`
    : sites[id].error
      ? `stopped: ${sites[id].error.message.slice(0, 120)}`
      : sites[id].timeout;
  console.log(`${id.padEnd(44)} ${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s  ${summary}`);
  save();
}

function runNode(args, timeoutMs) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (status, signal) => {
      clearTimeout(timer);
      resolve({ status, timedOut: signal === 'SIGKILL', stderr });
    });
  });
}

/**
 * The corpus keeps the text of pages, snippets and OpenAPI files only: a site's .mintignore is
 * written out empty, so link-rot checked (and may have stopped at) files the site ignores.
 */
function mintignoreNote(id) {
  const files = readFileSync(`${corpusRoot}sites/${id}/files.txt`, 'utf8').split('\n');
  return files.includes('.mintignore') ? { mintignore: 'empty in the corpus copy: files the site ignores were checked too' } : {};
}

/** The child's answer, with the site's folder taken out of messages so the file reads the same on any machine. */
function findingsOf(run, out, site) {
  if (!existsSync(out)) return { error: { message: `link-rot exited with ${run.status}: ${lastLine(run.stderr)}` } };
  const answer = JSON.parse(readFileSync(out, 'utf8'));
  if (answer.broken) {
    const broken = answer.broken.sort((a, b) => compare(a.source, b.source) || compare(a.link, b.link));
    return { broken };
  }
  const message = answer.error.split(site).join('').split(site.replace(/\/$/, '')).join('');
  const page = /Unable to parse (.+?) - /.exec(message)?.[1];
  return { error: page ? { page, message } : { message } };
}

function compare(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}

function lastLine(text) {
  return text.trim().split('\n').pop() ?? '';
}
