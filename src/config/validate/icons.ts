import { joinPointer } from '../../json/pointer.js';
import { checkIcon, type IconLibrary } from '../icons/check-icon.js';
import type { Reporter } from './report.js';

/** Deeper than this nothing is an icon of a valid file (groups nest at most 64 deep); the walk stops. */
const MAX_DEPTH = 200;

/** Settings whose values are free-form (meta tags, placeholders): an `icon` key there is not an icon. */
const FREE_FORM_SETTINGS = new Set(['seo', 'variables', 'integrations', 'redirects']);

/**
 * Checks every `icon` in docs.json (navigation elements, navbar and footer links, contextual
 * options) against the site's icon library, or the library an icon object names.
 */
export function checkConfigIcons(config: Record<string, unknown>, reporter: Reporter): void {
  const walk = { library: siteLibrary(config), reporter, seen: new WeakSet<object>() };
  for (const [key, value] of Object.entries(config)) {
    if (!FREE_FORM_SETTINGS.has(key)) visit(value, joinPointer('', key), 1, walk);
  }
}

interface Walk {
  library: IconLibrary;
  reporter: Reporter;
  /** Objects already visited: a caller may pass a value with cycles. */
  seen: WeakSet<object>;
}

function visit(value: unknown, pointer: string, depth: number, walk: Walk): void {
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH || walk.seen.has(value)) return;
  walk.seen.add(value);
  if (Array.isArray(value)) {
    value.forEach((item, index) => visit(item, joinPointer(pointer, index), depth + 1, walk));
    return;
  }
  for (const [key, child] of Object.entries(value)) {
    const childPointer = joinPointer(pointer, key);
    if (key === 'icon') checkIconValue(child, childPointer, walk.library, walk.reporter);
    else visit(child, childPointer, depth + 1, walk);
  }
}

function checkIconValue(icon: unknown, pointer: string, library: IconLibrary, reporter: Reporter): void {
  let name: unknown = icon;
  let namePointer = pointer;
  let iconLibrary = library;
  if (icon !== null && typeof icon === 'object' && !Array.isArray(icon)) {
    const object = icon as Record<string, unknown>;
    name = object.name;
    namePointer = joinPointer(pointer, 'name');
    if (isLibrary(object.library)) iconLibrary = object.library;
  }
  // Other shapes are reported by the schema.
  if (typeof name !== 'string') return;
  const problem = checkIcon(name, iconLibrary);
  if (!problem) return;
  reporter.report({
    code: problem.code,
    severity: problem.rejected ? 'error' : 'warning',
    message: problem.message,
    pointer: namePointer,
    hint: problem.hint,
    ...(problem.suggestions.length ? { suggestions: problem.suggestions } : {}),
  });
}

function siteLibrary(config: Record<string, unknown>): IconLibrary {
  const icons = config.icons;
  const library = icons !== null && typeof icons === 'object' ? (icons as Record<string, unknown>).library : undefined;
  return isLibrary(library) ? library : 'fontawesome';
}

function isLibrary(value: unknown): value is IconLibrary {
  return value === 'fontawesome' || value === 'lucide' || value === 'tabler';
}
