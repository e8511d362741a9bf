import type { CompiledSearchText } from '../build/types.js';

/** One section of the client-side search index: where it lands, what it is called, its text. */
export interface SearchEntry {
  /** `href#id`, or the page's `href` for the text before its first heading. */
  url: string;
  /** The page's title. */
  page: string;
  /** The section's heading; absent for the text before the first heading. */
  heading?: string;
  /** The section's text, blocks one a line, cut to {@link SEARCH_TEXT_CHARACTERS}. */
  text: string;
}

/** How much of a section's text the index keeps: enough to find a section by a phrase of it and show where. */
export const SEARCH_TEXT_CHARACTERS = 2_000;

/**
 * The index the site's search reads (`_quire/search.json`): every section of every page with
 * content, from the build's search text (`buildSite`'s `search.json`), in the order of the pages.
 * `titles` gives each page's title by href; a page without one is left out (it is not published).
 */
export function searchEntries(search: CompiledSearchText, titles: ReadonlyMap<string, string>): SearchEntry[] {
  const entries: SearchEntry[] = [];
  for (const page of search.pages) {
    const title = titles.get(page.href);
    if (title === undefined) continue;
    for (const section of page.sections) {
      if (section.id === undefined && section.text.trim() === '') continue;
      entries.push({
        url: section.id === undefined ? page.href : `${page.href}#${section.id}`,
        page: title,
        ...(section.heading !== undefined ? { heading: section.heading } : {}),
        text: section.text.length > SEARCH_TEXT_CHARACTERS ? section.text.slice(0, SEARCH_TEXT_CHARACTERS) : section.text,
      });
    }
  }
  return entries;
}

/**
 * The search of a rendered site, in the browser: Ctrl-K, Cmd-K or `/` (outside a field), or any
 * element with `data-quire-search-open`, opens a dialog; the index (`_quire/search.json`, the
 * `data-search` attribute of `<html>`) is fetched the first time; its URLs start at the site's root
 * (`<html data-root>`, `../` on a page written relative to its folder). A page opened from disk
 * (`file:`) cannot fetch it: the dialog says so, and how to serve the folder. Every word typed must appear in
 * a section's page title, heading or text; headings weigh most, then titles, then text. Arrow
 * keys choose, Enter goes to the section (`href#id`), Escape closes. Plain DOM, no framework.
 */
