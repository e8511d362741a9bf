import { createElement as h, type ReactNode } from 'react';
import { generatedSampleLanguages, type CodeSampleOptions } from '../openapi/code-samples.js';
import { isJsonMediaType } from '../openapi/sample-request.js';
import type { SnippetLanguage } from '../openapi/snippet-languages.js';
import type { EndpointPage, ExampleModel, ParameterModel, SchemaModel, SecuritySchemeModel, ServerModel } from '../openapi/types.js';
import { copyButton } from './code.js';
import { methodBadge } from './layout-parts.js';

/** The site's settings the playground follows (docs.json `api`). */
export interface PlaygroundSettings {
  /** `api.playground.proxy`: send through a proxy (`quire dev`'s) when there is one. Default `true`, as on the platform. */
  proxy?: boolean;
  /** `api.examples`: the generated samples the playground writes again as the reader types, and `prefill`. */
  examples?: CodeSampleOptions & { prefill?: boolean };
}

/** How a body of one media type is typed in. */
export type PlaygroundBodyKind = 'json' | 'form' | 'multipart' | 'text';

/** A field of a form or multipart body. */
export interface PlaygroundFormField {
  name: string;
  required: boolean;
  /** A file to upload (multipart, binary property). */
  file: boolean;
  /** An array: one value per line of its input, sent as repeated fields. */
  list: boolean;
}

/**
 * What the playground's script reads from the page (`<script type="application/json"
 * data-quire-playground-model>`): what the form's inputs are about. The inputs themselves are
 * in the page's HTML, with their prefilled values.
 */
export interface PlaygroundModel {
  method: string;
  path: string;
  servers: ServerModel[];
  parameters: Array<Pick<ParameterModel, 'name' | 'in' | 'required' | 'style' | 'explode'> & { list: boolean; json: boolean }>;
  /** The ways to authenticate, any one of which is enough (the reader picks one); each needs all its schemes. */
  security: SecuritySchemeModel[][];
  bodies: Array<{ mediaType: string; kind: PlaygroundBodyKind; fields?: PlaygroundFormField[] }>;
  /** The generated samples, which the script writes again from what the reader typed: the last of the sample card's panels. */
  samples: SnippetLanguage[];
  /** Whether the site asks for a proxy (`api.playground.proxy`). */
  proxy: boolean;
}

/**
 * The API playground of an endpoint page, by its mode (`api.playground.display`, the page's
 * `playground`, `x-mint` metadata): `interactive` gives inputs for the server and its variables,
 * the credentials, every parameter by place and the body by media type, a Send button and the
 * answer (status, time, headers, body), the script `_quire/playground.js` making it work; `simple`
 * and `auth` (Quire has no signed-in readers) give the request's URL to copy; `none` nothing.
 * Webhooks have none: nobody sends them from the docs.
 */
export function Playground({ endpoint, settings }: { endpoint: EndpointPage; settings: PlaygroundSettings }): ReactNode {
  if (endpoint.kind !== 'endpoint' || endpoint.playground.mode === 'none') return null;
  if (endpoint.playground.mode !== 'interactive') return simplePlayground(endpoint);
  const prefill = settings.examples?.prefill === true;
  const model = playgroundModel(endpoint, settings);
  const parameters = (['path', 'query', 'header', 'cookie'] as const).flatMap((place) => endpoint.parameters[place]);
  return h(
    // A form: Enter in a field sends, and the browser knows the credentials' fields for what they are.
    'form',
    { className: 'playground', 'data-quire-playground': '', 'aria-label': 'API playground', noValidate: true },
    h('script', { type: 'application/json', 'data-quire-playground-model': '', dangerouslySetInnerHTML: { __html: scriptJson(model) } }),
    h(
      'div',
      { className: 'playground-head' },
      h('span', { className: 'playground-title' }, 'Try it'),
      methodBadge(endpoint.method),
      h('output', { className: 'playground-url', 'data-playground-url': '' }, requestUrlText(endpoint)),
      h('button', { type: 'submit', className: 'playground-send', 'data-playground-send': '' }, 'Send'),
    ),
    serverInputs(endpoint.servers),
    authInputs(model.security),
    (['path', 'query', 'header', 'cookie'] as const).map((place) =>
      endpoint.parameters[place].length === 0
        ? null
        : h(
            'fieldset',
            { key: place, className: 'playground-group' },
            h('legend', null, PLACES[place]),
            endpoint.parameters[place].map((parameter) => parameterInput(parameter, parameters.indexOf(parameter), prefill)),
          ),
    ),
    bodyInputs(endpoint, model),
    h('p', { className: 'playground-note', 'data-playground-note': '', hidden: true }),
    h(
      'div',
      { className: 'playground-response', 'data-playground-response': '', hidden: true, 'aria-live': 'polite' },
      h(
        'div',
        { className: 'playground-status' },
        h('span', { 'data-playground-status': '' }),
        h('span', { className: 'playground-time', 'data-playground-time': '' }),
      ),
      h('details', { className: 'playground-headers' }, h('summary', null, 'Headers'), h('pre', { 'data-playground-headers': '' })),
      h('pre', { className: 'playground-answer', 'data-playground-answer': '' }),
      h('a', { className: 'playground-download', 'data-playground-download': '', hidden: true }, 'Download the body'),
    ),
  );
}

