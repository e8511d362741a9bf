export { parseDocsJson } from './config/parse-docs-json.js';
export type { ParseDocsJsonOptions, ParseDocsJsonResult } from './config/parse-docs-json.js';
export type { OmittedPart } from './config/parse-docs-json.js';
export type { OmittedKind } from './config/partial-config.js';
export type { ReadFile } from './config/refs.js';
export * from './config/schemas/index.js';
export { formatDiagnostics } from './diagnostics/format.js';
export type { FormatOptions } from './diagnostics/format.js';
export { hasErrors } from './diagnostics/diagnostic.js';
export type { Diagnostic, Severity } from './diagnostics/diagnostic.js';
export type { Locate } from './config/parse-docs-json.js';
export { resolveNavigation } from './navigation/resolve.js';
export type { ResolveNavigationOptions } from './navigation/resolve.js';
export { classifyEntry } from './navigation/classify.js';
export type { ClassifiedEntry } from './navigation/classify.js';
export { HTTP_METHODS } from './navigation/types.js';
export type {
  EndpointNode,
  GroupNode,
  HttpMethod,
  LinkNode,
  MissingPagesSummary,
  NavigationNode,
  NavigationNodeKind,
  NavigationTree,
  NodeBase,
  OpenApiSource,
  PageIndex,
  PageInfo,
  PageNode,
  PageSection,
  ResolvedNavigation,
  SectionNode,
  WebhookNode,
} from './navigation/types.js';
export { parseFrontmatter } from './frontmatter/frontmatter.js';
export type { PageFrontmatter, ParsedFrontmatter } from './frontmatter/frontmatter.js';
export { generateEndpointMdx } from './openapi-mdx/endpoint-mdx.js';
export type { EndpointMdxOptions, EndpointMdxSource } from './openapi-mdx/endpoint-mdx.js';
export { planOpenApiFiles } from './openapi-mdx/plan-openapi-files.js';
export type { OpenApiFile, OpenApiFilesPlan, OpenApiNavigationGroup, PlanOpenApiFilesOptions } from './openapi-mdx/plan-openapi-files.js';
export * from './openapi/index.js';
export { expandOpenApiEndpoints } from './openapi/expand-endpoints.js';
export type { ExpandOpenApiOptions, ExpandOpenApiResult, OpenApiTexts, PageFrontmatterFields } from './openapi/expand-endpoints.js';
export { migrateMdx } from './migrate/index.js';
export type { KeptPage, MigrateMdxInput, MigrateMdxOptions, MigrationPlan, MovedPage, PlannedChange, RewrittenEntry } from './migrate/index.js';
export { DOCS_JSON_SCHEMA_URL, upgradeMintJson } from './upgrade/index.js';
export type { UpgradeDecision, UpgradeMintJsonOptions, UpgradeMintJsonResult } from './upgrade/index.js';
export * from './build/index.js';
export * from './rules/index.js';
export { compileSite, createCompiler } from './site/compiler.js';
export type { Compiler } from './site/compiler.js';
export type {
  CompileSiteOptions,
  SiteChange,
  FileContent,
  NavigationCounts,
  OpenApiRead,
  PageFactsCache,
  Site,
  SiteCompilation,
  CompilePass,
  SiteInputs,
  SiteSummary,
  SiteUpdate,
  WantedInputs,
} from './site/types.js';
export { endpointMarkdown, llmsFullTxt, llmsTxt, markdownFileOf, pageMarkdown, robotsTxt, siteUrlOf, sitemapXml } from './agents/index.js';
export type { AgentFilesInput, PageMarkdownOptions } from './agents/index.js';
