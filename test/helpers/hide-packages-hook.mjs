// Resolve hook of hide-packages.mjs: fails the way Node fails for a package that is not installed.
const hidden = new Set((process.env.QUIRE_HIDE_PACKAGES ?? '').split(',').filter(Boolean));

export async function resolve(specifier, context, nextResolve) {
  const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];
  if (hidden.has(name)) {
    const error = new Error(`Cannot find package '${name}' imported from ${context.parentURL}`);
    error.code = 'ERR_MODULE_NOT_FOUND';
    throw error;
  }
  return nextResolve(specifier, context);
}
