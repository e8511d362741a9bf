/**
 * Top-level keys of the older mint.json format (and other leftovers) that docs.json does not
 * read, with where their setting lives now. Real docs.json files still carry them.
 */
export const LEGACY_TOP_LEVEL_KEYS: Readonly<Record<string, string>> = {
  anchors: 'anchors are part of `navigation` now (`navigation.anchors` or `navigation.global.anchors`)',
  tabs: 'tabs are part of `navigation` now (`navigation.tabs`)',
  versions: 'versions are part of `navigation` now (`navigation.versions`)',
  topbarLinks: 'top bar links are `navbar.links` now',
  topbarCtaButton: 'the top bar button is `navbar.primary` now',
  topAnchor: 'the first anchor is part of `navigation` now',
  footerSocials: 'social links are `footer.socials` now',
  feedback: 'feedback buttons are configured in the dashboard, not in docs.json',
  modeToggle: 'the mode toggle is `appearance` now (`appearance.default`, `appearance.strict`)',
  analytics: 'analytics are `integrations` now',
  openapi: 'the site-wide OpenAPI document is `api.openapi` now',
  backgroundImage: 'the background image is `background.image` now',
  font: 'fonts are `fonts` now',
  codeBlock: 'code block settings are `styling.codeblocks` now',
  sidebar: 'sidebar settings are part of `navigation` and `styling` now',
  layout: 'layout is chosen by `theme` now',
  rounded: 'rounding is chosen by `theme` now',
  isWhiteLabeled: 'white-labelling is a plan setting, not part of docs.json',
  primaryTab: 'the first tab is part of `navigation.tabs` now',
  scripts: 'custom scripts are .js files in the repository, loaded on every page',
  css: 'custom styles are .css files in the repository, loaded on every page',
  js: 'custom scripts are .js files in the repository, loaded on every page',
  head: 'custom head tags go in `seo.metatags`',
  styles: 'custom styles are .css files in the repository, loaded on every page',
  custom: 'docs.json has no `custom` section',
  customization: 'docs.json has no `customization` section',
  themeOptions: 'theme options are chosen by `theme`, `colors`, `background` and `styling` now',
};
