// Quire's hand-written JSON reader (src/json/) against two maintained libraries that give
// positions: jsonc-parser (VS Code's) and @humanwhocodes/momoa (ESLint's JSON language). Each is
// asked for what Quire's callers need, and the answers are checked to agree before they are timed:
//   valid    the value, and whether an object repeats a key (the path every valid file takes);
//   places   where a handful of pointers are (the path a file with a few diagnostics takes);
//   all      where every value is, by pointer (the path a file with many diagnostics takes);
// on the largest docs.json files of the corpus, the generated 40,000-page docs.json and the
// largest JSON OpenAPI descriptions; then prints what each reports for a set of broken files.
// The libraries are installed into bench/.cache, never into the project; Quire's reader is
// bundled from src/ with esbuild (it is not a public export).
// Usage: node bench/json-reader.mjs [--runs N] [--errors-only]
import { build } from 'esbuild';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { generateDocsJson } from './generate-docs-json.mjs';
import { benchRoot, cacheRoot, corpusRoot, installPeer, medianOf, medianRatio, timeSideBySide } from './lib.mjs';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 15;
const errorsOnly = process.argv.includes('--errors-only');
const JSONC = 'jsonc-parser@3.3.1';
const MOMOA = '@humanwhocodes/momoa@3.3.13';
const MAX_DEPTH = 512;

const quireJs = `${cacheRoot}json-reader/quire-json.mjs`;
await build({
  stdin: {
    contents: "export * from './src/json/scan.ts'; export * from './src/json/text.ts'; export * from './src/json/parse-shared.ts';",
    resolveDir: path.resolve(benchRoot, '..'),
    loader: 'ts',
  },
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  outfile: quireJs,
  logLevel: 'error',
});
const quire = await import(pathToFileURL(quireJs).href);
const jsonc = installPeer('jsonc-parser', JSONC)('jsonc-parser');
const momoa = installPeer('momoa', MOMOA)('@humanwhocodes/momoa');

// ---- What each reader is asked to do, written the way a user of its API would write it. ----

const quireReader = {
  valid: (text) => ({ value: JSON.parse(text), repeats: quire.hasDuplicateKeys(text, MAX_DEPTH) }),
  validOpenApi: (text) => {
    const parsed = quire.parseJsonSharingStrings(text, MAX_DEPTH);
    return { value: parsed.value, repeats: parsed.suspect };
  },
  places: (text, pointers) => startsOf(quire.locationsInJson(text, pointers), pointers),
  all: (text) => new Map([...quire.scanJson(text, { locations: true, maxDepth: MAX_DEPTH }).locations].map(([pointer, { start }]) => [pointer, start])),
};

/** jsonc-parser: a visitor that keeps the keys of each open object (its tree would cost more). */
function jsoncRepeats(text) {
  const open = [];
  let repeats = false;
  jsonc.visit(
    text,
    {
      onObjectBegin: () => {
        open.push(new Set());
        if (open.length > MAX_DEPTH) repeats = true;
      },
      onObjectEnd: () => open.pop(),
      onArrayBegin: () => {
        open.push(undefined);
        if (open.length > MAX_DEPTH) repeats = true;
      },
      onArrayEnd: () => open.pop(),
      onObjectProperty: (name) => {
        const keys = open.at(-1);
        if (keys.has(name)) repeats = true;
        keys.add(name);
      },
    },
    { disallowComments: true },
  );
  return repeats;
}

