import { describe, expect, it } from 'vitest';
import { compileSite, createCompiler, type FileContent, type PageFactsCache, type SiteChange, type SiteCompilation } from '../../src/index.js';
import type { PageFacts } from '../../src/content/index.js';
import { nodePageParsers } from '../../src/node/native-parser.js';
import { corpusAvailable, corpusInputs } from '../helpers/corpus-inputs.js';
import { asInputs, openApiFilesOf, siteInputsOf } from '../helpers/site-inputs.js';
import { fixturePath } from '../helpers/fixtures.js';

/** A small seeded generator (mulberry32), so that a failure can be run again. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What must be equal between an updated compilation and a cold one. */
function comparable(result: SiteCompilation) {
  const { site } = result;
  return {
    diagnostics: result.diagnostics,
    wanted: result.wanted,
    summary: result.summary,
    config: site.config,
    partialConfig: site.partialConfig,
    tree: site.tree,
    endpointPages: site.endpointPages,
    missingPages: site.missingPages,
    files: site.files,
    siteFiles: site.siteFiles,
    frontmatter: [...site.frontmatter],
    content: [...site.content],
  };
}

const text = (content: FileContent | undefined) =>
  content === undefined ? '' : typeof content === 'string' ? content : 'unreadable' in content ? '' : new TextDecoder().decode(content);

/** One random change to a site's files, of the kinds an author makes (and some an attacker does). */
function randomChanges(next: () => number, files: Map<string, FileContent | undefined>): SiteChange[] {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const pages = [...files.keys()].filter((file) => /\.mdx?$/.test(file));
  const documents = [...files.keys()].filter((file) => /\.(ya?ml|json)$/.test(file) && file !== 'docs.json');
  const page = pick(pages.length ? pages : ['index.mdx']);
  const other = pick(pages.length ? pages : ['index.mdx']).replace(/\.mdx?$/, '');
  const kind = Math.floor(next() * 12);
  switch (kind) {
    case 0: // a link to another page, with an anchor that may not exist
      return [{ file: page, content: `${text(files.get(page))}\n\nSee [more](/${other}#${pick(['', 'intro', 'missing-anchor'])}).\n` }];
    case 1: // a link to nothing
      return [{ file: page, content: `${text(files.get(page))}\n\n[gone](/no/such/page-${Math.floor(next() * 5)})\n` }];
    case 2: // a new heading, which other pages' anchors may now find
      return [{ file: page, content: `${text(files.get(page))}\n\n## Intro\n\nText.\n` }];
    case 3: // deleted
      return [{ file: page, content: null }];
    case 4: {
      // renamed
      const renamed = page.replace(/(\.mdx?)$/, `-moved$1`);
      return [
        { file: page, content: null },
        { file: renamed, content: files.get(page) ?? '' },
      ];
    }
    case 5: // a syntax error, or a binary file in its place
      return [{ file: page, content: next() < 0.5 ? `${text(files.get(page))}\n\n<Card title="x"\n` : new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 1, 2]) }];
    case 6: // frontmatter changed: the navigation's labels
      return [{ file: page, content: `---\ntitle: "Changed ${Math.floor(next() * 100)}"\n---\n\n${text(files.get(page)).replace(/^---[\s\S]*?\n---\n/, '')}` }];
    case 7: {
      // docs.json broken in the middle, then fixed in a later change
      const docs = text(files.get('docs.json'));
      return [{ file: 'docs.json', content: docs.slice(0, Math.floor(docs.length / 2)) }];
    }
    case 8: // a new page that links to an existing one
      return [{ file: `new-${Math.floor(next() * 1000)}.mdx`, content: `---\ntitle: New\n---\n\n[back](/${other})\n` }];
    case 9: // an OpenAPI document replaced by something that is not one
      return documents.length
        ? [{ file: pick(documents), content: pick(['not: an openapi document\n', '{"openapi": "3.1.0"', '']) }]
        : [{ file: page, content: '' }];
    case 10: {
      // the same file twice in one batch: the last wins
      return [
        { file: page, content: '# First\n' },
        { file: page, content: `${text(files.get(page))}\n\n## Second\n` },
      ];
    }
    default: // an image added or removed
      return [
        next() < 0.5
          ? { file: `images/added-${Math.floor(next() * 3)}.png`, content: undefined }
          : { file: `images/added-${Math.floor(next() * 3)}.png`, content: null },
      ];
  }
}

