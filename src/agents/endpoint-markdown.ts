import { append } from '../util/arrays.js';
import type { CircularReference, EndpointPage, ExampleModel, MediaTypeModel, ParameterModel, SchemaModel, SecuritySchemeModel } from '../openapi/types.js';

// Nested object fields written out to this depth; deeper ones are named, not listed.
const MAX_DEPTH = 6;

/**
 * An endpoint or webhook page as a Markdown API reference: `METHOD path`, the servers, how to
 * authenticate, the parameters by location, the body and each response with their fields (name,
 * type, required, description, nested fields indented), then the request samples in every
 * language. `body` is the page's own Markdown before the reference (an MDX page's body, or the
 * `content` of `x-mint`), already written out.
 */
export function endpointMarkdown(endpoint: EndpointPage, options: { title: string; description?: string; body?: string }): string {
  const out: string[] = [`# ${oneLine(options.title)}`];
  if (options.description?.trim()) out.push(`> ${oneLine(options.description)}`);
  out.push(
    endpoint.kind === 'webhook' ? `Webhook \`${endpoint.path}\` (${endpoint.method.toUpperCase()})` : `\`${endpoint.method.toUpperCase()} ${endpoint.path}\``,
  );
  if (endpoint.metadata.deprecated) out.push('**Deprecated.**');
  if (options.body?.trim()) out.push(options.body.trim());
  if (endpoint.servers.length > 0)
    out.push('## Servers', endpoint.servers.map((server) => `- \`${server.url}\`${server.description ? `: ${oneLine(server.description)}` : ''}`).join('\n'));
  const security = endpoint.security.filter((requirement) => requirement.schemes.length > 0);
  if (security.length > 0) {
    const ways = security.map((requirement) => `- ${requirement.schemes.map(securityLine).join(' and ')}`);
    out.push('## Authorization', ways.join('\n'));
  }
  const locations: Array<[keyof EndpointPage['parameters'], string]> = [
    ['path', 'Path parameters'],
    ['query', 'Query parameters'],
    ['header', 'Headers'],
    ['cookie', 'Cookies'],
  ];
  for (const [location, heading] of locations) {
    const parameters = endpoint.parameters[location];
    if (parameters.length > 0) out.push(`## ${heading}`, parameters.map((parameter) => parameterLines(parameter).join('\n')).join('\n'));
  }
  if (endpoint.requestBody) {
    const body = endpoint.requestBody;
    for (const media of body.content) {
      out.push(`## ${endpoint.kind === 'webhook' ? 'Payload' : 'Body'} (\`${media.mediaType}\`)${body.required ? '' : ' (optional)'}`);
      if (body.description?.trim()) out.push(body.description.trim());
      append(out, mediaSections(media));
    }
  }
  if (endpoint.responses.length > 0) {
    out.push('## Responses');
    for (const response of endpoint.responses) {
      out.push(`### ${response.status}${response.description.trim() ? `: ${oneLine(response.description)}` : ''}`);
      if (response.headers.length > 0) out.push('Headers:', response.headers.map((header) => parameterLines(header).join('\n')).join('\n'));
      for (const media of response.content) {
        out.push(`\`${media.mediaType}\``);
        append(out, mediaSections(media));
      }
    }
  }
  if (endpoint.codeSamples.length > 0 && !endpoint.codeSamplesOverridden) {
    out.push('## Examples');
    for (const sample of endpoint.codeSamples) out.push(`**${sample.label}**`, fenced(sample.source, sample.language));
  }
  return `${out.filter((part) => part !== '').join('\n\n')}\n`;
}

function securityLine(scheme: SecuritySchemeModel): string {
  switch (scheme.type) {
    case 'apiKey':
      return `API key \`${scheme.name}\` in the ${scheme.in}`;
    case 'http':
      return scheme.httpScheme.toLowerCase() === 'bearer'
        ? `Bearer token in the \`Authorization\` header${scheme.bearerFormat ? ` (${scheme.bearerFormat})` : ''}`
        : `HTTP ${scheme.httpScheme} authentication in the \`Authorization\` header`;
    case 'oauth2':
      return `OAuth 2 token in the \`Authorization\` header${scheme.scopes.length > 0 ? ` (scopes: ${scheme.scopes.join(', ')})` : ''}`;
    case 'openIdConnect':
      return `OpenID Connect (${scheme.openIdConnectUrl})`;
    case 'mutualTLS':
      return 'mutual TLS';
  }
}

function parameterLines(parameter: ParameterModel): string[] {
  const facts = [typeOf(parameter.schema), parameter.required ? 'required' : undefined, parameter.deprecated ? 'deprecated' : undefined].filter(Boolean);
  const head = `- \`${parameter.name}\`${facts.length > 0 ? ` (${facts.join(', ')})` : ''}${describe(parameter.description, parameter.schema)}`;
  return [head, ...(parameter.schema ? fieldLines(parameter.schema, 1, new Set()) : [])];
}

