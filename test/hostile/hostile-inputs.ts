import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { compileSite, loadOpenApi, parseDocsJson, parseFrontmatter, type Diagnostic } from '../../src/index.js';
import { readPage } from '../../src/content/index.js';
import type { FileContent } from '../../src/site/types.js';
import { corpusContent } from '../helpers/corpus-content.js';
import { corpusSites, corpusSitesRoot, hasCorpus } from '../helpers/corpus.js';

/**
 * The functions of the core that read a text from someone Quire does not control, and must answer
 * any string with diagnostics, never an exception. Each takes the text and the file name it came
 * from. `compileSite` is given the text as one file of a small site (see {@link siteAround}): a
 * page of it, its docs.json, or the OpenAPI document its navigation names.
 */
export const TARGETS = {
  readPage: { kind: 'page', run: (text: string, file: string) => readPage(text, { file }).diagnostics },
  parseFrontmatter: { kind: 'page', run: (text: string, file: string) => parseFrontmatter(text, file).diagnostics },
  parseDocsJson: { kind: 'docs-json', run: (text: string, file: string) => parseDocsJson(text, { file }).diagnostics },
  loadOpenApi: { kind: 'openapi', run: (text: string, file: string) => loadOpenApi(text, { file }).diagnostics },
  'compileSite(page)': { kind: 'page', run: (text: string, file: string) => compileSite(siteAround('page', text, file), { offline: true }).diagnostics },
  'compileSite(docs.json)': {
    kind: 'docs-json',
    run: (text: string, file: string) => compileSite(siteAround('docs-json', text, file), { offline: true }).diagnostics,
  },
  'compileSite(openapi)': {
    kind: 'openapi',
    run: (text: string, file: string) => compileSite(siteAround('openapi', text, file), { offline: true }).diagnostics,
  },
} satisfies Record<string, { kind: InputKind; run: (text: string, file: string) => readonly Diagnostic[] }>;

/** The home page of the site {@link siteAround} builds: it links to the page at `route`, an anchor of it, and imports a snippet. */
function homePage(route: string): string {
  return `---\ntitle: Home\n---\n\n# Welcome\n\nSee [the page](/${route}#top) and [the API](/api-reference).\n\nimport Part from "/snippets/part.mdx";\n\n<Part />\n`;
}

/**
 * A site of a few files, one of which is `text` (named `file`): the page `file` that the
 * navigation lists and another page links to (given as bytes when its length is even, so that
 * both ways a page reaches the compiler are tried), the site's docs.json, or the OpenAPI
 * document a tab of the navigation names.
 */
export function siteAround(kind: InputKind, text: string, file: string): { files: string[]; texts: Map<string, FileContent> } {
  const page = kind === 'page' ? file.replace(/^\/+/, '') : 'page.mdx';
  const route = page.replace(/\.mdx?$/i, '');
  const texts = new Map<string, FileContent>([
    ['index.mdx', homePage(route)],
    ['snippets/part.mdx', 'A **snippet** with a [link](/index).\n'],
  ]);
  const openapi = kind === 'openapi' ? file.replace(/^\/+/, '') : 'openapi.yaml';
  const docsJson = {
    $schema: 'https://mintlify.com/docs.json',
    theme: 'mint',
    name: 'Hostile',
    colors: { primary: '#0D9373' },
    navigation: {
      tabs: [
        { tab: 'Guides', groups: [{ group: 'Start', pages: ['index', route] }] },
        { tab: 'API', openapi, groups: [{ group: 'Pets', pages: ['GET /pets/{id}'] }] },
      ],
    },
    redirects: [{ source: '/old', destination: `/${route}` }],
  };
  texts.set('docs.json', kind === 'docs-json' ? text : JSON.stringify(docsJson, null, 2));
  texts.set(page, kind === 'page' && text.length % 2 === 0 ? new TextEncoder().encode(text) : kind === 'page' ? text : '# Page {#top}\n\nText.\n');
  texts.set(openapi, kind === 'openapi' ? text : (BUILT_IN_SEEDS[2] as HostileInput).text);
  return { files: [...texts.keys()].sort(), texts };
}

export type TargetName = keyof typeof TARGETS;
export type InputKind = 'page' | 'docs-json' | 'openapi';

/** One input: what it is, the file name it is read as, and its text. A fixture is one of these as JSON (lone surrogates survive JSON, not UTF-8). */
export interface HostileInput {
  kind: InputKind;
  file: string;
  text: string;
}