const PLACES = { path: 'Path parameters', query: 'Query parameters', header: 'Headers', cookie: 'Cookies' } as const;

/** The request's URL to copy: the first server (its variables' defaults) and the path. */
function simplePlayground(endpoint: EndpointPage): ReactNode {
  return h(
    'div',
    { className: 'playground playground-simple code-block' },
    h(
      'div',
      { className: 'playground-head' },
      methodBadge(endpoint.method),
      h('code', { className: 'playground-url' }, requestUrlText(endpoint)),
      copyButton(),
    ),
    h('pre', { hidden: true, 'data-quire-copy-source': '' }, requestUrlText(endpoint)),
  );
}

function requestUrlText(endpoint: EndpointPage): string {
  const server = endpoint.servers[0];
  const base = server ? server.url.replace(/\{([^}]+)\}/g, (whole, name: string) => server.variables?.[name]?.default ?? whole).replace(/\/+$/, '') : '';
  return base + endpoint.path;
}

/** The model the script reads: see {@link PlaygroundModel}. */
export function playgroundModel(endpoint: EndpointPage, settings: PlaygroundSettings): PlaygroundModel {
  const parameters = (['path', 'query', 'header', 'cookie'] as const).flatMap((place) =>
    endpoint.parameters[place].map((parameter) => ({
      name: parameter.name,
      in: parameter.in,
      required: parameter.required,
      ...(parameter.style !== undefined ? { style: parameter.style } : {}),
      ...(parameter.explode !== undefined ? { explode: parameter.explode } : {}),
      list: schemaType(parameter.schema) === 'array',
      json: parameter.mediaType !== undefined || ['object'].includes(schemaType(parameter.schema)),
    })),
  );
  const bodies = (endpoint.requestBody?.content ?? []).map((media) => {
    const kind = bodyKind(media.mediaType);
    return kind === 'form' || kind === 'multipart'
      ? { mediaType: media.mediaType, kind, fields: formFields(media.schema, kind === 'multipart') }
      : { mediaType: media.mediaType, kind };
  });
  return {
    method: endpoint.method.toUpperCase(),
    path: endpoint.path,
    servers: endpoint.servers,
    parameters,
    security: endpoint.security.map((requirement) => requirement.schemes),
    bodies,
    samples: endpoint.codeSamplesOverridden ? [] : generatedSampleLanguages(settings.examples),
    proxy: settings.proxy !== false,
  };
}

function bodyKind(mediaType: string): PlaygroundBodyKind {
  const essence = mediaType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (essence === 'application/x-www-form-urlencoded') return 'form';
  if (essence.startsWith('multipart/')) return 'multipart';
  if (isJsonMediaType(essence)) return 'json';
  return 'text';
}

function formFields(schema: SchemaModel | undefined, multipart: boolean): PlaygroundFormField[] {
  const properties = schema && typeof schema.properties === 'object' && schema.properties !== null ? (schema.properties as Record<string, SchemaModel>) : {};
  const required = new Set(Array.isArray(schema?.required) ? (schema.required as string[]) : []);
  return Object.entries(properties).map(([name, property]) => {
    const items = typeof property?.items === 'object' && property.items !== null ? (property.items as SchemaModel) : undefined;
    const binary = (one: SchemaModel | undefined) => one?.format === 'binary' || one?.format === 'base64' || one?.contentMediaType !== undefined;
    return { name, required: required.has(name), file: multipart && (binary(property) || binary(items)), list: schemaType(property) === 'array' };
  });
}

