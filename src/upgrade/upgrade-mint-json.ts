import { parseDocsJson } from '../config/parse-docs-json.js';
import type { DocsConfig } from '../config/schemas/docs-config.js';
import { docsConfigShape } from '../config/schemas/docs-config.js';
import { LEGACY_TOP_LEVEL_KEYS } from '../config/schemas/legacy-keys.js';
import { diagnosticAt, inDocumentOrder, type Diagnostic } from '../diagnostics/diagnostic.js';
import { LineIndex } from '../diagnostics/line-index.js';
import { joinPointer, parentPointer } from '../json/pointer.js';
import { scanJson, type JsonLocation } from '../json/scan.js';
import { upgradeNavigation } from './navigation.js';
import { isObject, type JsonObject } from './read.js';
import { UpgradeReport, type UpgradeFinding } from './report.js';
import {
  chooseTheme,
  upgradeApi,
  upgradeAppearance,
  upgradeBackground,
  upgradeColors,
  upgradeFonts,
  upgradeFooter,
  upgradeIntegrations,
  upgradeNavbar,
  upgradeSeo,
  upgradeStyling,
} from './settings.js';
import { append } from '../util/arrays.js';

/** Options of {@link upgradeMintJson}. */
export interface UpgradeMintJsonOptions {
  /** Name of the legacy file in diagnostics and decisions. Default `mint.json`. */
  file?: string;
}

/** A choice the upgrade made, where in mint.json it comes from. */
export interface UpgradeDecision {
  message: string;
  /** The legacy file, as named in the options. */
  file: string;
  /** JSON pointer in it (`''` is the whole file). */
  pointer: string;
  line?: number;
  column?: number;
}

/** What {@link upgradeMintJson} returns. */
export interface UpgradeMintJsonResult {
  /** The docs.json configuration, or `undefined` when an error stops the upgrade. */
  config: DocsConfig | undefined;
  /** docs.json as it is written: 2-space JSON, keys in the schema's order, `$schema` first; with `config`. */
  text: string | undefined;
  /** Every problem, placed in mint.json: keys not carried over (with their value), values changed, errors. */
  diagnostics: Diagnostic[];
  /** The choices made (theme, where pages went), placed in mint.json, in document order. */
  decisions: UpgradeDecision[];
}

/** The JSON Schema URL docs.json files name. */
export const DOCS_JSON_SCHEMA_URL = 'https://mintlify.com/docs.json';

/** Top-level mint.json keys read into docs.json settings (the rest are reported). */
const MAPPED_KEYS = [
  '$schema',
  'name',
  'description',
  'logo',
  'favicon',
  'theme',
  'colors',
  'navigation',
  'tabs',
  'anchors',
  'versions',
  'topAnchor',
  'primaryTab',
  'api',
  'openapi',
  'modeToggle',
  'background',
  'backgroundImage',
  'topbarLinks',
  'topbarCtaButton',
  'footerSocials',
  'footer',
  'search',
  'metadata',
  'seo',
  'analytics',
  'integrations',
  'font',
  'eyebrow',
  'codeBlock',
  'redirects',
];

/** The mint.json key a docs.json setting is mostly made from, to place its problems. */
const SOURCE_OF: Readonly<Record<string, string>> = {
  theme: '/theme',
  name: '/name',
  colors: '/colors',
  description: '/description',
  logo: '/logo',
  favicon: '/favicon',
  api: '/api',
  appearance: '/modeToggle',
  background: '/background',
  navbar: '/topbarLinks',
  footer: '/footerSocials',
  search: '/search',
  seo: '/metadata',
  fonts: '/font',
  styling: '/codeBlock',
  redirects: '/redirects',
  integrations: '/analytics',
  navigation: '/navigation',
};

/**
 * Turns the text of a legacy mint.json into the docs.json that means the same, as the platform's
 * `mint upgrade` does: the navigation keeps its order, groups go under the tab, anchor or version
 * whose URL prefix their pages share, `openapi` and `api` move into `api`, and every key docs.json
 * has no place for is a warning with its value. Pure; never throws.
 */
