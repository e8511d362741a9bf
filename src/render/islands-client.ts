// No imports: the CLI reads this without loading React (an optional peer dependency).

/**
 * The islands' browser script, as an ES module for esbuild to bundle with React: it registers the
 * site's modules (`_quire/code/<file>.js`, each `__quire.define(file, imports, factory)`, run in
 * the same free-name scope as on the server: React's names without an import), then hydrates each
 * `<quire-island>` with its component and props (`data-client-only`: rendered afresh).
 */
export const ISLANDS_CLIENT_ENTRY = `
${importLines({ React: 'react', runtime: 'react/jsx-runtime', client: 'react-dom/client' })}
var createRoot = client.createRoot, hydrateRoot = client.hydrateRoot;
var defs = {}, made = {};
function camel(name) {
  if (/^--/.test(name)) return name;
  return name.toLowerCase().replace(/^-ms-/, 'ms-').replace(/-([a-z])/g, function (m, c) { return c.toUpperCase(); });
}
function styleObject(text) {
  var out = {}, parts = text.replace(/\\/\\*[\\s\\S]*?\\*\\//g, '').split(/;(?![^(]*\\))/);
  for (var i = 0; i < parts.length; i++) {
    var colon = parts[i].indexOf(':');
    if (colon <= 0) continue;
    var value = parts[i].slice(colon + 1).replace(/!\\s*important\\s*$/i, '').trim();
    if (value) out[camel(parts[i].slice(0, colon).trim())] = value;
  }
  return out;
}
function htmlAware(create) {
  return function (type, props, key) {
    if (typeof type === 'string' && props && typeof props.style === 'string') props = Object.assign({}, props, { style: styleObject(props.style) });
    return create(type, props, key);
  };
}
var jsxRuntime = { Fragment: runtime.Fragment, jsx: htmlAware(runtime.jsx), jsxs: htmlAware(runtime.jsxs) };
var assigned = {};
var free = new Proxy(assigned, {
  has: function (target, key) { return typeof key === 'string' && !(key in window); },
  get: function (target, key) {
    if (typeof key !== 'string') return undefined;
    if (key in assigned) return assigned[key];
    if (key === 'React') return React;
    return key !== 'default' && key in React ? React[key] : undefined;
  },
  set: function (target, key, value) { assigned[key] = value; return true; }
});
function load(file) {
  if (made[file]) return made[file].exports;
  var def = defs[file];
  if (!def) throw new Error('Quire islands: ' + file + ' was not loaded');
  var module = { exports: {} };
  made[file] = module;
  def.factory(free)(function (specifier) {
    var target = def.imports[specifier];
    if (target === 'react') return React;
    if (target === 'react/jsx-runtime' || target === 'react/jsx-dev-runtime') return jsxRuntime;
    return load(target);
  }, module, module.exports);
  return module.exports;
}
function propsOf(json) {
  var props = JSON.parse(json || '{}');
  for (var key in props) {
    var value = props[key];
    if (value && typeof value === 'object' && !Array.isArray(value) && typeof value.$html === 'string')
      props[key] = React.createElement('quire-html', { style: { display: 'contents' }, dangerouslySetInnerHTML: { __html: value.$html } });
  }
  return props;
}
function boot() {
  var islands = document.querySelectorAll('quire-island[data-island]');
  for (var i = 0; i < islands.length; i++) {
    var element = islands[i], at = element.getAttribute('data-island'), hash = at.lastIndexOf('#');
    try {
      var Component = load(at.slice(0, hash))[at.slice(hash + 1)];
      var node = React.createElement(Component, propsOf(element.getAttribute('data-props')));
      if (element.hasAttribute('data-client-only')) { element.textContent = ''; createRoot(element).render(node); }
      else hydrateRoot(element, node);
    } catch (error) {
      console.error('Quire islands: ' + at + ': ' + (error && error.message));
    }
  }
}
window.__quire = { define: function (file, imports, factory) { defs[file] = { imports: imports, factory: factory }; } };
// Deferred scripts run while the document is 'interactive', before DOMContentLoaded: the modules come after this one.
if (document.readyState === 'complete') boot(); else document.addEventListener('DOMContentLoaded', boot);
`;

/**
 * The entry's imports, written from their names: the built CLI holds this text, and its test
 * (test/cli/server-packages.test.ts) reads any `from 'react'` in it as a static import of React.
 */
function importLines(imports: Record<string, string>): string {
  return Object.entries(imports)
    .map(([name, specifier]) => `import * as ${name} from '${specifier}';`)
    .join('\n');
}
