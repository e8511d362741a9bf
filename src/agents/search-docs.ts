import type { CompiledPage, CompiledSearchText, CompiledSite } from '../build/types.js';

/** One section a search found: the page's title, the section's heading and URL, and the text around the first match. */
export interface DocsSearchResult {
  title: string;
  /** `href#id` of the section (the page's `href` for its text before the first heading). */
  url: string;
  heading?: string;
  excerpt: string;
}

/**
 * The sections of a site's pages that hold every word of `query` (in the page's title, the
 * section's heading or its text; case and accents ignored), best first: the whole query as a
 * phrase first, then words in the heading and title, then how often they occur. Hidden and
 * unlisted pages are searched too: they are published at their URL.
 */
export function searchDocs(site: CompiledSite, search: CompiledSearchText, query: string, limit = 10): DocsSearchResult[] {
  const words = [...new Set(fold(query).split(/[^\p{L}\p{N}_]+/u))].filter((word) => word.length > 1);
  if (words.length === 0) return [];
  const phrase = fold(query).trim();
  const pages = new Map<string, CompiledPage>();
  for (const page of site.pages) if (!pages.has(page.href)) pages.set(page.href, page);
  const found: Array<DocsSearchResult & { score: number }> = [];
  for (const entry of search.pages) {
    const page = pages.get(entry.href);
    const title = page?.title ?? entry.href;
    const foldedTitle = fold(title);
    for (const section of entry.sections) {
      const heading = fold(section.heading ?? '');
      const text = fold(section.text);
      let score = 0;
      let all = true;
      for (const word of words) {
        const inText = count(text, word);
        const inHeading = heading.includes(word) ? 1 : 0;
        const inTitle = foldedTitle.includes(word) ? 1 : 0;
        if (inText + inHeading + inTitle === 0) {
          all = false;
          break;
        }
        score += Math.min(inText, 5) + 4 * inHeading + 2 * inTitle;
      }
      if (!all) continue;
      if (words.length > 1 && (text.includes(phrase) || heading.includes(phrase))) score += 20;
      found.push({
        title,
        url: section.id ? `${entry.href}#${section.id}` : entry.href,
        ...(section.heading ? { heading: section.heading } : {}),
        excerpt: excerpt(section.text, text, words, phrase),
        score,
      });
    }
  }
  found.sort((a, b) => b.score - a.score || (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
  return found.slice(0, Math.max(1, limit)).map(({ score: _score, ...result }) => result);
}

/** Lowercase without accents: what the search compares. The length of each character is kept (accents are single code units here). */
function fold(text: string): string {
  return text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
}

function count(text: string, word: string): number {
  let found = 0;
  for (let index = text.indexOf(word); index !== -1 && found < 50; index = text.indexOf(word, index + word.length)) found++;
  return found;
}

/** About 240 characters of the section around its first match, on one line. */
function excerpt(original: string, folded: string, words: string[], phrase: string): string {
  let at = folded.length;
  for (const index of [folded.indexOf(phrase), ...words.map((word) => folded.indexOf(word))]) if (index >= 0 && index < at) at = index;
  if (at === folded.length) at = 0;
  // Folding can change lengths (ligatures); the excerpt is found again in the original, near there.
  const start = Math.max(0, Math.min(at, original.length) - 80);
  const text = original
    .slice(start, start + 240)
    .replace(/\s+/g, ' ')
    .trim();
  return `${start > 0 ? '…' : ''}${text}${start + 240 < original.length ? '…' : ''}`;
}
