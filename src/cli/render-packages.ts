import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
/**
 * The packages that only quire-docs/render and the commands that render pages (`quire build
 * --html`, `quire dev`) use: optional peer dependencies, as the server's are (see
 * `SERVER_PACKAGES`). package.json's `peerDependencies` must list these and the server's
 * (test/cli/server-packages.test.ts).
 */
export const RENDER_PACKAGES: readonly string[] = [
  'react',
  'react-dom',
  'shiki',
  'katex',
  '@iconify-json/lucide',
  '@iconify-json/fa7-brands',
  // The site's own code: its TypeScript and JSX transformed, the islands' browser script bundled.
  'esbuild',
  'mermaid',
];

/**
 * Mermaid's browser bundle (`mermaid/dist/mermaid.min.js`, 5.5 MB), which `quire build --html`
 * copies to `_quire/` when a page has a diagram; undefined when mermaid is not installed (the
 * diagrams then show their source).
 */
export async function readMermaidBundle(): Promise<Uint8Array | undefined> {
  try {
    const file = createRequire(import.meta.url).resolve('mermaid/dist/mermaid.min.js');
    return await readFile(file);
  } catch {
    return undefined;
  }
}

/**
 * quire-docs/render, loaded when a command renders pages (`quire build --html`, `quire dev`).
 * react and react-dom are optional peer dependencies, so that installing quire-docs to validate a
 * site does not download them: a user who has not installed them gets one line saying what to
 * install (returned as a string), not Node's stack trace.
 */
export async function loadRender(what: string): Promise<typeof import('../render/index.js') | string> {
  // React's production build: its development build checks and warns on every element, several times slower.
  process.env.NODE_ENV ??= 'production';
  try {
    return await import('../render/index.js');
  } catch (error) {
    const missing = /Cannot find (?:package|module) '((?:react|react-dom)(?:\/[^']*)?)'/.exec(error instanceof Error ? error.message : '');
    if (missing) return `${what} renders pages with React, which is not installed (${missing[1]} is missing): npm install react react-dom`;
    throw error;
  }
}

/**
 * The API playground's browser script (see src/render/playground-client.ts): built into the
 * package as `dist/render/playground.js`; run from the sources (the tests), bundled from them
 * with esbuild at first use. Undefined when neither can be had (the playground's inputs are then
 * drawn and nothing sends them).
 */
export function readPlaygroundBundle(): Promise<string | undefined> {
  playgroundBundle ??= (async () => {
    // Wherever the bundler put this code (dist/cli/, a chunk in dist/), the file is beside it.
    for (const candidate of ['../render/playground.js', './render/playground.js']) {
      const text = await readFile(new URL(candidate, import.meta.url), 'utf8').catch(() => undefined);
      if (text !== undefined) return text;
    }
    const source = fileURLToPath(new URL('../render/playground-client.ts', import.meta.url));
    try {
      const esbuild = await import('esbuild');
      const built = await esbuild.build({
        entryPoints: [source],
        bundle: true,
        format: 'iife',
        platform: 'browser',
        target: 'es2020',
        minify: true,
        write: false,
        logLevel: 'silent',
      });
      return built.outputFiles[0]?.text;
    } catch {
      return undefined;
    }
  })();
  return playgroundBundle;
}

let playgroundBundle: Promise<string | undefined> | undefined;
