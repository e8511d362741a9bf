/**
 * The patterns of each corpus site's `.mintignore` (comments and blank lines left out), read from
 * its repository at the commit of SOURCES.tsv. The corpus keeps the text of pages, snippets and
 * OpenAPI files only, so the copy materialize.mjs writes is empty: without these, files the
 * platform leaves out of the site (iii-hq's 523 generated `*.skill.md` notes, mintlify's
 * `agent-context/`) would be checked as pages. paradedb's file holds comments only.
 */
export const MINTIGNORE: Readonly<Record<string, readonly string[]>> = {
  'Arize-ai__phoenix': ['*', '!.mintignore', '!docs.json', '!sitemap.xml', '!docs', '!docs/**', '!schemas', '!schemas/**'],
  'ClickHouse__mintlify-docs-dev': ['drafts/', '*.draft.mdx'],
  'Comfy-Org__docs': ['node_modules/', '**/node_modules/', 'AGENTS.md', 'CLAUDE.md', '.github/', 'tmp/', 'readme/'],
  'MagnivOrg__prompt-layer-docs': ['examples/'],
  PrefectHQ__prefect: ['AGENTS.md', 'styles/'],
  'agno-agi__docs': ['TBD/'],
  alltick__docs: ['drafts/', '*.draft.mdx'],
  axiomhq__docs: ['.cursor'],
  'iii-hq__iii': ['*.skill.md', '**/*.skill.md', 'next/tutorials/linkly/_workspace/'],
  'langgenius__dify-docs': [
    '/AGENTS.md',
    '/CLAUDE.md',
    '/.claude/',
    '/.githooks/',
    '/tools/',
    '/writing-guides/',
    '/versions/',
    '/assets/migrate_weaviate_collections.py',
    '/logo/convertor.html',
    '/.github/BACKPORT.md',
    '/.backportrc.json',
  ],
  mintlify__docs: ['agent-context/'],
  paradedb__paradedb: [],
  'raydium-io__raydium-docs-v1': ['/ARCHITECTURE.mdx', '/zh/ARCHITECTURE.mdx', 'drafts/', '*.draft.mdx', '.legacy-en-trash/'],
  'tursodatabase__turso-docs': ['turso/'],
};