function schemaType(schema: SchemaModel | undefined): string {
  const type = schema?.type;
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) return String(type.find((one) => one !== 'null') ?? '');
  return schema?.properties ? 'object' : '';
}

/** JSON inside `<script>`: `<` escaped, so that no `</script>` in a description ends it. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function serverInputs(servers: readonly ServerModel[]): ReactNode {
  if (servers.length === 0) return null;
  const variables = servers.flatMap((server, index) => Object.entries(server.variables ?? {}).map(([name, variable]) => ({ index, name, variable })));
  if (servers.length < 2 && variables.length === 0) return null;
  return h(
    'fieldset',
    { className: 'playground-group' },
    h('legend', null, 'Server'),
    servers.length > 1
      ? h(
          'label',
          { className: 'playground-field' },
          h('span', null, 'Server'),
          h(
            'select',
            { 'data-playground-server': '', defaultValue: '0' },
            servers.map((server, index) =>
              h('option', { key: index, value: String(index) }, server.description ? `${server.url} (${server.description})` : server.url),
            ),
          ),
        )
      : null,
    variables.map(({ index, name, variable }) =>
      h(
        'label',
        { key: `${index}:${name}`, className: 'playground-field', 'data-playground-server-of': String(index), hidden: index > 0 },
        h('span', null, name),
        variable.enum && variable.enum.length > 0
          ? h(
              'select',
              { 'data-playground-variable': name, defaultValue: variable.default },
              variable.enum.map((value) => h('option', { key: value, value }, value)),
            )
          : h('input', { type: 'text', 'data-playground-variable': name, defaultValue: variable.default, spellCheck: false }),
      ),
    ),
  );
}

/** One input per credential of each scheme; a choice of the ways to authenticate when there are several. */
function authInputs(security: readonly SecuritySchemeModel[][]): ReactNode {
  if (security.length === 0) return null;
  const schemes = new Map<string, SecuritySchemeModel>();
  for (const requirement of security) for (const scheme of requirement) schemes.set(scheme.scheme, scheme);
  return h(
    'fieldset',
    { className: 'playground-group' },
    h('legend', null, 'Authorization'),
    security.length > 1
      ? h(
          'label',
          { className: 'playground-field' },
          h('span', null, 'Use'),
          h(
            'select',
            { 'data-playground-auth-choice': '', defaultValue: '0' },
            security.map((requirement, index) =>
              h('option', { key: index, value: String(index) }, requirement.map((scheme) => scheme.scheme).join(' + ') || 'None'),
            ),
          ),
        )
      : null,
    [...schemes.values()].map((scheme) => h('div', { key: scheme.scheme, 'data-playground-auth-scheme': scheme.scheme }, credentialInputs(scheme))),
  );
}

function credentialInputs(scheme: SecuritySchemeModel): ReactNode {
  const input = (field: string, label: string, type = 'text', placeholder?: string) =>
    h(
      'label',
      { key: field, className: 'playground-field' },
      h('span', null, label),
      h('input', {
        type,
        'data-playground-auth': field,
        autoComplete: 'off',
        spellCheck: false,
        ...(placeholder ? { placeholder } : {}),
      }),
    );
  switch (scheme.type) {
    case 'apiKey':
      return input('value', `${scheme.name} (${scheme.in})`, 'password');
    case 'http':
      if (scheme.httpScheme.toLowerCase() === 'basic') return [input('username', 'Username'), input('password', 'Password', 'password')];
      return input(
        'token',
        scheme.httpScheme.toLowerCase() === 'bearer' || scheme.httpScheme === '' ? 'Bearer token' : `${scheme.httpScheme} credentials`,
        'password',
      );
    case 'oauth2':
    case 'openIdConnect':
      return input('token', `${scheme.scheme}: access token (Bearer)`, 'password');
    case 'mutualTLS':
      return h('p', { className: 'playground-note' }, `${scheme.scheme}: a client certificate, which a browser sends from its own settings.`);
  }
}

