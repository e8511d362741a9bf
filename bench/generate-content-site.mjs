// Writes a realistic documentation site of N MDX pages (default 25,000) for the content benchmark:
// docs.json whose navigation holds tabs of groups, and pages with frontmatter, headings (some with
// `{#custom-id}`), paragraphs, lists, code blocks, tables, images under /images (which exist),
// links to other pages and to their headings' anchors, the platform's components (Card with href,
// Note, Tabs, ParamField, Steps) and snippet imports from /snippets. About 0.5% of the links are
// broken on purpose (a page or an anchor that does not exist); their count is printed and written
// to <folder>/.bench.json.
//
// Page lengths follow the corpus (shared/corpus, 47,000 pages): 10% under 100 characters, median
// 1.7 KB, mean 4.2 KB, 90% under 10 KB, 1% over 32 KB. The same N gives the same bytes: every
// choice comes from a seeded generator.
//
// usage: node bench/generate-content-site.mjs [--pages N] [--out <folder>]
//        (default folder: bench/.cache/content-site-<N>)
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cacheRoot } from './lib.mjs';

/** Character counts of corpus pages at these quantiles (see the header). */
const PAGE_LENGTH_QUANTILES = [
  [0, 40],
  [0.1, 101],
  [0.25, 389],
  [0.5, 1732],
  [0.75, 4749],
  [0.9, 9975],
  [0.95, 14358],
  [0.99, 31724],
  [1, 60000],
];
const TABS = ['Guides', 'Platform', 'Integrations', 'SDKs', 'API reference'];
const PAGES_PER_GROUP = 24;
const SNIPPETS = 60;
const IMAGES = 300;
const BROKEN_SHARE = 0.005;
const WORDS = (
  'account agent alert analytics api archive audit backup batch billing bucket cache callback channel client cluster ' +
  'collection config connector console container credential dashboard dataset deployment device domain endpoint environment event ' +
  'export feature field filter function gateway group hook identity index instance integration invoice job key label limit log ' +
  'member message metric migration model monitor namespace network node notification object organization partition payload ' +
  'permission pipeline plan policy project queue quota record region release report request resource response role rule schedule ' +
  'schema scope secret segment server service session setting signal snapshot source storage stream subscription table task team ' +
  'template tenant token topic trace trigger usage user variable version volume webhook workflow workspace'
).split(' ');
const VERBS = 'Create Configure Manage Update Delete List Retrieve Enable Disable Export Import Rotate Monitor Connect Migrate Test'.split(' ');

const argument = (name, fallback) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback);

/** mulberry32: a small seeded generator, so that the same seed always writes the same site. */
function randomFrom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = (random, list) => list[Math.floor(random() * list.length)];
const words = (random, count) => Array.from({ length: count }, () => pick(random, WORDS)).join(' ');
const capitalised = (text) => text[0].toUpperCase() + text.slice(1);
const slug = (text) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function pageLength(random) {
  const u = random();
  for (let index = 1; index < PAGE_LENGTH_QUANTILES.length; index++) {
    const [q1, length1] = PAGE_LENGTH_QUANTILES[index];
    if (u <= q1) {
      const [q0, length0] = PAGE_LENGTH_QUANTILES[index - 1];
      // Geometric between the two quantiles: lengths spread over orders of magnitude.
      return Math.round(length0 * (length1 / length0) ** ((u - q0) / (q1 - q0)));
    }
  }
  return PAGE_LENGTH_QUANTILES.at(-1)[1];
}

/**
 * What every page is before any is written: its path, title, length and headings with their
 * anchors, so that a page can link to another's heading.
 */
function planPages(count) {
  const pages = [];
  for (let index = 0; index < count; index++) {
    const random = randomFrom(index * 7919 + 17);
    const tab = Math.floor((index / count) * TABS.length);
    const group = Math.floor(index / PAGES_PER_GROUP);
    const title = `${pick(random, VERBS)} ${words(random, 2)} ${index}`;
    const length = pageLength(random);
    const headings = [];
    // Roughly a section per 700 characters, as on the corpus's longer pages.
    for (let section = 0; section < Math.floor(length / 700); section++) {
      const text = `${pick(random, VERBS)} the ${words(random, 2)} ${section + 1}`;
      const custom = random() < 0.1 ? `${slug(words(random, 2))}-${section}` : undefined;
      headings.push({ text, custom, anchor: custom ?? slug(text) });
    }
    pages.push({ index, route: `${slug(TABS[tab])}/group-${group}/${slug(title)}`, tab, group, title, length, headings });
  }
  return pages;
}

