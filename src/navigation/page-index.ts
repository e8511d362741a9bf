import type { PageIndex, PageInfo, PageNode, PageSection } from './types.js';

/** A page entry as met while walking the tree. */
export interface PageOccurrence {
  node: PageNode;
  section: PageSection;
  sectionPointer: string;
  sectionLabels: readonly string[];
}

/**
 * Every page in reading order, with previous and next within the same section, and the first
 * entry of each path by path.
 */
export function buildPageIndex(occurrences: readonly PageOccurrence[]): PageIndex {
  const list: PageInfo[] = [];
  const byPath = new Map<string, PageInfo>();
  const lastInSection = new Map<string, PageInfo>();
  occurrences.forEach((occurrence, index) => {
    const info: PageInfo = { path: occurrence.node.path, node: occurrence.node, index, section: occurrence.section };
    if (occurrence.node.title !== undefined) info.title = occurrence.node.title;
    const previous = lastInSection.get(occurrence.sectionPointer);
    if (previous) {
      info.previous = previous.path;
      previous.next = info.path;
    }
    lastInSection.set(occurrence.sectionPointer, info);
    list.push(info);
    if (!byPath.has(info.path)) byPath.set(info.path, info);
  });
  return { list, byPath };
}