/**
 * Random edits, renames and deletions applied to a compiler one batch at a time; after each, the
 * result must equal a cold compileSite of the same files.
 */
function checkUpdates(inputs: { files: string[]; texts: Map<string, FileContent>; openApiFiles: string[] }, seed: number, steps: number): void {
  const next = random(seed);
  const files = new Map<string, FileContent | undefined>(inputs.files.map((file) => [file, inputs.texts.get(file)]));
  // Pages parsed as in Node (satteri, remark confirming its refusals).
  const parsers = nodePageParsers();
  const options = { offline: true, ...(parsers ? { parsers } : {}) };
  // The cold compiles share the pages' facts by content, as the content cache does: what is compared
  // is everything else (the compiler under test keeps its own).
  const parsed = new Map<string, PageFacts>();
  const key = (file: string, content: FileContent) => `${file}\0${text(content)}\0${typeof content}`;
  const cache: PageFactsCache = {
    get: (file, content) => parsed.get(key(file, content)),
    set: (file, content, facts) => void parsed.set(key(file, content), facts),
  };
  const compiler = createCompiler(options, asInputs(inputs));
  compiler.compile();
  const originalDocs = files.get('docs.json');
  for (let step = 0; step < steps; step++) {
    let changes = randomChanges(next, files);
    // A broken docs.json is fixed again two steps later, as in a watch session.
    if (step % 5 === 4 && text(files.get('docs.json')) !== text(originalDocs)) changes = [...changes, { file: 'docs.json', content: originalDocs ?? '' }];
    for (const change of changes) {
      if (change.content === null) files.delete(change.file);
      else files.set(change.file, change.content);
    }
    const texts = new Map<string, FileContent>();
    for (const [file, content] of files) if (content !== undefined) texts.set(file, content);
    const openApiFiles = openApiFilesOf(texts);
    const updated = compiler.update(changes, { openApiFiles });
    const cold = compileSite({ files: [...files.keys()], texts, openApiFiles }, { ...options, cache });
    // Compared as JSON first (deep equality of large OpenAPI page models is slow), then in full for the difference.
    const [got, want] = [comparable(updated), comparable(cold)];
    if (JSON.stringify(got) !== JSON.stringify(want))
      expect(
        got,
        `seed ${seed}, step ${step}: ${JSON.stringify(changes.map((change) => [change.file, change.content === null ? 'deleted' : typeof change.content]))}`,
      ).toEqual(want);
  }
}

describe('createCompiler: updates equal a cold compile', () => {
  it('on fixture sites', () => {
    for (const [index, name] of ['broken-links', 'snippets', 'anchors', 'openapi-by-url', 'syntax-errors'].entries())
      checkUpdates(siteInputsOf(fixturePath('content', name)), 1000 + index, 25);
    checkUpdates(siteInputsOf(fixturePath('example-site')), 7, 25);
  });

  it.skipIf(!corpusAvailable)(
    'on corpus sites',
    () => {
      const sites =
        process.env.QUIRE_FULL_CORPUS === '1'
          ? ['coinbase__x402', 'Send-Dots__dots-docs-v2', 'MCPJam__inspector', 'AhaSend__docs', 'alltick__docs', 'dittofeed__dittofeed']
          : ['coinbase__x402', 'MCPJam__inspector'];
      for (const [index, site] of sites.entries()) checkUpdates(corpusInputs(site), 42 + index, process.env.QUIRE_FULL_CORPUS === '1' ? 60 : 15);
    },
    600_000,
  );
});