const jsoncReader = {
  valid: (text) => ({ value: JSON.parse(text), repeats: jsoncRepeats(text) }),
  // `findNodeAtLocation` wants numbers for array indexes: the caller knows them from the value.
  places: (text, pointers, paths) => {
    const tree = jsonc.parseTree(text, [], { disallowComments: true });
    return paths.map((jsonPath) => jsonc.findNodeAtLocation(tree, jsonPath)?.offset);
  },
  // A visitor rather than `parseTree` and a walk: the faster of the two (1.2-1.5x) on these files.
  all: (text) => {
    const starts = new Map();
    const open = [];
    let key;
    const next = () => {
      const container = open.at(-1);
      if (!container) return '';
      return container.index === undefined ? `${container.pointer}/${escape(key)}` : `${container.pointer}/${container.index++}`;
    };
    const begin = (index) => (offset) => {
      const pointer = next();
      starts.set(pointer, offset);
      open.push({ pointer, index });
    };
    jsonc.visit(
      text,
      {
        onObjectBegin: begin(undefined),
        onArrayBegin: begin(0),
        onObjectEnd: () => open.pop(),
        onArrayEnd: () => open.pop(),
        onObjectProperty: (name) => {
          key = name;
        },
        onLiteralValue: (_value, offset) => {
          starts.set(next(), offset);
        },
      },
      { disallowComments: true },
    );
    return starts;
  },
};
jsoncReader.validOpenApi = jsoncReader.valid;

function momoaRepeats(document) {
  let repeats = false;
  const walk = (node, depth) => {
    if (depth > MAX_DEPTH) repeats = true;
    if (node.type === 'Object') {
      const keys = new Set();
      for (const member of node.members) {
        const name = member.name.type === 'String' ? member.name.value : member.name.name;
        if (keys.has(name)) repeats = true;
        keys.add(name);
        walk(member.value, depth + 1);
      }
    } else if (node.type === 'Array') for (const element of node.elements) walk(element.value, depth + 1);
  };
  walk(document.body, 1);
  return repeats;
}

const momoaReader = {
  valid: (text) => ({ value: JSON.parse(text), repeats: momoaRepeats(momoa.parse(text, { mode: 'json' })) }),
  places: (text, pointers) => {
    const body = momoa.parse(text, { mode: 'json' }).body;
    return pointers.map((pointer) => {
      let node = body;
      for (const token of tokens(pointer)) {
        if (node?.type === 'Object') node = node.members.find((member) => member.name.value === token)?.value;
        else if (node?.type === 'Array') node = node.elements[Number(token)]?.value;
        else node = undefined;
      }
      return node?.loc.start.offset;
    });
  },
  all: (text) => {
    const starts = new Map();
    const walk = (node, pointer) => {
      starts.set(pointer, node.loc.start.offset);
      if (node.type === 'Object') for (const member of node.members) walk(member.value, `${pointer}/${escape(member.name.value)}`);
      else if (node.type === 'Array') node.elements.forEach((element, index) => walk(element.value, `${pointer}/${index}`));
    };
    walk(momoa.parse(text, { mode: 'json' }).body, '');
    return starts;
  },
};
momoaReader.validOpenApi = momoaReader.valid;

const readers = [
  ['quire', quireReader],
  ['jsonc-parser', jsoncReader],
  ['momoa', momoaReader],
];

function escape(token) {
  return String(token).replace(/~/g, '~0').replace(/\//g, '~1');
}
function tokens(pointer) {
  return pointer === ''
    ? []
    : pointer
        .slice(1)
        .split('/')
        .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}
function startsOf(locations, pointers) {
  return pointers.map((pointer) => locations.get(pointer)?.start);
}

/**
 * Five leaves spread over the value, the last among them (the worst case for a pass that stops
 * early), as pointers and as paths (array indexes as numbers).
 */
function sampleLeaves(value) {
  const leaves = [];
  const walk = (node, jsonPath) => {
    if (node !== null && typeof node === 'object') {
      if (Array.isArray(node)) node.forEach((child, index) => walk(child, [...jsonPath, index]));
      else for (const [key, child] of Object.entries(node)) walk(child, [...jsonPath, key]);
    } else leaves.push(jsonPath);
  };
  walk(value, []);
  const paths = [0.1, 0.3, 0.5, 0.8, 1].map((share) => leaves[Math.min(leaves.length - 1, Math.floor(share * leaves.length))]);
  return { pointers: paths.map((jsonPath) => jsonPath.map((token) => `/${escape(token)}`).join('')), paths };
}

// ---- Inputs ----

function corpusFiles() {
  const sites = `${corpusRoot}sites/`;
  const docs = [];
  const specs = [];
  const visit = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (entry.name === 'docs.json' && path.dirname(file) === path.join(sites, path.relative(sites, file).split(path.sep)[0])) docs.push(file);
      else if (entry.name.endsWith('.json') && statSync(file).size > 200_000) {
        const head = readFileSync(file, 'utf8').slice(0, 4000);
        if (/"(openapi|swagger)"\s*:/.test(head)) specs.push(file);
      }
    }
  };
  visit(sites);
  const bySize = (a, b) => statSync(b).size - statSync(a).size;
  return { docs: docs.sort(bySize).slice(0, 3), specs: specs.sort(bySize).slice(0, 2) };
}

