import type { PageFacts } from '../content/read-page.js';
import { filePagePath } from '../navigation/classify.js';
import type { EndpointPage } from '../openapi/types.js';

/**
 * Marks the endpoint pages written in MDX (`openapi:` frontmatter) that hold their own
 * `<RequestExample>`: the platform shows that block instead of the request samples, so the page
 * model says the page overrides `codeSamples`.
 */
export function markOwnRequestExamples(pages: readonly EndpointPage[], facts: ReadonlyMap<string, PageFacts>): void {
  const own = new Set<string>();
  for (const [file, page] of facts) if (page.components.includes('RequestExample')) own.add(filePagePath(file));
  if (own.size === 0) return;
  // A page's URL is `/` and its path (`/` alone for the home page, `index`).
  for (const page of pages) if (own.has(page.url === '/' ? 'index' : page.url.slice(1))) page.codeSamplesOverridden = true;
}
