import * as React from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import type { ComponentType } from 'react';
import { resolveImportFile, type PageFacts, type PageImport } from '../content/index.js';
import { htmlAware, markdownHeadingIds, mdxJs, referenceReads, type MdxCompileError, type MdxComponents } from './mdx.js';
import { Island, type IslandComponent } from './islands.js';
import { InMdxFile } from './page-heading-ids.js';
import { withLegacySnippets } from './legacy-snippets.js';
import { requireCalls } from './require-calls.js';
import { fenceLanguages } from './code.js';

/**
 * Turns one module of the site's own code into CommonJS the loader can run (JSX with React's
 * automatic runtime, TypeScript's types dropped): esbuild's `transform`, given by the CLI. An
 * error is a value, with the place in the module when the tool gives one.
 */
export type SiteCodeTransform = (
  code: string,
  loader: 'js' | 'jsx' | 'ts' | 'tsx',
  file: string,
) => Promise<{ ok: true; code: string } | { ok: false; message: string; line?: number; column?: number }>;

/** What the site's module loader needs: the site's files and a way to read and transform them. */
export interface SiteCodeOptions {
  /** Every file of the site, relative to its root (`snippets/intro.mdx`): imports resolve among them. */
  files: Iterable<string>;
  /** The text of a file of the site, or undefined when it cannot be read. */
  readText(file: string): Promise<string | undefined>;
  /**
   * The facts of the site's MDX files by path (`Site.content`): a snippet's heading ids, and the
   * components it uses that are nowhere (they render nothing, as in a page).
   */
  content?: ReadonlyMap<string, PageFacts>;
  /** The TypeScript and JSX transform (see {@link SiteCodeTransform}). */
  transform: SiteCodeTransform;
  /**
   * React and the islands' hydration for the browser, bundled as one script (written as
   * `_quire/islands.js`, loaded only by pages with an interactive component of the site's own).
   * Without it, the site's components are rendered on the server only.
   */
  clientRuntime?: () => Promise<string>;
}

/** Why a page's code cannot run: the file at fault (and where in it) and the reason. */
export interface SiteCodeError extends MdxCompileError {
  file: string;
}

/** A page's content as a component, its site code loaded; or why it cannot run. */
export type SiteCodePage =
  | {
      ok: true;
      Content: ComponentType<{ components?: MdxComponents }>;
      /** The languages of the code fences of the MDX snippets it imports (see `fenceLanguages`), to load before it is drawn. */
      languages: ReadonlySet<string>;
    }
  | { ok: false; error: SiteCodeError };

/** A site's own code, loaded and run on the server (see {@link createSiteCode}). */
export interface SiteCode {
  /**
   * The page `file` (its MDX `text`) compiled as a module, with every module it imports loaded,
   * compiled and run: MDX snippets, JS/JSX/TS/TSX components. `components` are those its MDX (and
   * its MDX snippets') names read: the built-ins and the site's. Never throws.
   */
  page(
    file: string,
    text: string,
    facts: (Pick<PageFacts, 'headings'> & Partial<Pick<PageFacts, 'imports'>>) | undefined,
    components: MdxComponents,
  ): Promise<SiteCodePage>;
  /**
   * The scripts a page whose HTML is `html` loads for its islands (`<quire-island>`): the runtime,
   * then each module they need, as paths in the site (`_quire/islands.js`); empty without islands.
   */
  scriptsOf(html: string): string[];
  /**
   * Whether the page `file` can render an island: a module it imports, or the page itself, uses
   * a hook or an event handler. Its imports are loaded, not run.
   */
  mayHaveIslands(file: string, text: string, facts: Pick<PageFacts, 'headings'> | undefined): Promise<boolean>;
  /** The browser's files of the islands rendered so far, by their path in the site. */
  clientFiles(): Map<string, string>;
  /**
   * Lets go of the page `file`'s own module once its HTML is made (its islands' scripts taken):
   * a build of 25,000 pages held each one's compiled code and component, 45 KB a page. Loaded
   * again if something imports it later.
   */
  release(file: string): void;
}

/** Where the islands' browser files go (under the shell's own folder). */
export const ISLAND_RUNTIME = '_quire/islands.js';
const CLIENT_MODULES = '_quire/code/';

