export { loadDocsJson } from './load-docs-json.js';
export type { LoadDocsJsonOptions, LoadDocsJsonResult } from './load-docs-json.js';
export { loadSite } from './load-site.js';
export type { LoadSiteOptions, LoadedSite } from './load-site.js';
export { readOpenApiSource } from './read-spec.js';
export type { ReadOpenApiSourceOptions, ReadOpenApiSourceResult } from './read-spec.js';
export { writeFilesAtomically, WriteFilesError } from './write-files.js';
export type { AtomicFs, FileChange, WriteFilesOptions, WriteFilesResult } from './write-files.js';
