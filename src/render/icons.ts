import { createElement as h, isValidElement, type CSSProperties, type ReactNode } from 'react';
import { ICONS } from './icons.generated.js';

/** What {@link Icon} takes, as the platform documents it. */
export interface IconProps {
  /** A Font Awesome or Lucide name (`circle-check`), or a URL or site path of an image. */
  icon?: unknown;
  /** An image instead of a name (`src`). */
  src?: unknown;
  /** `solid`, `regular`, `light`, `duotone`...: Font Awesome styles; drawn the same here. */
  iconType?: unknown;
  color?: unknown;
  size?: unknown;
  className?: unknown;
  style?: unknown;
}

/** An Iconify icon set as `@iconify-json/*` packages export it (the parts read here). */
interface IconSet {
  icons: Record<string, { body: string; width?: number; height?: number }>;
  aliases?: Record<string, { parent: string }>;
  width?: number;
  height?: number;
}

let iconSets: Promise<{ lucide?: IconSet; brands?: IconSet }> | undefined;
let sets: { lucide?: IconSet; brands?: IconSet } = {};

/**
 * Loads the icon sets pages name icons from, once per process: Lucide and Font Awesome's brands
 * (`@iconify-json/lucide`, `@iconify-json/fa7-brands`, optional peer dependencies; the names the
 * checks accept). Resolves to whether they are there; without them a named icon is a neutral dot.
 */
export async function prepareIcons(): Promise<boolean> {
  iconSets ??= Promise.all([
    import('@iconify-json/lucide').then(
      (module) => (module as unknown as { icons: IconSet }).icons,
      () => undefined,
    ),
    import('@iconify-json/fa7-brands').then(
      (module) => (module as unknown as { icons: IconSet }).icons,
      () => undefined,
    ),
  ]).then(([lucide, brands]) => ({ lucide, brands }));
  sets = await iconSets;
  return sets.lucide !== undefined;
}

// Font Awesome names (the platform's default library) whose Lucide icon is named otherwise.
const FONT_AWESOME_TO_LUCIDE: Record<string, string> = {
  gear: 'settings',
  gears: 'settings',
  'magnifying-glass': 'search',
  'file-lines': 'file-text',
  'circle-xmark': 'circle-x',
  xmark: 'x',
  'diagram-project': 'workflow',
  'hand-pointer': 'pointer',
  'circle-info': 'info',
  sliders: 'sliders-horizontal',
  'puzzle-piece': 'puzzle',
  'layer-group': 'layers',
  bolt: 'zap',
  robot: 'bot',
  'code-branch': 'git-branch',
  'circle-question': 'circle-help',
  'triangle-exclamation': 'triangle-alert',
  'circle-exclamation': 'circle-alert',
  'arrow-up-right-from-square': 'external-link',
  'pen-to-square': 'square-pen',
  'wand-magic-sparkles': 'wand-sparkles',
  'screwdriver-wrench': 'wrench',
  'shield-halved': 'shield',
  'money-bill': 'banknote',
  envelope: 'mail',
  'comment-dots': 'message-circle-more',
  comments: 'messages-square',
  comment: 'message-circle',
  'user-group': 'users',
  'chart-bar': 'chart-column',
  'earth-americas': 'earth',
  'table-list': 'table',
  'list-check': 'list-checks',
  'right-left': 'arrow-left-right',
  'arrows-rotate': 'refresh-cw',
  rotate: 'rotate-cw',
  'cloud-arrow-up': 'cloud-upload',
  'cloud-arrow-down': 'cloud-download',
  microchip: 'cpu',
  'sack-dollar': 'hand-coins',
  'paper-plane': 'send',
  'gauge-high': 'gauge',
  'clock-rotate-left': 'history',
  flask: 'flask-conical',
  'face-smile': 'smile',
  'trash-can': 'trash-2',
  'box-archive': 'archive',
  bullhorn: 'megaphone',
  blog: 'rss',
};

/** An icon's SVG contents and view box: a brand of Font Awesome, else Lucide's (by name, alias, or the Font Awesome name's equivalent), else the components' own. */
function iconDrawing(name: string): { body: string; box: string } | undefined {
  const { lucide, brands } = sets;
  // A brand name is Font Awesome's brand (`apple` is the company, as on the platform).
  const brand = brands?.icons[name];
  if (brand && brands) return { body: brand.body, box: `0 0 ${brand.width ?? brands.width ?? 512} ${brand.height ?? brands.height ?? 512}` };
  if (lucide) {
    for (const candidate of [name, FONT_AWESOME_TO_LUCIDE[name]]) {
      if (candidate === undefined) continue;
      const icon = lucide.icons[candidate] ?? lucide.icons[lucide.aliases?.[candidate]?.parent ?? ''];
      if (icon) return { body: icon.body, box: `0 0 ${icon.width ?? lucide.width ?? 24} ${icon.height ?? lucide.height ?? 24}` };
    }
  }
  return ICONS[name];
}

/**
 * An icon, inline: the SVG of a Lucide icon or a Font Awesome brand (from the icon sets
 * {@link prepareIcons} loads; no icon font, no request), an `<img>` for a URL or path, else a
 * neutral dot that keeps the name in `data-icon` and its label. A React element given as `icon`
 * renders as is.
 */
export function Icon({ icon, src, color, size, className, style }: IconProps): ReactNode {
  let value = typeof src === 'string' ? src : icon;
  // An element given as the icon (`icon={<svg ... />}`) is drawn as it is; docs.json's object form
  // (`{ "name": "microchip-ai", "style": "thin" }`) by its name. Any other object is no icon (it
  // would make React throw, and the page with it).
  if (isValidElement(value)) return value;
  if (value !== null && typeof value === 'object') value = (value as { name?: unknown }).name;
  if (typeof value !== 'string' || value === '') return null;
  const pixels = typeof size === 'number' ? size : typeof size === 'string' && /^\d+(\.\d+)?$/.test(size) ? Number(size) : undefined;
  const styles: CSSProperties = {
    ...(typeof style === 'object' && style !== null ? (style as CSSProperties) : {}),
    ...(typeof color === 'string' ? { color } : {}),
    ...(pixels ? { width: pixels, height: pixels } : {}),
  };
  const classes = ['quire-icon', typeof className === 'string' ? className : ''].filter(Boolean).join(' ');
  if (/^(?:https?:|\/|\.\.?\/|data:image\/)/.test(value) || /\.(svg|png|jpe?g|gif|webp)$/i.test(value))
    return h('img', { className: `${classes} quire-icon-image`, src: value, alt: '', style: styles });
  const name = value.replace(/^fa-/, '').toLowerCase();
  const known = iconDrawing(name);
  if (!known) return h('span', { className: `${classes} quire-icon-unknown`, 'data-icon': name, role: 'img', 'aria-label': name, style: styles });
  return h('svg', {
    className: classes,
    'data-icon': name,
    viewBox: known.box,
    // Icon-sized where the style sheet is not loaded (a page opened from disk): the CSS sets the same.
    width: '1em',
    height: '1em',
    'aria-hidden': true,
    style: styles,
    dangerouslySetInnerHTML: { __html: known.body },
  });
}

/** The icon named `name` if there is one, for components that take an `icon` prop. */
export function iconOf(icon: unknown, props: Omit<IconProps, 'icon'> = {}): ReactNode {
  return icon === undefined || icon === null || icon === '' ? null : h(Icon, { icon, ...props });
}
