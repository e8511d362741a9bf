import { didYouMean, didYouMeanText } from '../diagnostics/suggest.js';
import { deepEqual } from '../json/equal.js';
import { joinPointer, joinPointerTokens, parentPointer } from '../json/pointer.js';
import type { Finding } from './findings.js';
import { isObject, type JsonObject } from './json.js';
import type { McpSettings } from './types.js';

/**
 * The vendor extensions page settings are always read from, strongest first: Quire's own, then
 * the platform's. Sites written for the platform carry theirs in `x-mint`; where an operation has
 * both, `x-quire` wins key by key (and member by member inside `metadata`, `playground`, `mcp`).
 */
export const PAGE_EXTENSIONS: readonly string[] = Object.freeze(['x-quire', 'x-mint']);

/** The platform's extension: the only one it reads. */
const PLATFORM_EXTENSION = 'x-mint';

/**
 * The extensions read, strongest first: the one a caller names (the `extension` option, read in
 * addition to the others and before them), then `x-quire`, then `x-mint`.
 */
export function extensionOrder(extension?: string): string[] {
  const names = extension === undefined ? [] : [extension];
  for (const name of PAGE_EXTENSIONS) if (!names.includes(name)) names.push(name);
  return names;
}

/**
 * `hidden: true` in one of the extensions, the platform's excepted: it has no such setting (its
 * way is `x-hidden`), so an operation it shows is not hidden here either.
 */
export function hiddenByExtension(operation: JsonObject, names: readonly string[]): boolean {
  return names.some((name) => name !== PLATFORM_EXTENSION && isObject(operation[name]) && (operation[name] as JsonObject).hidden === true);
}

/** The page settings of an operation, read from its extensions (`x-quire`, `x-mint`, ...) and merged. */
export interface PageExtension {
  href?: string;
  /** The extension `href` was read from, to point at it. */
  hrefFrom?: string;
  /**
   * Frontmatter fields, `openapi` removed. The `groups` of the path item's and the operation's
   * extensions are added to `groups`, as the platform adds them.
   */
  metadata?: JsonObject;
  content?: string;
  /** `playground.expand: false` shows the playground's object fields collapsed. */
  playground?: { expand?: boolean };
  mcp?: McpSettings;
}

/** The operation as the reader needs it. */
export interface ExtensionHolder {
  kind: 'endpoint' | 'webhook';
  operation: JsonObject;
  pathItem: JsonObject;
  /** JSON pointer of the operation; its parent is the path item's. */
  pointer: string;
}

type ValueKind = 'string' | 'boolean' | 'strings' | 'object';

interface SettingRule {
  kind: ValueKind;
  /** What the value must be, for messages: `a page path (a string)`. */
  expected: string;
  /** The members an object setting may have; any member when absent (`metadata`). */
  members?: Readonly<Record<string, { kind: ValueKind; expected: string }>>;
}

/** The settings an operation's extension may have, in the order they are merged. */
const OPERATION_SETTINGS: Readonly<Record<string, SettingRule>> = {
  href: { kind: 'string', expected: 'a page path (a string)' },
  content: { kind: 'string', expected: 'MDX text (a string)' },
  metadata: { kind: 'object', expected: 'an object of frontmatter fields' },
  groups: { kind: 'strings', expected: 'a list of group names (strings)' },
  playground: { kind: 'object', expected: 'an object with `expand`', members: { expand: { kind: 'boolean', expected: 'true or false' } } },
  mcp: {
    kind: 'object',
    expected: 'an object with `enabled`, `name` or `description`',
    members: {
      enabled: { kind: 'boolean', expected: 'true or false' },
      name: { kind: 'string', expected: 'a string' },
      description: { kind: 'string', expected: 'a string' },
    },
  },
  hidden: { kind: 'boolean', expected: 'true or false' },
};

/** Settings whose object values merge member by member across extensions. */
const MERGED_BY_MEMBER = new Set(['metadata', 'playground', 'mcp']);