/** The React modules the site's code may import, by the specifiers it writes. */
const BUILT_IN_MODULES = new Set(['react', 'react/jsx-runtime', 'react/jsx-dev-runtime']);

/**
 * A module whose source uses a hook or an event handler: its components are islands, hydrated in
 * the browser. The others render on the server only, and ship no script.
 */
const INTERACTIVE = /\buse[A-Z]\w*\s*\(|\bon[A-Z][A-Za-z]*\s*[=:]/;

interface SiteModule {
  file: string;
  kind: 'mdx' | 'code';
  /** CommonJS, run inside the free-name scope (see {@link moduleFactory}). */
  code: string;
  /** Each specifier the module requires and the file (or React module) it names. */
  deps: Map<string, string>;
  interactive: boolean;
  /** An MDX module's code fence languages. */
  languages?: ReadonlySet<string>;
  /** Why it cannot be run: not read, not compiled, an import that names nothing. */
  error?: SiteCodeError;
  state?: 'running' | 'done' | 'failed';
  exports?: Record<string, unknown>;
  failure?: SiteCodeError;
}

/** The components the page's MDX reads: its snippets read the same. */
const SiteComponents = React.createContext<MdxComponents>({});

class SiteCodeFailure extends Error {
  constructor(readonly detail: SiteCodeError) {
    super(detail.message);
  }
}

/**
 * The site's own code, as the platform runs it: a page's MDX is an ES module, and so are the
 * snippets it imports (`import Intro from '/snippets/intro.mdx'`, relative paths, the platform's
 * extensions: resolved as `content/unresolved-import` resolves them) and the JS/JSX/TS/TSX files
 * that export React components. Names a module uses and defines nowhere are React's (`useState`
 * and `React.useState` without an import, as the platform allows) or, in an MDX snippet, the props it is given
 * (`<Intro name="x" />` and `{name}` inside); any other is `undefined`. `react` is the process's
 * React. Each module runs once per loader (one per build, or per change in `quire dev`). An
 * import cycle, a missing file, a package import or a module that throws makes the page fail
 * with the file and the reason. This is the site's own code: it runs with the rights of the
 * process, as a build script would.
 */
export function createSiteCode(options: SiteCodeOptions): SiteCode {
  const files = new Set(options.files);
  const modules = new Map<string, Promise<SiteModule>>();
  const loaded = new Map<string, SiteModule>();
  const islands = new WeakMap<object, IslandComponent>();
  const running: string[] = [];
  // The browser's text of each module a rendered page's islands need, as it was when rendered.
  const shipped = new Map<string, string>();
  // The props of the MDX snippets being rendered, innermost last: what their free names read.
  const props: Record<string, unknown>[] = [];
  // The components of the page last given: a module's free names that are components read them
  // (`<ParamField>` inside a snippet's `export const`, as on the platform, where they are in scope).
  let components: MdxComponents = {};
  // The names the page last given binds by its imports: the platform puts the snippets a page
  // imports into the page's own module, so a snippet's component may use another's that the page
  // imports without importing it itself (tkhq's Authorizations uses H3Bordered).
  let pageBindings: Record<string, unknown> = {};
  let runtime: Promise<string | undefined> | undefined;
  let runtimeText: string | undefined;

  const siteJsx = (create: typeof jsx): typeof jsx =>
    htmlAware((type, elementProps, key) => {
      const island = typeof type === 'function' ? islands.get(type) : undefined;
      return island ? create(Island, { island, props: elementProps as Record<string, unknown> }, key) : create(type, elementProps, key);
    });
  const jsxRuntime = { Fragment, jsx: siteJsx(jsx), jsxs: siteJsx(jsxs) };

  async function compile(
    file: string,
    text: string,
    facts: (Pick<PageFacts, 'headings'> & Partial<Pick<PageFacts, 'diagnostics'>>) | undefined,
  ): Promise<SiteModule> {
    const mdx = /\.mdx?$/i.test(file);
    const module: SiteModule = { file, kind: mdx ? 'mdx' : 'code', code: '', deps: new Map(), interactive: INTERACTIVE.test(text) };
    let source = text;
    if (mdx) {
      module.languages = fenceLanguages(text);
      // `<Snippet file="x.mdx" />` (legacy) as an import of that snippet, rendered in its place.
      const compiled = mdxJs(withLegacySnippets(text, files), 'program', {
        headingIds: markdownHeadingIds(facts?.headings ?? []),
        referenceReads: referenceReads(facts),
      });
      if (!compiled.ok) return { ...module, error: { file, ...compiled.error } };
      source = compiled.code;
    }
    const extension = /\.([jt]sx?)$/i.exec(file)?.[1]?.toLowerCase();
    const loader = extension === 'ts' ? 'ts' : extension === 'tsx' ? 'tsx' : 'jsx';
    const transformed = await options.transform(source, loader, file);
    if (!transformed.ok) {
      const { ok: _, ...error } = transformed;
      // The places in satteri's output are not the page's: only a JS module's are kept.
      return { ...module, error: mdx ? { file, message: error.message } : { file, ...error } };
    }
    module.code = transformed.code;
    // The calls of the code only: a code block of the page that shows `require("pkg")` is a string in it.
    for (const specifier of requireCalls(transformed.code)) {
      if (module.deps.has(specifier)) continue;
      if (BUILT_IN_MODULES.has(specifier)) module.deps.set(specifier, specifier);
      else if (!/^\.{0,2}\//.test(specifier)) {
        module.error ??= { file, message: `imports "${specifier}", a package: the site's code can import its own files and react only` };
      } else {
        const target = resolveImportFile(files, specifier, file);
        if (target === undefined) module.error ??= { file, message: `imports "${specifier}", which names no file of the site` };
        else module.deps.set(specifier, target);
      }
    }
    return module;
  }

  function load(file: string, text?: string, facts?: Pick<PageFacts, 'headings'>): Promise<SiteModule> {
    let module = text === undefined ? modules.get(file) : undefined;
    if (module) return module;
    module = (async () => {
      const source = text ?? (await options.readText(file));
      const compiled =
        source === undefined
          ? ({ file, kind: 'code', code: '', deps: new Map(), interactive: false, error: { file, message: 'could not be read' } } satisfies SiteModule)
          : await compile(file, source, facts ?? options.content?.get(file));
      loaded.set(file, compiled);
      return compiled;
    })();
    modules.set(file, module);
    return module;
  }

  /** `file` and every module it imports, read and compiled (a cycle among them is found when they run). */
  async function loadGraph(file: string, text: string, facts: Pick<PageFacts, 'headings'> | undefined): Promise<SiteModule> {
    const root = await load(file, text, facts);
    const seen = new Set([file]);
    let next = [root];
    while (next.length > 0) {
      const wanted = next.flatMap((module) => [...module.deps.values()]).filter((dep) => !BUILT_IN_MODULES.has(dep) && !seen.has(dep));
      for (const dep of wanted) seen.add(dep);
      next = await Promise.all([...new Set(wanted)].map((dep) => load(dep)));
    }
    return root;
  }

  function requireFrom(module: SiteModule) {
    return (specifier: string): unknown => {
      const target = module.deps.get(specifier);
      if (target === 'react') return React;
      if (target === 'react/jsx-runtime' || target === 'react/jsx-dev-runtime') return jsxRuntime;
      const dependency = target === undefined ? undefined : loaded.get(target);
      if (dependency === undefined) throw new SiteCodeFailure({ file: module.file, message: `imports "${specifier}", which was not loaded` });
      return run(dependency);
    };
  }

  function run(module: SiteModule): Record<string, unknown> {
    if (module.state === 'done') return module.exports as Record<string, unknown>;
    if (module.state === 'failed') throw new SiteCodeFailure(module.failure as SiteCodeError);
    if (module.state === 'running') {
      const cycle = [...running.slice(running.indexOf(module.file)), module.file];
      throw new SiteCodeFailure({ file: module.file, message: `is in an import cycle: ${cycle.join(' → ')}` });
    }
    if (module.error) {
      module.state = 'failed';
      module.failure = module.error;
      throw new SiteCodeFailure(module.error);
    }
    module.state = 'running';
    running.push(module.file);
    const holder: { exports: Record<string, unknown> } = { exports: {} };
    try {
      const scope = freeNames(
        module.kind === 'mdx' ? () => props[props.length - 1] : () => undefined,
        () => components,
        () => pageBindings,
      );
      moduleFactory(module.code)(scope)(requireFrom(module), holder, holder.exports);
      module.exports = exportsOf(module, holder.exports);
      module.state = 'done';
      return module.exports;
    } catch (error) {
      module.state = 'failed';
      module.failure =
        error instanceof SiteCodeFailure
          ? error.detail
          : { file: module.file, message: `threw while it loaded: ${error instanceof Error ? error.message : String(error)}` };
      throw new SiteCodeFailure(module.failure);
    } finally {
      running.pop();
    }
  }

  // What importers see: an MDX module's default export renders with the page's components and
  // its props as free names; the components of an interactive module are islands.
  function exportsOf(module: SiteModule, raw: Record<string, unknown>): Record<string, unknown> {
    const result: Record<string, unknown> = { __esModule: true };
    for (const name of Object.keys(raw)) {
      let value = raw[name];
      if (module.kind === 'mdx' && name === 'default' && typeof value === 'function')
        value = mdxContent(value as ComponentType<Record<string, unknown>>, options.content?.get(module.file)?.components ?? [], module.file);
      else if (typeof value === 'function' && module.interactive && (/^[A-Z]/.test(name) || (name === 'default' && module.kind === 'code')))
        islands.set(value, { file: module.file, name, Component: value as ComponentType<Record<string, unknown>> });
      result[name] = value;
    }
    return result;
  }

  function mdxContent(Content: ComponentType<Record<string, unknown>>, uses: readonly string[], file: string) {
    const render = Content as (props: Record<string, unknown>) => React.ReactNode;
    const Snippet = (given: Record<string, unknown>) => {
      const inherited = { ...React.useContext(SiteComponents), ...(given.components as MdxComponents | undefined) };
      for (const name of uses) if (/^[A-Z][\w$]*$/.test(name) && !(name in inherited)) inherited[name] = Dropped;
      props.push(given);
      try {
        // Its headings are the snippet's: the page numbers them over the page (page-heading-ids.ts).
        return React.createElement(InMdxFile, { file }, render({ ...given, components: inherited }));
      } finally {
        props.pop();
      }
    };
    return Snippet;
  }

  return {
    async page(file, text, facts, pageComponents) {
      components = pageComponents;
      pageBindings = {};
      const module = await loadGraph(file, text, facts);
      const needed = closure([file], loaded);
      if (needed.some((dependency) => loaded.get(dependency)?.interactive)) runtime ??= loadRuntime();
      if (runtime) await runtime;
      try {
        const exports = run(module);
        pageBindings = importedBindings(module, facts?.imports ?? []);
        const Content = exports.default as ComponentType<{ components?: MdxComponents }>;
        // The snippets it renders read the page's components from the context.
        const WithComponents = (given: { components?: MdxComponents }) =>
          React.createElement(SiteComponents.Provider, { value: given.components ?? pageComponents }, React.createElement(Content, given));
        const languages = new Set(needed.flatMap((dependency) => [...(loaded.get(dependency)?.languages ?? [])]));
        return { ok: true, Content: WithComponents, languages };
      } catch (error) {
        if (error instanceof SiteCodeFailure) return { ok: false, error: error.detail };
        return { ok: false, error: { file, message: error instanceof Error ? error.message : String(error) } };
      } finally {
        // A page is compiled and run again when rendered again (its text is given); the modules it imports are not.
        modules.delete(file);
      }
    },
    async mayHaveIslands(file, text, facts) {
      try {
        await loadGraph(file, text, facts);
        return closure([file], loaded).some((dependency) => loaded.get(dependency)?.interactive === true);
      } catch {
        return true;
      } finally {
        modules.delete(file);
        loaded.delete(file);
      }
    },
    release(file) {
      // Its module is compiled again when the page is rendered again (`page` forgets it too).
      modules.delete(file);
      loaded.delete(file);
    },
    scriptsOf(html) {
      if (runtimeText === undefined) return [];
      const files = new Set<string>();
      for (const match of html.matchAll(/<quire-island data-island="([^"#]*)#/g)) files.add(unescapeAttribute(match[1] as string));
      if (files.size === 0) return [];
      const needed = closure([...files], loaded);
      for (const file of needed) {
        const module = loaded.get(file);
        if (module) shipped.set(file, clientModule(module));
      }
      return [ISLAND_RUNTIME, ...needed.map((file) => `${CLIENT_MODULES}${file}.js`)];
    },
    clientFiles() {
      const result = new Map<string, string>();
      if (runtimeText === undefined || shipped.size === 0) return result;
      result.set(ISLAND_RUNTIME, runtimeText);
      for (const [file, text] of shipped) result.set(`${CLIENT_MODULES}${file}.js`, text);
      return result;
    },
  };

  /** The values of the names `imports` (a page's) bind, from the modules `module` loaded: what its snippets' free names may read. */
  function importedBindings(module: SiteModule, imports: readonly PageImport[]): Record<string, unknown> {
    const bindings: Record<string, unknown> = {};
    for (const item of imports) {
      const target = module.deps.get(item.source);
      const exports = target === undefined ? undefined : loaded.get(target)?.exports;
      if (!exports) continue;
      for (const name of item.names) if (name !== item.default && name in exports) bindings[name] = exports[name];
      if (item.default !== undefined && 'default' in exports) bindings[item.default] = exports.default;
    }
    return bindings;
  }

  async function loadRuntime(): Promise<string | undefined> {
    runtimeText = await options.clientRuntime?.().catch(() => undefined);
    return runtimeText;
  }
}

/** A component that is nowhere: it renders nothing, as in a page (`content/dropped-component`). */
function Dropped(): null {
  return null;
}

/** `files` and the site modules they import, each once, those imported first. */
function closure(files: string[], loaded: ReadonlyMap<string, SiteModule>): string[] {
  const order: string[] = [];
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || BUILT_IN_MODULES.has(file)) return;
    seen.add(file);
    for (const dependency of loaded.get(file)?.deps.values() ?? []) visit(dependency);
    order.push(file);
  };
  for (const file of files) visit(file);
  return order;
}

/**
 * The module's code as a function of its free-name scope, returning the CommonJS function. The
 * scope is outside the module's function: its own names (esbuild's `var`s among them) are found
 * first, then the scope's, then the globals it leaves alone.
 */
function moduleFactory(code: string): (scope: object) => (require: (specifier: string) => unknown, module: object, exports: object) => void {
  return new Function('__quireFree', `with (__quireFree) { return function (require, module, exports) {\n${code}\n}; }`) as never;
}

/** The text of a module for the browser: registered under its file, with its imports resolved. */
function clientModule(module: SiteModule): string {
  return (
    `__quire.define(${JSON.stringify(module.file)},${JSON.stringify(Object.fromEntries(module.deps))},` +
    `function(__quireFree){with(__quireFree){return function(require,module,exports){\n${module.code}\n}}});\n`
  );
}

/**
 * Names a module uses and defines nowhere (and that are not globals): a prop of the MDX snippet
 * being rendered, else a name the page binds by its imports, else a component of the page (a built-in, capitalized), else `React`
 * itself, else React's export of that name (hooks without an import), else undefined.
 */
function freeNames(
  currentProps: () => Record<string, unknown> | undefined,
  currentComponents: () => MdxComponents,
  currentBindings: () => Record<string, unknown>,
): object {
  const react = React as unknown as Record<string, unknown>;
  const assigned: Record<string, unknown> = {};
  return new Proxy(assigned, {
    has: (_target, key) => typeof key === 'string' && !(key in globalThis),
    get(_target, key) {
      if (typeof key !== 'string') return undefined;
      if (key in assigned) return assigned[key];
      const given = currentProps();
      if (given && key in given) return given[key];
      const bindings = currentBindings();
      if (key in bindings) return bindings[key];
      const component = /^[A-Z]/.test(key) ? currentComponents()[key] : undefined;
      if (component !== undefined) return component;
      // `React.useState` without an import: the platform's MDX scope holds React.
      if (key === 'React') return React;
      return key !== 'default' && key in react ? react[key] : undefined;
    },
    set(_target, key, value) {
      if (typeof key === 'string') assigned[key] = value;
      return true;
    },
  });
}

function unescapeAttribute(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
