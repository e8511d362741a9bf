import type { Diagnostic } from '../../src/index.js';
import { reasonFor } from './docs-json-reasons.js';

/**
 * Why a finding on a corpus site is genuine, checked by opening the file it names. Used by
 * UPDATE=1 for new entries of site-validate.expected/<site>.json; a reviewer edits an entry there when
 * a site's case deserves a more specific reason. `REASON NEEDED` fails the test: a new kind of
 * finding must be looked at before it is accepted.
 */
export function siteFindingReason(site: string, diagnostic: Diagnostic): string {
  return (
    SITE_REASONS[`${site} ${diagnostic.code}`] ??
    CODE_REASONS[`${diagnostic.code} ${diagnostic.severity}`] ??
    CODE_REASONS[diagnostic.code] ??
    reasonFor(diagnostic)
  );
}

/** Reasons that hold wherever the code is reported. */
const CODE_REASONS: Record<string, string> = {
  'navigation/untranslated-page':
    "The page is listed in a language section but only the default language has a file. The platform's build warns about each such entry (`missing-nav-page`, \"referenced in the docs.json navigation but the file does not exist\", in @mintlify/prebuild's generate.js) and keeps it in that language's sidebar under a title made from its path, leading to a URL with no page in that language: a reader of the translation meets an entry that is not translated. Reported per page, as the platform's build reports it.",
  'content/unreached-page':
    'Reported on request only (the corpus test asks for it; `quire validate` does not by default). The file is in no navigation, and no page a reader reaches links to it, imports it or renders it (old copies, drafts, pages left over from a migration): the platform publishes it as a hidden page, reached by its URL only and kept out of search and the sitemap. One warning per file sums up what its links, anchors, imports and components would show a reader there; each was checked as on a reached page.',
  'navigation/redirect-to-nothing':
    'The redirect destination is neither a page file, a navigation entry nor a generated endpoint page of the site; a reader following the redirect lands on a 404.',
  'navigation/duplicate-page': 'The same page path is listed twice in one section; the sidebar shows it twice and previous/next loop through it twice.',
  'navigation/expanded-top-level':
    'The group sits directly in a section, not inside another group; top-level groups are always expanded, so `expanded` has no effect.',
  'openapi/invalid-schema-type':
    'The schema `type` is not a JSON type (here translated along with the descriptions, e.g. "配列" for array); the platform cannot render the schema or build a playground field for it.',
  'openapi/ref-not-found': 'The `$ref` points at a component the document does not define; the platform cannot render the schema or parameter it stands for.',
  'openapi/invalid-value':
    'A value outside its set in the OpenAPI document (here a security scheme type translated along with the descriptions); the playground cannot offer that authentication.',
  'openapi/array-without-items': 'A 3.0 array schema without `items`: shown as an array of any type, which is rarely what the author meant.',
  'openapi/unknown-security-scheme':
    'A security requirement names a scheme that `components.securitySchemes` does not define; the playground cannot ask for it.',
  'openapi/duplicate-url':
    "Two operations get the same URL from the platform's names (the same summary in one folder, or, without a summary, `GET /annotations` and `GET /annotations/{id}`, both `get-annotations`; entries named one by one in the navigation are not numbered): the platform writes both pages to one file and publishes the later, so the earlier operation has no page of its own. Checked against the incumbent's naming (test/corpus/platform-urls.test.ts).",
  'openapi/duplicate-operation-id': 'Two operations share one operationId; both pages render, but generated clients and links by operation ID find only one.',
  'openapi/path-parameter-missing':
    'The path has a `{placeholder}` that no parameter declares; the page renders, but the playground sends the placeholder as written.',
  'openapi/duplicate-parameter':
    'A parameter list names the same parameter twice (here inline and again through a $ref); the page renders, but only one value can be sent for it.',
  'openapi/path-parameter-not-in-path':
    'A path parameter is declared whose {placeholder} the path does not have (a renamed placeholder, or one written with double braces); the playground shows a field the request never uses.',
  'openapi/url-skipped':
    'The document is given by URL and the run is offline (CI has no network): one warning saying which references were not checked against it, and nothing reported that depends on it.',
  'openapi/frontmatter-other-document':
    'The page names a document that lacks its operation; the platform falls back to another document that has it (named in the message), so the page renders, but from a document the author did not name.',
  'openapi/frontmatter-invalid':
    'The `openapi:` value names a document but no operation (`openapi: /openapi-cloud.yaml`); the platform ignores it and renders a plain page without a playground.',
  'openapi/frontmatter-without-document':
    'The page refers to an operation but the site has no OpenAPI document Quire can read (here the repository copy is empty); the reference is not checked and the page renders without a playground.',
  'frontmatter/not-a-mapping':
    'The frontmatter block holds a bare line of text, not `field: value` lines; the platform reads no fields from it, so the page has no title or description of its own.',
  'frontmatter/not-read':
    'The opening `---` has trailing spaces, so the platform does not see a frontmatter block: the page has none of its fields and shows the YAML as text.',
  'icon/unknown-name':
    'The icon name is not one the site\'s icon library has (Lucide has no "discord"; Font Awesome names are lowercase with hyphens); the platform shows no icon there.',
  'navigation/empty-list': 'The group lists no pages (none written, or an empty list); the platform accepts it and shows a group with nothing in it.',
  'navigation/ignored-key':
    'The key belongs to another kind of navigation element (`root` of groups on a menu item, `tag` on a tab, `anchor` on a group); the platform drops it, so the setting has no effect.',
  'frontmatter/invalid-field': 'A frontmatter field the platform reads has a value of the wrong type; the platform ignores it, so the page loses that setting.',
  // Page content. Each was checked by opening the page at the line named and, for links, listing
  // the site's files (materialize.mjs writes every file of the repository, assets included).
  'content/broken-link':
    "The link (Markdown, `<a href>`, or a component's `href`/`src`) leads to no page file, navigation page, generated endpoint page, redirect source, folder or static file of the site, resolved as the platform resolves links (from the root; `./` and `../` from the page's folder; with or without extension); a reader lands on a 404, or the image does not show.",
  'content/missing-anchor':
    "The `#anchor` is no id of the target page: neither a heading's id (the platform's slug of its text, or its `{#custom-id}`) nor an element's, on the page or in the MDX snippets it renders (for an anchor written in a snippet: on a page that renders it); the link opens the page at its top. Most are GitHub-style slugs (`a--b` for \"A & B\", dots dropped) where the platform keeps the `&` and turns dots into `-`, or headings renamed since; some name a `#####` heading, which gets no id, or write `-` for an apostrophe the platform's typography makes `’` in the id. Where the platform's own checker finished on the site (@mintlify/link-rot, `mint broken-links --check-anchors`), it reports these links too (test/corpus/link-rot.findings.json), but for `’` apostrophes it does not apply and reference-style links it does not read. A link written again on the same page is one finding that names the lines of the others.",
  'content/unresolved-import': 'The page imports a snippet file that is not in the repository under that path; what it was to insert is missing from the page.',
  'content/dropped-component':
    'A block element named like a component that the platform does not provide and the page neither imports nor defines; the platform turns it into a comment (remarkMdxRemoveUnknownJsx in @mintlify/common), so its content is missing from the page.',
  'content/unknown-component':
    'An inline element named like a component that the platform does not provide and the page neither imports nor defines; MDX fails where it renders ("Expected component to be defined").',
  'content/syntax error':
    "The page is reached from the navigation (listed, a group root, or linked to or imported by a reached page) and does not parse as MDX, the platform's dialect (a `<` or `{` in prose, an HTML comment, an unclosed tag); the platform shows a parsing-error notice in its place (preparseMdx in @mintlify/prebuild) and hosted deployments stop on it.",
  'content/syntax warning':
    'The page does not parse as MDX; the page is one the site leads no reader to (no navigation entry, group root or docs.json link lists it, and no reached page links to it or imports it: repository notes, drafts, old copies), so only its URL leads there and Quire reports it as a warning: the platform publishes a parsing-error notice at that URL.',
  'content/link-outside-site warning':
    'A relative link with more `../` than the page is deep; browsers stop at the root, where the named page exists, so it works only by that accident and breaks if the page moves.',
  'content/missing-attribute':
    'A built-in component without the attribute it needs to show anything useful: an Accordion with no `title` has an empty bar to click, a ParamField with none of `query`/`path`/`body`/`header`/`name` shows no parameter name, an `<Icon name=...>` (the prop is `icon`) shows no icon.',
  'content/link-outside-site error':
    'A relative link with more `../` than the page is deep, and the page where browsers stop (at the root) does not exist either: a 404.',
  'frontmatter/misspelled-field':
    'The field is a platform field written in another case or with a slip (`Title`, `Description`, `sidebaarTitle`, `gsidebarTitle`, `adescription`, `sidebar_title`), and the page lacks the real one; the platform matches names exactly, so the page has no title, description or sidebar label of its own.',
  'frontmatter/unknown-value':
    'A `mode`, `iconType` or `playground` value the platform does not define; it is ignored and the page gets the default layout, icon style or playground.',
};

