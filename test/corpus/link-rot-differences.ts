import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../../src/index.js';
import { redirectSourcePattern } from '../../src/config/redirect-source.js';
import { isInFolder } from '../../src/util/posix-path.js';

/**
 * What @mintlify/link-rot (the incumbent's link checker, run by bench/link-rot-findings.mjs)
 * reported on a corpus site, and how Quire's findings compare: every broken link it reports is
 * reported by Quire too, or falls in a class of difference explained in REASONS.
 */
interface LinkRotSite {
  broken?: { source: string; link: string }[];
  error?: { page: string; message: string };
  timeout?: string;
  mintignore?: string;
}

const findings = JSON.parse(readFileSync(path.join(import.meta.dirname, 'link-rot.findings.json'), 'utf8')) as { sites: Record<string, LinkRotSite> };

/** Why link-rot reports a link that Quire does not, by class. */
export const REASONS: Record<string, string> = {
  'text-fragment': 'A `#:~:text=` text fragment: the browser highlights the text; it names no element, and Quire does not take it for an anchor.',
  'protocol-relative': 'A `//host/path` link is a URL on another host (protocol-relative), not a page of the site.',
  'platform-path': 'A path the platform serves on every site without a file (`/llms.txt`, `/sitemap.xml`, ...).',
  'bare-relative':
    "A link without `/`, `./` or `../` (`setup`, `images/a.png`): link-rot reads it from the site root, a browser from the page's folder, where the page or file exists.",
  'base-path':
    'The link writes the base path the site is served under (`/docs/...` on a site with no `docs/` folder) or a language/version prefix of the navigation; the page exists under the rest of the path.',
  'anchor-found':
    "Quire finds the anchor on the target page: most are ids of HTML elements written inside a paragraph (TypeDoc's `<div id>` on modelcontextprotocol), which the browser has but link-rot, reading block elements only, does not see; others are component ids (Tab, Accordion, Update titles) or headings of an MDX snippet the target page renders, which link-rot does not look into; a `#anchor` written in a snippet, which lands on the pages that render it (powersync, Unstructured: the heading is on that page), where link-rot looks for it in the snippet alone; and on langchain-ai/docs, anchors on a page whose frontmatter `url` sends the reader to another site (its API reference), where they are that site's.",
  'same-page-root': 'A link to the site root with an anchor (`/#setup`), whose page (the first of the navigation) Quire does not check anchors on.',
  'openapi-not-read':
    'The link leads into the folder where the endpoint pages of an OpenAPI document given by URL are generated (unkey: `/api-reference/keys/create-api-key` from `https://spec.speakeasy.com/...`). The corpus runs offline, so neither tool has the document: link-rot reports every such link broken, Quire cannot know those pages, takes the links as leading to them, and says so once in its `openapi/url-skipped` warning.',
  'unreached-page':
    'The link is written in a page no reader is led to (in no navigation, linked to or imported by no page a reader reaches): Quire reports what such a page points at as one `content/unreached-page` warning for the page, which counts the link among its problems and quotes the first, instead of one diagnostic a link.',
  mintignored:
    "The link is written in a file the site's `.mintignore` leaves out of the site (iii-hq's generated `*.skill.md` notes, mintlify's `agent-context/`). link-rot ran on the corpus copy, whose `.mintignore` is empty, and checked them; Quire is given the site's patterns (test/corpus/mintignore.ts) and, like the platform, does not read those files.",
  redirect:
    'The link is the source of a redirect of docs.json (`/old/:slug*`): the reader is sent on to its destination. Quire reports a destination that leads nowhere once, at the redirect (`navigation/redirect-to-nothing`), not at each link to it; link-rot counts the link broken when the destination is not a page file (an external URL) or when the link has an extension (`testing.md` becomes `testing.md.mdx`).',
};

