import { parseDocsJson, type Locate } from '../config/parse-docs-json.js';
import type { DiagnosticCode } from '../diagnostics/codes.js';
import type { Diagnostic, Severity } from '../diagnostics/diagnostic.js';
import { LANGUAGE_CODES } from '../config/schemas/navigation.js';
import { classifyEntry, filePagePath } from '../navigation/classify.js';
import { resolveNavigation } from '../navigation/resolve.js';
import type { NavigationNode, PageNode } from '../navigation/types.js';
import { getAtPointer, joinPointer } from '../json/pointer.js';
import { PAGE_EXTENSIONS } from '../openapi/extension.js';
import { isObject } from '../openapi/json.js';
import { listOperations } from '../openapi/operations.js';
import { hrefUrl } from '../openapi/page-names.js';
import { namedSource, sameSource } from '../openapi/reference-source.js';
import { findOperation, findWebhook } from '../openapi/find.js';
import { readEndpointPages, type EndpointMdxPage } from './mdx-pages.js';
import { rewriteEntries } from './docs-json-edit.js';
import { chooseExtension } from './choose-extension.js';
import { editSpec } from './spec-edit.js';
import { Documents, findTarget, type Target } from './targets.js';
import type { KeptPage, MigrateMdxInput, MigrateMdxOptions, MigrationPlan, MovedPage, PlannedChange, PlannedExtension, RewrittenEntry } from './types.js';
import { append } from '../util/arrays.js';

/** A page on its way: where it is listed, and the operation it documents once found. */
interface Candidate {
  source: EndpointMdxPage;
  entries: PageNode[];
  /** Position of its last entry in the site's reading order. */
  order: number;
  target?: Target;
}

/**
 * Plans the move of hand-written MDX endpoint pages into their OpenAPI documents: each page
 * listed in the navigation whose frontmatter `openapi` names an operation (in the document it
 * names, else the one in effect where it is listed) gives that operation's extension `metadata`
 * (its frontmatter minus `openapi`), `content` (its body) and `href` (its URL); MDX replaces what
 * the extension had for these three, other members stay. The extension is the one the document
 * already uses (`x-mint` before `x-quire`), else `x-quire`, unless `options.extension` names one
 * (`plan.extensions` says which and why). When several pages name
 * one operation, the last in docs.json's reading order moves and the others stay (reported).
 * Navigation entries become `METHOD /path` (`spec METHOD /path` where another or no document is
 * in effect, or several have the operation), and moved pages are deleted. Pages that cannot
 * move stay where they are, each with a diagnostic; an invalid docs.json or OpenAPI document
 * stops everything: the plan changes nothing. Pure: reads nothing, writes nothing.
 */
export function migrateMdx(input: MigrateMdxInput, options: MigrateMdxOptions = {}): MigrationPlan {
  return new Migration(input, options.extension).run();
}

class Migration {
  private readonly diagnostics: Diagnostic[] = [];
  private readonly kept: KeptPage[] = [];
  private readonly texts = new Map<string, string>();
  private readonly documents: Documents;
  private readonly docsJsonFile: string;
  /** The extension written in each document, chosen when first needed. */
  private readonly extensions = new Map<string, PlannedExtension>();

  constructor(
    private readonly input: MigrateMdxInput,
    private readonly extension: string | undefined,
  ) {
    this.documents = new Documents(input.specs);
    this.docsJsonFile = input.docsJsonFile ?? 'docs.json';
  }

  run(): MigrationPlan {
    const { docsJsonFile: file, texts } = this;
    texts.set(file, this.input.docsJson);
    const readFile = this.input.readFile;
    const parsed = parseDocsJson(this.input.docsJson, {
      file,
      readFile: (path) => {
        const text = readFile?.(path);
        if (text !== undefined) texts.set(path, text);
        return text;
      },
    });
    const read = readEndpointPages(this.input.pages);
    if (!parsed.config) {
      this.diagnostics.push({
        code: 'migrate/invalid-docs-json',
        severity: 'error',
        message: `${file} has errors, so the navigation cannot be read; nothing was changed.`,
        file,
        pointer: '',
        hint: 'Fix the errors below (`quire validate`), then run the migration again.',
      });
      append(
        this.diagnostics,
        parsed.diagnostics.filter((diagnostic) => diagnostic.severity === 'error'),
      );
      for (const page of read.pages) this.keep(page, 'migrate/blocked', undefined, `Not moved: ${file} has errors.`);
      return this.finish([], [], true);
    }
    for (const page of read.unreadable) {
      this.kept.push({
        file: page.file,
        page: page.page,
        code: 'migrate/invalid-frontmatter',
        message: 'The frontmatter is not valid YAML, so the page cannot be moved.',
      });
      append(this.diagnostics, page.diagnostics);
    }
    const frontmatter = new Map(read.pages.map((page) => [page.page, page.frontmatter]));
    const resolved = resolveNavigation(parsed.config, { frontmatter, locate: parsed.locate });
    const candidates = this.listed(read.pages, resolved.pages.list, groupRoots(resolved.tree.root), fallbacks(resolved.pages.list, this.input.files));
    for (const candidate of candidates) this.resolve(candidate);
    const invalid = this.documents.all().filter((document) => document.invalid);
    if (invalid.length) return this.blocked(invalid, candidates);
    const winners = this.pickWinners(candidates.filter((candidate) => candidate.target));
    return this.plan(winners, parsed.config, parsed.locate);
  }

