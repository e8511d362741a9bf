export { loadDocsJson } from './load-docs-json.js';
export type { LoadDocsJsonOptions, LoadDocsJsonResult } from './load-docs-json.js';
export { readOpenApiSource } from './read-spec.js';
export type { ReadOpenApiSourceOptions, ReadOpenApiSourceResult } from './read-spec.js';
