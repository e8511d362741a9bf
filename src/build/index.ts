export { compileSite } from './compile-site.js';
export type { CompiledFile, CompileSiteInput, CompileSiteResult } from './compile-site.js';
export { COMPILED_SITE_VERSION } from './types.js';
export type {
  CompiledEndpointEntry, CompiledEndpointNode, CompiledEndpointPage, CompiledGroup, CompiledLink, CompiledNode, CompiledPage, CompiledPageNode, CompiledSchemaReference, CompiledSchemaTable, CompiledSchemeMention, CompiledSection, CompiledSite,
} from './types.js';
