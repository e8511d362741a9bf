/**
 * The packages that only `quire-docs/server` and the `serve`, `keys` and `conversations` commands
 * use. They are optional peer dependencies, so that installing quire-docs to validate a site does
 * not download a database and a model SDK; these commands load the server with `import()` and a
 * user who has not installed them gets one line saying what to install, not Node's stack trace.
 * package.json's `peerDependencies` must list the same names (test/cli/server-packages.test.ts).
 */
export const SERVER_PACKAGES: readonly string[] = ['@anthropic-ai/sdk', '@electric-sql/pglite', 'pg', 'pg-boss'];

/**
 * Throws Node's own error for the first server package that is not installed (the error
 * {@link missingServerPackage} names), without loading any. The server loads the model SDK and
 * the job queue when they are first used, not with its module, so that `quire keys` starts
 * faster; `quire serve` needs them all and says so at its start, not at its first job.
 */
export function checkServerPackages(): void {
  for (const name of SERVER_PACKAGES) import.meta.resolve(name);
}

/** The package a module specifier belongs to: `@scope/name` or `name`, without a subpath. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

/**
 * The server package whose absence made an import fail, or undefined when the error is anything
 * else (a missing package of the core is a broken install, and keeps its own error).
 */
export function missingServerPackage(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as Error & { code?: unknown }).code;
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') return undefined;
  // Node names the specifier in the message only: "Cannot find package 'pg' imported from ..."
  // for ESM, "Cannot find module 'pg'" for require().
  const specifier = /Cannot find (?:package|module) '([^']+)'/.exec(error.message)?.[1];
  if (specifier === undefined) return undefined;
  const name = packageOf(specifier);
  return SERVER_PACKAGES.includes(name) ? name : undefined;
}

/** One line naming the missing package and the command that installs all the server's packages. */
export function missingServerPackageMessage(name: string): string {
  return `this command runs quire-docs/server, which needs packages that are not installed (${name} is missing): npm install ${SERVER_PACKAGES.join(' ')}`;
}