export function upgradeMintJson(text: string, options: UpgradeMintJsonOptions = {}): UpgradeMintJsonResult {
  const file = options.file ?? 'mint.json';
  const lines = new LineIndex(text);
  const scan = scanJson(text, { locations: true });
  if (scan.error) {
    const position = lines.position(scan.error.offset);
    return {
      config: undefined,
      text: undefined,
      decisions: [],
      diagnostics: [{ code: 'json/syntax', severity: 'error', message: scan.error.message, file, pointer: '', ...position, hint: scan.error.hint }],
    };
  }
  const locations = scan.locations ?? new Map<string, JsonLocation>();
  const place = (pointer: string, at: 'key' | 'value' = 'value') => {
    for (let current: string | undefined = pointer; current !== undefined; current = parentPointer(current)) {
      const location = locations.get(current);
      if (location) return lines.position(at === 'key' && current === pointer && location.key !== undefined ? location.key : location.start);
    }
    return undefined;
  };
  const report = new UpgradeReport();
  for (const duplicate of scan.duplicates) {
    report.findings.push({
      code: 'json/duplicate-key',
      severity: 'warning',
      message: `\`${duplicate.pointer.slice(duplicate.pointer.lastIndexOf('/') + 1)}\` is written twice; the last value is upgraded, as the platform reads it.`,
      pointer: duplicate.pointer,
      at: 'key',
      hint: 'Remove one of them.',
    });
  }
  const mint: unknown = JSON.parse(text);
  let config: JsonObject | undefined;
  if (!isObject(mint))
    report.invalid('', `${file} is not a JSON object: there is nothing to upgrade.`, 'A mint.json is an object with `name`, `navigation`, ...', 'error');
  else config = upgradeConfig(mint, report);
  const findings = [...report.findings];
  let output: string | undefined;
  if (config !== undefined && !findings.some((finding) => finding.severity === 'error')) {
    output = `${JSON.stringify(config, null, 2)}\n`;
    append(findings, checkResult(output));
  }
  const diagnostics = inDocumentOrder(findings.map((finding) => diagnosticAt(finding, file, finding.pointer, place(finding.pointer, finding.at))));
  const decisions = report.decisions.map((decision) => ({ message: decision.message, file, pointer: decision.pointer, ...place(decision.pointer, 'key') }));
  decisions.sort((left, right) => (left.line ?? 0) - (right.line ?? 0) || (left.column ?? 0) - (right.column ?? 0));
  if (diagnostics.some((diagnostic) => diagnostic.severity === 'error')) return { config: undefined, text: undefined, diagnostics, decisions };
  return { config: config as DocsConfig, text: output, diagnostics, decisions };
}

function upgradeConfig(mint: JsonObject, report: UpgradeReport): JsonObject {
  const settings: JsonObject = { $schema: DOCS_JSON_SCHEMA_URL, theme: chooseTheme(mint, report) };
  if (typeof mint.name === 'string' && mint.name.trim() !== '') settings.name = mint.name;
  else report.invalid('/name', 'mint.json has no `name`; docs.json requires one.', 'Add `"name": "Your product"` to mint.json and upgrade again.', 'error');
  const { colors, background: backgroundColor } = upgradeColors(mint.colors, report);
  settings.colors = colors;
  for (const key of ['description', 'logo', 'favicon', 'redirects']) if (mint[key] !== undefined) settings[key] = mint[key];
  const sections: JsonObject = {
    api: upgradeApi(mint.api, mint.openapi, report),
    appearance: upgradeAppearance(mint.modeToggle, report),
    background: upgradeBackground(mint.background, mint.backgroundImage, backgroundColor, report),
    navbar: upgradeNavbar(mint.topbarLinks, mint.topbarCtaButton, report),
    footer: upgradeFooter(mint.footerSocials, mint.footer, report),
    search: isObject(mint.search) && typeof mint.search.prompt === 'string' ? { prompt: mint.search.prompt } : undefined,
    seo: upgradeSeo(mint.metadata, mint.seo, report),
    fonts: upgradeFonts(mint.font),
    styling: upgradeStyling(mint.eyebrow, mint.codeBlock, report),
    integrations: upgradeIntegrations(mint.analytics, mint.integrations, report),
  };
  if (isObject(mint.search)) report.unknownKeys(mint.search, '/search', ['prompt'], 'docs.json search has no such setting');
  for (const [key, value] of Object.entries(sections)) if (value !== undefined) settings[key] = value;
  if (mint.navigation === undefined)
    report.invalid('', 'mint.json has no `navigation`: docs.json gets an empty one.', 'Add the groups of pages to `navigation`.');
  settings.navigation = upgradeNavigation(
    { navigation: mint.navigation, tabs: mint.tabs, anchors: mint.anchors, versions: mint.versions, topAnchor: mint.topAnchor, primaryTab: mint.primaryTab },
    report,
  );
  for (const [key, value] of Object.entries(mint)) {
    if (MAPPED_KEYS.includes(key)) continue;
    if (key === 'layout') report.unmapped('/layout', value, 'the layout is chosen by `theme` now');
    else report.unmapped(joinPointer('', key), value, LEGACY_TOP_LEVEL_KEYS[key] ?? 'docs.json has no such setting');
  }
  return inSchemaOrder(settings);
}

/** The settings with `$schema` first and the others in the order the docs.json schema lists them. */
function inSchemaOrder(settings: JsonObject): JsonObject {
  const ordered: JsonObject = {};
  for (const key of Object.keys(docsConfigShape)) if (settings[key] !== undefined) ordered[key] = settings[key];
  return ordered;
}

/** The upgraded docs.json checked by Quire: a problem in it is a problem of the upgrade, placed at the mint.json key it came from. */
function checkResult(output: string): UpgradeFinding[] {
  const checked = parseDocsJson(output);
  return checked.diagnostics.map((diagnostic) => {
    const section = diagnostic.pointer.split('/')[1] ?? '';
    return {
      code: 'upgrade/invalid-result',
      severity: diagnostic.severity,
      message: `The upgraded docs.json would have this problem at ${diagnostic.pointer || 'its root'}: ${diagnostic.message}`,
      pointer: SOURCE_OF[section] ?? '',
      at: 'key',
      hint: diagnostic.hint ?? 'Fix the value in mint.json, or fix docs.json by hand after the upgrade.',
    };
  });
}
