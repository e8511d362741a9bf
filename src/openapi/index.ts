export { loadOpenApi } from './load-openapi.js';
export type { LoadOpenApiOptions, LoadOpenApiResult } from './load-openapi.js';
export type { OpenApiDocument } from './document.js';
export { listOperations } from './operations.js';
export type { ListOperationsOptions } from './operations.js';
export { buildEndpointPages } from './endpoint-pages.js';
export type { BuildEndpointPagesOptions, BuildEndpointPagesResult, EndpointSelector } from './endpoint-pages.js';
export { buildSchemaPage } from './schema-page.js';
export { findOperation, findSchema, findWebhook } from './find.js';
export type { FindResult } from './find.js';
export type { CodeSampleOptions } from './code-samples.js';
export type {
  CircularReference,
  CodeSample,
  EndpointPage,
  ExampleModel,
  HttpMethod,
  McpSettings,
  MediaTypeModel,
  OAuthFlowModel,
  OpenApiSpec,
  OperationSummary,
  PageMetadata,
  ParameterModel,
  PlaygroundMode,
  RequestBodyModel,
  ResponseModel,
  SchemaModel,
  SchemaPage,
  SecurityRequirementModel,
  SecuritySchemeModel,
  ServerModel,
} from './types.js';