  /** The pages listed in the navigation (others stay: moving them would take them off the site). */
  private listed(
    pages: readonly EndpointMdxPage[],
    list: readonly PageNode[],
    roots: ReadonlyMap<string, string>,
    translations: ReadonlyMap<string, string>,
  ): Candidate[] {
    const byPath = new Map<string, PageNode[]>();
    for (const node of list) {
      const nodes = byPath.get(node.path) ?? [];
      nodes.push(node);
      byPath.set(node.path, nodes);
    }
    const candidates: Candidate[] = [];
    const claimed = new Set(this.input.files ? [...this.input.files].map(filePagePath) : pages.map((page) => page.page));
    for (const page of pages) {
      // `folder/index.mdx` serves `folder` too, unless `folder.mdx` exists.
      const served =
        page.page.endsWith('/index') && !claimed.has(page.page.slice(0, -'/index'.length)) ? [page.page, page.page.slice(0, -'/index'.length)] : [page.page];
      const entries = served.flatMap((path) => byPath.get(path) ?? []).sort((a, b) => a.index - b.index);
      const root = served.map((path) => roots.get(path)).find((group) => group !== undefined);
      const translation = served.map((path) => translations.get(path)).find((entry) => entry !== undefined);
      if (entries.length === 0)
        this.keep(
          page,
          'migrate/not-in-navigation',
          'warning',
          'The page is not listed in the navigation, so no generated page would replace it.',
          'List it in docs.json to migrate it, or leave it as an MDX page.',
        );
      else if (root !== undefined)
        this.keep(
          page,
          'migrate/group-root',
          'warning',
          `The page is the root of group "${root}", which must stay a page.`,
          "Point the group's `root` at another page to migrate this one.",
        );
      else if (page.relativeImports.length)
        this.keep(
          page,
          'migrate/relative-import',
          'warning',
          `The page imports ${page.relativeImports.map((module) => `"${module}"`).join(', ')} relative to its file, which would not resolve once the body is in the OpenAPI document.`,
          'Import from the site root instead (`import X from "/snippets/x.mdx"`), then run the migration again.',
        );
      else if (translation !== undefined)
        this.keep(
          page,
          'migrate/translation-fallback',
          'warning',
          `"${translation}" is listed without a file and falls back to this page, which must stay a page.`,
          `Add ${translation}.mdx (or point that entry at the endpoint) to migrate this page.`,
        );
      else candidates.push({ source: page, entries, order: (entries[entries.length - 1] as PageNode).index });
    }
    return candidates;
  }

