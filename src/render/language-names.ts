/**
 * The name of each language code docs.json's `navigation.languages` accepts (the platform's list
 * of locales), in that language: the selector shows `Français`, not `fr`, as a reader looks for
 * their own language by its name.
 */
const LANGUAGE_NAMES: Readonly<Record<string, string>> = {
  en: 'English',
  cn: '中文',
  zh: '中文',
  'zh-hans': '简体中文',
  'zh-cn': '简体中文',
  'zh-hant': '繁體中文',
  'zh-tw': '繁體中文',
  es: 'Español',
  fr: 'Français',
  'fr-ca': 'Français (Canada)',
  ja: '日本語',
  jp: '日本語',
  'ja-jp': '日本語',
  pt: 'Português',
  'pt-br': 'Português (Brasil)',
  de: 'Deutsch',
  ko: '한국어',
  it: 'Italiano',
  ru: 'Русский',
  ro: 'Română',
  cs: 'Čeština',
  id: 'Bahasa Indonesia',
  ar: 'العربية',
  tr: 'Türkçe',
  hi: 'हिन्दी',
  sv: 'Svenska',
  no: 'Norsk',
  da: 'Dansk',
  lv: 'Latviešu',
  nl: 'Nederlands',
  uk: 'Українська',
  vi: 'Tiếng Việt',
  pl: 'Polski',
  uz: 'Oʻzbekcha',
  he: 'עברית',
  ca: 'Català',
  fi: 'Suomi',
  hu: 'Magyar',
};

/** The name of a language by its code (`fr` is `Français`, `pt-BR` `Português (Brasil)`); a code not on the platform's list as it is. */
export function languageName(code: string): string {
  return LANGUAGE_NAMES[code.toLowerCase()] ?? code;
}