/** The settings of one extension object that have values of the right type. */
interface ReadSettings {
  name: string;
  /** JSON pointer of the extension object. */
  pointer: string;
  values: Map<string, unknown>;
}

/**
 * Reads the page settings of operations from their extensions, reporting values of the wrong
 * type, keys nothing reads, and settings that a stronger extension shadows. One reader serves one
 * pass over a document: a path item's extension is checked once, however many operations it has.
 */
export class PageExtensionReader {
  private readonly pathItemGroups = new WeakMap<JsonObject, string[]>();

  /**
   * @param names The extensions read, strongest first ({@link extensionOrder}).
   * @param report Receives each problem found.
   */
  constructor(
    private readonly names: readonly string[],
    private readonly report: (finding: Finding) => void,
  ) {}

  read(holder: ExtensionHolder): PageExtension {
    // The path item first: its problems come before the operation's, as in the document.
    const pathItemGroups = this.groupsOfPathItem(holder);
    const found: ReadSettings[] = [];
    for (const name of this.names) {
      const settings = this.readObject(holder.operation, name, holder.pointer, holder.kind);
      if (settings) found.push(settings);
    }
    const merged = this.merge(found);
    const extension: PageExtension = {};
    const href = merged.get('href');
    if (href) {
      extension.href = href.value as string;
      extension.hrefFrom = href.from;
    }
    const content = merged.get('content');
    if (content) extension.content = content.value as string;
    const metadata = merged.get('metadata')?.value as JsonObject | undefined;
    const groups = holder.kind === 'endpoint' ? [...pathItemGroups, ...((merged.get('groups')?.value as string[] | undefined) ?? [])] : [];
    if (metadata || groups.length)
      extension.metadata = groups.length ? { ...metadata, groups: withGroups(metadata?.groups, groups) } : (metadata as JsonObject);
    // Without a valid member, there is nothing to say (each invalid one was reported).
    const playground = merged.get('playground')?.value as { expand?: boolean } | undefined;
    if (playground && Object.keys(playground).length) extension.playground = playground;
    const mcp = merged.get('mcp')?.value as McpSettings | undefined;
    if (mcp && Object.keys(mcp).length) extension.mcp = mcp;
    return extension;
  }

  /**
   * The `groups` of the path item's extensions (none for a webhook's, where the platform reads
   * nothing); the path item's other keys are reported, once.
   */
  private groupsOfPathItem(holder: ExtensionHolder): string[] {
    const place = holder.kind === 'webhook' ? 'webhook path item' : 'path item';
    const known = this.pathItemGroups.get(holder.pathItem);
    if (known) return known;
    const pointer = parentPointer(holder.pointer) ?? '';
    const found: ReadSettings[] = [];
    for (const name of this.names) {
      const settings = this.readObject(holder.pathItem, name, pointer, place);
      if (settings) found.push(settings);
    }
    const groups = (this.merge(found).get('groups')?.value as string[] | undefined) ?? [];
    this.pathItemGroups.set(holder.pathItem, groups);
    return groups;
  }

  /** The settings of `owner[name]` that have values of the right type; problems are reported. */
  private readObject(owner: JsonObject, name: string, ownerPointer: string, place: Place): ReadSettings | undefined {
    const object = owner[name];
    if (object === undefined) return undefined;
    const pointer = joinPointer(ownerPointer, name);
    if (!isObject(object)) {
      this.report({
        code: 'openapi/invalid-extension',
        severity: 'warning',
        message: `\`${name}\` must be an object of page settings (\`href\`, \`metadata\`, \`content\`, ...); it is ignored.`,
        pointer,
      });
      return undefined;
    }
    const values = new Map<string, unknown>();
    for (const key of Object.keys(object)) {
      const at = joinPointer(pointer, key);
      const ignored = ignoredBecause(name, key, place);
      if (ignored) {
        this.report({
          code: 'openapi/ignored-extension-key',
          severity: 'warning',
          message: ignored.message,
          pointer: at,
          at: 'key',
          hint: ignored.hint,
          ...(ignored.suggestions?.length ? { suggestions: ignored.suggestions } : {}),
        });
        continue;
      }
      const rule = OPERATION_SETTINGS[key] as SettingRule;
      const value = this.checked(object[key], rule, `${name}.${key}`, at);
      if (value === undefined) continue;
      if (key === 'metadata') values.set(key, this.withoutOpenApi(value as JsonObject, name, at));
      else values.set(key, value);
    }
    return { name, pointer, values };
  }

