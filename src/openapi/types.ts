import type { OpenAPIV3, OpenAPIV3_1 } from 'openapi-types';
import type { HttpMethod } from '../navigation/types.js';

export type { HttpMethod };

/** The OpenAPI object of a 3.0 or 3.1 description, as written. */
export type OpenApiSpec = OpenAPIV3.Document | OpenAPIV3_1.Document;

/** The path item keys that hold operations, in the order the specification lists them. */
export const OPERATION_KEYS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type OperationKey = (typeof OPERATION_KEYS)[number];

/** One operation of a document, as {@link listOperations} returns it. */
export interface OperationSummary {
  /** `endpoint` for `paths`, `webhook` for `webhooks` (3.1) or `x-webhooks` (3.0). */
  kind: 'endpoint' | 'webhook';
  method: HttpMethod;
  /** The path template (`/users/{id}`) for endpoints; the webhook's name for webhooks. */
  path: string;
  /** JSON pointer of the operation object in the document. */
  pointer: string;
  operationId?: string;
  summary?: string;
  /** The operation's tags, as written. */
  tags: string[];
  deprecated: boolean;
  /** `x-hidden: true`: the operation's page is published but left out of the navigation. */
  hidden: boolean;
  /** `x-excluded: true`: the operation gets no page at all. */
  excluded: boolean;
}

/** A schema after `$ref`s inside the document are replaced, with circular parts left as {@link CircularReference}s. */
export type SchemaModel = { readonly [keyword: string]: unknown };

/**
 * Where a schema refers back to itself (directly or through others): the reference is kept
 * instead of being inlined forever. `$ref` is the JSON pointer (`#/components/schemas/Node`);
 * the schema it names is described by `buildSchemaPage` and `findSchema`.
 */
export interface CircularReference {
  $ref: string;
  circular: true;
  /** The component name, when the reference is to `#/components/schemas/<name>`. */
  name?: string;
}

/** One example value of a parameter, body or response. */
export interface ExampleModel {
  /** Key in `examples`, absent for a single `example`. */
  name?: string;
  summary?: string;
  description?: string;
  value?: unknown;
  externalValue?: string;
  /** True when Quire made the value from the schema because the document gives none. */
  generated?: boolean;
}

/** A server requests can go to, with its variables. */
export interface ServerModel {
  url: string;
  description?: string;
  variables?: Record<string, { default: string; enum?: string[]; description?: string }>;
}

/** A security scheme from `components.securitySchemes`, described for the playground. */
export type SecuritySchemeModel =
  | { type: 'apiKey'; scheme: string; in: 'header' | 'query' | 'cookie'; name: string; description?: string; scopes: string[] }
  | { type: 'http'; scheme: string; httpScheme: string; bearerFormat?: string; description?: string; scopes: string[] }
  | { type: 'oauth2'; scheme: string; flows: OAuthFlowModel[]; description?: string; scopes: string[] }
  | { type: 'openIdConnect'; scheme: string; openIdConnectUrl: string; description?: string; scopes: string[] }
  | { type: 'mutualTLS'; scheme: string; description?: string; scopes: string[] };

/** One OAuth 2 flow. */
export interface OAuthFlowModel {
  flow: 'implicit' | 'password' | 'clientCredentials' | 'authorizationCode';
  authorizationUrl?: string;
  tokenUrl?: string;
  refreshUrl?: string;
  /** Scope name to description. */
  scopes: Record<string, string>;
}

/**
 * One way to authenticate: every scheme listed must be used together. An empty list means the
 * operation can be called without credentials (`{}` in `security`).
 */
export interface SecurityRequirementModel {
  schemes: SecuritySchemeModel[];
}

export type PlaygroundMode = 'interactive' | 'simple' | 'none' | 'auth';

/** A parameter of the request. */
export interface ParameterModel {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  deprecated: boolean;
  description?: string;
  style?: string;
  explode?: boolean;
  schema?: SchemaModel;
  /** Set when the parameter is described by `content` (a media type) instead of `schema`. */
  mediaType?: string;
  examples: ExampleModel[];
}

