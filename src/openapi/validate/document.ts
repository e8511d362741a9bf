import { joinPointer } from '../../json/pointer.js';
import { isObject, type JsonObject } from '../json.js';
import { OPERATION_KEYS } from '../types.js';
import { pointerOf, type CheckContext, type LazyPointer } from './context.js';
import { INFO_KEYS, OPERATION_KEYS_ALLOWED, PATH_ITEM_KEYS, ROOT_KEYS, checkKeys } from './keys.js';
import { checkOperationParameters, checkParameter } from './parameters.js';
import { checkRefs } from './refs.js';
import { checkSchema } from './schemas.js';
import { checkSecurityRequirements, checkSecuritySchemes } from './security.js';
import { missing, wrongType } from './report.js';

/**
 * Structural validation of an OpenAPI 3.0/3.1 document in one walk over what Quire reads: the
 * rules whose breach would make a page wrong or a value silently ignored. Agrees with
 * @readme/openapi-parser on which corpus documents are valid (see test/openapi/corpus.test.ts).
 */
export function validateDocument(context: CheckContext): void {
  const { root, version } = context;
  checkKeys(context, root, '', ROOT_KEYS[version], 'The OpenAPI object');
  checkInfo(context, root.info);
  const paths = root.paths;
  if (paths === undefined) {
    if (version === '3.0') missing(context, '', 'The document has no `paths`.', 'Add `paths: {}` with the endpoints.');
    else if (root.webhooks === undefined && root.components === undefined) {
      missing(context, '', 'An OpenAPI 3.1 document needs at least one of `paths`, `webhooks` or `components`.', 'Add `paths` with the endpoints.');
    }
  } else if (!isObject(paths)) wrongType(context, '/paths', 'an object of paths');
  else checkPaths(context, paths);
  if (root.webhooks !== undefined) {
    if (!isObject(root.webhooks)) wrongType(context, '/webhooks', 'an object of webhooks');
    else for (const name in root.webhooks) checkPathItem(context, root.webhooks[name], joinPointer('/webhooks', name), `webhook ${name}`, false);
  }
  if (version === '3.0' && root['x-webhooks'] !== undefined) {
    context.report({
      code: 'openapi/x-webhooks',
      severity: 'warning',
      message:
        '`x-webhooks` is an extension of OpenAPI 3.0 that the platform does not read: its webhooks get no pages (in Quire neither), and a navigation entry naming one fails the build.',
      pointer: '/x-webhooks',
      at: 'key',
      hint: 'Move to OpenAPI 3.1 and rename it `webhooks`, which every tool understands.',
    });
    if (isObject(root['x-webhooks']))
      for (const name in root['x-webhooks']) checkPathItem(context, root['x-webhooks'][name], joinPointer('/x-webhooks', name), `webhook ${name}`, false);
  }
  checkServers(context, root.servers, '/servers');
  checkComponents(context, root.components);
  checkSecurityRequirements(context, root.security, '/security');
  checkTags(context, root.tags);
  checkRefs(context);
}

function checkInfo(context: CheckContext, info: unknown): void {
  if (info === undefined) return missing(context, '', 'The document has no `info`.', 'Add `info` with a `title` and a `version`.');
  if (!isObject(info)) return wrongType(context, '/info', 'an object with `title` and `version`');
  checkKeys(context, info, '/info', INFO_KEYS, 'The info object');
  for (const key of ['title', 'version']) {
    if (info[key] === undefined)
      missing(
        context,
        '/info',
        `The info object has no \`${key}\`.`,
        key === 'title' ? "Add the API's name as `title`." : 'Add the version of the API as a string, such as `version: "1.0.0"`.',
      );
    else if (typeof info[key] !== 'string')
      wrongType(context, joinPointer('/info', key), 'a string', key === 'version' ? 'Quote it: `version: "1.0"`.' : undefined);
  }
}

function checkPaths(context: CheckContext, paths: JsonObject): void {
  const operationIds = new Map<string, string>();
  for (const path in paths) {
    const pointer = joinPointer('/paths', path);
    if (path.startsWith('x-')) continue;
    if (!path.startsWith('/')) {
      context.report({
        code: 'openapi/invalid-path',
        severity: 'error',
        message: `The path ${JSON.stringify(path)} does not start with "/".`,
        pointer,
        at: 'key',
        hint: `Write it as "/${path}".`,
      });
    }
    checkPathItem(context, paths[path], pointer, path, true, operationIds);
  }
}

