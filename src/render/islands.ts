import { createContext, createElement as h, isValidElement, useContext, type ComponentType, type ReactNode } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { useComponentIds, WithComponentIds } from './ids.js';

/** A component of the site's own code that is hydrated in the browser: the module file and export it comes from. */
export interface IslandComponent {
  file: string;
  name: string;
  Component: ComponentType<Record<string, unknown>>;
}

/** Inside an island's component: the components it uses are its own, hydrated with it. */
const InIsland = createContext(false);

/**
 * One use of an interactive component of the site's own code (`<Counter start={1} />`): rendered
 * on the server inside a `<quire-island>` element that names its module and export, with its
 * props as JSON, so that the islands' script (`_quire/islands.js`) hydrates it in the browser.
 * Props that are elements (MDX children) are rendered here and passed as HTML; a prop that is
 * neither JSON nor elements (a function) cannot reach the browser: that use is rendered on the
 * server only. A component that throws on the server (one that reads `window` as it renders) is
 * rendered in the browser alone, its error in its place until then.
 */
export function Island({ island, props }: { island: IslandComponent; props: Record<string, unknown> }): ReactNode {
  const inside = useContext(InIsland);
  const ids = useComponentIds();
  if (inside) return h(island.Component, props);
  const json: Record<string, unknown> = {};
  const given: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined) continue;
    if (containsElement(value)) {
      // Outside the island's own render: an island among these is one of its own.
      const html = renderToStaticMarkup(h(WithComponentIds, { state: ids, children: value as ReactNode }));
      json[key] = { $html: html };
      given[key] = h('quire-html', { style: CONTENTS, dangerouslySetInnerHTML: { __html: html } });
    } else if (isJson(value)) json[key] = given[key] = value;
    else return h(InIsland.Provider, { value: true }, h(island.Component, props));
  }
  const attributes = { 'data-island': `${island.file}#${island.name}`, 'data-props': JSON.stringify(json), style: CONTENTS };
  try {
    // With React's markers between adjacent texts (`Clicked <!-- -->3`): what hydration expects.
    const html = renderToString(h(InIsland.Provider, { value: true }, h(WithComponentIds, { state: ids }, h(island.Component, given))));
    return h('quire-island', { ...attributes, dangerouslySetInnerHTML: { __html: html } });
  } catch (error) {
    const message = `${island.file}: ${island.name === 'default' ? 'its default export' : island.name} threw on the server (${error instanceof Error ? error.message : String(error)}); it renders in the browser`;
    return h('quire-island', { ...attributes, 'data-client-only': '' }, h('div', { className: 'island-pending', role: 'status' }, message));
  }
}

const CONTENTS = { display: 'contents' };

function containsElement(value: unknown): boolean {
  return isValidElement(value) || (Array.isArray(value) && value.some(containsElement));
}

function isJson(value: unknown, depth = 0): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (depth > 32 || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.every((item) => isJson(item, depth + 1));
  if (Object.getPrototypeOf(value) !== Object.prototype) return false;
  return Object.values(value as object).every((item) => isJson(item, depth + 1));
}
