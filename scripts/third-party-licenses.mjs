// Writes dist/THIRD-PARTY-LICENSES.md: the licence of every package whose code the build bundled.
// Run after tsup (npm run build). The bundles are not minified, and esbuild opens each module it
// copies with a `// node_modules/<package>/<file>` comment: those comments are the list.
// A package without a licence file, or under a licence not known to allow this, fails the build.
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(root, 'dist');

/** Licences that allow bundling with their notice kept (SPDX ids as the packages write them). */
const ALLOWED = new Set(['MIT', 'ISC', 'BSD-2-Clause', 'BSD-3-Clause', 'Apache-2.0', '0BSD', 'BlueOak-1.0.0']);

/** The folders (`node_modules/a`, `node_modules/a/node_modules/@b/c`) of the packages bundled in `dist`. */
export function bundledPackageFolders(folder = dist) {
  const folders = new Set();
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.c?js$/.test(entry.name)) continue;
    const text = readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
    for (const match of text.matchAll(/^\/\/ ((?:node_modules\/(?:@[^/\n]+\/)?[^/\n]+\/)+)/gm)) folders.add((match[1] ?? '').slice(0, -1));
  }
  return [...folders].sort();
}

function licenceFileText(folder) {
  const file = readdirSync(path.join(root, folder)).find((name) => /^licen[cs]e(?:[-.][\w.-]+)?$/i.test(name));
  return file === undefined ? undefined : readFileSync(path.join(root, folder, file), 'utf8').trim();
}

/** The SPDX id of a manifest's licence: `license`, or the older `licenses: [{ type }]`. */
function licenceOf(manifest) {
  if (typeof manifest.license === 'string') return manifest.license;
  if (Array.isArray(manifest.licenses) && manifest.licenses.length === 1) return manifest.licenses[0]?.type;
  return undefined;
}

function authorOf(manifest) {
  const author = manifest.author;
  return typeof author === 'string' ? author.replace(/\s*[<(].*$/, '') : typeof author?.name === 'string' ? author.name : undefined;
}

// A few MIT packages ship no licence file (their readme says "MIT © author"): their notice is the
// MIT licence with the author their manifest names.
const MIT_TEXT = `Permission is hereby granted, free of charge, to any person obtaining a copy of this software and
associated documentation files (the "Software"), to deal in the Software without restriction,
including without limitation the rights to use, copy, modify, merge, publish, distribute,
sublicense, and/or sell copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all copies or
substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT
NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND
NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES
OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN
CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.`;

function licenceText(folder, manifest, licence) {
  const text = licenceFileText(folder);
  if (text !== undefined) return text;
  const author = authorOf(manifest);
  if (licence !== 'MIT' || author === undefined) return undefined;
  return `(The package has no licence file; its manifest says MIT, by ${author}.)\n\nMIT License\n\nCopyright (c) ${author}\n\n${MIT_TEXT}`;
}

function main() {
  const sections = [];
  const problems = [];
  const seen = new Set();
  for (const folder of bundledPackageFolders()) {
    const manifest = JSON.parse(readFileSync(path.join(root, folder, 'package.json'), 'utf8'));
    const id = `${manifest.name}@${manifest.version}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const licence = licenceOf(manifest);
    const text = licenceText(folder, manifest, licence);
    if (licence === undefined || !ALLOWED.has(licence))
      problems.push(`${id}: licence ${JSON.stringify(manifest.license ?? manifest.licenses)} is not one known to allow bundling`);
    else if (text === undefined) problems.push(`${id}: no licence file in ${folder}`);
    else sections.push(`## ${id} (${licence})\n\n${text.replace(/^#/gm, '\\#')}\n`);
  }
  // Icon drawings copied into src/render/icons.generated.ts (scripts/generate-render-icons.mjs),
  // not bundled from a package: their set's licence, from the set's own metadata.
  for (const set of ['@iconify-json/lucide']) {
    const info = JSON.parse(readFileSync(path.join(root, 'node_modules', set, 'info.json'), 'utf8'));
    const { version } = JSON.parse(readFileSync(path.join(root, 'node_modules', set, 'package.json'), 'utf8'));
    sections.push(
      `## ${info.name}${info.version ? ` ${info.version}` : ''} icons (${info.license.spdx}; from ${set}@${version})\n\nSome of its icons are drawn inline by quire-docs/render. By ${info.author.name} (${info.author.url}); licence: ${info.license.title}, ${info.license.url}.\n`,
    );
  }
  if (problems.length > 0) {
    console.error(`third-party-licenses: cannot ship the bundle:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  const out = path.join(dist, 'THIRD-PARTY-LICENSES.md');
  const header = `# Third-party licences\n\nThe files in this folder contain code of the following ${sections.length} packages, bundled at\nthese versions. Each is distributed under the licence that follows its name.\n\n`;
  writeFileSync(`${out}.tmp`, header + sections.join('\n'));
  renameSync(`${out}.tmp`, out);
  console.log(`dist/THIRD-PARTY-LICENSES.md: ${sections.length} packages`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
