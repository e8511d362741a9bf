/** An entry of a site's reading order: a page or a generated endpoint page, by its URL path. */
export interface ReadingOrderEntry {
  /** URL path of the page: `/guides/setup`, `/` for the home page. */
  readonly href: string;
  previous?: string;
  next?: string;
}

/**
 * Sets `previous` and `next` of each entry a reader is shown: the `href` of the nearest entry
 * shown before and after it in `entries` (the reading order) within the same section, as the
 * platform's links at the foot of a page go. `sectionOf` gives each entry's section (compared
 * with `===`); `shown` leaves out the entries the navigation does not show (hidden pages, pages
 * without a file): they get no neighbours, and are no one's.
 */
export function linkReadingOrder<Entry extends ReadingOrderEntry>(
  entries: readonly Entry[],
  sectionOf: (entry: Entry, index: number) => unknown,
  shown: (entry: Entry, index: number) => boolean,
): void {
  const latest = new Map<unknown, Entry>();
  entries.forEach((entry, index) => {
    if (!shown(entry, index)) return;
    const section = sectionOf(entry, index);
    const previous = latest.get(section);
    if (previous) {
      previous.next = entry.href;
      entry.previous = previous.href;
    }
    latest.set(section, entry);
  });
}

/**
 * The title the platform gives a page whose frontmatter has none: the last part of its path,
 * dashes and underscores as spaces, the first letter upper case (`guides/getting-started` is
 * "Getting started").
 */
export function defaultPageTitle(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1).replace(/[-_]/g, ' ');
  return name.charAt(0).toUpperCase() + name.slice(1);
}