/** Runs every target of the input's kind; returns the first exception, with the target that threw. */
export function firstThrow(input: HostileInput): { target: TargetName; error: unknown } | undefined {
  for (const [name, target] of Object.entries(TARGETS) as Array<[TargetName, (typeof TARGETS)[TargetName]]>) {
    if (target.kind !== input.kind) continue;
    try {
      const diagnostics = target.run(input.text, input.file);
      if (!Array.isArray(diagnostics)) return { target: name, error: new Error(`${name} returned no diagnostics list`) };
    } catch (error) {
      return { target: name, error };
    }
  }
  return undefined;
}

/** Texts to mutate when the corpus is absent (an npm install): one of each kind. */
const BUILT_IN_SEEDS: HostileInput[] = [
  {
    kind: 'page',
    file: 'page.mdx',
    text: '---\ntitle: "Quick start"\ndescription: Start here\n---\n\n# Install {#install}\n\n<Note>Run `npm i`.</Note>\n\n- [Setup](/setup#first)\n\n```js\nconst a = 1;\n```\n\n<Tabs>\n  <Tab title="One">{props.value}</Tab>\n</Tabs>\n',
  },
  {
    kind: 'docs-json',
    file: 'docs.json',
    text: '{\n  "$schema": "https://mintlify.com/docs.json",\n  "theme": "mint",\n  "name": "A",\n  "colors": { "primary": "#0D9373" },\n  "navigation": { "tabs": [{ "tab": "Guides", "groups": [{ "group": "Start", "pages": ["index", { "group": "More", "pages": ["more"] }] }] }] },\n  "redirects": [{ "source": "/old/:slug", "destination": "/new/:slug" }]\n}\n',
  },
  {
    kind: 'openapi',
    file: 'openapi.yaml',
    text: "openapi: 3.1.0\ninfo: {title: Pets, version: '1'}\npaths:\n  /pets/{id}:\n    get:\n      summary: Get a pet\n      parameters: [{name: id, in: path, required: true, schema: {type: string}}]\n      responses:\n        '200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Pet'}}}}\ncomponents:\n  schemas:\n    Pet: {type: object, properties: {name: {type: string}, tags: {type: array, items: {type: string}}}}\n",
  },
];

/**
 * Real texts to mutate: from a fixed sample of corpus sites, a few pages, the docs.json and one
 * small OpenAPI document each (small, so that a run tries many mutations, not a few long parses).
 */
export function seedInputs(options: { sites: number; pagesPerSite: number; maxBytes: number }): HostileInput[] {
  if (!hasCorpus) return BUILT_IN_SEEDS;
  const seeds: HostileInput[] = [...BUILT_IN_SEEDS];
  const sites = corpusSites();
  const step = Math.max(1, Math.floor(sites.length / options.sites));
  for (let index = 0; index < sites.length && seeds.length < BUILT_IN_SEEDS.length + options.sites * (options.pagesPerSite + 2); index += step) {
    const site = sites[index] as string;
    seeds.push({ kind: 'docs-json', file: 'docs.json', text: readFileSync(`${corpusSitesRoot}${site}/docs.json`, 'utf8') });
    const files = corpusContent(site).filter((file) => file.text.length <= options.maxBytes);
    const pages = files.filter((file) => /\.mdx?$/i.test(file.path));
    for (let page = 0; page < options.pagesPerSite && pages.length > 0; page++) {
      const chosen = pages[Math.floor((page * pages.length) / options.pagesPerSite)] as (typeof pages)[number];
      seeds.push({ kind: 'page', file: chosen.path, text: chosen.text });
    }
    const spec = files.find((file) => /\.(ya?ml|json)$/i.test(file.path) && /openapi|swagger/i.test(file.text.slice(0, 200)));
    if (spec) seeds.push({ kind: 'openapi', file: spec.path, text: spec.text });
  }
  return seeds;
}

/** How large the generated parts may be: small for `npm test`, up to megabytes for `npm run fuzz`. */
export interface Scale {
  /** Longest generated line or repeated slice (a megabyte line). */
  maxRun: number;
  /** Deepest generated nesting (5,000 nested elements). Remark takes seconds on a few thousand nested list items: a stall, which the bench measures, not a throw. */
  maxDepth: number;
}

