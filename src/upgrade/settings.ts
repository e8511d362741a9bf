import { joinPointer } from '../json/pointer.js';
import { isObject, text, type JsonObject } from './read.js';
import type { UpgradeReport } from './report.js';

/** Themes of mint.json and the docs.json theme that looks like each. */
const THEMES: Readonly<Record<string, string>> = { venus: 'palm', quill: 'willow', prism: 'mint' };

/**
 * The docs.json theme. mint.json named a theme (`venus`, `quill`, `prism`) or a `layout`; the
 * platform's upgrade picks `mint` whatever they say (powersync's "prism"/"topnav" site became
 * `mint`), and so do we when mint.json names no theme; a named theme keeps its look-alike.
 */
export function chooseTheme(mint: JsonObject, report: UpgradeReport): string {
  const named = text(mint.theme);
  if (named === undefined) {
    report.decide('', 'mint.json names no theme: docs.json gets `"theme": "mint"`, the platform\'s default.');
    return 'mint';
  }
  const theme = THEMES[named] ?? 'mint';
  report.decide('/theme', `Theme "${named}" becomes "${theme}"${THEMES[named] ? '' : ", the platform's default"}.`);
  return theme;
}

/** `colors` of mint.json: the three main colours stay; `background` moves to `background.color`. */
export function upgradeColors(value: unknown, report: UpgradeReport): { colors: JsonObject; background?: JsonObject } {
  if (!isObject(value) || typeof value.primary !== 'string') {
    report.decide('/colors', 'mint.json has no primary colour: docs.json gets the platform\'s default "#16A34A".');
    return { colors: { primary: '#16A34A' } };
  }
  const colors: JsonObject = { primary: value.primary };
  if (typeof value.light === 'string') colors.light = value.light;
  if (typeof value.dark === 'string') colors.dark = value.dark;
  let background: JsonObject | undefined;
  if (isObject(value.background)) {
    background = {};
    if (typeof value.background.light === 'string') background.light = value.background.light;
    if (typeof value.background.dark === 'string') background.dark = value.background.dark;
  }
  for (const [key, entry] of Object.entries(value)) {
    if (['primary', 'light', 'dark', 'background'].includes(key)) continue;
    report.unmapped(
      joinPointer('/colors', key),
      entry,
      key === 'anchors' ? "docs.json colours anchors with the primary colour, or each anchor's own `color`" : 'docs.json has no such colour',
    );
  }
  return background === undefined ? { colors } : { colors, background };
}

/** `api` and the top-level `openapi` of mint.json, as docs.json's `api`. */
export function upgradeApi(api: unknown, openapi: unknown, report: UpgradeReport): JsonObject | undefined {
  const result: JsonObject = {};
  if (openapi !== undefined) result.openapi = openapi;
  if (isObject(api)) {
    const playground = upgradePlayground(api.playground, report);
    if (playground !== undefined) result.playground = playground;
    const request = api.request;
    if (isObject(request)) {
      const example = request.example;
      if (isObject(example)) {
        if (Array.isArray(example.languages)) result.examples = { languages: example.languages };
        report.unknownKeys(example, '/api/request/example', ['languages'], 'docs.json examples have no such setting');
      }
      report.unknownKeys(request, '/api/request', ['example'], 'docs.json has no such API setting');
    }
    const mdx: JsonObject = {};
    if (api.baseUrl !== undefined) mdx.server = api.baseUrl;
    if (isObject(api.auth)) {
      const auth: JsonObject = {};
      if (api.auth.method !== undefined) auth.method = api.auth.method;
      if (api.auth.name !== undefined) auth.name = api.auth.name;
      if (Object.keys(auth).length > 0) mdx.auth = auth;
      report.unknownKeys(api.auth, '/api/auth', ['method', 'name'], 'docs.json API authentication has no such setting');
    }
    if (Object.keys(mdx).length > 0) result.mdx = mdx;
    report.unknownKeys(api, '/api', ['playground', 'request', 'baseUrl', 'auth'], 'docs.json has no such API setting');
  }
  return Object.keys(result).length > 0 ? result : undefined;
}

