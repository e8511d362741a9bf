import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

// The public API changes only on purpose: adding or removing an export must change this list
// (and docs/api.md, which documents each name).
describe('public exports', () => {
  it('quire-docs', async () => {
    expect(Object.keys(await import('../src/index.js')).sort()).toEqual([
      'AnchorSchema',
      'COMPILED_SITE_VERSION',
      'DIAGNOSTIC_CODES',
      'DOCS_JSON_SCHEMA_URL',
      'DocsConfigSchema',
      'DropdownSchema',
      'GlobalSchema',
      'GroupSchema',
      'HTTP_METHODS',
      'LANGUAGE_CODES',
      'LanguageSchema',
      'MenuItemSchema',
      'NavigationSchema',
      'PageEntrySchema',
      'ProductSchema',
      'RULE_SEVERITIES',
      'TabSchema',
      'ThemeSchema',
      'VersionSchema',
      'applyRules',
      'buildEndpointPages',
      'buildSchemaPage',
      'buildSite',
      'classifyEntry',
      'compileSite',
      'createCompiler',
      'endpointMarkdown',
      'expandOpenApiEndpoints',
      'findOperation',
      'findSchema',
      'findWebhook',
      'formatDiagnostics',
      'generateEndpointMdx',
      'hasErrors',
      'listOperations',
      'llmsFullTxt',
      'llmsTxt',
      'loadOpenApi',
      'markdownFileOf',
      'migrateMdx',
      'pageMarkdown',
      'parseDocsJson',
      'parseFrontmatter',
      'parseRuleConfig',
      'planOpenApiFiles',
      'resolveNavigation',
      'robotsTxt',
      'ruleFor',
      'siteUrlOf',
      'sitemapXml',
      'upgradeMintJson',
    ]);
  });

  it('quire-docs/node', async () => {
    expect(Object.keys(await import('../src/node/index.js')).sort()).toEqual([
      'RULE_CONFIG_FILES',
      'WriteFilesError',
      'applyMdxMigration',
      'listPageFiles',
      'loadDocsJson',
      'loadRuleConfig',
      'loadSite',
      'openSite',
      'planMdxMigration',
      'readOpenApiSource',
      'writeFilesAtomically',
    ]);
  });

  it('quire-docs/content', async () => {
    expect(Object.keys(await import('../src/content/index.js')).sort()).toEqual([
      'BUILT_IN_COMPONENTS',
      'DIALECT',
      'anchorKey',
      'checkContent',
      'componentAnchorIds',
      'customHeadingIds',
      'headingIds',
      'headingSlugger',
      'reachablePages',
      'readPage',
      'renderedPage',
      'resolveImportFile',
    ]);
  });

  it('quire-docs/render', async () => {
    expect(Object.keys(await import('../src/render/index.js')).sort()).toEqual([
      'BASE_CSS',
      'CLIENT_SCRIPT',
      'COMPONENT_CSS',
      'CodeBlock',
      'EndpointReference',
      'PageIds',
      'SEARCH_CSS',
      'SEARCH_SCRIPT',
      'SEARCH_TEXT_CHARACTERS',
      'SHARED_SIDEBAR_OVER',
      'SITE_CSS',
      'SITE_SCRIPT',
      'SiteShell',
      'THEME_SCRIPT',
      'builtInComponents',
      'clientFeatures',
      'compileMdx',
      'componentIdState',
      'contentTypeOf',
      'createSiteRenderer',
      'fenceLanguages',
      'htmlFileOf',
      'isServedFile',
      'katexAssets',
      'markdownHeadingIds',
      'normalizeBase',
      'pageNavigation',
      'parseCodeMeta',
      'planStaticSite',
      'prepareRender',
      'redirectsFile',
      'renderPageHtml',
      'renderStaticSite',
      'searchEntries',
      'servedFiles',
      'themeCss',
    ]);
  });

  it('quire-docs/server', async () => {
    expect(Object.keys(await import('../src/server/index.js')).sort()).toEqual([
      'API_KEY_PREFIX',
      'ASSISTANT_KEY_PREFIX',
      'AgentJobRequestSchema',
      'DEFAULT_CONVERSATION_LIMIT',
      'DEFAULT_MODEL_IDS',
      'DEFAULT_SYSTEM_PROMPT',
      'GitHubApiError',
      'MAX_CONVERSATION_LIMIT',
      'createAgentJobRunner',
      'createAnthropicAssistantModel',
      'createAnthropicModel',
      'createApiHandler',
      'createApiKey',
      'createGitHubHost',
      'createLocalGitHost',
      'createSqlStore',
      'createUlidFactory',
      'generateApiKey',
      'hashApiKey',
      'isUlid',
      'listen',
      'migrate',
      'migrations',
      'openPgClient',
      'openPgliteClient',
      'openStore',
      'parseApiKey',
      'readLocalPullRequests',
      'toNodeListener',
      'ulidTime',
    ]);
  });

  it('every export is documented in docs/api.md', async () => {
    const documented = readFileSync(`${root}docs/api.md`, 'utf8');
    const names = [
      ...Object.keys(await import('../src/index.js')),
      ...Object.keys(await import('../src/node/index.js')),
      ...Object.keys(await import('../src/content/index.js')),
      ...Object.keys(await import('../src/render/index.js')),
    ];
    // The server's names are documented in their own section, as code (`name`, `name(`).
    const server = documented.slice(documented.indexOf('## `quire-docs/server`'), documented.indexOf('## CLI'));
    for (const name of Object.keys(await import('../src/server/index.js'))) expect(server, name).toMatch(new RegExp(`\`${name}[\`(]`));
    for (const name of names) expect(documented, name).toMatch(new RegExp(`\`${name}[\`(]`));
  });

  it('the package exports map points at built files', () => {
    const manifest = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { exports: Record<string, unknown>; bin: Record<string, string> };
    const targets: string[] = [];
    const collect = (value: unknown): void => {
      if (typeof value === 'string') targets.push(value);
      else if (value && typeof value === 'object') Object.values(value).forEach(collect);
    };
    collect(manifest.exports);
    collect(manifest.bin);
    const missing = targets.filter((target) => !existsSync(`${root}${target}`));
    expect(missing, 'run `npm run build` first').toEqual([]);
  });
});