/** Writes the site into `folder` and returns what it holds. */
export function generateContentSite(folder, count = 25_000) {
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  const pages = planPages(count);
  const counts = { pages: count, links: 0, brokenLinks: 0, bytes: 0 };
  const write = (relative, text) => {
    const file = path.join(folder, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  };
  write('docs.json', `${JSON.stringify(docsJson(pages), null, 2)}\n`);
  // A one-pixel PNG: images that exist, as links to them need.
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
  for (let image = 0; image < IMAGES; image++) write(`images/figure-${image}.png`, png);
  for (let snippet = 0; snippet < SNIPPETS; snippet++) write(`snippets/snippet-${snippet}.mdx`, snippetText(snippet, pages));
  for (const page of pages) {
    const text = pageText(page, pages, counts);
    counts.bytes += Buffer.byteLength(text);
    write(`${page.route}.mdx`, text);
  }
  writeFileSync(path.join(folder, '.bench.json'), `${JSON.stringify(counts, null, 2)}\n`);
  return counts;
}

function docsJson(pages) {
  const tabs = TABS.map((tab) => ({ tab, groups: [] }));
  for (const page of pages) {
    const groups = tabs[page.tab].groups;
    const name = `Group ${page.group}`;
    if (groups.at(-1)?.group !== name) groups.push({ group: name, pages: [] });
    groups.at(-1).pages.push(page.route);
  }
  return { $schema: 'https://mintlify.com/docs.json', theme: 'mint', name: 'Generated docs', colors: { primary: '#0D9373' }, navigation: { tabs } };
}

function snippetText(snippet, pages) {
  const target = pages[(snippet * 397) % pages.length];
  return `Shared note ${snippet}: read [${target.title}](/${target.route}) before you go on.\n\n<Note>This text comes from a snippet.</Note>\n`;
}

/** A link to another page or to one of its headings; about BROKEN_SHARE of them lead nowhere. */
function linkTo(random, pages, counts) {
  const target = pages[Math.floor(random() * pages.length)];
  counts.links++;
  if (random() < BROKEN_SHARE) {
    counts.brokenLinks++;
    return random() < 0.5 || target.headings.length === 0
      ? { href: `/${target.route}-old`, text: target.title }
      : { href: `/${target.route}#no-such-section`, text: target.title };
  }
  if (target.headings.length > 0 && random() < 0.3) {
    const heading = pick(random, target.headings);
    return { href: `/${target.route}#${heading.anchor}`, text: heading.text };
  }
  return { href: `/${target.route}`, text: target.title };
}

function paragraph(random, pages, counts) {
  const sentences = [];
  for (let sentence = 0; sentence < 2 + Math.floor(random() * 4); sentence++) {
    let text = `${capitalised(words(random, 6 + Math.floor(random() * 10)))}`;
    if (random() < 0.25) {
      const link = linkTo(random, pages, counts);
      text += ` (see [${link.text}](${link.href}))`;
    } else if (random() < 0.2) text += ` with \`${pick(random, WORDS)}_${pick(random, WORDS)}\``;
    else if (random() < 0.1) text += ` and **${words(random, 2)}**`;
    sentences.push(`${text}.`);
  }
  return sentences.join(' ');
}

/** One block of a section's body: most are prose, the rest the constructs real pages mix in. */
function block(random, page, pages, counts) {
  const choice = random();
  if (choice < 0.45) return paragraph(random, pages, counts);
  if (choice < 0.55)
    return Array.from({ length: 2 + Math.floor(random() * 4) }, () => `- ${capitalised(words(random, 4 + Math.floor(random() * 6)))}`).join('\n');
  if (choice < 0.63) {
    const name = `${pick(random, WORDS)}_${pick(random, WORDS)}`;
    return `\`\`\`bash\ncurl -X POST https://api.example.com/v1/${pick(random, WORDS)}s \\\n  -H "Authorization: Bearer $TOKEN" \\\n  -d '{"${name}": "${pick(random, WORDS)}"}'\n\`\`\``;
  }
  if (choice < 0.68) {
    const rows = Array.from(
      { length: 2 + Math.floor(random() * 4) },
      () => `| \`${pick(random, WORDS)}\` | ${pick(random, ['string', 'integer', 'boolean'])} | ${capitalised(words(random, 5))}. |`,
    );
    return ['| Field | Type | Description |', '| --- | --- | --- |', ...rows].join('\n');
  }
  if (choice < 0.72) return `![${capitalised(words(random, 3))}](/images/figure-${Math.floor(random() * IMAGES)}.png)`;
  if (choice < 0.76) return `<Note>\n  ${paragraph(random, pages, counts)}\n</Note>`;
  if (choice < 0.8) {
    const cards = Array.from({ length: 2 }, () => {
      const link = linkTo(random, pages, counts);
      return `  <Card title="${link.text}" icon="book" href="${link.href}">\n    ${capitalised(words(random, 6))}.\n  </Card>`;
    });
    return `<CardGroup cols={2}>\n${cards.join('\n')}\n</CardGroup>`;
  }
  if (choice < 0.84) {
    const tabs = ['Node.js', 'Python'].map((language) => `  <Tab title="${language}">\n    ${capitalised(words(random, 8))}.\n  </Tab>`);
    return `<Tabs>\n${tabs.join('\n')}\n</Tabs>`;
  }
  if (choice < 0.88) {
    const fields = Array.from(
      { length: 1 + Math.floor(random() * 3) },
      () =>
        `<ParamField body="${pick(random, WORDS)}_${pick(random, WORDS)}" type="string"${random() < 0.3 ? ' required' : ''}>\n  ${capitalised(words(random, 8))}.\n</ParamField>`,
    );
    return fields.join('\n\n');
  }
  if (choice < 0.92) {
    const steps = Array.from(
      { length: 2 + Math.floor(random() * 3) },
      () => `  <Step title="${capitalised(words(random, 3))}">\n    ${paragraph(random, pages, counts)}\n  </Step>`,
    );
    return `<Steps>\n${steps.join('\n')}\n</Steps>`;
  }
  if (choice < 0.96) {
    const section = page.headings.length > 0 ? pick(random, page.headings) : undefined;
    return section ? `Jump back to [${section.text}](#${section.anchor}).` : paragraph(random, pages, counts);
  }
  return `<Warning>${capitalised(words(random, 10))}.</Warning>`;
}

function pageText(page, pages, counts) {
  const random = randomFrom(page.index * 104729 + 3);
  const description = capitalised(words(random, 8));
  const parts = [`---\ntitle: "${page.title}"\ndescription: "${description}."\n---`];
  // One page in eight pulls in a snippet, as sites share notes and prerequisites.
  if (random() < 0.125) {
    const snippet = Math.floor(random() * SNIPPETS);
    parts.push(`import Shared from '/snippets/snippet-${snippet}.mdx';`, '<Shared />');
  }
  let size = parts.join('\n\n').length;
  if (page.length > 120) parts.push(paragraph(random, pages, counts));
  for (const heading of page.headings) {
    parts.push(`${random() < 0.75 ? '##' : '###'} ${heading.text}${heading.custom ? ` {#${heading.custom}}` : ''}`);
    // A section ends after the block that passes its share of the page; on average that block
    // overshoots by a quarter of the share, taken off here so lengths match the corpus's.
    const sectionEnd = size + (0.72 * page.length) / page.headings.length;
    do {
      parts.push(block(random, page, pages, counts));
      size = parts.join('\n\n').length;
    } while (size < sectionEnd);
  }
  return `${parts.join('\n\n')}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const count = Number(argument('--pages', 25_000));
  const folder = path.resolve(argument('--out', `${cacheRoot}content-site-${count}`));
  const started = performance.now();
  const counts = generateContentSite(folder, count);
  console.log(
    `${folder}: ${counts.pages} pages, ${(counts.bytes / 1024 / 1024).toFixed(1)} MiB of MDX, ${counts.links} links (${counts.brokenLinks} broken on purpose) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}