function upgradePlayground(value: unknown, report: UpgradeReport): JsonObject | undefined {
  if (!isObject(value)) return undefined;
  const playground: JsonObject = {};
  // mint.json said `show` and `hide` for what docs.json calls `interactive` and `none`.
  if (typeof value.mode === 'string') playground.display = value.mode === 'show' ? 'interactive' : value.mode === 'hide' ? 'none' : value.mode;
  if (typeof value.disableProxy === 'boolean') playground.proxy = !value.disableProxy;
  report.unknownKeys(value, '/api/playground', ['mode', 'disableProxy'], 'docs.json playground has no such setting');
  return Object.keys(playground).length > 0 ? playground : undefined;
}

/** `modeToggle` as `appearance`. */
export function upgradeAppearance(value: unknown, report: UpgradeReport): JsonObject | undefined {
  if (!isObject(value)) return undefined;
  const appearance: JsonObject = {};
  if (value.default !== undefined) appearance.default = value.default;
  if (typeof value.isHidden === 'boolean') appearance.strict = value.isHidden;
  report.unknownKeys(value, '/modeToggle', ['default', 'isHidden'], 'docs.json appearance has no such setting');
  return Object.keys(appearance).length > 0 ? appearance : undefined;
}

/** `background`, `backgroundImage` and `colors.background` as `background`. */
export function upgradeBackground(value: unknown, image: unknown, color: JsonObject | undefined, report: UpgradeReport): JsonObject | undefined {
  const background: JsonObject = {};
  if (image !== undefined) background.image = image;
  if (isObject(value)) {
    if (value.style !== undefined) background.decoration = value.style;
    report.unknownKeys(value, '/background', ['style'], 'docs.json background has no such setting');
  }
  if (color !== undefined && Object.keys(color).length > 0) background.color = color;
  return Object.keys(background).length > 0 ? background : undefined;
}

/** `topbarLinks` and `topbarCtaButton` as `navbar`. */
export function upgradeNavbar(links: unknown, button: unknown, report: UpgradeReport): JsonObject | undefined {
  const navbar: JsonObject = {};
  if (Array.isArray(links)) {
    navbar.links = links.flatMap((link, index) => {
      const pointer = joinPointer('/topbarLinks', index);
      if (!isObject(link) || text(link.url) === undefined) {
        report.invalid(pointer, 'This top bar link has no `url`: it is left out.', 'Give it a `url`.');
        return [];
      }
      report.unknownKeys(link, pointer, ['name', 'url', 'type'], 'docs.json navbar links have no such setting');
      const type = typeof link.type === 'string' && link.type !== 'link' ? link.type : undefined;
      const result: JsonObject = {};
      if (typeof link.name === 'string') result.label = link.name;
      if (type !== undefined) result.type = type;
      result.href = link.url;
      if (result.label === undefined && type === undefined) result.label = link.url;
      return [result];
    });
  }
  if (isObject(button) && text(button.url) !== undefined) {
    report.unknownKeys(button, '/topbarCtaButton', ['name', 'url', 'type', 'style', 'arrow'], 'the docs.json navbar button has no such setting');
    for (const key of ['style', 'arrow'])
      if (button[key] !== undefined)
        report.unmapped(joinPointer('/topbarCtaButton', key), button[key], 'the docs.json navbar button takes its look from the theme');
    if (button.type === 'github') navbar.primary = { type: 'github', href: button.url };
    else navbar.primary = { type: 'button', label: text(button.name) ?? 'Get started', href: button.url };
  } else if (button !== undefined) report.invalid('/topbarCtaButton', 'The top bar button has no `url`: it is left out.', 'Give it a `url`.');
  return Object.keys(navbar).length > 0 ? navbar : undefined;
}

