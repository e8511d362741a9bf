import { didYouMean, didYouMeanText } from '../../diagnostics/suggest.js';
import { FONT_AWESOME_BRAND_NAMES, LUCIDE_ICON_NAMES } from './icon-names.generated.js';

/** An icon library a site can draw its icons from (`icons.library` in docs.json). */
export type IconLibrary = 'fontawesome' | 'lucide' | 'tabler';

/** What is wrong with an icon name, as {@link checkIcon} finds it. */
export interface IconProblem {
  /** `icon/fa-prefix` (a Font Awesome class written as the name) or `icon/unknown-name`. */
  code: 'icon/fa-prefix' | 'icon/unknown-name';
  message: string;
  hint: string;
  /** Names the user most likely meant, best first. */
  suggestions: string[];
  /**
   * Whether the platform rejects docs.json for it (its schema refuses names starting with `fa-`);
   * otherwise it only shows no icon.
   */
  rejected: boolean;
}

const LIBRARY_NAMES: Record<IconLibrary, string> = { fontawesome: 'Font Awesome', lucide: 'Lucide', tabler: 'Tabler' };

/** How every name of the three libraries is written: lowercase words and digits joined by hyphens. */
const NAME_FORM = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Checks an icon name against the library it is drawn from. Images are accepted as they are: a
 * URL, a path (`/images/logo.svg`), a file name with an image extension, or inline SVG.
 *
 * What is checked, and why no more:
 * - `fa-` in front of the name (`fa-book`): the platform's schema rejects it in docs.json.
 * - The form of the name: no library has capitals, spaces or underscores in its names.
 * - Lucide names against the full Lucide list (with its aliases). Font Awesome names are not
 *   looked up: the platform serves Font Awesome Pro, whose names are not published in any
 *   package, and the free list would call real Pro icons (`sparkles`, `webhook`) unknown.
 *   Tabler names are not looked up either: no site has used Tabler yet and its list is large.
 */
export function checkIcon(name: string, library: IconLibrary = 'fontawesome'): IconProblem | undefined {
  const trimmed = name.trim();
  if (trimmed === '' || isImage(trimmed)) return undefined;
  const libraryName = LIBRARY_NAMES[library];
  if (trimmed.startsWith('fa-')) {
    const bare = normalizeName(trimmed);
    return {
      code: 'icon/fa-prefix',
      message: `The icon "${name}" starts with \`fa-\`: icon names are written without Font Awesome's class prefix.`,
      hint: bare ? `Write "${bare}".` : 'Write the icon name alone, such as "book".',
      suggestions: bare ? [bare] : [],
      rejected: true,
    };
  }
  if (!NAME_FORM.test(trimmed)) {
    const normalized = normalizeName(trimmed);
    const suggestions = normalized && normalized !== trimmed && isKnown(normalized, library) !== false ? [normalized] : [];
    return {
      code: 'icon/unknown-name',
      // Whether the platform forgives the case or spaces is not known; the name is wrong as written.
      message: `"${name}" is not written as ${libraryName} icon names are (lowercase words joined by hyphens): the platform may show no icon.`,
      hint: didYouMeanText(suggestions) ?? `Pick a name from the ${libraryName} icon list.`,
      suggestions,
      rejected: false,
    };
  }
  if (isKnown(trimmed, library) !== false) return undefined;
  const suggestions = didYouMean(trimmed, lucideNames());
  const brand = brandNames().has(trimmed);
  return {
    code: 'icon/unknown-name',
    message: `"${name}" is not a Lucide icon: the platform shows no icon.`,
    hint: brand
      ? `Lucide has no brand logos; take this one from Font Awesome with \`{ "name": "${trimmed}", "library": "fontawesome" }\`.`
      : (didYouMeanText(suggestions) ?? 'Pick a name from the Lucide icon list (lucide.dev/icons).'),
    suggestions: brand ? [] : suggestions,
    rejected: false,
  };
}

/** Whether `name` is in `library`'s list, or `undefined` for libraries whose list Quire does not hold. */
function isKnown(name: string, library: IconLibrary): boolean | undefined {
  return library === 'lucide' ? lucideNames().has(name) : undefined;
}

function isImage(value: string): boolean {
  return /^(?:[a-z][a-z0-9+.-]*:|\/|\.{1,2}\/|<svg\b)/i.test(value) || value.includes('/') || /\.(?:svg|png|jpe?g|gif|webp|avif|ico)$/i.test(value);
}

/** The name as the libraries write it: lowercase, hyphens for spaces and underscores, no Font Awesome class prefixes. */
function normalizeName(value: string): string {
  const words = value.trim().split(/\s+/);
  // `fa-solid fa-book`, `fas fa-book`: the last class is the icon.
  const last = words.length > 1 && words.every((word) => /^fa/i.test(word)) ? (words[words.length - 1] as string) : words.join('-');
  return last
    .replace(/^fa-/i, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[\s_]+/g, '-')
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

// The name lists are split into sets on first use, not at import: most runs check no icon.
let lucideSet: ReadonlySet<string> | undefined;
let brandSet: ReadonlySet<string> | undefined;

function lucideNames(): ReadonlySet<string> {
  lucideSet ??= new Set(LUCIDE_ICON_NAMES.split(' '));
  return lucideSet;
}

function brandNames(): ReadonlySet<string> {
  brandSet ??= new Set(FONT_AWESOME_BRAND_NAMES.split(' '));
  return brandSet;
}
