export { compileSite } from './compile-site.js';
export type { CompiledFile, CompileSiteInput, CompileSiteResult } from './compile-site.js';
export { COMPILED_SITE_VERSION } from './types.js';
export type {
  CompiledEndpointEntry, CompiledEndpointNode, CompiledEndpointPage, CompiledGroup, CompiledLink, CompiledMediaType, CompiledMediaTypeAlias, CompiledNode, CompiledParameter, CompiledPage, CompiledPageNode, CompiledSchemaReference, CompiledSchemaTable, CompiledSchemeMention, CompiledSection, CompiledSharedExamples, CompiledSite,
} from './types.js';