/** `footerSocials` and `footer` as `footer`. */
export function upgradeFooter(socials: unknown, footer: unknown, report: UpgradeReport): JsonObject | undefined {
  const result: JsonObject = {};
  const legacySocials = isObject(footer) && footer.socials !== undefined ? footer.socials : socials;
  if (Array.isArray(legacySocials)) {
    // An older form: a list of `{ type, url }`; docs.json keys each URL by its network.
    const byType: JsonObject = {};
    for (const social of legacySocials) if (isObject(social) && typeof social.type === 'string') byType[social.type] = social.url;
    result.socials = byType;
  } else if (isObject(legacySocials)) result.socials = legacySocials;
  if (isObject(footer)) {
    if (Array.isArray(footer.links)) {
      result.links = footer.links.filter(isObject).map((column) => {
        const entry: JsonObject = {};
        if (typeof column.title === 'string') entry.header = column.title;
        entry.items = (Array.isArray(column.links) ? column.links : []).filter(isObject).map((link) => ({ label: link.label, href: link.url }));
        return entry;
      });
    }
    report.unknownKeys(footer, '/footer', ['socials', 'links'], 'the docs.json footer has no such setting');
  }
  return Object.keys(result).length > 0 ? result : undefined;
}

/** `metadata` and `seo` as `seo`. */
export function upgradeSeo(metadata: unknown, seo: unknown, report: UpgradeReport): JsonObject | undefined {
  const result: JsonObject = {};
  if (isObject(metadata)) result.metatags = metadata;
  if (isObject(seo)) {
    if (typeof seo.indexHiddenPages === 'boolean') result.indexing = seo.indexHiddenPages ? 'all' : 'navigable';
    report.unknownKeys(seo, '/seo', ['indexHiddenPages'], 'docs.json seo has no such setting');
  }
  return Object.keys(result).length > 0 ? result : undefined;
}

/** `analytics` and `integrations` as `integrations`. */
export function upgradeIntegrations(analytics: unknown, integrations: unknown, report: UpgradeReport): JsonObject | undefined {
  const result: JsonObject = {};
  if (isObject(analytics)) Object.assign(result, analytics);
  if (isObject(integrations)) {
    // mint.json gave Intercom and Front the bare id; docs.json names the field.
    if (integrations.intercom !== undefined) result.intercom = { appId: integrations.intercom };
    if (integrations.frontchat !== undefined) result.frontchat = { snippetId: integrations.frontchat };
    report.unknownKeys(integrations, '/integrations', ['intercom', 'frontchat'], 'docs.json has no such integration');
  }
  return Object.keys(result).length > 0 ? result : undefined;
}

/** `font` as `fonts`: `url` is `source`, `headings` is `heading`. */
export function upgradeFonts(value: unknown): JsonObject | undefined {
  if (!isObject(value)) return undefined;
  const font = (details: JsonObject): JsonObject => {
    const { url, ...rest } = details;
    return url === undefined ? rest : { ...rest, source: url };
  };
  if ('family' in value) return font(value);
  const fonts: JsonObject = {};
  if (isObject(value.headings)) fonts.heading = font(value.headings);
  if (isObject(value.body)) fonts.body = font(value.body);
  return Object.keys(fonts).length > 0 ? fonts : undefined;
}

/** `eyebrow` and `codeBlock` as `styling`. */
export function upgradeStyling(eyebrow: unknown, codeBlock: unknown, report: UpgradeReport): JsonObject | undefined {
  const styling: JsonObject = {};
  if (isObject(eyebrow)) {
    if (eyebrow.display !== undefined) styling.eyebrows = eyebrow.display === 'breadcrumbs' ? 'breadcrumbs' : 'section';
    report.unknownKeys(eyebrow, '/eyebrow', ['display'], 'docs.json styling has no such setting');
  }
  if (isObject(codeBlock)) {
    if (codeBlock.mode !== undefined) styling.codeblocks = codeBlock.mode === 'dark' ? 'dark' : 'system';
    report.unknownKeys(codeBlock, '/codeBlock', ['mode'], 'docs.json styling has no such setting');
  }
  return Object.keys(styling).length > 0 ? styling : undefined;
}