/** A media type's fields, then its first example. */
function mediaSections(media: MediaTypeModel): string[] {
  const out: string[] = [];
  if (media.schema) {
    const lines = fieldLines(media.schema, 0, new Set());
    if (lines.length > 0) out.push(lines.join('\n'));
    else if (typeOf(media.schema)) out.push(`${typeOf(media.schema)}${describe(undefined, media.schema)}`.trim());
  }
  const example = firstExample(media.examples);
  if (example !== undefined)
    out.push('Example:', fenced(typeof example === 'string' ? example : JSON.stringify(example, null, 2), typeof example === 'string' ? '' : 'json'));
  return out;
}

function firstExample(examples: readonly ExampleModel[]): unknown {
  const example = examples.find((candidate) => candidate.value !== undefined);
  return example?.value;
}

/** The fields of an object schema (or of an array's items), one list item each, nested ones indented. */
function fieldLines(schema: SchemaModel, depth: number, seen: Set<SchemaModel>): string[] {
  if (depth > MAX_DEPTH || seen.has(schema) || isCircular(schema)) return [];
  const inner = new Set(seen).add(schema);
  const items = schema.items as SchemaModel | undefined;
  if (schema.type === 'array' && items && typeof items === 'object') return fieldLines(items, depth, inner);
  const out: string[] = [];
  const properties = schema.properties as Record<string, SchemaModel> | undefined;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const indent = '  '.repeat(depth);
  if (properties && typeof properties === 'object') {
    for (const [name, property] of Object.entries(properties)) {
      if (!property || typeof property !== 'object') continue;
      const facts = [typeOf(property), required.has(name) ? 'required' : undefined, property.deprecated === true ? 'deprecated' : undefined].filter(Boolean);
      out.push(`${indent}- \`${name}\`${facts.length > 0 ? ` (${facts.join(', ')})` : ''}${describe(property.description as string | undefined, property)}`);
      append(out, fieldLines(property, depth + 1, inner));
    }
  }
  for (const keyword of ['oneOf', 'anyOf', 'allOf'] as const) {
    const variants = schema[keyword];
    if (!Array.isArray(variants)) continue;
    if (keyword === 'allOf') {
      for (const variant of variants) if (variant && typeof variant === 'object') append(out, fieldLines(variant as SchemaModel, depth, inner));
      continue;
    }
    variants.forEach((variant, index) => {
      if (!variant || typeof variant !== 'object') return;
      const model = variant as SchemaModel;
      const title = typeof model.title === 'string' ? model.title : typeOf(model) || `option ${index + 1}`;
      out.push(`${indent}- ${keyword === 'oneOf' ? 'One of' : 'Any of'}: ${title}${describe(model.description as string | undefined, model)}`);
      append(out, fieldLines(model, depth + 1, inner));
    });
  }
  return out;
}

function isCircular(schema: SchemaModel): schema is SchemaModel & CircularReference {
  return schema.circular === true && typeof schema.$ref === 'string';
}

/** A schema's type as a reader says it: `string`, `integer<int64>`, `array<string>`, `object`, `Node` for a circular reference. */
function typeOf(schema: SchemaModel | undefined): string {
  if (!schema) return '';
  if (isCircular(schema)) return schema.name ?? schema.$ref;
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === 'string' ? [schema.type] : [];
  const named = types.map((type) => {
    if (type === 'array' && schema.items && typeof schema.items === 'object') {
      const item = typeOf(schema.items as SchemaModel);
      return item ? `array<${item}>` : 'array';
    }
    return typeof schema.format === 'string' && type !== 'null' ? `${type}<${schema.format}>` : type;
  });
  if (named.length === 0 && schema.properties) return 'object';
  return named.join(' | ');
}

/** `: description` with the enum and default, or nothing. */
function describe(description: string | undefined, schema: SchemaModel | undefined): string {
  const parts: string[] = [];
  if (description?.trim()) parts.push(oneLine(description));
  if (schema && Array.isArray(schema.enum)) parts.push(`One of: ${(schema.enum as unknown[]).map((value) => `\`${String(value)}\``).join(', ')}.`);
  if (schema && schema.default !== undefined) parts.push(`Default: \`${JSON.stringify(schema.default)}\`.`);
  return parts.length > 0 ? `: ${parts.join(' ')}` : '';
}

/** A fenced code block long enough for the backticks inside it. */
function fenced(code: string, language: string): string {
  let longest = 2;
  for (const match of code.matchAll(/`+/g)) longest = Math.max(longest, match[0].length);
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language}\n${code.replace(/\n$/, '')}\n${fence}`;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
