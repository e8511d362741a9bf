import { linkPath } from '../content/link-path.js';
import { inSnippetFolder } from '../content/snippets.js';
import { joinPath } from '../util/posix-path.js';
import { append } from '../util/arrays.js';

/**
 * The files of a site that a renderer serves as they are, and that its pages or settings use:
 * {@link add} the files links lead to, {@link addNamed} the values of docs.json and frontmatter
 * that name a file. Every `.css` file, and every `.js` file that is not a snippet, is used: the
 * platform adds them to every page ("Custom scripts": any `.css` or `.js` file of the content
 * directory, without a reference).
 */
export class StaticFiles {
  private readonly used = new Set<string>();
  /** The first folder of every file, to skip a base path the site is served under. */
  private readonly folders = new Set<string>();

  /** `files`: the files of the site that are not pages (`.md`, `.mdx`), relative to its root; `snippets`: those the platform takes as snippets. */
  constructor(
    private readonly files: ReadonlySet<string>,
    snippets: ReadonlySet<string>,
  ) {
    for (const file of files) {
      if (file.includes('/')) this.folders.add(file.slice(0, file.indexOf('/')));
      if (/\.css$/i.test(file) || (/\.js$/i.test(file) && !inSnippetFolder(file) && !snippets.has(file))) this.used.add(file);
    }
  }

  /** Records a file a link leads to (`CompiledPageLink.file`). */
  add(file: string | undefined): void {
    if (file !== undefined) this.used.add(file);
  }

  /**
   * Records the files that the strings of `value` (docs.json: `logo`, `favicon`, an `icon` that is
   * a file, ...) name from the site root (`/logo/dark.svg`, `logo/dark.svg`). Other strings
   * (names, colors, URLs, page paths) name no file and are passed over.
   */
  addNamed(value: unknown): void {
    const stack = [value];
    while (stack.length > 0) {
      const item = stack.pop();
      if (typeof item === 'string') this.add(this.named(item));
      else if (Array.isArray(item)) append(stack, item);
      else if (item !== null && typeof item === 'object') append(stack, Object.values(item));
    }
  }

  /**
   * Records the files a page's frontmatter names: its `icon`, and its `og:*` and `twitter:*` tags
   * (`og:image`). Its other fields are words (`keywords: ["docs.json"]` is no file).
   */
  addFromFrontmatter(frontmatter: Readonly<Record<string, unknown>> | undefined): void {
    for (const [field, value] of Object.entries(frontmatter ?? {})) {
      if (typeof value === 'string' && (field === 'icon' || field.startsWith('og:') || field.startsWith('twitter:'))) this.add(this.named(value));
    }
  }

  /** The used files, sorted. */
  list(): string[] {
    return [...this.used].sort();
  }

  private named(value: string): string | undefined {
    // Most strings of a configuration are names and colors: a file's name has a `.` in it.
    if (!value.includes('.') || value.length > 1024) return undefined;
    const link = linkPath(value);
    if (link.kind === 'external' || link.path === '') return undefined;
    const path = joinPath(`/${link.path}`).slice(1);
    if (this.files.has(path)) return path;
    const slash = path.indexOf('/');
    return slash > 0 && !this.folders.has(path.slice(0, slash)) && this.files.has(path.slice(slash + 1)) ? path.slice(slash + 1) : undefined;
  }
}