function parameterInput(parameter: ParameterModel, index: number, prefill: boolean): ReactNode {
  const example = exampleText(parameter.examples);
  const schema = parameter.schema;
  const values = Array.isArray(schema?.enum) ? schema.enum.filter((value) => value !== null).map(String) : undefined;
  const type = schemaType(schema);
  const label = h(
    'span',
    null,
    parameter.name,
    parameter.required ? h('span', { className: 'field-required' }, 'required') : null,
    type ? h('span', { className: 'field-type' }, type) : null,
  );
  if (type === 'boolean' || (values && values.length > 0)) {
    const options = type === 'boolean' ? ['true', 'false'] : (values as string[]);
    return h(
      'label',
      { key: index, className: 'playground-field' },
      label,
      h(
        'select',
        { 'data-playground-param': String(index), defaultValue: prefill && example !== undefined && options.includes(example) ? example : '' },
        h('option', { value: '' }, ''),
        options.map((value) => h('option', { key: value, value }, value)),
      ),
    );
  }
  return h(
    'label',
    { key: index, className: 'playground-field' },
    label,
    h('input', {
      type: 'text',
      'data-playground-param': String(index),
      spellCheck: false,
      ...(example !== undefined ? { placeholder: example } : {}),
      ...(prefill && example !== undefined ? { defaultValue: example } : {}),
      ...(parameter.required ? { required: true } : {}),
    }),
  );
}

/** A parameter's first example as the reader would type it: text as it is, lists joined by commas, the rest as JSON. */
function exampleText(examples: readonly ExampleModel[]): string | undefined {
  const value = examples.find((example) => example.value !== undefined)?.value;
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null)) return value.map(String).join(',');
  return JSON.stringify(value);
}

function bodyInputs(endpoint: EndpointPage, model: PlaygroundModel): ReactNode {
  const content = endpoint.requestBody?.content ?? [];
  if (content.length === 0) return null;
  return h(
    'fieldset',
    { className: 'playground-group' },
    h('legend', null, 'Body'),
    content.length > 1
      ? h(
          'label',
          { className: 'playground-field' },
          h('span', null, 'Content type'),
          h(
            'select',
            { 'data-playground-body-choice': '', defaultValue: '0' },
            content.map((media, index) => h('option', { key: index, value: String(index) }, media.mediaType)),
          ),
        )
      : h('p', { className: 'playground-media' }, content[0]?.mediaType),
    content.map((media, index) => {
      const body = model.bodies[index];
      const value = media.examples.find((example) => example.value !== undefined)?.value;
      let inputs: ReactNode;
      if (body?.kind === 'form' || body?.kind === 'multipart') {
        const object = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
        inputs = (body.fields ?? []).map((field) =>
          h(
            'label',
            { key: field.name, className: 'playground-field' },
            h('span', null, field.name, field.required ? h('span', { className: 'field-required' }, 'required') : null),
            field.file
              ? h('input', { type: 'file', 'data-playground-field': field.name, ...(field.list ? { multiple: true } : {}) })
              : h(field.list ? 'textarea' : 'input', {
                  ...(field.list ? { rows: 2 } : { type: 'text' }),
                  'data-playground-field': field.name,
                  spellCheck: false,
                  defaultValue: fieldText(object[field.name], field.list),
                }),
          ),
        );
      } else
        inputs = h('textarea', {
          className: 'playground-editor',
          'data-playground-text': '',
          rows: 8,
          spellCheck: false,
          'aria-label': `Body (${media.mediaType})`,
          defaultValue:
            body?.kind === 'json'
              ? (JSON.stringify(value ?? {}, null, 2) ?? '')
              : typeof value === 'string'
                ? value
                : value === undefined
                  ? ''
                  : JSON.stringify(value, null, 2),
        });
      return h('div', { key: index, 'data-playground-body': String(index), hidden: index > 0 }, inputs);
    }),
  );
}

function fieldText(value: unknown, list: boolean): string {
  if (value === undefined || value === null) return '';
  if (list && Array.isArray(value)) return value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))).join('\n');
  return typeof value === 'string' ? value : JSON.stringify(value);
}
