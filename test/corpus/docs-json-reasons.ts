import type { Diagnostic } from '../../src/index.js';

/**
 * Why a diagnostic found on a real site is right: a sentence per rule, naming the key. Used by
 * UPDATE=1 to fill in reasons for new entries of the expectation file; a reviewer edits them
 * there when a site's case deserves a more specific one.
 */
export function reasonFor(diagnostic: Diagnostic): string {
  const key = diagnostic.pointer
    .slice(diagnostic.pointer.lastIndexOf('/') + 1)
    .replace(/~1/g, '/')
    .replace(/~0/g, '~');
  const parent = diagnostic.pointer.slice(0, diagnostic.pointer.lastIndexOf('/')) || '/';
  switch (diagnostic.code) {
    case 'config/legacy-key':
      return `"${key}" is a setting of the older mint.json format; docs.json has no such key, so the platform ignores it.`;
    case 'config/unknown-key':
    case 'navigation/unknown-key':
      return `"${key}" is not a property of the object at ${parent} in the docs.json schema (nor in @mintlify/validation's), so its value is dropped without effect.`;
    case 'navigation/ignored-key':
      return `"${key}" belongs to other navigation elements, not to the one at ${parent}; the platform drops it there (@mintlify/validation's element schemas strip unknown keys).`;
    case 'navigation/empty-list':
      return 'The list is empty and its element is not hidden: it contributes no page, so the element shows nothing (a placeholder left in the navigation).';
    case 'icon/unknown-name':
      return 'The site sets `icons.library` to "lucide" and Lucide has no icon of this name (no brand logos at all), so no icon is drawn.';
    case 'icon/fa-prefix':
      return "The icon name starts with `fa-`, which @mintlify/validation's icon schema refuses.";
    case 'config/comment-key':
      return `"${key}" is a comment written as a key; JSON has no comments and the platform ignores the value.`;
    case 'navigation/expanded-top-level':
      return 'The group sits directly in a section, not inside another group; top-level groups are always expanded, so `expanded` has no effect.';
    case 'navigation/missing-field':
      return 'The group has neither `pages` nor `openapi`, so it has no content to show.';
    default:
      return 'REASON NEEDED';
  }
}