  private resolve(candidate: Candidate): void {
    const { source: page } = candidate;
    const reference = classifyEntry(page.reference);
    if (reference.kind !== 'endpoint' && reference.kind !== 'webhook') {
      this.keep(
        page,
        'migrate/invalid-reference',
        'error',
        `\`openapi: ${page.reference}\` is not an endpoint (\`[spec] METHOD /path\`) or webhook (\`[spec] webhook name\`) reference.`,
        'Write e.g. `openapi: GET /users` or `openapi: openapi.yaml POST /users`.',
      );
      return;
    }
    const found = findTarget(reference, candidate.entries, this.documents);
    if ('code' in found) {
      this.keep(page, found.code, 'error', found.message, found.hint, found.suggestions);
      return;
    }
    const label = `${found.operation.kind === 'webhook' ? 'webhook ' : `${found.operation.method} `}${found.operation.path}`;
    const url = `/${(candidate.entries[0] as PageNode).path}`;
    const moved = hrefUrl(url);
    if (moved !== url)
      this.keep(
        page,
        'migrate/url-would-change',
        'error',
        `The page is served at ${url}, and a generated page cannot be: the platform lower-cases the URL it makes from an \`href\` (and drops an extension from its last part), so the page would move to ${moved}.`,
        `Rename the page (${moved.slice(1)}.mdx) and redirect ${url} to it in docs.json, then migrate it.`,
      );
    else if (/^[a-z][a-z0-9+.-]*:/i.test(found.source))
      this.keep(
        page,
        'migrate/remote-document',
        'error',
        `"${label}" is in ${found.source}, a document given by URL, which cannot be edited.`,
        'Download the document into the repository and point docs.json at the file, then run the migration again.',
      );
    else if (/\s/.test(found.source))
      this.keep(
        page,
        'migrate/unnamed-document',
        'error',
        `The path of ${found.source} has white space, so a navigation entry cannot name it.`,
        'Rename the file.',
      );
    else if (found.operation.hidden)
      this.keep(
        page,
        'migrate/hidden-operation',
        'error',
        `"${label}" is marked \`x-hidden\` in ${found.source}: moving the page would list the hidden operation in the navigation by name, so the page stays as it is.`,
        'Remove `x-hidden` from the operation to migrate the page.',
      );
    else if (listOperations(found.document).filter((operation) => operation.pointer === found.operation.pointer).length > 1)
      this.keep(
        page,
        'migrate/shared-operation',
        'error',
        `"${label}" shares its operation object with other paths of ${found.source} (a \`$ref\`ed path item), so it cannot get a page of its own.`,
        'Give the path its own path item to migrate the page.',
      );
    else candidate.target = found;
  }

  /** With several pages for one operation, the last in reading order moves; the others stay. */
  private pickWinners(candidates: Candidate[]): Candidate[] {
    const byOperation = new Map<string, Candidate[]>();
    for (const candidate of candidates) {
      const target = candidate.target as Target;
      const key = `${target.source}\u0000${target.operation.pointer}`;
      byOperation.set(key, [...(byOperation.get(key) ?? []), candidate]);
    }
    const winners: Candidate[] = [];
    for (const group of byOperation.values()) {
      group.sort((a, b) => a.order - b.order || (a.source.file < b.source.file ? -1 : 1));
      const winner = group[group.length - 1] as Candidate;
      winners.push(winner);
      for (const loser of group.slice(0, -1)) {
        const target = loser.target as Target;
        this.keep(
          loser.source,
          'migrate/superseded',
          'warning',
          `${winner.source.file} documents the same operation (${target.operation.kind === 'webhook' ? 'webhook' : target.operation.method} ${target.operation.path}) and comes later in ${this.docsJsonFile}, so it is the one moved; this page stays.`,
          `Merge what this page has into the operation's \`${this.extensionFor(target).extension}\`, then delete it.`,
        );
      }
    }
    return winners.sort((a, b) => a.order - b.order);
  }

