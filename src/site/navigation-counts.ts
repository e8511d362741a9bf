import { LIST_ELEMENT_KIND, shownChildren, type ChildListKey } from '../config/navigation-children.js';
import type { DocsConfig } from '../config/schemas/docs-config.js';
import type { NavigationCounts } from './types.js';

/** How a `pages` list names an operation instead of a page file. */
const ENDPOINT_ENTRY = /^(?:get|post|put|patch|delete|head|options|trace|webhook)\s/i;

/** Counts the elements of the navigation tree, for the summary line: those the platform shows (one child list of each element). */
export function countNavigation(config: DocsConfig): NavigationCounts {
  const counts: NavigationCounts = { languages: 0, versions: 0, tabs: 0, groups: 0, pages: 0, endpoints: 0, openapi: 0 };
  const visit = (value: unknown, list?: ChildListKey): void => {
    if (Array.isArray(value)) {
      for (const item of value) {
        if (typeof item === 'string' && list === 'pages') {
          counts.pages++;
          if (ENDPOINT_ENTRY.test(item.trim())) counts.endpoints++;
        } else visit(item, list);
      }
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const element = value as Record<string, unknown>;
    if (list === 'languages') counts.languages++;
    if (list === 'versions') counts.versions++;
    if (list === 'tabs') counts.tabs++;
    if ('group' in element && (list === 'groups' || list === 'pages')) counts.groups++;
    if (element.openapi !== undefined) counts.openapi++;
    const { shown } = shownChildren(element, list === undefined ? 'root' : LIST_ELEMENT_KIND[list]);
    if (shown !== undefined && shown !== 'href') visit(element[shown], shown);
  };
  visit(config.navigation);
  if (config.api?.openapi !== undefined) counts.openapi++;
  return counts;
}