function checkPathItem(
  context: CheckContext,
  item: unknown,
  pointer: string,
  path: string,
  templated: boolean,
  operationIds = new Map<string, string>(),
): void {
  if (!isObject(item)) return wrongType(context, pointer, 'a path item object');
  if (typeof item.$ref === 'string') return;
  checkKeys(context, item, pointer, PATH_ITEM_KEYS, `The path item ${JSON.stringify(path)}`);
  if (item.servers !== undefined) checkServers(context, item.servers, joinPointer(pointer, 'servers'));
  if (Array.isArray(item.parameters))
    item.parameters.forEach((parameter, index) => checkParameter(context, parameter, joinPointer(pointer, 'parameters', index)));
  for (const method of OPERATION_KEYS) {
    const operation = item[method];
    if (operation === undefined) continue;
    const at = joinPointer(pointer, method);
    if (!isObject(operation)) {
      wrongType(context, at, 'an operation object');
      continue;
    }
    checkOperation(context, operation, at, method, path);
    if (Array.isArray(operation.parameters))
      operation.parameters.forEach((parameter, index) => checkParameter(context, parameter, joinPointer(at, 'parameters', index)));
    if (templated) checkOperationParameters(context, item, operation, pointer, method, path);
    checkOperationId(context, operation, at, operationIds);
  }
}

function checkOperation(context: CheckContext, operation: JsonObject, pointer: string, method: string, path: string): void {
  const name = `The operation ${method.toUpperCase()} ${path}`;
  checkKeys(context, operation, pointer, OPERATION_KEYS_ALLOWED, name);
  const responses = operation.responses;
  if (responses === undefined) {
    if (context.version === '3.0') missing(context, pointer, `${name} has no \`responses\`.`, 'Describe at least one response, such as `200` or `default`.');
  } else if (!isObject(responses)) wrongType(context, joinPointer(pointer, 'responses'), 'an object of responses by status code');
  else checkResponses(context, responses, () => joinPointer(pointer, 'responses'));
  if (isObject(operation.requestBody) && typeof operation.requestBody.$ref !== 'string')
    checkContent(context, operation.requestBody.content, () => joinPointer(pointer, 'requestBody', 'content'));
  if (operation.security !== undefined) checkSecurityRequirements(context, operation.security, joinPointer(pointer, 'security'));
  if (operation.servers !== undefined) checkServers(context, operation.servers, joinPointer(pointer, 'servers'));
  if (operation.tags !== undefined && (!Array.isArray(operation.tags) || operation.tags.some((tag) => typeof tag !== 'string'))) {
    wrongType(context, joinPointer(pointer, 'tags'), 'a list of tag names');
  }
}

const STATUS = /^([1-5](\d\d|XX)|default)$/;

function checkResponses(context: CheckContext, responses: JsonObject, pointer: LazyPointer, byStatus = true): void {
  for (const status in responses) {
    if (status.startsWith('x-')) continue;
    const at = () => joinPointer(pointerOf(pointer), status);
    if (byStatus && !STATUS.test(status)) {
      context.report({
        code: 'openapi/invalid-status',
        severity: 'error',
        message: `${JSON.stringify(status)} is not an HTTP status code, a range such as "4XX", or "default".`,
        pointer: at(),
        at: 'key',
        hint: /^[1-5]xx$/i.test(status)
          ? `Ranges are written in capitals: "${status.toUpperCase()}".`
          : 'Use a three-digit code, a range with XX, or `default`.',
      });
    }
    const response = responses[status];
    if (!isObject(response)) {
      wrongType(context, at(), 'a response object');
      continue;
    }
    if (typeof response.$ref === 'string') continue;
    if (typeof response.description !== 'string') {
      if (response.description === undefined)
        missing(context, at(), `The response ${status} has no \`description\`.`, 'Describe the response in a sentence; an empty string is allowed.');
      else wrongType(context, joinPointer(at(), 'description'), 'a string');
    }
    checkContent(context, response.content, () => joinPointer(at(), 'content'));
    if (isObject(response.headers))
      for (const name in response.headers) checkHeaderSchema(context, response.headers[name], () => joinPointer(at(), 'headers', name));
  }
}