  private plan(winners: readonly Candidate[], config: unknown, locate: Locate): MigrationPlan {
    // The new entries first: a page whose document cannot be named from where it is listed stays.
    const rewrites = new Map<Candidate, Array<{ pointer: string; from: string; to: string }>>();
    for (const candidate of winners) {
      const target = candidate.target as Target;
      const entries = candidate.entries.map((entry) => ({
        pointer: entry.pointer,
        from: String(getAtPointer(config, entry.pointer)),
        to: this.entryFor(target, entry),
      }));
      const unnamed = entries.find((entry) => entry.to === undefined);
      if (unnamed)
        this.keep(
          candidate.source,
          'migrate/unnamed-document',
          'error',
          `From where the page is listed (${unnamed.from}), the navigation cannot name ${target.source} apart from another document in effect with the same name.`,
          'Rename one of the documents.',
        );
      else rewrites.set(candidate, entries as Array<{ pointer: string; from: string; to: string }>);
    }
    // Then the documents: one that cannot be edited keeps its pages.
    const changes: PlannedChange[] = [];
    const bySource = new Map<string, Candidate[]>();
    for (const candidate of rewrites.keys()) {
      const source = (candidate.target as Target).source;
      bySource.set(source, [...(bySource.get(source) ?? []), candidate]);
    }
    for (const [source, group] of bySource) {
      const text = this.documents.text(source) as string;
      const edits = group.map((candidate) => ({
        pointer: (candidate.target as Target).operation.pointer,
        changes: [
          ['href', `/${(candidate.entries[0] as PageNode).path}`],
          ['metadata', candidate.source.metadata],
          ['content', candidate.source.content],
        ] as const,
      }));
      const extension = this.extensionFor((group[0] as Candidate).target as Target).extension;
      const result = editSpec(text, edits, extension);
      if (!result.ok) {
        const shared = result.reason === 'shared';
        for (const candidate of group) {
          rewrites.delete(candidate);
          this.keep(
            candidate.source,
            shared ? 'migrate/shared-operation' : 'migrate/edit-failed',
            'error',
            shared
              ? `The operation in ${source} is a YAML anchor or alias, shared with other places, so it cannot get a page of its own.`
              : `${source} could not be edited without changing other content.`,
            shared ? 'Write the operation out in full to migrate the page.' : 'Please report this, with the document.',
          );
        }
        continue;
      }
      for (const candidate of group) this.reportShadowing(candidate, extension);
      if (result.reformatted)
        this.diagnostics.push({
          code: 'migrate/reformatted',
          severity: 'warning',
          message: `${source} could not be edited in place, so it is written out whole: the same content, in another layout.`,
          file: source,
          pointer: '',
        });
      changes.push({ kind: 'write', file: source, content: result.text, previous: text });
    }
    const navigation = rewriteEntries([...rewrites.values()].flat(), locate, this.texts);
    if (!navigation) throw new Error('migrateMdx: a navigation entry is not where docs.json was read to have it.');
    for (const [file, content] of navigation.files) changes.push({ kind: 'write', file, content, previous: this.texts.get(file) as string });
    const moved: MovedPage[] = [];
    for (const [candidate, entries] of rewrites) {
      const target = candidate.target as Target;
      const { operation } = target;
      moved.push({
        file: candidate.source.file,
        page: candidate.source.page,
        href: `/${(candidate.entries[0] as PageNode).path}`,
        extension: this.extensionFor(target).extension,
        spec: target.source,
        kind: operation.kind,
        method: operation.method,
        path: operation.path,
        pointer: operation.pointer,
        entries: entries.map((entry) => navigation.rewritten.get(entry.pointer) as RewrittenEntry),
      });
      changes.push({ kind: 'delete', file: candidate.source.file, previous: this.pageText(candidate.source.file) });
    }
    const written = new Set(changes.map((change) => change.file));
    const extensions = [...this.extensions.values()].filter((choice) => written.has(choice.spec));
    return this.finish(changes, moved, false, extensions);
  }

  /** The extension the document of `target` gets, chosen once per document. */
  private extensionFor(target: Target): PlannedExtension {
    let choice = this.extensions.get(target.source);
    if (!choice) {
      choice = chooseExtension(target.source, target.document.root(), this.extension);
      this.extensions.set(target.source, choice);
    }
    return choice;
  }

  /**
   * Another page extension of the operation that still has `href`, `metadata` or `content`
   * would show instead of what the page had: Quire reads `x-quire` before `x-mint`, and the
   * platform reads only `x-mint`. Left as it is (it may be wanted), but reported.
   */
  private reportShadowing(candidate: Candidate, written: string): void {
    const target = candidate.target as Target;
    const operation = getAtPointer(target.document.root(), target.operation.pointer);
    if (!isObject(operation)) return;
    const label = target.operation.kind === 'webhook' ? `webhook ${target.operation.path}` : `${target.operation.method} ${target.operation.path}`;
    for (const other of PAGE_EXTENSIONS) {
      const object = operation[other];
      if (other === written || !isObject(object)) continue;
      const members = ['href', 'metadata', 'content'].filter((member) => object[member] !== undefined);
      if (!members.length) continue;
      const quoted = members.map((member) => `\`${other}.${member}\``);
      const names = quoted.length > 1 ? `${quoted.slice(0, -1).join(', ')} and ${quoted[quoted.length - 1]}` : (quoted[0] as string);
      // `x-quire` is read before `x-mint` and any other name; the platform reads `x-mint` alone.
      const why =
        other === 'x-mint'
          ? 'the platform reads only `x-mint`, so its page shows these'
          : `Quire reads \`${other}\` before \`${written}\`, so Quire's page shows these`;
      const pointer = joinPointer(target.operation.pointer, other, members[0] as string);
      const where = target.document.locate(pointer, 'key');
      this.diagnostics.push({
        code: 'migrate/shadowed-extension',
        severity: 'warning',
        message: `${label} keeps ${names} beside the \`${written}\` written from ${candidate.source.file}: ${why} instead of what the MDX page had.`,
        file: target.source,
        pointer,
        ...(where ? { line: where.line, column: where.column } : {}),
        hint: `Remove ${names} from the operation, unless ${members.length === 1 ? 'it is' : 'they are'} meant to stay.`,
      });
    }
  }

