import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { checkIcon, type IconLibrary } from './check-icon.js';

/**
 * Checks the `icon` of a page's frontmatter (`file` names the page) against the site's icon
 * library. Always a warning: the platform does not validate frontmatter icons, it shows none.
 * The diagnostic points at `/icon`, without a line: the caller places it in the frontmatter.
 */
export function checkPageIcon(icon: unknown, file: string, library: IconLibrary = 'fontawesome'): Diagnostic | undefined {
  let name = icon;
  let iconLibrary = library;
  if (icon !== null && typeof icon === 'object' && !Array.isArray(icon)) {
    const object = icon as Record<string, unknown>;
    name = object.name;
    if (object.library === 'fontawesome' || object.library === 'lucide' || object.library === 'tabler') iconLibrary = object.library;
  }
  if (typeof name !== 'string') return undefined;
  const problem = checkIcon(name, iconLibrary);
  if (!problem) return undefined;
  return {
    code: problem.code,
    severity: 'warning',
    message: problem.message,
    file,
    pointer: '/icon',
    hint: problem.hint,
    ...(problem.suggestions.length ? { suggestions: problem.suggestions } : {}),
  };
}
