import { joinPointer } from '../../json/pointer.js';
import { isObject, type JsonObject } from '../json.js';
import type { CheckContext } from './context.js';
import { invalidValue, missing, wrongType } from './report.js';
import { PARAMETER_KEYS, checkKeys } from './keys.js';
import { checkSchema } from './schemas.js';

const LOCATIONS = ['query', 'header', 'path', 'cookie'];

/** Checks one parameter where it is written (a `$ref` is checked where it points). */
export function checkParameter(context: CheckContext, parameter: unknown, pointer: string): void {
  if (!isObject(parameter)) return wrongType(context, pointer, 'a parameter object');
  if (typeof parameter.$ref === 'string') return;
  checkKeys(context, parameter, pointer, PARAMETER_KEYS, 'A parameter');
  if (typeof parameter.name !== 'string') {
    if (parameter.name === undefined) missing(context, pointer, 'The parameter has no `name`.', 'Add the name the parameter has in the request.');
    else wrongType(context, joinPointer(pointer, 'name'), 'a string');
  }
  if (typeof parameter.in !== 'string') {
    if (parameter.in === undefined)
      missing(
        context,
        pointer,
        `The parameter ${JSON.stringify(parameter.name)} has no \`in\`.`,
        'Say where it goes: `in: query`, `path`, `header` or `cookie`.',
      );
    else wrongType(context, joinPointer(pointer, 'in'), 'a string');
  } else if (!LOCATIONS.includes(parameter.in)) {
    invalidValue(context, joinPointer(pointer, 'in'), parameter.in, LOCATIONS, 'The parameter location');
  } else if (parameter.in === 'path' && parameter.required !== true) {
    context.report({
      code: 'openapi/optional-path-parameter',
      severity: 'error',
      message: `The path parameter ${JSON.stringify(parameter.name)} must be required: a path cannot be called without it.`,
      pointer,
      hint: 'Add `required: true`.',
    });
  }
  if (parameter.schema !== undefined) checkSchema(context, parameter.schema, joinPointer(pointer, 'schema'));
}

interface Declared {
  name: string;
  in: string;
  /** The list it is in and its place there: its pointer is made only to report it. */
  list: string;
  index: number;
}

/**
 * Checks the parameters of one operation together with those of its path item: no parameter
 * twice in one list, and the path parameters match the `{names}` of the path template exactly.
 */
export function checkOperationParameters(
  context: CheckContext,
  item: JsonObject,
  operation: JsonObject,
  itemPointer: string,
  method: string,
  path: string,
): void {
  const operationPointer = joinPointer(itemPointer, method);
  const fromItem = declared(context, item.parameters, joinPointer(itemPointer, 'parameters'), method === firstMethod(item));
  const fromOperation = declared(context, operation.parameters, joinPointer(operationPointer, 'parameters'), true);
  const effective = new Map<string, Declared>();
  for (const parameter of [...fromItem, ...fromOperation]) effective.set(`${parameter.in} ${parameter.name}`, parameter);
  const template = templateNames(path);
  const name = `${method.toUpperCase()} ${path}`;
  for (const parameter of effective.values()) {
    if (parameter.in !== 'path' || template.includes(parameter.name)) continue;
    context.report({
      code: 'openapi/path-parameter-not-in-path',
      // The platform renders the page; the playground shows a field that the request never uses.
      severity: 'warning',
      message: `${name} declares the path parameter ${JSON.stringify(parameter.name)}, but the path has no {${parameter.name}}; the playground shows a field the request does not use.`,
      pointer: joinPointer(parameter.list, parameter.index),
      hint: template.length
        ? `The path's parameters are ${template.map((entry) => `{${entry}}`).join(', ')}; rename the parameter or the placeholder.`
        : 'Remove the parameter, or add the placeholder to the path.',
    });
  }
  const missingNames = template.filter((entry) => !effective.has(`path ${entry}`));
  // A parameter whose `$ref` is broken is reported there; it may be the one that seems missing.
  const unresolved = () =>
    [item.parameters, operation.parameters].some((list) => Array.isArray(list) && list.some((entry) => context.refs.resolve(entry) === undefined));
  if (missingNames.length && !unresolved()) {
    context.report({
      code: 'openapi/path-parameter-missing',
      // The platform renders the page, but its playground has no field for the placeholder and
      // sends it as written: a fault of the description that readers meet, not a broken site.
      severity: 'warning',
      message: `${name} does not declare the path parameter${missingNames.length > 1 ? 's' : ''} ${missingNames.map((entry) => `{${entry}}`).join(', ')}; the playground sends ${missingNames.length > 1 ? 'them' : 'it'} as written.`,
      pointer: operationPointer,
      hint: `Add ${missingNames.map((entry) => `{ name: ${entry}, in: path, required: true, schema: { type: string } }`).join(' and ')} to the operation's or the path's \`parameters\`.`,
    });
  }
}

/** The parameters of a list with their names resolved through `$ref`s; reports duplicates when `report` is true. */
function declared(context: CheckContext, list: unknown, pointer: string, report: boolean): Declared[] {
  if (!Array.isArray(list)) return [];
  const result: Declared[] = [];
  const seen = new Set<string>();
  list.forEach((entry, index) => {
    const resolved = context.refs.resolve(entry);
    if (!isObject(resolved)) return;
    const { name, in: location } = resolved;
    if (typeof name !== 'string' || typeof location !== 'string') return;
    const key = `${location} ${name}`;
    if (seen.has(key) && report) {
      context.report({
        code: 'openapi/duplicate-parameter',
        // The platform renders the page (the OpenAPI JSON Schemas cannot tell a `$ref` from the
        // parameter it repeats); only one value can be sent for the name.
        severity: 'warning',
        message: `The ${location} parameter ${JSON.stringify(name)} is listed twice in these parameters; only one value can be sent for it.`,
        pointer: joinPointer(pointer, index),
        hint: 'Remove one: a parameter is identified by its name and location.',
      });
    }
    seen.add(key);
    result.push({ name, in: location, list: pointer, index });
  });
  return result;
}

/** Duplicates in a path item's own list are reported once, with its first operation. */
function firstMethod(item: JsonObject): string | undefined {
  return ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'].find((method) => isObject(item[method]));
}

/** `/users/{id}/posts/{postId}` gives `['id', 'postId']`. */
export function templateNames(path: string): string[] {
  const names: string[] = [];
  for (const match of path.matchAll(/\{([^}]*)\}/g)) names.push(match[1] as string);
  return names;
}