export const SEARCH_SCRIPT = `(() => {
  const root = document.documentElement;
  const source = root.getAttribute('data-search');
  if (!source) return;
  let entries = null, dialog, input, list, chosen = 0, shown = [];
  // The index's URLs start at the site's root; the page's URLs may lead from its own folder.
  const siteRoot = new URL(root.getAttribute('data-root') || '/', location.href);
  const at = (url) => new URL(url.replace(/^\\/+/, ''), siteRoot).href;
  const onDisk = location.protocol === 'file:';
  const load = () => entries ?? (entries = onDisk ? Promise.resolve([]) : fetch(source).then((r) => r.json()).catch(() => []));
  const words = (q) => q.toLowerCase().split(/\\s+/).filter(Boolean);
  const score = (entry, ws) => {
    const heading = (entry.heading || '').toLowerCase(), page = entry.page.toLowerCase(), text = entry.text.toLowerCase();
    let total = 0;
    for (const w of ws) {
      const s = (heading.includes(w) ? 6 : 0) + (page.includes(w) ? 3 : 0) + (text.includes(w) ? 1 : 0);
      if (s === 0) return 0;
      total += s;
    }
    const phrase = ws.join(' ');
    if (ws.length > 1 && (heading.includes(phrase) || text.includes(phrase))) total += 4;
    return total;
  };
  const snippet = (text, ws) => {
    const lower = text.toLowerCase();
    const at = Math.max(0, Math.min(...ws.map((w) => { const i = lower.indexOf(w); return i < 0 ? Infinity : i; })) - 40);
    const part = (at > 0 ? '…' : '') + text.slice(at, at + 160).replace(/\\s+/g, ' ') + (text.length > at + 160 ? '…' : '');
    return part;
  };
  const render = () => {
    list.textContent = '';
    shown.forEach((entry, index) => {
      const item = document.createElement('a');
      item.href = at(entry.url);
      item.className = 'quire-search-result' + (index === chosen ? ' is-chosen' : '');
      item.setAttribute('role', 'option');
      item.setAttribute('aria-selected', String(index === chosen));
      const title = document.createElement('span');
      title.className = 'quire-search-title';
      title.textContent = entry.heading ? entry.page + ' › ' + entry.heading : entry.page;
      const text = document.createElement('span');
      text.className = 'quire-search-text';
      text.textContent = snippet(entry.text, words(input.value));
      item.append(title, text);
      item.addEventListener('click', close);
      list.append(item);
    });
    if (onDisk) {
      // A page opened from disk cannot fetch the index (browsers refuse file: requests): said plainly.
      const none = document.createElement('p');
      none.className = 'quire-search-empty';
      none.textContent = 'Search needs the site served over HTTP: this page was opened from a file, and a browser does not let it read the search index. Serve the folder (npx serve <folder>, or quire dev) to search.';
      list.append(none);
    } else if (shown.length === 0 && input.value.trim()) {
      const none = document.createElement('p');
      none.className = 'quire-search-empty';
      none.textContent = 'No results for “' + input.value.trim() + '”';
      list.append(none);
    }
  };
  const search = async () => {
    const ws = words(input.value);
    const all = await load();
    shown = ws.length === 0 ? [] : all.map((e) => [score(e, ws), e]).filter(([s]) => s > 0).sort((a, b) => b[0] - a[0]).slice(0, 20).map(([, e]) => e);
    chosen = 0;
    render();
  };
  const build = () => {
    dialog = document.createElement('div');
    dialog.className = 'quire-search';
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-label', 'Search');
    dialog.hidden = true;
    dialog.innerHTML = '<div class="quire-search-panel"><input type="search" placeholder="Search the docs…" aria-label="Search" autocomplete="off"><div class="quire-search-results" role="listbox"></div><p class="quire-search-keys"><kbd>↑</kbd><kbd>↓</kbd> to choose, <kbd>Enter</kbd> to go, <kbd>Esc</kbd> to close</p></div>';
    document.body.append(dialog);
    input = dialog.querySelector('input');
    list = dialog.querySelector('.quire-search-results');
    input.addEventListener('input', search);
    input.addEventListener('keydown', (event) => {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        if (shown.length === 0) return;
        chosen = (chosen + (event.key === 'ArrowDown' ? 1 : shown.length - 1)) % shown.length;
        render();
        list.children[chosen]?.scrollIntoView({ block: 'nearest' });
      } else if (event.key === 'Enter' && shown[chosen]) {
        event.preventDefault();
        close();
        location.href = at(shown[chosen].url);
      }
    });
    dialog.addEventListener('click', (event) => { if (event.target === dialog) close(); });
  };
  const open = () => {
    if (!dialog) build();
    dialog.hidden = false;
    load();
    if (onDisk) render();
    input.focus();
    input.select();
  };
  const close = () => { if (dialog) dialog.hidden = true; };
  document.addEventListener('keydown', (event) => {
    const typing = /^(INPUT|TEXTAREA|SELECT)$/.test(document.activeElement?.tagName || '') || document.activeElement?.isContentEditable;
    if ((event.key === 'k' || event.key === 'K') && (event.metaKey || event.ctrlKey)) { event.preventDefault(); open(); }
    else if (event.key === '/' && !typing) { event.preventDefault(); open(); }
    else if (event.key === 'Escape' && dialog && !dialog.hidden) close();
  });
  document.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('[data-quire-search-open]')) { event.preventDefault(); open(); }
  });
})();
`;

/** The style of the search dialog (the theme's `--quire-primary` marks the chosen result). */
export const SEARCH_CSS = `
.quire-search{position:fixed;inset:0;z-index:100;background:rgba(15,23,42,.45);display:flex;justify-content:center;align-items:flex-start;padding:10vh 16px 16px}
.quire-search[hidden]{display:none}
.quire-search-panel{width:100%;max-width:640px;background:var(--quire-background,#fff);color:inherit;border-radius:12px;box-shadow:0 20px 50px rgba(0,0,0,.3);overflow:hidden;border:1px solid rgba(127,127,127,.25)}
.quire-search input{width:100%;box-sizing:border-box;border:0;border-bottom:1px solid rgba(127,127,127,.25);padding:16px 18px;font:inherit;font-size:17px;background:transparent;color:inherit;outline:none}
.quire-search-results{max-height:60vh;overflow:auto;padding:6px}
.quire-search-result{display:block;padding:10px 12px;border-radius:8px;text-decoration:none;color:inherit}
.quire-search-result.is-chosen,.quire-search-result:hover{background:color-mix(in srgb,var(--quire-primary,#2563eb) 12%,transparent)}
.quire-search-title{display:block;font-weight:600;font-size:14px}
.quire-search-result.is-chosen .quire-search-title{color:var(--quire-primary,#2563eb)}
.quire-search-text{display:block;font-size:13px;opacity:.75;margin-top:2px}
.quire-search-empty{padding:14px;opacity:.7;margin:0}
.quire-search-keys{margin:0;padding:8px 14px;font-size:12px;opacity:.6;border-top:1px solid rgba(127,127,127,.2)}
.quire-search kbd{font:inherit;border:1px solid rgba(127,127,127,.4);border-radius:4px;padding:0 4px;margin:0 2px}
`;
