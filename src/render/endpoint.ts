import { createElement as h, type ReactNode } from 'react';
import type { EndpointPage, ExampleModel, MediaTypeModel, ParameterModel, SchemaModel } from '../openapi/types.js';
import { append } from '../util/arrays.js';
import { methodBadge } from './layout-parts.js';
import { requestSamples, responseExamples } from './endpoint-examples.js';
import { Playground, type PlaygroundSettings } from './playground.js';
import { SideSlot } from './side-column.js';

/** Draws a description written in Markdown (an OpenAPI `description`). */
export type MarkdownRenderer = (markdown: string) => ReactNode;

/** What {@link EndpointReference} is given. */
export interface EndpointReferenceProps {
  endpoint: EndpointPage;
  /** Draws the descriptions of the operation, its parameters and schemas. */
  markdown: MarkdownRenderer;
  /** The MDX page's own content (a page with `openapi:` frontmatter), drawn after the method and path. */
  children?: ReactNode;
  /** docs.json's `api` settings the playground follows; without them, the platform's defaults. */
  playground?: PlaygroundSettings;
}

/** How deep nested object properties are listed; below that a schema shows its type only. */
const MAX_DEPTH = 4;

/**
 * An endpoint or webhook page: its method and path (with the first server), the `x-mint`
 * content or the MDX page's own, the authorization, the parameters by place, the request body
 * and the responses, each schema's properties listed and nested objects folded. The request
 * samples (with their language picker) and the response examples go to the page's right column
 * (in the flow, after the method and path, on narrow screens); the page's own
 * `<RequestExample>` and `<ResponseExample>` replace them. The playground (`Playground`) comes
 * after the method and path.
 */
export function EndpointReference({ endpoint, markdown, children, playground }: EndpointReferenceProps): ReactNode {
  const server = endpoint.kind === 'endpoint' ? endpoint.servers[0]?.url : undefined;
  const description = endpoint.metadata.description;
  const samples = endpoint.codeSamplesOverridden ? null : requestSamples(endpoint);
  const examples = responseExamples(endpoint.responses);
  return h(
    'div',
    { className: 'endpoint-reference' },
    h(
      'div',
      { className: 'endpoint-header', 'data-endpoint': `${endpoint.method} ${endpoint.path}` },
      methodBadge(endpoint.method, endpoint.kind),
      server ? h('span', { className: 'endpoint-server' }, server.replace(/\/$/, '')) : null,
      h('span', { className: 'endpoint-path' }, endpoint.path),
    ),
    h(Playground, { endpoint, settings: playground ?? {} }),
    samples ? h(SideSlot, { kind: 'request', generated: true }, samples) : null,
    examples ? h(SideSlot, { kind: 'response', generated: true }, examples) : null,
    h(
      'div',
      { className: 'prose' },
      children ?? (endpoint.content ? markdown(endpoint.content) : null),
      description === undefined || !longDescription(description) ? null : markdown(description),
      authorization(endpoint),
      (['path', 'query', 'header', 'cookie'] as const).map((place) => parameterSection(place, endpoint.parameters[place], markdown)),
      requestBody(endpoint, markdown),
      responses(endpoint, markdown),
    ),
  );
}

