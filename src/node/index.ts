export { loadDocsJson } from './load-docs-json.js';
export type { LoadDocsJsonOptions, LoadDocsJsonResult } from './load-docs-json.js';