  /** The value when it is of the rule's type (an object keeps its valid members), else `undefined`, reported. */
  private checked(value: unknown, rule: SettingRule, label: string, pointer: string): unknown {
    if (!hasKind(value, rule.kind)) {
      this.report({ code: 'openapi/invalid-extension', severity: 'warning', message: `\`${label}\` must be ${rule.expected}; it is ignored.`, pointer });
      return undefined;
    }
    if (!rule.members) return value;
    const kept: JsonObject = {};
    for (const [member, memberValue] of Object.entries(value as JsonObject)) {
      const memberRule = rule.members[member];
      const at = joinPointer(pointer, member);
      if (!memberRule) {
        const suggestions = didYouMean(member, Object.keys(rule.members));
        this.report({
          code: 'openapi/ignored-extension-key',
          severity: 'warning',
          message: `\`${label}.${member}\` is not a setting; it is ignored.`,
          pointer: at,
          at: 'key',
          hint:
            didYouMeanText(suggestions) ??
            `\`${label}\` has ${Object.keys(rule.members)
              .map((key) => `\`${key}\``)
              .join(', ')}.`,
          ...(suggestions.length ? { suggestions } : {}),
        });
      } else if (!hasKind(memberValue, memberRule.kind)) {
        this.report({
          code: 'openapi/invalid-extension',
          severity: 'warning',
          message: `\`${label}.${member}\` must be ${memberRule.expected}; it is ignored.`,
          pointer: at,
        });
      } else kept[member] = memberValue;
    }
    return kept;
  }

  private withoutOpenApi(metadata: JsonObject, name: string, pointer: string): JsonObject {
    const { openapi, ...rest } = metadata;
    if (openapi !== undefined) {
      this.report({
        code: 'openapi/metadata-openapi',
        severity: 'warning',
        message: `\`${name}.metadata.openapi\` is ignored: a generated page always refers to the operation it is generated from.`,
        pointer: joinPointer(pointer, 'openapi'),
        hint: 'Remove it; to document another operation, write an MDX page with that `openapi` frontmatter.',
      });
    }
    return rest;
  }

  /**
   * One value per setting, the strongest extension's; objects merged member by member. A weaker
   * value that differs is reported where it is written: it does not show.
   */
  private merge(found: readonly ReadSettings[]): Map<string, { value: unknown; from: string }> {
    const merged = new Map<string, { value: unknown; from: string }>();
    for (const key of Object.keys(OPERATION_SETTINGS)) {
      if (MERGED_BY_MEMBER.has(key)) {
        const owners = new Map<string, ReadSettings>();
        const value: JsonObject = {};
        let from: string | undefined;
        for (const settings of found) {
          const object = settings.values.get(key) as JsonObject | undefined;
          if (object === undefined) continue;
          from ??= settings.name;
          for (const [member, memberValue] of Object.entries(object)) {
            const owner = owners.get(member);
            if (!owner) {
              owners.set(member, settings);
              value[member] = memberValue;
            } else if (!deepEqual(value[member], memberValue)) this.report(shadowed(settings, owner, [key, member]));
          }
        }
        if (from !== undefined) merged.set(key, { value, from });
        continue;
      }
      let owner: ReadSettings | undefined;
      for (const settings of found) {
        if (!settings.values.has(key)) continue;
        const value = settings.values.get(key);
        if (!owner) {
          owner = settings;
          merged.set(key, { value, from: settings.name });
        } else if (!deepEqual(owner.values.get(key), value)) this.report(shadowed(settings, owner, [key]));
      }
    }
    return merged;
  }
}

