import { isObject } from './json.js';
import type { EndpointPage, ExampleModel, MediaTypeModel, ParameterModel, SecuritySchemeModel, ServerModel } from './types.js';
import { append } from '../util/arrays.js';
import { encodeUriComponent } from '../util/uri.js';

/** A name and a value of a query parameter, header or cookie. */
export interface SampleField {
  name: string;
  value: string;
}

/** One part of a form body: a value, or a file to upload. */
export interface SampleFormPart {
  name: string;
  value?: string;
  /** Set for a file upload: the path the sample reads the file from. */
  fileName?: string;
  contentType?: string;
}

/** The request body of a sample, serialised for its media type. */
export interface SampleBody {
  mediaType: string;
  /** JSON, text and other bodies sent as they are. */
  text?: string;
  /** The parsed value of a JSON body. */
  json?: unknown;
  /** Form bodies (`application/x-www-form-urlencoded`, `multipart/*`). */
  parts?: SampleFormPart[];
}

/** A complete request made from an endpoint page: every value filled, nothing left to guess. */
export interface SampleRequest {
  method: string;
  /** Server and path, parameters filled, without the query. */
  url: string;
  query: SampleField[];
  headers: SampleField[];
  cookies: SampleField[];
  body?: SampleBody;
}

/** `api.examples.defaults`: `all` parameters in samples, or the `required` ones only. */
export type SampleParameters = 'all' | 'required';

/**
 * Where a document names no server, or a relative one: example.com is reserved for examples
 * (RFC 2606), so the sample reads as a placeholder and cannot reach anyone's API.
 */
const PLACEHOLDER_ORIGIN = 'https://api.example.com';
/** The path a file upload is read from in samples: clearly a placeholder, and a valid path. */
export const SAMPLE_FILE_PATH = 'path/to/file';

/**
 * The request an endpoint page's samples send: the first server in effect with its variables'
 * defaults, the path filled, the parameters (the required ones, or all), credentials for the
 * first security requirement as placeholders, and the first media type's body example.
 */
export function sampleRequest(page: EndpointPage, parameters: SampleParameters): SampleRequest {
  const wanted = (parameter: ParameterModel) => parameter.required || parameters === 'all';
  // A path written with a query (`/query?format=tabular`, which some descriptions use to tell
  // operations apart) sends that query first.
  const [path = '', written] = filledPath(page.path, page.parameters.path).split(/\?(.*)/s);
  const request: SampleRequest = {
    method: page.method.toUpperCase(),
    url: serverUrl(page.servers[0]) + path,
    query: written ? queryOfPath(written) : [],
    headers: [],
    cookies: [],
  };
  for (const parameter of page.parameters.query) if (wanted(parameter)) append(request.query, queryFields(parameter));
  for (const parameter of page.parameters.header) if (wanted(parameter)) request.headers.push({ name: parameter.name, value: headerValue(parameter) });
  for (const parameter of page.parameters.cookie) if (wanted(parameter)) request.cookies.push({ name: parameter.name, value: scalarText(valueOf(parameter)) });
  for (const scheme of page.security[0]?.schemes ?? []) addCredentials(request, scheme);
  dropShadowed(request);
  const media = page.requestBody?.content[0];
  if (media) {
    request.body = sampleBody(media);
    if (!request.headers.some((header) => header.name.toLowerCase() === 'content-type')) request.headers.push({ name: 'Content-Type', value: media.mediaType });
  }
  return request;
}

/** The server's URL with its variables' defaults; a relative or missing one under the placeholder origin. */
function serverUrl(server: ServerModel | undefined): string {
  if (!server) return PLACEHOLDER_ORIGIN;
  const url = server.url.replace(/\{([^}]+)\}/g, (whole, name: string) => server.variables?.[name]?.default ?? whole).replace(/\/+$/, '');
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) return url;
  // `//host/v1` borrows the page's scheme in a browser; a sample must say one.
  if (url.startsWith('//')) return `https:${url}`;
  return PLACEHOLDER_ORIGIN + (url === '' || url.startsWith('/') ? url : `/${url}`);
}

/**
 * The path with its parameters' values. A template the description declares no parameter for
 * keeps its name, percent-encoded: `{id}` itself is no valid URL, and cURL reads braces as a
 * pattern (`{id}` would send `id`).
 */
function filledPath(path: string, parameters: readonly ParameterModel[]): string {
  return path.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
    const parameter = parameters.find((candidate) => candidate.name === name);
    if (!parameter) return `%7B${encodePathValue(name)}%7D`;
    const value = valueOf(parameter);
    const text = Array.isArray(value)
      ? value.map(scalarText).join(',')
      : isObject(value)
        ? Object.entries(value)
            .map(([key, item]) => `${key},${scalarText(item)}`)
            .join(',')
        : scalarText(value);
    if (parameter.style === 'label') return `.${encodePathValue(text)}`;
    if (parameter.style === 'matrix') return `;${name}=${encodePathValue(text)}`;
    return encodePathValue(text);
  });
}

function queryOfPath(query: string): SampleField[] {
  return query
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const [name = '', value = ''] = pair.split(/=(.*)/s);
      return { name: decodedQuery(name), value: decodedQuery(value) };
    });
}

function decodedQuery(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text; // a stray `%`: sent as written
  }
}

/** Path values keep the characters a path segment may hold as they are (`,` `:` `@`), and encode the rest. */
function encodePathValue(text: string): string {
  return encodeUriComponent(text).replace(/%(2C|3A|40|24|21|27|28|29|2A|3B|3D)/gi, (escaped) => decodeURIComponent(escaped));
}