const STRAYS = ['<', '>', '{', '}', '`', '```', '[', ']', '(', '"', "'", '\\', '---\n', '\n---\n', ':', '- ', '#', '$ref', '%', '&', '\u0000', '\uFEFF'];
const LONE_SURROGATES = ['\uD800', '\uDBFF', '\uDC00', '\uDFFF'];
/** What nests when repeated: elements, expressions, brackets, quotes, lists, YAML keys. */
const NESTERS = [
  '<div>',
  '<Note>',
  '{',
  '[',
  '{"a":',
  '> ',
  '- ',
  '* ',
  '1. ',
  '  ',
  'a: ',
  '<Tabs><Tab title="x">',
  '<!--',
  '${',
  '`',
  '**',
  '_',
  '~~',
  '$$',
  '<a href="',
];

/** One change to a text at a position given as a fraction of its length. */
function mutation(scale: Scale): fc.Arbitrary<(text: string) => string> {
  const at = fc.double({ min: 0, max: 1, noNaN: true });
  const place = (text: string, where: number) => Math.floor(where * text.length);
  const insert = (text: string, where: number, piece: string) => text.slice(0, place(text, where)) + piece + text.slice(place(text, where));
  return fc.oneof(
    // Truncation.
    at.map((where) => (text: string) => text.slice(0, place(text, where))),
    // Stray characters: `<{}`, backticks, fences, YAML and JSON punctuation, NUL, BOM.
    fc.tuple(at, fc.constantFrom(...STRAYS)).map(
      ([where, piece]) =>
        (text: string) =>
          insert(text, where, piece),
    ),
    // A slice of the text repeated.
    fc.tuple(at, at, fc.integer({ min: 1, max: 8 })).map(([from, to, times]) => (text: string) => {
      const [start, end] = [place(text, Math.min(from, to)), place(text, Math.max(from, to))];
      return text.slice(0, end) + text.slice(start, end).slice(0, scale.maxRun).repeat(times) + text.slice(end);
    }),
    // Deep nesting, opened (and sometimes closed).
    fc
      .tuple(at, fc.constantFrom(...NESTERS), fc.integer({ min: 1, max: scale.maxDepth }), fc.boolean())
      .map(([where, opener, depth, close]) => (text: string) => {
        const closer =
          opener.startsWith('<') && !opener.startsWith('<!')
            ? opener.replace(/^<(\w+).*$/, '</$1>')
            : (({ '{': '}', '[': ']', '{"a":': '}', '${': '}' } as Record<string, string>)[opener] ?? '');
        return insert(text, where, opener.repeat(depth) + 'x' + (close ? closer.repeat(depth) : ''));
      }),
    // A long line: one character, or a short pattern, repeated.
    fc.tuple(at, fc.string({ minLength: 1, maxLength: 40 }), fc.integer({ min: 1, max: scale.maxRun })).map(
      ([where, pattern, length]) =>
        (text: string) =>
          insert(text, where, pattern.repeat(Math.ceil(length / pattern.length)).slice(0, length)),
    ),
    // Random characters, any code unit (lone surrogates included).
    fc.tuple(at, fc.string({ unit: 'binary', maxLength: 64 })).map(
      ([where, junk]) =>
        (text: string) =>
          insert(text, where, junk),
    ),
    fc.tuple(at, fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)), maxLength: 64 })).map(
      ([where, junk]) =>
        (text: string) =>
          insert(text, where, junk),
    ),
    // A lone surrogate in a heading, a link, a key, a value.
    fc.tuple(at, fc.constantFrom(...LONE_SURROGATES), fc.constantFrom('', '\n# Head ', '[a](/b', '"k', ': v', '<Card title="')).map(
      ([where, surrogate, around]) =>
        (text: string) =>
          insert(text, where, `${around}${surrogate}ing`),
    ),
    // Line endings: CRLF, CR alone.
    fc.constantFrom('\r\n', '\r').map((ending) => (text: string) => text.replace(/\r?\n/g, ending)),
  );
}

/** An input: a seed with one to four mutations, or a text of random characters alone. */
export function hostileInput(seeds: readonly HostileInput[], scale: Scale): fc.Arbitrary<HostileInput> {
  const mutated = fc
    .tuple(fc.constantFrom(...seeds), fc.array(mutation(scale), { minLength: 1, maxLength: 4 }))
    .map(([seed, changes]) => ({ ...seed, text: changes.reduce((text, change) => change(text), seed.text) }));
  const random = fc
    .tuple(fc.constantFrom<InputKind>('page', 'docs-json', 'openapi'), fc.string({ unit: 'binary', maxLength: 2000 }))
    .map(([kind, text]) => ({ kind, file: kind === 'page' ? 'page.mdx' : kind === 'docs-json' ? 'docs.json' : 'openapi.yaml', text }));
  return fc.oneof({ arbitrary: mutated, weight: 9 }, { arbitrary: random, weight: 1 });
}
