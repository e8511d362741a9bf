import type { OpenApiDocument } from './document.js';
import type { ExampleGenerator } from './examples.js';
import { fitted, isObject, type JsonObject } from './json.js';
import type {
  ExampleModel,
  MediaTypeModel,
  OAuthFlowModel,
  ParameterModel,
  RequestBodyModel,
  ResponseModel,
  SecurityRequirementModel,
  SecuritySchemeModel,
  ServerModel,
} from './types.js';

/** What the model builders share while building the pages of one document. */
export interface ModelContext {
  document: OpenApiDocument;
  examples: ExampleGenerator;
  /**
   * Models of referenced components (`#/components/parameters/top`, `.../responses/Error`) by
   * pointer: every page that refers to one shares the same object, so memory grows with the
   * document, not with the number of operations times their shared parts.
   */
  shared: Record<SharedKind, { byRef: Map<string, unknown>; byContent: Map<string, unknown> }>;
  /** Models of server and security lists, by the list they are made from. */
  sharedLists: WeakMap<object, unknown>;
  /** Responses by the shared model of their body, then by status: operations that share a response under one status share its model. */
  responses: WeakMap<object, Map<string, ResponseModel>>;
}

type SharedKind = 'parameter' | 'requestBody' | 'response';

/** A context for building the pages of one document. */
export function createModelContext(document: OpenApiDocument, examples: ExampleGenerator): ModelContext {
  const maps = () => ({ byRef: new Map<string, unknown>(), byContent: new Map<string, unknown>() });
  return { document, examples, shared: { parameter: maps(), requestBody: maps(), response: maps() }, sharedLists: new WeakMap(), responses: new WeakMap() };
}

/**
 * The model of a value that may be a `$ref`: built once per referenced component, and once per
 * distinct inline value. Large descriptions repeat the same inline parameters, responses and
 * bodies in many operations (Microsoft Graph writes 50,000 inline parameters, 3,000 of them
 * distinct); a model depends only on the value it is made from, so equal values share one model.
 */
function sharedModel<T>(context: ModelContext, kind: SharedKind, entry: unknown, build: (context: ModelContext, entry: unknown) => T): T {
  const ref = isObject(entry) && typeof entry.$ref === 'string' ? entry.$ref : undefined;
  const models = ref === undefined ? context.shared[kind].byContent : context.shared[kind].byRef;
  const key = ref ?? JSON.stringify(entry);
  if (models.has(key)) return models.get(key) as T;
  const model = build(context, entry);
  models.set(key, model);
  return model;
}

const LOCATIONS = new Set(['path', 'query', 'header', 'cookie']);

/** Path-item parameters overridden by the operation's own (same name and location), operation order last. */
export function mergedParameters(context: ModelContext, pathItem: JsonObject, operation: JsonObject): ParameterModel[] {
  const merged: ParameterModel[] = [];
  const add = (list: unknown) => {
    if (!Array.isArray(list)) return;
    for (const entry of list) {
      const model = sharedModel(context, 'parameter', entry, parameterModel);
      if (!model) continue;
      // Lists are short: a search in place costs less than a map of keys per operation.
      let same = 0;
      while (same < merged.length && !((merged[same] as ParameterModel).in === model.in && (merged[same] as ParameterModel).name === model.name)) same++;
      merged[same] = model;
    }
  };
  add(pathItem.parameters);
  add(operation.parameters);
  return merged;
}

function parameterModel(context: ModelContext, entry: unknown): ParameterModel | undefined {
  const parameter = context.document.refs().resolve(entry);
  if (!isObject(parameter)) return undefined;
  if (typeof parameter.name !== 'string' || typeof parameter.in !== 'string' || !LOCATIONS.has(parameter.in)) return undefined;
  return describedValue(context, parameter, {
    name: parameter.name,
    in: parameter.in as ParameterModel['in'],
    required: parameter.required === true || parameter.in === 'path',
  });
}

