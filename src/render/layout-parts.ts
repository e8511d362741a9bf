import { createElement as h, type ReactNode } from 'react';
import type { Icon } from '../config/schemas/common.js';

/** Draws an icon of docs.json or of a page's frontmatter (a name, or `{ name, library }`); null when it cannot. */
export type IconRenderer = (icon: Icon) => ReactNode;

/** The shell's own icons (menu, theme, chevrons): small inline SVGs in the current colour. */
const UI_ICONS = {
  menu: 'M4 6h16M4 12h16M4 18h16',
  close: 'M6 6l12 12M18 6L6 18',
  sun: 'M12 3v2M12 19v2M4.2 4.2l1.4 1.4M18.4 18.4l1.4 1.4M3 12h2M19 12h2M4.2 19.8l1.4-1.4M18.4 5.6l1.4-1.4M12 8a4 4 0 1 0 0 8a4 4 0 0 0 0-8z',
  moon: 'M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z',
  chevron: 'M9 6l6 6l-6 6',
  external: 'M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5',
  left: 'M15 6l-6 6l6 6',
  right: 'M9 6l6 6l-6 6',
  list: 'M4 6h12M4 12h16M4 18h10',
} as const;

/** One of the shell's icons, hidden from screen readers (its control has a label). */
export function uiIcon(name: keyof typeof UI_ICONS, className?: string): ReactNode {
  return h(
    'svg',
    {
      className: className ?? `ui-icon ${name}`,
      viewBox: '0 0 24 24',
      width: '1em',
      height: '1em',
      fill: 'none',
      stroke: 'currentColor',
      strokeWidth: 2,
      strokeLinecap: 'round',
      strokeLinejoin: 'round',
      'aria-hidden': 'true',
    },
    h('path', { d: UI_ICONS[name] }),
  );
}

/** An icon of the site in its box, or nothing when there is none or it cannot be drawn. */
export function siteIcon(icon: Icon | undefined, renderIcon: IconRenderer | undefined): ReactNode {
  if (icon === undefined || renderIcon === undefined) return null;
  const drawn = renderIcon(icon);
  return drawn === null || drawn === undefined ? null : h('span', { className: 'icon', 'aria-hidden': 'true' }, drawn);
}

/** A badge beside a label: a group's, page's or version's `tag`. */
export function tagBadge(tag: string | undefined): ReactNode {
  return tag ? h('span', { className: 'nav-tag' }, tag) : null;
}

/** An HTTP method (or `webhook`) as a coloured badge. */
export function methodBadge(method: string | undefined, kind: 'endpoint' | 'webhook' = 'endpoint'): ReactNode {
  const label = kind === 'webhook' ? 'hook' : method === 'DELETE' ? 'DEL' : (method ?? '');
  return h('span', { className: `method method-${kind === 'webhook' ? 'webhook' : (method ?? '').toLowerCase()}` }, label);
}

/** Whether a URL leads out of the site (`https:`, `mailto:`, `//host`). */
export function isExternal(href: string): boolean {
  return /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(href);
}

/** Link attributes: an external link opens in a new tab, without the opener. */
export function linkProps(href: string): { href: string; target?: string; rel?: string } {
  return isExternal(href) && !/^(?:mailto|tel):/i.test(href) ? { href, target: '_blank', rel: 'noreferrer' } : { href };
}