/** Reasons specific to one site and code. */
const SITE_REASONS: Record<string, string> = {
  'writechoiceorg__nayax-mintlify content/broken-link':
    "Every link names a page under /reference/lynx/ that the platform does not generate: its own names for the operations of openapi/lynx.yaml (recorded with its function in test/corpus/platform-urls.json) are `generate-ereceipt-for-your-transaction`, `create-a-new-actor`, `get-actor-details-by-actorid`, `get-all-actor-types`, ...; the links name earlier summaries (`generate-ereceipt`, `create-a-new-actor-1`, `get-actor-by-actorid`, `get-actor-types`). A reader lands on a 404. The other 86 links to this site's generated pages resolve, at the platform's URLs.",
  'langgenius__dify-docs navigation/redirect-to-nothing':
    'The old /development/backend/ pages redirect to /api-reference/*, but every operation of the API documents has an `x-mint.href` under /en/, /ja/ or /zh/api-reference/, where the platform puts its page: nothing of the site is under /api-reference/, so the redirects lead to 404s.',
  'raydium-io__raydium-docs-v1 frontmatter/unknown-value':
    'The translated page says `mode: mdx`, `doc` or `docs` (written by the translation tool: the English page has no `mode`); the platform has no such layout and gives the page the default one, which is also what the English page has, so the field does nothing.',
  'langchain-ai__docs navigation/missing-page':
    'The site builds its Python and JavaScript pages from src/oss/<page>.mdx into oss/python/ and oss/javascript/ with its own pipeline before deploying; in the folder of this docs.json those pages do not exist, so the navigation points at files that are not there.',
  'tkhq__docs navigation/missing-page':
    'Both pages are listed in the navigation and exist nowhere in the repository (no file under any name close to them): the sidebar links lead to 404s.',
  'iii-hq__iii navigation/missing-page':
    'The 0.21.x version lists SDK reference pages under 0-21-0/ whose files were never copied from 0-20-0/; the sidebar links of that version lead to 404s.',
  'ClickHouse__mintlify-docs-dev navigation/missing-page':
    'The C# group lists "integrations/language-clients/csharp", a folder without an index page (its five pages are listed beside it); that sidebar entry leads to a 404.',
  'onyx-dot-app__documentation openapi/frontmatter-not-found':
    'POST /query/document-search (and, on a page in no navigation, POST /chat/send-message) is in no OpenAPI document of the site (developers/api_reference/openapi.json has neither path), so the page has no operation to render.',
  'Permify__permify openapi/frontmatter-not-found':
    'The page api-reference/health/health-api is in no navigation (the platform publishes it hidden) and names GET /healthz, which api-reference/openapi.json does not have: the page renders without a playground.',
  'PrefectHQ__prefect openapi/frontmatter-not-found':
    'The pages are in no navigation (the platform publishes them hidden) and name operations that v3/api-ref/rest-api/server/schema.json no longer has (/admin/database/*, /ui/flows/*, /ui/task_runs/*, ...): they render without a playground.',
  'Send-Dots__dots-docs-v2 openapi/frontmatter-not-found':
    'The page v1/api-reference/users/send-verification-token is in no navigation (the platform publishes it hidden) and names POST /v2/users/{user_id}/send_verification_token, which neither v1.yaml nor v2.yaml has: it renders without a playground.',
  'teamhanko__docs openapi/frontmatter-relative-document':
    'Read from the root as the platform reads it, the name resolves to a different document than the one beside the page.',
  '0xsequence__docs openapi/frontmatter-relative-document':
    'The ja/ pages name their document relative to themselves (`./relayer-api.json`, `../indexer.json`, 11 names in 11 folders); the platform reads the name from the root and renders the English document at api-references/..., not the translated copy beside the page: a Japanese reader gets English descriptions on 147 pages. One cause per folder; one finding per page, at the `openapi:` line each page needs changed.',
  'Firma-esign__firma-docs openapi/frontmatter-unknown-document':
    'Three document names that do not exist, each written on every page of a version: /api-reference/v01.33.00/openapi-v01.34.00.json (the file is under v01.34.00/), /api-reference/v01.13.00/openapi-v01.14.00.json and .../openapi-v01.15.00.json. The platform falls back to another document that has the operation, most often v01.00.01, so a reader of the v01.34.00 reference sees the schema of an older API version. One finding per page, at the line each page needs changed.',
  'ClickHouse__mintlify-docs-dev content/dropped-component':
    "Components of the site's Docusaurus past, neither built into the platform nor imported: `<Image img={...}>` (36: the diagram is missing), `<PrettyFormatSettings/>` and `<RowBinaryFormatSettings/>` (16: the settings table is missing), `<VerticalStepper>`, badges (`<BetaBadge/>`, `<CloudNotSupportedBadge/>`, ...). The platform's remarkMdxRemoveUnknownJsx (@mintlify/common) replaces each by an empty comment, so what it held is not on the page.",
  'ClickHouse__mintlify-docs-dev content/missing-anchor':
    "Anchors of the site's Docusaurus past: Docusaurus slugs (`#left--right--full-outer-join` for `## (LEFT / RIGHT / FULL) OUTER JOIN`, whose platform id keeps `%2F`), `{#custom-ids}` the migration dropped (`#table_engines-virtual_columns`), headings renamed since; the link opens the page at its top. link-rot did not finish on this site within 900 s, so these were checked by opening the targets: the heading the anchor names is there under another id, or not there at all.",
  'raydium-io__raydium-docs-v1 content/missing-anchor':
    'Most are in the translated pages (ar/, es/, ja/, ...): the headings were translated, so their ids changed, but the links kept the English anchors (`#fee-accounting-variants` on a page whose heading is now `## أشكال معالجة الرسوم`); the link opens the page at its top. link-rot did not finish on this site within 900 s.',
  'PrefectHQ__prefect navigation/redirect-to-nothing':
    "Old URLs sent to pages that moved again: 24 that @mintlify/link-rot's getBrokenRedirects reports too (`/latest/guides/host` → `/v3/manage/self-host`); 5 whose destination has parameters and no page under its fixed part (`/getting-started/:slug*` → `/v3/getting-started/:slug*`; the pages are under v3/get-started), which link-rot skips; 9 that lead to a folder with no index page (`/v3`, `/v3/api-ref/python`), which link-rot takes for a page because its graph has folder nodes, but where the platform has nothing to render. A reader following an old link lands on a 404.",
  'langchain-ai__docs content/unreached-page':
    'Reported on request only (the corpus test asks for it). 253 files no reader is led to, most under oss/integrations/ (chat models, retrievers, ...), old copies of pages the site now builds into oss/python/ and oss/javascript/; their links point at the paths of that old layout (651 links to no page, 55 components the site defines elsewhere).',
  'ClickHouse__mintlify-docs-dev content/unreached-page':
    'Reported on request only (the corpus test asks for it). 134 files no reader is led to, left over from the move to this platform (integrations/connectors/, products/cloud/, ...; 20 are snippets no reached page renders): links to pages of the old layout (1,432 broken-link warnings when each was reported), missing anchors, imports of files that moved.',
  'firecrawl__firecrawl-docs content/unreached-page':
    "Reported on request only (the corpus test asks for it). 76 files no reader is led to: old v0/v1 pages and their translations (es/v1/, fr/v0/, ...) and the template's _essentials/ pages, whose links point at pages that are gone.",
  '0xsequence__docs navigation/missing-page':
    'The ja/ and es/ sections list pages at paths the English section moved away from (the suggestions name the new paths); those translated sidebar entries lead to 404s.',
};
