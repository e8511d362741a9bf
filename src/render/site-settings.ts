import type { Banner } from '../config/schemas/banner.js';
import type { DocsConfig } from '../config/schemas/docs-config.js';

/**
 * The settings a page of language `language` is drawn with: docs.json's, with the `banner`,
 * `footer` and `navbar` of that language's entry of the navigation (`{ "language": "fr",
 * "banner": ... }`) in place of the site's, as the platform shows them on that language's pages.
 */
export function settingsForLanguage(settings: DocsConfig, language: string | undefined): DocsConfig {
  if (language === undefined) return settings;
  const entry = languageEntry(settings.navigation, language, 0);
  if (!entry) return settings;
  return {
    ...settings,
    ...(entry.banner ? { banner: entry.banner as Banner } : {}),
    ...(entry.footer ? { footer: entry.footer as DocsConfig['footer'] } : {}),
    ...(entry.navbar ? { navbar: entry.navbar as DocsConfig['navbar'] } : {}),
  };
}

/** The parts of settings a language may give its own: `banner`, `footer`, `navbar`. */
export function languageParts(settings: DocsConfig): Pick<DocsConfig, 'banner' | 'footer' | 'navbar'> {
  return {
    ...(settings.banner ? { banner: settings.banner } : {}),
    ...(settings.footer ? { footer: settings.footer } : {}),
    ...(settings.navbar ? { navbar: settings.navbar } : {}),
  };
}

/** The first `languages` entry for `code` in the navigation, wherever the site nests its languages. */
function languageEntry(node: unknown, code: string, depth: number): Record<string, unknown> | undefined {
  if (depth > 12 || node === null || typeof node !== 'object') return undefined;
  if (Array.isArray(node)) {
    for (const item of node) {
      const found = languageEntry(item, code, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  const record = node as Record<string, unknown>;
  if (record.language === code) return record;
  for (const [key, value] of Object.entries(record)) {
    if (key === 'pages' || key === 'global') continue;
    const found = languageEntry(value, code, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** A short key of a banner's text: a dismissed banner stays closed until its text changes. */
export function bannerKey(content: string): string {
  let hash = 5381;
  for (let index = 0; index < content.length; index++) hash = ((hash * 33) ^ content.charCodeAt(index)) >>> 0;
  return hash.toString(36);
}