/** A parameter or header: schema (or single media type), examples, serialisation. */
function describedValue(context: ModelContext, value: JsonObject, base: Pick<ParameterModel, 'name' | 'in' | 'required'>): ParameterModel {
  const model: ParameterModel = { ...base, deprecated: value.deprecated === true, examples: [] };
  if (typeof value.description === 'string') model.description = value.description;
  if (typeof value.style === 'string') model.style = value.style;
  if (typeof value.explode === 'boolean') model.explode = value.explode;
  let holder: JsonObject = value;
  if (isObject(value.content)) {
    const [mediaType, media] = Object.entries(value.content)[0] ?? [];
    if (mediaType !== undefined && isObject(media)) {
      model.mediaType = mediaType;
      holder = media;
    }
  }
  const schema = context.document.refs().schema(holder.schema);
  if (schema) model.schema = schema;
  model.examples = examplesOf(context, holder, schema);
  if (model.examples.length === 0 && isObject(value) && value !== holder) model.examples = examplesOf(context, value, schema);
  return model;
}

/** The examples written beside a schema (`example` or `examples`), or one made from the schema. */
function examplesOf(context: ModelContext, holder: JsonObject, schema: JsonObject | undefined, direction: 'request' | 'response' = 'request'): ExampleModel[] {
  if (holder.example !== undefined) return [{ value: holder.example }];
  if (isObject(holder.examples)) {
    const examples: ExampleModel[] = [];
    for (const name in holder.examples) {
      const written = context.document.refs().resolve(holder.examples[name]);
      if (!isObject(written)) continue;
      const example: ExampleModel = { name };
      if (typeof written.summary === 'string') example.summary = written.summary;
      if (typeof written.description === 'string') example.description = written.description;
      if (written.value !== undefined) example.value = written.value;
      if (typeof written.externalValue === 'string') example.externalValue = written.externalValue;
      examples.push(example);
    }
    if (examples.length) return fitted(examples);
  }
  if (!schema) return [];
  const value = context.examples.example(schema, direction);
  return value === undefined ? [] : [{ value, generated: true }];
}

function mediaTypes(context: ModelContext, content: unknown, direction: 'request' | 'response'): MediaTypeModel[] {
  if (!isObject(content)) return [];
  const models: MediaTypeModel[] = [];
  for (const mediaType in content) {
    const media = content[mediaType];
    if (!isObject(media)) continue;
    const schema = context.document.refs().schema(media.schema);
    const model: MediaTypeModel = { mediaType, examples: examplesOf(context, media, schema, direction) };
    if (schema) model.schema = schema;
    models.push(model);
  }
  return fitted(models);
}

export function requestBodyModel(context: ModelContext, body: unknown): RequestBodyModel | undefined {
  if (body === undefined) return undefined;
  return sharedModel(context, 'requestBody', body, buildRequestBody);
}

function buildRequestBody(context: ModelContext, body: unknown): RequestBodyModel | undefined {
  const resolved = context.document.refs().resolve(body);
  if (!isObject(resolved)) return undefined;
  const model: RequestBodyModel = { required: resolved.required === true, content: mediaTypes(context, resolved.content, 'request') };
  if (typeof resolved.description === 'string') model.description = resolved.description;
  return model;
}

export function responseModels(context: ModelContext, responses: unknown): ResponseModel[] {
  if (!isObject(responses)) return [];
  const models: ResponseModel[] = [];
  for (const status in responses) {
    if (status.startsWith('x-')) continue;
    const entry = responses[status];
    const shared = sharedModel(context, 'response', entry, responseBody);
    if (shared) models.push(withStatus(context, shared, status));
  }
  return fitted(models);
}

function withStatus(context: ModelContext, body: Omit<ResponseModel, 'status'>, status: string): ResponseModel {
  let byStatus = context.responses.get(body);
  if (!byStatus) context.responses.set(body, (byStatus = new Map()));
  let model = byStatus.get(status);
  if (!model) byStatus.set(status, (model = { status, ...body }));
  return model;
}

/** A response without its status, which differs between the operations that share it. */
function responseBody(context: ModelContext, entry: unknown): Omit<ResponseModel, 'status'> | undefined {
  const response = context.document.refs().resolve(entry);
  if (!isObject(response)) return undefined;
  const headers: ParameterModel[] = [];
  if (isObject(response.headers)) {
    for (const name in response.headers) {
      const header = context.document.refs().resolve(response.headers[name]);
      if (isObject(header)) headers.push(describedValue(context, header, { name, in: 'header', required: header.required === true }));
    }
  }
  return {
    description: typeof response.description === 'string' ? response.description : '',
    headers: fitted(headers),
    content: mediaTypes(context, response.content, 'response'),
  };
}