/** Whether `link` (a path from the root) is the source of one of the redirects, wildcards included, as Quire matches them. */
function redirected(link: string, redirects: readonly { source: string }[]): boolean {
  const target = link
    .replace(/[?#].*$/s, '')
    .replace(/\.mdx?$/i, '')
    .replace(/^\/+|\/+$/g, '');
  return redirects.some((redirect) => redirectSourcePattern(redirect.source.replace(/^\/+|\/+$/g, '')).regex.test(target));
}

/** The class of a link-rot finding that Quire does not report, or `unexplained`. */
function classify(link: string, topFolders: ReadonlySet<string>): string {
  if (link.includes(':~:')) return 'text-fragment';
  if (link.startsWith('//')) return 'protocol-relative';
  if (/^\/?(llms\.txt|llms-full\.txt|sitemap\.xml|robots\.txt)$/.test(link.replace(/[?#].*$/, ''))) return 'platform-path';
  if (/^\/#/.test(link)) return 'same-page-root';
  if (link.includes('#')) return 'anchor-found';
  if (!/^[/.#?]/.test(link)) return 'bare-relative';
  const first = /^\/([^/?#]+)\//.exec(link)?.[1];
  // A first folder the site does not have is a base path; a language code is a prefix.
  if (first !== undefined && (!topFolders.has(first) || /^[a-z]{2}(?:-[A-Za-z]{2,4})?$/.test(first))) return 'base-path';
  return 'unexplained';
}

/** The comparison for one site: classes of difference with counts, and the pages link-rot stopped at. */
export interface LinkRotComparison {
  /** Broken links link-rot reports. */
  reported: number;
  /** Of those, reported by Quire too (same page, same link as written). */
  alsoReportedByQuire: number;
  /** The others, by class (see REASONS); `unexplained` must stay empty. */
  differences: Record<string, number>;
  unexplained: string[];
  /** The page link-rot stopped at, and whether Quire reports its syntax error. */
  stoppedAt?: { page: string; reportedByQuire: boolean; ignoredBySite?: true };
  note?: string;
}

/**
 * Compares Quire's diagnostics on a site (file names relative to the site folder) with link-rot's
 * findings. `mintignored` tells the files the site's `.mintignore` leaves out.
 */
export function compareWithLinkRot(
  site: string,
  diagnostics: readonly Diagnostic[],
  files: readonly string[],
  redirects: readonly { source: string }[] = [],
  unknownFolders: readonly string[] = [],
  mintignored: (file: string) => boolean = () => false,
): LinkRotComparison | undefined {
  const entry = findings.sites[site];
  if (!entry) return undefined;
  const topFolders = new Set(files.filter((file) => file.includes('/')).map((file) => file.slice(0, file.indexOf('/'))));
  const reportedByQuire = new Set<string>();
  const unreachedPages = new Set(diagnostics.filter((diagnostic) => diagnostic.code === 'content/unreached-page').map((diagnostic) => diagnostic.file));
  for (const diagnostic of diagnostics) {
    const url = /^The (?:link|import of) "([^"]+)"/.exec(diagnostic.message)?.[1];
    if (url !== undefined) reportedByQuire.add(`${diagnostic.file} ${url}`);
  }
  const comparison: LinkRotComparison = { reported: entry.broken?.length ?? 0, alsoReportedByQuire: 0, differences: {}, unexplained: [] };
  for (const finding of entry.broken ?? []) {
    if (reportedByQuire.has(`${finding.source} ${finding.link}`)) {
      comparison.alsoReportedByQuire++;
      continue;
    }
    const fromRoot = finding.link.startsWith('/') ? finding.link : `/${path.posix.join(path.posix.dirname(finding.source), finding.link)}`;
    const page = fromRoot.replace(/[?#].*$/s, '').replace(/^\/+/, '');
    const unknown = unknownFolders.some((folder) => isInFolder(page, folder));
    const kind = mintignored(finding.source)
      ? 'mintignored'
      : unreachedPages.has(finding.source)
        ? 'unreached-page'
        : redirected(fromRoot, redirects)
          ? 'redirect'
          : unknown
            ? 'openapi-not-read'
            : classify(finding.link, topFolders);
    if (kind === 'unexplained') comparison.unexplained.push(`${finding.source} ${finding.link}`);
    else comparison.differences[kind] = (comparison.differences[kind] ?? 0) + 1;
  }
  if (entry.error) {
    const page = entry.error.page;
    // A page the site's .mintignore leaves out is no page of the site: the platform never parses it.
    comparison.stoppedAt = {
      page,
      reportedByQuire: diagnostics.some((diagnostic) => diagnostic.file === page && diagnostic.code === 'content/syntax'),
      ...(mintignored(page) ? { ignoredBySite: true as const } : {}),
    };
  }
  if (entry.timeout) comparison.note = `link-rot: ${entry.timeout}`;
  return comparison;
}