function queryFields(parameter: ParameterModel): SampleField[] {
  const value = valueOf(parameter);
  if (parameter.mediaType !== undefined) return [{ name: parameter.name, value: JSON.stringify(value) }];
  const explode = parameter.explode ?? (parameter.style === undefined || parameter.style === 'form');
  if (Array.isArray(value)) {
    const separator = parameter.style === 'spaceDelimited' ? ' ' : parameter.style === 'pipeDelimited' ? '|' : ',';
    return explode
      ? value.map((item) => ({ name: parameter.name, value: scalarText(item) }))
      : [{ name: parameter.name, value: value.map(scalarText).join(separator) }];
  }
  if (isObject(value)) {
    const entries = Object.entries(value);
    if (parameter.style === 'deepObject') return entries.map(([key, item]) => ({ name: `${parameter.name}[${key}]`, value: scalarText(item) }));
    return explode
      ? entries.map(([key, item]) => ({ name: key, value: scalarText(item) }))
      : [{ name: parameter.name, value: entries.map(([key, item]) => `${key},${scalarText(item)}`).join(',') }];
  }
  return [{ name: parameter.name, value: scalarText(value) }];
}

function headerValue(parameter: ParameterModel): string {
  const value = valueOf(parameter);
  if (parameter.mediaType !== undefined) return JSON.stringify(value);
  if (Array.isArray(value)) return value.map(scalarText).join(',');
  if (isObject(value))
    return Object.entries(value)
      .map(([key, item]) => (parameter.explode ? `${key}=${scalarText(item)}` : `${key},${scalarText(item)}`))
      .join(',');
  return scalarText(value);
}

/** The parameter's first example (written, else made from its schema); a placeholder when it has neither. */
function valueOf(parameter: ParameterModel): unknown {
  const value = firstValue(parameter.examples);
  return value === undefined ? `<${parameter.name}>` : value;
}

function firstValue(examples: readonly ExampleModel[]): unknown {
  for (const example of examples) if (example.value !== undefined) return example.value;
  return undefined;
}

/** A value in a URL, header or cookie: strings as they are, anything else as JSON writes it. */
function scalarText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return JSON.stringify(value) ?? '';
}

/**
 * Credentials as placeholders in angle brackets: a reader sees at once what to replace, and a
 * sample never carries a value that looks like a working key.
 */
function addCredentials(request: SampleRequest, scheme: SecuritySchemeModel): void {
  switch (scheme.type) {
    case 'apiKey': {
      const field = { name: scheme.name || 'api_key', value: '<api-key>' };
      if (scheme.in === 'header') request.headers.push(field);
      else if (scheme.in === 'query') request.query.push(field);
      else request.cookies.push(field);
      return;
    }
    case 'http':
      if (scheme.httpScheme === 'basic') request.headers.push({ name: 'Authorization', value: 'Basic <encoded-value>' });
      else if (scheme.httpScheme === 'bearer' || scheme.httpScheme === '') request.headers.push({ name: 'Authorization', value: 'Bearer <token>' });
      else request.headers.push({ name: 'Authorization', value: `${capitalized(scheme.httpScheme)} <credentials>` });
      return;
    case 'oauth2':
    case 'openIdConnect':
      // The token an OAuth flow returns is sent as a bearer token (RFC 6750).
      request.headers.push({ name: 'Authorization', value: 'Bearer <token>' });
      return;
    case 'mutualTLS':
      return; // a client certificate, not a request field
  }
}

/**
 * A description may list its API key header as a parameter too (`X-API-KEY`, required): the
 * request sends it once, with the credential, which is added after the parameters. The last
 * field of a name is kept (header names compared without case).
 */
function dropShadowed(request: SampleRequest): void {
  const last = (fields: SampleField[], key: (name: string) => string) => {
    const seen = new Set<string>();
    return fields.reduceRight<SampleField[]>((kept, field) => (seen.has(key(field.name)) ? kept : (seen.add(key(field.name)), [field, ...kept])), []);
  };
  request.headers = last(request.headers, (name) => name.toLowerCase());
  request.cookies = last(request.cookies, (name) => name);
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function sampleBody(media: MediaTypeModel): SampleBody {
  const mediaType = media.mediaType;
  const value = firstValue(media.examples);
  const essence = mediaType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (essence === 'application/x-www-form-urlencoded' || essence.startsWith('multipart/'))
    return { mediaType, parts: formParts(value, media, essence.startsWith('multipart/')) };
  if (isJsonMediaType(essence)) return { mediaType, json: value ?? {}, text: JSON.stringify(value ?? {}, null, 2) };
  return { mediaType, text: value === undefined ? '' : scalarText(value) };
}

/** `application/json`, `text/json`, and structured syntax suffixes (`application/problem+json`). */
export function isJsonMediaType(essence: string): boolean {
  return essence === 'application/json' || essence === 'text/json' || essence.endsWith('+json') || essence.endsWith('/x-json');
}

/** The fields of a form body; in multipart, binary properties are files read from {@link SAMPLE_FILE_PATH}. */
function formParts(value: unknown, media: MediaTypeModel, multipart: boolean): SampleFormPart[] {
  if (!isObject(value)) return [];
  const properties = isObject(media.schema?.properties) ? media.schema.properties : {};
  const parts: SampleFormPart[] = [];
  for (const [name, item] of Object.entries(value)) {
    const property = properties[name];
    const binary =
      isObject(property) &&
      (property.format === 'binary' ||
        property.format === 'base64' ||
        property.contentMediaType !== undefined ||
        (isObject(property.items) && property.items.format === 'binary'));
    if (multipart && (binary || item === '<binary>')) parts.push({ name, fileName: SAMPLE_FILE_PATH });
    else if (Array.isArray(item) && !multipart) for (const entry of item) parts.push({ name, value: scalarText(entry) });
    else parts.push({ name, value: scalarText(item) });
  }
  return parts;
}