/** The servers in effect: the operation's, else the path item's, else the document's. */
export function serverModels(...levels: unknown[]): ServerModel[] {
  const servers = levels.find((level) => Array.isArray(level) && level.length > 0) as unknown[] | undefined;
  if (!servers) return [];
  const models: ServerModel[] = [];
  for (const server of servers) {
    if (!isObject(server) || typeof server.url !== 'string') continue;
    const model: ServerModel = { url: server.url };
    if (typeof server.description === 'string') model.description = server.description;
    if (isObject(server.variables)) {
      const variables: NonNullable<ServerModel['variables']> = {};
      for (const name in server.variables) {
        const variable = server.variables[name];
        if (!isObject(variable)) continue;
        const entry: { default: string; enum?: string[]; description?: string } = { default: String(variable.default ?? '') };
        if (Array.isArray(variable.enum)) entry.enum = variable.enum.map(String);
        if (typeof variable.description === 'string') entry.description = variable.description;
        variables[name] = entry;
      }
      model.variables = variables;
    }
    models.push(model);
  }
  return fitted(models);
}

/**
 * The ways to authenticate: the operation's `security` when it has one (`[]` means none), else
 * the document's. Each requirement lists the schemes used together, described from
 * `components.securitySchemes`; names without a definition are left out (the loader reports them).
 */
export function securityModels(context: ModelContext, operation: JsonObject): SecurityRequirementModel[] {
  const spec = context.document.root();
  const requirements = Array.isArray(operation.security) ? operation.security : Array.isArray(spec.security) ? spec.security : [];
  const schemes = isObject(spec.components) && isObject(spec.components.securitySchemes) ? spec.components.securitySchemes : {};
  const models: SecurityRequirementModel[] = [];
  for (const requirement of requirements) {
    if (!isObject(requirement)) continue;
    const used: SecuritySchemeModel[] = [];
    for (const name in requirement) {
      const scheme = context.document.refs().resolve(schemes[name]);
      const scopes = Array.isArray(requirement[name]) ? (requirement[name] as unknown[]).map(String) : [];
      const model = isObject(scheme) ? schemeModel(name, scheme, scopes) : undefined;
      if (model) used.push(model);
    }
    models.push({ schemes: fitted(used) });
  }
  return fitted(models);
}

function schemeModel(name: string, scheme: JsonObject, scopes: string[]): SecuritySchemeModel | undefined {
  const description = typeof scheme.description === 'string' ? { description: scheme.description } : {};
  switch (scheme.type) {
    case 'apiKey':
      if (scheme.in !== 'header' && scheme.in !== 'query' && scheme.in !== 'cookie') return undefined;
      return { type: 'apiKey', scheme: name, in: scheme.in, name: String(scheme.name ?? ''), ...description, scopes };
    case 'http': {
      const model: SecuritySchemeModel = { type: 'http', scheme: name, httpScheme: String(scheme.scheme ?? '').toLowerCase(), ...description, scopes };
      if (typeof scheme.bearerFormat === 'string') model.bearerFormat = scheme.bearerFormat;
      return model;
    }
    case 'oauth2':
      return { type: 'oauth2', scheme: name, flows: flowModels(scheme.flows), ...description, scopes };
    case 'openIdConnect':
      return { type: 'openIdConnect', scheme: name, openIdConnectUrl: String(scheme.openIdConnectUrl ?? ''), ...description, scopes };
    case 'mutualTLS':
      return { type: 'mutualTLS', scheme: name, ...description, scopes };
    default:
      return undefined;
  }
}

function flowModels(flows: unknown): OAuthFlowModel[] {
  if (!isObject(flows)) return [];
  const models: OAuthFlowModel[] = [];
  for (const flow of ['implicit', 'password', 'clientCredentials', 'authorizationCode'] as const) {
    const value = flows[flow];
    if (!isObject(value)) continue;
    const model: OAuthFlowModel = {
      flow,
      scopes: isObject(value.scopes) ? Object.fromEntries(Object.entries(value.scopes).map(([scope, text]) => [scope, String(text)])) : {},
    };
    for (const key of ['authorizationUrl', 'tokenUrl', 'refreshUrl'] as const) if (typeof value[key] === 'string') model[key] = value[key];
    models.push(model);
  }
  return fitted(models);
}