function hasKind(value: unknown, kind: ValueKind): boolean {
  switch (kind) {
    case 'string':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
    case 'strings':
      return Array.isArray(value) && value.every((item) => typeof item === 'string');
    case 'object':
      return isObject(value);
  }
}

/** Where an extension object is: on an operation, or on the path item that holds operations. */
type Place = 'endpoint' | 'webhook' | 'path item' | 'webhook path item';

/** Why a key of an extension is not read where it is written, or `undefined` when it is. */
function ignoredBecause(name: string, key: string, place: Place): { message: string; hint: string; suggestions?: string[] } | undefined {
  const label = `\`${name}.${key}\``;
  if (key === 'hidden' && name === PLATFORM_EXTENSION) {
    return {
      message: `${label} is not a setting of the platform, which shows the operation; it is ignored.`,
      hint: 'Mark the operation `x-hidden: true` to leave it out of the navigation.',
    };
  }
  if (key === 'pre' || key === 'post') {
    return {
      message: `${label} labels a parameter or property: it is read on schemas, not on ${place.endsWith('path item') ? 'path items' : 'operations'}.`,
      hint: 'Move it into the schema of the parameter or property it labels.',
    };
  }
  if (key === 'groups' && (place === 'webhook' || place === 'webhook path item')) {
    return {
      message: `${label} is ignored on a webhook: the platform applies \`groups\` to endpoints only.`,
      hint: 'Remove it, or restrict the page with `metadata.groups`.',
    };
  }
  if (place === 'path item' || place === 'webhook path item') {
    return key === 'groups'
      ? undefined
      : {
          message: `${label} is ignored: on a path item, only \`groups\` is read${place === 'path item' ? '' : ', and only for endpoints'}.`,
          hint: 'Move it into each operation (`get`, `post`, ...) it is meant for.',
        };
  }
  if (Object.hasOwn(OPERATION_SETTINGS, key)) return undefined;
  const known = Object.keys(OPERATION_SETTINGS).filter((setting) => setting !== 'hidden' || name !== PLATFORM_EXTENSION);
  const suggestions = didYouMean(key, known);
  return {
    message: `${label} is not a page setting; it is ignored.`,
    hint: didYouMeanText(suggestions) ?? `The settings are ${known.map((setting) => `\`${setting}\``).join(', ')}.`,
    suggestions,
  };
}

/** A weaker extension's value that a stronger one's hides. */
function shadowed(loser: ReadSettings, winner: ReadSettings, path: readonly string[]): Finding {
  const lost = `\`${[loser.name, ...path].join('.')}\``;
  const won = `\`${[winner.name, ...path].join('.')}\``;
  const platform = loser.name === PLATFORM_EXTENSION;
  return {
    code: 'openapi/shadowed-extension-key',
    severity: 'warning',
    message: platform
      ? `${lost} is shadowed by ${won}: Quire shows ${won}, while the platform, which reads only \`${PLATFORM_EXTENSION}\`, shows ${lost}.`
      : `${lost} is shadowed by ${won}, which is read first; it is ignored.`,
    pointer: joinPointerTokens(loser.pointer, path),
    hint: platform
      ? `Keep one value: remove ${won} to show what the platform shows, or give both the same value.`
      : 'Remove one of the two, or give both the same value.',
  };
}

/**
 * `metadata.groups` with the extensions' `groups` added, as the platform adds them: after the
 * names already listed, or, beside access rules (`{ includes, excludes }`), as one more rule
 * that includes the names.
 */
function withGroups(existing: unknown, added: readonly string[]): unknown[] {
  if (!Array.isArray(existing)) return [...added];
  const names = existing.filter((entry): entry is string => typeof entry === 'string');
  const rules = existing.filter((entry) => typeof entry !== 'string');
  return rules.length === 0 ? [...names, ...added] : [...rules, { includes: [...names, ...added] }];
}
