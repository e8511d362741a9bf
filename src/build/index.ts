export { buildSite } from './build-site.js';
export type { CompiledFile, BuildSiteInput, BuildSiteResult } from './build-site.js';
export { COMPILED_SITE_VERSION } from './types.js';
export type {
  CompiledEndpointEntry,
  CompiledEndpointNode,
  CompiledEndpointPage,
  CompiledGroup,
  CompiledHeading,
  CompiledLink,
  CompiledMediaType,
  CompiledMediaTypeAlias,
  CompiledNode,
  CompiledParameter,
  CompiledPage,
  CompiledPageLink,
  CompiledPageNode,
  CompiledRedirect,
  CompiledSchemaReference,
  CompiledSchemaTable,
  CompiledSchemeMention,
  CompiledSearchPage,
  CompiledSearchSection,
  CompiledSearchText,
  CompiledSection,
  CompiledSharedExamples,
  CompiledSite,
} from './types.js';
