export { parseDocsJson } from './config/parse-docs-json.js';
export type { ParseDocsJsonOptions, ParseDocsJsonResult } from './config/parse-docs-json.js';
export type { ReadFile } from './config/refs.js';
export * from './config/schemas/index.js';
export { formatDiagnostics } from './diagnostics/format.js';
export type { FormatOptions } from './diagnostics/format.js';
export { hasErrors } from './diagnostics/diagnostic.js';
export type { Diagnostic, Severity } from './diagnostics/diagnostic.js';
export * from './openapi/index.js';