  /**
   * The navigation entry that names the operation from where the page was listed: `METHOD /path`
   * when its document is in effect there and no other document in effect has it, else
   * `spec METHOD /path`; `undefined` when the site would read that name as another document.
   */
  private entryFor(target: Target, entry: PageNode): string | undefined {
    const { operation } = target;
    const label = operation.kind === 'webhook' ? `webhook ${operation.path}` : `${operation.method} ${operation.path}`;
    const inEffect = entry.openapi;
    const alone = inEffect.every((source) => {
      if (source.source === target.source) return true;
      const other = this.documents.load(source.source).document;
      return (
        other !== undefined &&
        !sameSource(source.source, target.source) &&
        !(operation.kind === 'webhook' ? findWebhook(other, operation.path) : findOperation(other, operation.method, operation.path)).match
      );
    });
    if (alone && inEffect.some((source) => source.source === target.source)) return label;
    const named = namedSource(target.source, inEffect, [target.source]);
    return named && stripDot(named.source) === stripDot(target.source) ? `${target.source} ${label}` : undefined;
  }

  private pageText(file: string): string {
    const { pages } = this.input;
    return (pages instanceof Map ? pages.get(file) : (pages as Record<string, string>)[file]) as string;
  }

  private blocked(invalid: ReturnType<Documents['all']>, candidates: readonly Candidate[]): MigrationPlan {
    for (const document of invalid) {
      const errors = document.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
      this.diagnostics.push({
        code: 'migrate/invalid-document',
        severity: 'error',
        message: `${document.source} has ${errors.length === 1 ? 'an error' : `${errors.length} errors`}, so nothing was changed: the documents must be valid before pages move into them.`,
        file: document.source,
        pointer: '',
        hint: 'Fix the errors below (`quire validate`), then run the migration again.',
      });
      append(this.diagnostics, errors);
    }
    for (const candidate of candidates)
      if (candidate.target)
        this.keep(
          candidate.source,
          'migrate/blocked',
          undefined,
          `Not moved: ${invalid.map((document) => document.source).join(', ')} ${invalid.length === 1 ? 'has' : 'have'} errors.`,
        );
    return this.finish([], [], true);
  }

  private keep(page: EndpointMdxPage, code: DiagnosticCode, severity: Severity | undefined, message: string, hint?: string, suggestions?: string[]): void {
    this.kept.push({ file: page.file, page: page.page, code, message });
    // Pages held back by an invalid file: that file's diagnostics say it all.
    if (severity === undefined) return;
    const diagnostic: Diagnostic = { code, severity, message, file: page.file, pointer: '/openapi', line: page.line, column: 1 };
    if (hint) diagnostic.hint = hint;
    if (suggestions?.length) diagnostic.suggestions = suggestions;
    this.diagnostics.push(diagnostic);
  }

  private finish(changes: PlannedChange[], moved: MovedPage[], blocked: boolean, extensions: PlannedExtension[] = []): MigrationPlan {
    const kept = [...this.kept].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
    return { changes, moved, extensions, kept, diagnostics: this.diagnostics, blocked };
  }
}

/** Pages that translated entries without a file fall back to (`x` for `fr/x`), with such an entry. */
function fallbacks(list: readonly PageNode[], files: Iterable<string> | undefined): Map<string, string> {
  const found = new Map<string, string>();
  if (!files) return found;
  const existing = new Set<string>();
  for (const file of files) {
    const page = filePagePath(file);
    existing.add(page);
    if (page.endsWith('/index')) existing.add(page.slice(0, -'/index'.length));
  }
  for (const node of list) {
    const slash = node.path.indexOf('/');
    if (slash === -1 || existing.has(node.path) || !LANGUAGES.has(node.path.slice(0, slash).toLowerCase())) continue;
    const original = node.path.slice(slash + 1);
    if (!found.has(original)) found.set(original, node.path);
  }
  return found;
}

const LANGUAGES = new Set<string>(LANGUAGE_CODES.map((code) => code.toLowerCase()));

/** The group of each page used as a group root. */
function groupRoots(node: NavigationNode, found = new Map<string, string>()): Map<string, string> {
  if (node.kind === 'group' && node.root !== undefined && !found.has(node.root)) found.set(node.root, node.label);
  if ('children' in node) for (const child of node.children) groupRoots(child, found);
  return found;
}

function stripDot(source: string): string {
  return source.trim().replace(/^\.?\/+/, '');
}