/** The body of a request or a response in one media type. */
export interface MediaTypeModel {
  mediaType: string;
  schema?: SchemaModel;
  examples: ExampleModel[];
}

export interface RequestBodyModel {
  description?: string;
  required: boolean;
  content: MediaTypeModel[];
}

export interface ResponseModel {
  /** `200`, `4XX`, `default`, ... */
  status: string;
  description: string;
  headers: ParameterModel[];
  content: MediaTypeModel[];
}

/** Frontmatter of a generated page: the defaults below, overridden by `x-quire.metadata` and `x-mint.metadata`. */
export interface PageMetadata {
  title: string;
  /** `METHOD /path` or `webhook name`, preceded by the spec's file name: what MDX frontmatter would say. */
  openapi: string;
  description?: string;
  version?: string;
  deprecated?: boolean;
  [field: string]: unknown;
}

/** What the platform's MCP server makes of an operation (`x-mint.mcp`). */
export interface McpSettings {
  /** `false` keeps the operation from being a tool. */
  enabled?: boolean;
  /** The tool's name, instead of one made from the operation. */
  name?: string;
  /** The tool's description, instead of the operation's summary or description. */
  description?: string;
}

/** A request sample shown beside an endpoint: written in the document (`x-codeSamples`) or generated. */
export interface CodeSample {
  /** Code block language (`bash`, `python`, ...), as written for written samples. */
  language: string;
  /** Tab label. */
  label: string;
  source: string;
}

/** Everything a renderer needs for an endpoint or webhook page and its playground. */
export interface EndpointPage {
  kind: 'endpoint' | 'webhook';
  /**
   * URL path of the page, as the platform publishes it: `/api-reference/users/get-a-user`
   * (`<directory>/<tag>/<summary>` in the platform's spelling, see docs/openapi.md), the
   * `x-quire`/`x-mint` `href`, or the MDX page's own path (`PageNode.href`) for a page with
   * `openapi:` frontmatter. Always starts with `/`.
   */
  url: string;
  /** `x-hidden`: published at its URL, left out of the navigation. */
  hidden?: boolean;
  method: HttpMethod;
  /** The path template for endpoints; the webhook's name for webhooks. */
  path: string;
  /** The file the operation is described in, and its JSON pointer there. */
  file: string;
  pointer: string;
  operationId?: string;
  /** The tag the page is grouped under (the operation's first tag). */
  tag?: string;
  metadata: PageMetadata;
  /** `content` of `x-quire` or `x-mint`: MDX shown before the generated reference. */
  content?: string;
  servers: ServerModel[];
  /** Ways to authenticate, any one of which is enough; empty when no security applies. */
  security: SecurityRequirementModel[];
  /**
   * The playground: its mode, the groups that may use it (`auth`), and `expand: false` when its
   * object fields start collapsed (`playground.expand` of `x-quire` or `x-mint`).
   */
  playground: { mode: PlaygroundMode; groups?: string[]; expand?: boolean };
  /** `mcp` of `x-quire` or `x-mint`: what the platform's MCP server makes of the operation. */
  mcp?: McpSettings;
  parameters: { path: ParameterModel[]; query: ParameterModel[]; header: ParameterModel[]; cookie: ParameterModel[] };
  requestBody?: RequestBodyModel;
  responses: ResponseModel[];
  /**
   * Request samples in tab order: those written in the operation (`x-codeSamples`), then those
   * generated for `api.examples.languages`. A webhook's is the payload it delivers.
   */
  codeSamples: CodeSample[];
  /** True when the page is MDX with its own `<RequestExample>`: the platform shows that instead of `codeSamples`. */
  codeSamplesOverridden?: boolean;
}

/** A page describing one entry of `components.schemas`. */
export interface SchemaPage {
  name: string;
  file: string;
  pointer: string;
  metadata: { title: string; 'openapi-schema': string; description?: string; [field: string]: unknown };
  schema: SchemaModel;
  example?: unknown;
}