function checkContent(context: CheckContext, content: unknown, pointer: LazyPointer): void {
  if (content === undefined) return;
  if (!isObject(content)) return wrongType(context, pointerOf(pointer), 'an object of media types');
  for (const mediaType in content) {
    const media = content[mediaType];
    if (!isObject(media)) wrongType(context, joinPointer(pointerOf(pointer), mediaType), 'a media type object');
    else if (media.schema !== undefined) checkSchema(context, media.schema, () => joinPointer(pointerOf(pointer), mediaType, 'schema'));
  }
}

function checkHeaderSchema(context: CheckContext, header: unknown, pointer: LazyPointer): void {
  if (isObject(header) && header.schema !== undefined) checkSchema(context, header.schema, () => joinPointer(pointerOf(pointer), 'schema'));
}

function checkOperationId(context: CheckContext, operation: JsonObject, pointer: string, seen: Map<string, string>): void {
  const id = operation.operationId;
  if (id === undefined) return;
  if (typeof id !== 'string') return wrongType(context, joinPointer(pointer, 'operationId'), 'a string');
  const first = seen.get(id);
  if (first === undefined) {
    seen.set(id, pointer);
    return;
  }
  context.report({
    code: 'openapi/duplicate-operation-id',
    // Pages are made per method and path, so the platform renders both operations; only tools
    // that find operations by ID (generated clients, links by operationId) are misled.
    severity: 'warning',
    message: `The operationId ${JSON.stringify(id)} is also used by the operation at ${first}; operation IDs must be unique.`,
    pointer: joinPointer(pointer, 'operationId'),
    hint: 'Rename one of them: links and generated clients find operations by this ID.',
  });
}

function checkServers(context: CheckContext, servers: unknown, pointer: string): void {
  if (servers === undefined) return;
  if (!Array.isArray(servers)) return wrongType(context, pointer, 'a list of servers');
  servers.forEach((server, index) => {
    const at = joinPointer(pointer, index);
    if (!isObject(server)) wrongType(context, at, 'a server object with a `url`');
    else if (typeof server.url !== 'string') {
      if (server.url === undefined) missing(context, at, 'The server has no `url`.', 'Add the base URL, such as `url: https://api.example.com`.');
      else wrongType(context, joinPointer(at, 'url'), 'a string');
    }
  });
}

const COMPONENT_KINDS = {
  '3.0': ['schemas', 'responses', 'parameters', 'examples', 'requestBodies', 'headers', 'securitySchemes', 'links', 'callbacks'],
  '3.1': ['schemas', 'responses', 'parameters', 'examples', 'requestBodies', 'headers', 'securitySchemes', 'links', 'callbacks', 'pathItems'],
};

function checkComponents(context: CheckContext, components: unknown): void {
  if (components === undefined) return;
  if (!isObject(components)) return wrongType(context, '/components', 'an object');
  checkKeys(context, components, '/components', new Set(COMPONENT_KINDS[context.version]), 'The components object');
  if (isObject(components.schemas))
    for (const name in components.schemas) checkSchema(context, components.schemas[name], joinPointer('/components/schemas', name));
  if (isObject(components.parameters))
    for (const name in components.parameters) checkParameter(context, components.parameters[name], joinPointer('/components/parameters', name));
  if (isObject(components.responses)) checkResponses(context, components.responses, '/components/responses', false);
  if (isObject(components.requestBodies)) {
    for (const name in components.requestBodies) {
      const body = components.requestBodies[name];
      if (isObject(body)) checkContent(context, body.content, joinPointer('/components/requestBodies', name, 'content'));
    }
  }
  checkSecuritySchemes(context, components.securitySchemes);
}

function checkTags(context: CheckContext, tags: unknown): void {
  if (tags === undefined) return;
  if (!Array.isArray(tags)) return wrongType(context, '/tags', 'a list of tag objects');
  const seen = new Set<string>();
  tags.forEach((tag, index) => {
    const at = joinPointer('/tags', index);
    if (!isObject(tag) || typeof tag.name !== 'string') {
      missing(context, at, 'The tag has no `name`.', 'Each tag is an object such as `{ name: Users, description: ... }`.');
      return;
    }
    if (seen.has(tag.name)) {
      context.report({
        code: 'openapi/duplicate-tag',
        severity: 'error',
        message: `The tag ${JSON.stringify(tag.name)} is listed twice.`,
        pointer: joinPointer(at, 'name'),
        hint: 'Remove one; tag names must be unique.',
      });
    }
    seen.add(tag.name);
  });
}
