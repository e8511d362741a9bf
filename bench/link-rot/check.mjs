// One run of the incumbent's checker, in a process of its own so that its time and memory are its
// alone: getBrokenInternalLinks(<site>, { checkAnchors, checkSnippets }) from the unmodified
// @mintlify/link-rot that installLinkRot() put into bench/.cache/link-rot.
// Writes one JSON object to the file named by --out: { broken: [{ source, link }] } or, when it
// stops (it throws on the first page it cannot parse), { error }.
// usage: node bench/link-rot/check.mjs <site folder> --out <file> [--no-anchors] [--no-snippets]
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { linkRotEntry } from '../lib.mjs';

const [site] = process.argv.slice(2);
const out = process.argv[process.argv.indexOf('--out') + 1];
if (!site || !process.argv.includes('--out')) throw new Error('usage: check.mjs <site folder> --out <file> [--no-anchors] [--no-snippets]');
const options = { checkAnchors: !process.argv.includes('--no-anchors'), checkSnippets: !process.argv.includes('--no-snippets') };

// A run stopped by a time limit writes no answer: its peak memory so far, written every second to
// <out>.peak (kilobytes), is then the only figure left.
setInterval(() => writeFileSync(`${out}.peak`, String(process.resourceUsage().maxRSS)), 1000).unref();

const { getBrokenInternalLinks } = await import(pathToFileURL(linkRotEntry).href);
let result;
try {
  const broken = await getBrokenInternalLinks(path.resolve(site), options);
  result = { broken: broken.map((link) => ({ source: path.posix.join(link.relativeDir, link.filename), link: link.originalPath })) };
} catch (error) {
  result = { error: error instanceof Error ? error.message : String(error) };
}
writeFileSync(out, JSON.stringify(result));
// The incumbent can leave handles open (watchers, pending fetches): the answer is written, stop here.
process.exit(0);