const label = (file) => path.relative(`${corpusRoot}sites/`, file);
const size = (text) => `${(text.length / 1024).toFixed(0)} KiB`;

// ---- Speed ----

if (!errorsOnly) {
  const { docs, specs } = corpusFiles();
  const inputs = [
    ...docs.map((file) => ({ name: label(file), text: readFileSync(file, 'utf8'), kind: 'docs' })),
    { name: 'generated 40,000-page docs.json', text: JSON.stringify(generateDocsJson(), null, 2), kind: 'docs' },
    ...specs.map((file) => ({ name: label(file), text: readFileSync(file, 'utf8'), kind: 'openapi' })),
  ];
  console.log(`${JSONC}, ${MOMOA}; node ${process.version}; load average ${loadavg()[0].toFixed(1)} at start on the machine's cores`);
  console.log(`median of ${runs} interleaved rounds (ms), and the median of each round's ratio library/quire\n`);
  console.log(
    `${'file'.padEnd(58)} ${'task'.padEnd(7)} ${'quire'.padStart(8)} ${'jsonc'.padStart(8)} ${'ratio'.padStart(6)} ${'momoa'.padStart(8)} ${'ratio'.padStart(6)}`,
  );
  for (const input of inputs) {
    const value = JSON.parse(input.text);
    const { pointers, paths } = sampleLeaves(value);
    const tasks = {
      valid: (reader) => () => (input.kind === 'openapi' ? reader.validOpenApi : reader.valid)(input.text),
      places: (reader) => () => reader.places(input.text, pointers, paths),
      all: (reader) => () => reader.all(input.text),
    };
    for (const [task, make] of Object.entries(tasks)) {
      // The readers must agree before their times mean anything.
      const answers = readers.map(([, reader]) => make(reader)());
      const shown = answers.map((answer) =>
        answer instanceof Map ? JSON.stringify([...answer].sort()) : JSON.stringify(answer, (key, item) => (key === 'value' ? undefined : item)),
      );
      if (shown.some((answer) => answer !== shown[0]))
        throw new Error(`${input.name} ${task}: the readers disagree: ${shown.map((answer) => answer.slice(0, 200)).join(' | ')}`);
      const rounds = input.text.length > 5_000_000 || task === 'all' ? Math.max(5, Math.ceil(runs / 2)) : runs;
      const timings = timeSideBySide(
        readers.map(([, reader]) => make(reader)),
        { runs: rounds, warmup: 2 },
      );
      const [ours, jsoncTimes, momoaTimes] = timings;
      console.log(
        `${`${input.name} (${size(input.text)})`.slice(0, 58).padEnd(58)} ${task.padEnd(7)} ${medianOf(ours).toFixed(1).padStart(8)} ${medianOf(jsoncTimes).toFixed(1).padStart(8)} ${`${medianRatio(jsoncTimes, ours).toFixed(1)}x`.padStart(6)} ${medianOf(momoaTimes).toFixed(1).padStart(8)} ${`${medianRatio(momoaTimes, ours).toFixed(1)}x`.padStart(6)}`,
      );
    }
  }
  console.log(`\nload average ${loadavg()[0].toFixed(1)} at end\n`);
}

// ---- Broken files: what each reports ----

