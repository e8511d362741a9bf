import * as z from 'zod/mini';
import { didYouMean, didYouMeanText } from '../../diagnostics/suggest.js';
import { joinPointer } from '../../json/pointer.js';
import { docsConfigShape } from '../schemas/docs-config.js';
import { LEGACY_TOP_LEVEL_KEYS } from '../schemas/legacy-keys.js';
import { isCommentKey, reportCommentKey } from './comment-keys.js';
import { formatPath } from './format-path.js';
import { checkConfigIcons } from './icons.js';
import { validateNavigation } from './navigation.js';
import { checkRedirects } from './redirects.js';
import type { Reporter } from './report.js';
import { describeValue, validateWithSchema } from './zod-issues.js';

const TOP_LEVEL_KEYS = Object.keys(docsConfigShape);
const REQUIRED_KEYS = ['theme', 'name', 'colors', 'navigation'] as const;

/** Checks a whole docs.json value: top-level properties, then the navigation tree. */
export function validateDocsConfig(value: unknown, reporter: Reporter): void {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    reporter.report({
      code: 'config/invalid-type',
      severity: 'error',
      message: `docs.json must hold an object, not ${describeValue(value)}.`,
      pointer: '',
      hint: 'Write `{ "theme": "mint", "name": "...", "colors": { "primary": "#..." }, "navigation": { ... } }`.',
    });
    return;
  }
  const config = value as Record<string, unknown>;
  for (const key of REQUIRED_KEYS) {
    if (config[key] === undefined) {
      reporter.report({ code: 'config/missing-field', severity: 'error', message: `\`${key}\` is required.`, pointer: '', hint: requiredHint(key) });
    }
  }
  for (const key of Object.keys(config)) {
    const pointer = joinPointer('', key);
    if (isUnresolvedRef(config[key])) continue;
    if (key === 'navigation') validateNavigation(config.navigation, pointer, reporter);
    else if (Object.hasOwn(docsConfigShape, key)) {
      const schema = docsConfigShape[key as keyof typeof docsConfigShape] as z.core.$ZodType;
      const valid = validateWithSchema(
        {
          pointer,
          value: config[key],
          schema,
          subject: (path) => `\`${formatPath([key, ...path])}\``,
          area: 'config',
          unknownKeySeverity: reporter.unknownKeySeverity,
        },
        reporter,
      );
      if (valid && key === 'redirects') checkRedirects(config.redirects as Array<{ source: string }>, pointer, reporter);
    } else reportUnknownTopLevelKey(key, pointer, reporter);
  }
  checkConfigIcons(config, reporter);
}

function reportUnknownTopLevelKey(key: string, pointer: string, reporter: Reporter): void {
  if (isCommentKey(key)) {
    reportCommentKey(key, pointer, reporter);
    return;
  }
  const legacy = Object.hasOwn(LEGACY_TOP_LEVEL_KEYS, key) ? LEGACY_TOP_LEVEL_KEYS[key] : undefined;
  if (legacy) {
    reporter.report({
      code: 'config/legacy-key',
      severity: reporter.unknownKeySeverity,
      message: `\`${key}\` is not a docs.json setting and is ignored: ${legacy}.`,
      pointer,
      at: 'key',
      hint: `Move the setting to its docs.json place, then remove \`${key}\`.`,
    });
    return;
  }
  const suggestions = didYouMean(key, TOP_LEVEL_KEYS);
  const finding = {
    code: 'config/unknown-key' as const,
    severity: reporter.unknownKeySeverity,
    message: `Unknown top-level key "${key}": it is ignored.`,
    pointer,
    at: 'key' as const,
    hint: didYouMeanText(suggestions) ?? 'Remove it, or check the docs.json reference for the setting you meant.',
  };
  reporter.report(suggestions.length ? { ...finding, suggestions } : finding);
}

function requiredHint(key: (typeof REQUIRED_KEYS)[number]): string {
  switch (key) {
    case 'theme':
      return 'Add `"theme": "mint"` (or maple, palm, willow, linden, almond, aspen, luma, sequoia).';
    case 'name':
      return 'Add `"name"` with the name of your project.';
    case 'colors':
      return 'Add `"colors": { "primary": "#0D9373" }` with your brand colour.';
    case 'navigation':
      return 'Add `"navigation": { "groups": [ { "group": "Get started", "pages": ["index"] } ] }`.';
  }
}

/** A `$ref` object left in place because it could not be followed (already reported). */
function isUnresolvedRef(value: unknown): boolean {
  return value !== null && typeof value === 'object' && typeof (value as Record<string, unknown>).$ref === 'string';
}
