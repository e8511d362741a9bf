import type { PageFacts } from '../content/read-page.js';
import { filePagePath } from '../navigation/classify.js';
import type { EndpointPage } from '../openapi/types.js';

/**
 * The endpoint pages, with those written in MDX (`openapi:` frontmatter) that hold their own
 * `<RequestExample>` marked: the platform shows that block instead of the request samples, so the
 * page model says the page overrides `codeSamples`. The pages given are not changed.
 */
export function withOwnRequestExamples(pages: readonly EndpointPage[], facts: ReadonlyMap<string, PageFacts>): EndpointPage[] {
  const own = new Set<string>();
  for (const [file, page] of facts) if (page.components.includes('RequestExample')) own.add(filePagePath(file));
  if (own.size === 0) return pages.slice();
  // A page's URL is `/` and its path (`/` alone for the home page, `index`).
  return pages.map((page) => (own.has(page.url === '/' ? 'index' : page.url.slice(1)) ? { ...page, codeSamplesOverridden: true } : page));
}