/** A real docs.json of the corpus, with one mistake made in it; `at` is where the mistake is. */
function brokenCases() {
  const file = `${corpusRoot}sites/mintlify__docs/docs.json`;
  const base = existsSync(file) ? readFileSync(file, 'utf8') : JSON.stringify(generateDocsJson(), null, 2).slice(0, 4000);
  const firstPage = base.indexOf('"pages"');
  const pageStart = base.indexOf('"', base.indexOf('[', firstPage) + 1);
  const pageEnd = base.indexOf('"', pageStart + 1) + 1;
  const edit = (start, end, insert) => base.slice(0, start) + insert + base.slice(end);
  const nameKey = base.indexOf('"name"');
  const afterName = base.indexOf(',', nameKey);
  return [
    ['missing comma', edit(pageEnd, pageEnd + 1, '')],
    ['trailing comma', edit(base.indexOf(']', pageEnd), base.indexOf(']', pageEnd), ',')],
    ['unquoted key', edit(nameKey, nameKey + 6, 'name')],
    ['single quotes', edit(pageStart, pageEnd, `'${base.slice(pageStart + 1, pageEnd - 1)}'`)],
    ['line comment', edit(nameKey, nameKey, '// the site name\n  ')],
    ['unclosed string', edit(pageEnd - 1, pageEnd, '')],
    ['unclosed brace', base.trimEnd().slice(0, -1)],
    ['stray } (closes the file early)', edit(afterName, afterName, ' }')],
    ['stray } (after a comma)', edit(afterName + 1, afterName + 1, '\n  },')],
    ['BOM', `\uFEFF${base}`],
    ['duplicate key', edit(nameKey, nameKey, '"name": "Old name",\n  ')],
    ['tab in a string', edit(pageStart + 1, pageStart + 1, '\t')],
    [
      'merge conflict',
      edit(
        nameKey,
        base.indexOf('\n', nameKey) + 1,
        `<<<<<<< HEAD\n${base.slice(nameKey, base.indexOf('\n', nameKey) + 1)}=======\n  "name": "Other",\n>>>>>>> branch\n`,
      ),
    ],
    ['truncated file', base.slice(0, Math.floor(base.length / 2))],
    // Where a reader that goes on after an error could tell more in one run.
    [
      'two mistakes (unquoted key, then a missing comma)',
      edit(nameKey, nameKey + 6, 'name').replace(base.slice(pageStart, pageEnd + 1), base.slice(pageStart, pageEnd)),
    ],
  ];
}

function lineColumn(text, offset) {
  const before = text.slice(0, offset).split('\n');
  return `${before.length}:${before.at(-1).length + 1}`;
}

/** Quire as its callers use it: the byte-order mark is dropped before reading (see src/config/sources.ts). */
function quireReport(raw) {
  const text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  const scan = quire.scanJson(text, { maxDepth: MAX_DEPTH });
  if (scan.error) return `${lineColumn(text, scan.error.offset)} ${scan.error.message} Hint: ${scan.error.hint}`;
  if (scan.duplicates.length)
    return scan.duplicates
      .map((duplicate) => `${lineColumn(text, duplicate.offset)} duplicate key ${duplicate.pointer} (first at ${lineColumn(text, duplicate.firstOffset)})`)
      .join('; ');
  return 'accepted';
}

function jsoncReport(text) {
  const errors = [];
  jsonc.parse(text, errors, { disallowComments: true, allowTrailingComma: false });
  if (errors.length === 0) return 'accepted';
  const shown = errors.slice(0, 3).map((error) => `${lineColumn(text, error.offset)} ${jsonc.printParseErrorCode(error.error)}`);
  return `${shown.join('; ')}${errors.length > 3 ? `; ... ${errors.length} errors in all` : ` (${errors.length} in all)`}`;
}

function momoaReport(text) {
  try {
    momoa.parse(text, { mode: 'json' });
    return 'accepted';
  } catch (error) {
    return error.message;
  }
}

console.log('broken files (a real docs.json with one mistake): what each reports (line:column message)\n');
for (const [name, text] of brokenCases()) {
  console.log(name);
  console.log(`  quire  ${quireReport(text)}`);
  console.log(`  jsonc  ${jsoncReport(text)}`);
  console.log(`  momoa  ${momoaReport(text)}`);
}