/** A description too long or too rich for the line under the title: drawn as Markdown in the page instead. */
export function longDescription(description: string): boolean {
  return description.length > 280 || /\n|[`*_[\]<]/.test(description);
}

function authorization(endpoint: EndpointPage): ReactNode {
  const schemes = endpoint.security.flatMap((requirement) => requirement.schemes);
  if (schemes.length === 0) return null;
  return h(
    'section',
    { key: 'auth', className: 'endpoint-section' },
    h('h2', null, 'Authorizations'),
    schemes.map((scheme, index) => {
      const where =
        scheme.type === 'apiKey'
          ? `${scheme.in} ${scheme.name}`
          : scheme.type === 'http'
            ? `header Authorization: ${scheme.httpScheme}${scheme.httpScheme.toLowerCase() === 'bearer' ? ' <token>' : ''}`
            : scheme.type;
      return h(
        'div',
        { key: index, className: 'field' },
        h('div', { className: 'field-head' }, h('span', { className: 'field-name' }, scheme.scheme), h('span', { className: 'field-type' }, where)),
        scheme.description ? h('div', { className: 'field-body' }, scheme.description) : null,
      );
    }),
  );
}

const PLACE_TITLES = { path: 'Path parameters', query: 'Query parameters', header: 'Headers', cookie: 'Cookies' } as const;

function parameterSection(place: ParameterModel['in'], parameters: readonly ParameterModel[], markdown: MarkdownRenderer): ReactNode {
  if (parameters.length === 0) return null;
  return h(
    'section',
    { key: place, className: 'endpoint-section' },
    h('h2', null, PLACE_TITLES[place]),
    parameters.map((parameter, index) =>
      field({
        key: index,
        name: parameter.name,
        schema: parameter.schema,
        required: parameter.required,
        deprecated: parameter.deprecated,
        description: parameter.description,
        examples: parameter.examples,
        markdown,
        depth: 0,
      }),
    ),
  );
}

function requestBody(endpoint: EndpointPage, markdown: MarkdownRenderer): ReactNode {
  const body = endpoint.requestBody;
  const media = body?.content[0];
  if (!body || !media) return null;
  return h(
    'section',
    { key: 'body', className: 'endpoint-section' },
    h('h2', null, endpoint.kind === 'webhook' ? 'Payload' : 'Body', ' ', h('span', { className: 'field-type' }, media.mediaType)),
    body.description ? markdown(body.description) : null,
    schemaFields(media.schema, markdown, 0),
  );
}

function responses(endpoint: EndpointPage, markdown: MarkdownRenderer): ReactNode {
  if (endpoint.responses.length === 0) return null;
  return h(
    'section',
    { key: 'responses', className: 'endpoint-section' },
    h('h2', null, 'Responses'),
    endpoint.responses.map((response, index) => {
      const media: MediaTypeModel | undefined = response.content[0];
      const fields = schemaFields(media?.schema, markdown, 1);
      return h(
        'div',
        { key: index, className: 'field' },
        h(
          'div',
          { className: 'field-head' },
          h('span', { className: 'response-status' }, response.status),
          media ? h('span', { className: 'field-type' }, media.mediaType) : null,
        ),
        response.description ? h('div', { className: 'field-body' }, markdown(response.description)) : null,
        fields ? h('details', { className: 'field-children' }, h('summary', null, 'Show properties'), fields) : null,
      );
    }),
  );
}

interface FieldInput {
  key: number | string;
  name: string;
  schema: SchemaModel | undefined;
  required: boolean;
  deprecated?: boolean;
  description: string | undefined;
  /** A parameter's examples; only those the document writes are shown (`generated` ones are Quire's). */
  examples?: readonly ExampleModel[];
  markdown: MarkdownRenderer;
  depth: number;
}

function field({ key, name, schema, required, deprecated, description, examples, markdown, depth }: FieldInput): ReactNode {
  const text = description ?? (typeof schema?.description === 'string' ? schema.description : undefined);
  const children = depth < MAX_DEPTH ? schemaFields(schema, markdown, depth + 1) : null;
  const defaultValue = schema && 'default' in schema ? JSON.stringify(schema.default) : undefined;
  const allowed = Array.isArray(schema?.enum) ? schema.enum.map((value) => JSON.stringify(value)).join(', ') : undefined;
  const example = writtenExample(examples, schema);
  return h(
    'div',
    { key, className: 'field' },
    h(
      'div',
      { className: 'field-head' },
      h('span', { className: 'field-name' }, name),
      h('span', { className: 'field-type' }, typeOf(schema)),
      required ? h('span', { className: 'field-required' }, 'required') : null,
      deprecated || schema?.deprecated === true ? h('span', { className: 'field-deprecated' }, 'deprecated') : null,
    ),
    text || defaultValue || allowed || example
      ? h(
          'div',
          { className: 'field-body' },
          text ? markdown(text) : null,
          defaultValue ? h('p', null, 'Default: ', h('code', null, defaultValue)) : null,
          allowed ? h('p', null, 'One of: ', h('code', null, allowed)) : null,
          example ? h('p', { className: 'field-example' }, 'Example: ', h('code', null, example)) : null,
        )
      : null,
    children ? h('details', { className: 'field-children' }, h('summary', null, 'Show properties'), children) : null,
  );
}

/** The example a document writes for a field (the parameter's, else the schema's `example` or first `examples`), as JSON; undefined when none. */
function writtenExample(examples: readonly ExampleModel[] | undefined, schema: SchemaModel | undefined): string | undefined {
  const written = examples?.find((example) => !example.generated && example.value !== undefined);
  const value =
    written !== undefined
      ? written.value
      : schema && 'example' in schema
        ? schema.example
        : Array.isArray(schema?.examples) && schema.examples.length > 0
          ? schema.examples[0]
          : undefined;
  if (value === undefined) return undefined;
  const json = typeof value === 'string' ? value : JSON.stringify(value);
  // A whole object inline reads badly: the response examples show those.
  return json === undefined || json.length > 200 ? undefined : json;
}

/** The properties of an object schema (of an array's items too) as fields; null for any other schema. */
function schemaFields(schema: SchemaModel | undefined, markdown: MarkdownRenderer, depth: number): ReactNode {
  const object = objectSchema(schema);
  if (!object) return null;
  const properties = object.properties as Record<string, SchemaModel>;
  const required = new Set(Array.isArray(object.required) ? (object.required as string[]) : []);
  const names = Object.keys(properties);
  if (names.length === 0) return null;
  return names.map((name) => field({ key: name, name, schema: properties[name], required: required.has(name), description: undefined, markdown, depth }));
}

function objectSchema(schema: SchemaModel | undefined): SchemaModel | undefined {
  if (!schema) return undefined;
  if (schema.properties && typeof schema.properties === 'object') return schema;
  if (schema.type === 'array' && schema.items && typeof schema.items === 'object') return objectSchema(schema.items as SchemaModel);
  for (const key of ['allOf', 'oneOf', 'anyOf']) {
    const options = schema[key];
    if (Array.isArray(options) && options.length > 0) {
      if (key === 'allOf') {
        const merged: Record<string, unknown> = {};
        const required: string[] = [];
        for (const part of options as SchemaModel[]) {
          const inner = objectSchema(part);
          if (inner?.properties) Object.assign(merged, inner.properties);
          if (Array.isArray(inner?.required)) append(required, inner.required as string[]);
        }
        if (Object.keys(merged).length > 0) return { type: 'object', properties: merged, required };
      } else return objectSchema(options[0] as SchemaModel);
    }
  }
  return undefined;
}

/** A schema's type as shown beside a field: `string<uuid>`, `integer[]`, `User`, `string | null`. */
export function typeOf(schema: SchemaModel | undefined): string {
  if (!schema) return 'any';
  if (typeof schema.$ref === 'string') return typeof schema.name === 'string' ? schema.name : 'object';
  const type = schema.type;
  if (Array.isArray(type)) return type.map((one) => (one === 'array' ? `${typeOf(schema.items as SchemaModel)}[]` : String(one))).join(' | ');
  if (type === 'array') return `${typeOf(schema.items as SchemaModel | undefined)}[]`;
  if (typeof type === 'string') return typeof schema.format === 'string' ? `${type}<${schema.format}>` : type;
  for (const key of ['oneOf', 'anyOf']) {
    const options = schema[key];
    if (Array.isArray(options)) return (options as SchemaModel[]).map(typeOf).join(' | ');
  }
  if (Array.isArray(schema.allOf)) return 'object';
  if (schema.properties) return 'object';
  return 'any';
}
