// The one-way flow of ../shared/STYLE.md ("The data flows one way"), checked on every import of
// src/ by `npm run check:boundaries` (dependency-cruiser). Type-only imports count: a folder that
// needs another's types depends on it as much as one that calls it.

/**
 * The folders of src/, lowest first. A folder imports only folders of earlier layers; folders of
 * one layer do not import each other. So no two folders import each other, and a reader can guess
 * a file's place in the flow from its folder. A new folder of src/ goes into one of these layers.
 */
const LAYERS = [
  // Helpers with no knowledge of Quire: posix paths, arrays, URI escapes, YAML nesting.
  ['util'],
  // Building blocks every stage uses: diagnostics, JSON pointers and scanning.
  ['diagnostics', 'json'],
  // docs.json and its schemas; the rule settings (quire.config.json, --rule).
  ['config', 'rules'],
  // A page's frontmatter; mint.json → docs.json.
  ['frontmatter', 'upgrade'],
  // A page's body: MDX facts, links, snippets.
  ['content'],
  // docs.json's navigation resolved into a tree.
  ['navigation'],
  // OpenAPI documents and the endpoint pages they expand into.
  ['openapi'],
  // MDX pages written from OpenAPI (quire openapi-file); endpoint pages moved into OpenAPI (quire migrate).
  ['openapi-mdx', 'migrate'],
  // The whole site compiled from the stages (compileSite, createCompiler).
  ['site'],
  // The build format written from a compiled site (buildSite).
  ['build'],
  // The site as AI agents read it: pages as Markdown, llms.txt, sitemap.xml.
  ['agents'],
];

/** The core: everything but the Node adapter, the CLI and the server. */
const CORE = LAYERS.flat();
const ADAPTERS = ['node', 'server', 'cli', 'render'];
const any = (folders) => `^src/(${folders.join('|')})/`;

/** One rule per layer: its folders import nothing of their own layer (but themselves) or above. */
const layerRules = LAYERS.flatMap((layer, index) =>
  layer.map((folder) => {
    const notBelow = [
      ...LAYERS.slice(index)
        .flat()
        .filter((other) => other !== folder),
      ...ADAPTERS,
    ];
    return {
      name: `layer-${folder}`,
      severity: 'error',
      comment: `src/${folder}/ imports only folders below it in the one-way flow: ${LAYERS.slice(0, index).flat().join(', ') || 'none'}.`,
      from: { path: `^src/${folder}/` },
      to: { path: [any(notBelow), '^src/index\\.ts$'] },
    };
  }),
);

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: 'core-no-node-builtins',
      severity: 'error',
      comment: 'The core runs in a browser, a build plugin or an editor: only src/node, src/cli and src/server use Node built-ins.',
      from: { path: [any(CORE), '^src/index\\.ts$'] },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'node-adapter-not-above',
      severity: 'error',
      comment: 'The Node adapter (quire-docs/node) gathers texts and calls the core; the CLI and the server sit on top of it.',
      from: { path: '^src/node/' },
      to: { path: any(['cli', 'server']) },
    },
    {
      name: 'server-through-public-entries',
      severity: 'error',
      comment: "The server sits on top and never reaches into the stages' internals: it imports the package's public entries only.",
      from: { path: '^src/server/' },
      to: { path: '^src/', pathNot: ['^src/server/', '^src/index\\.ts$', '^src/node/index\\.ts$', '^src/content/index\\.ts$'] },
    },
    {
      name: 'folder-in-a-layer',
      severity: 'error',
      comment: 'Every folder of src/ has its place in the flow: add a new folder to LAYERS in .dependency-cruiser.cjs.',
      from: { path: '^src/[^/]+/', pathNot: any([...CORE, ...ADAPTERS]) },
      to: {},
    },
    {
      name: 'resolvable',
      severity: 'error',
      comment: 'An import the check cannot resolve would escape every rule above.',
      from: { path: '^src/' },
      to: { couldNotResolve: true },
    },
    {
      name: 'no-folder-cycles',
      severity: 'error',
      comment: 'No two folders (at any depth) import each other, directly or through others.',
      scope: 'folder',
      from: { path: '^src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // Resolve packages' `exports` as the bundler does (`@readme/httpsnippet/targets`).
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
