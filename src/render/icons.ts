import { createElement as h, type CSSProperties, type ReactNode } from 'react';
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

/**
 * An icon, inline: the SVG of the icons pages use most (`icons.generated.ts`: Lucide, and Font
 * Awesome's brands, no icon font, no request), an `<img>` for a URL or path, else a neutral dot
 * that keeps the name in `data-icon` and its label. A React element given as `icon` renders as is.
 */
export function Icon({ icon, src, color, size, className, style }: IconProps): ReactNode {
  const value = typeof src === 'string' ? src : icon;
  if (value !== null && typeof value === 'object') return value as ReactNode;
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
  const known = ICONS[name];
  if (!known) return h('span', { className: `${classes} quire-icon-unknown`, 'data-icon': name, role: 'img', 'aria-label': name, style: styles });
  return h('svg', {
    className: classes,
    'data-icon': name,
    viewBox: known.box,
    'aria-hidden': true,
    style: styles,
    dangerouslySetInnerHTML: { __html: known.body },
  });
}

/** The icon named `name` if there is one, for components that take an `icon` prop. */
export function iconOf(icon: unknown, props: Omit<IconProps, 'icon'> = {}): ReactNode {
  return icon === undefined || icon === null || icon === '' ? null : h(Icon, { icon, ...props });
}
