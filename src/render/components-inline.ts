import { createElement as h, type ReactNode } from 'react';
import { classes, flag, linkAttributes, node, text, type Props } from './component-props.js';
import { Icon } from './icons.js';
import { useComponentIds } from './ids.js';
import { CodeBlock } from './code.js';
import { INLINE_MARK } from './mdx.js';
import { cleanHeadingId } from '../content/slug.js';

// API fields.

const LOCATIONS = ['query', 'path', 'body', 'header'] as const;

/** The value a field shows for `default`: text as written, anything else as JSON. */
function shown(value: unknown): string | undefined {
  if (value === undefined || value === null) return value === null ? 'null' : undefined;
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

/**
 * A field row: its name (a link to its own `#param-...` anchor), type, where it goes (`query`,
 * `path`...), `required`, `deprecated`, `default`, then its description (the children).
 */
function fieldRow(kind: string, name: string | undefined, location: string | undefined, props: Props, id: string | undefined): ReactNode {
  const type = text(props.type);
  const defaultValue = shown(props.default);
  const pre = Array.isArray(props.pre) ? props.pre.filter((label): label is string => typeof label === 'string') : [];
  const post = Array.isArray(props.post) ? props.post.filter((label): label is string => typeof label === 'string') : [];
  // Inside a sentence (its content is phrasing then), spans: a <div> would end the paragraph.
  const box = props[INLINE_MARK] ? 'span' : 'div';
  return h(
    box,
    { className: classes('field', kind, flag(props.deprecated) && 'field-deprecated'), id },
    h(
      box,
      { className: 'field-head' },
      pre.map((label) => h('span', { key: `pre-${label}`, className: 'field-tag' }, label)),
      name === undefined ? null : id ? h('a', { className: 'field-name', href: `#${id}` }, name) : h('span', { className: 'field-name' }, name),
      type === undefined ? null : h('span', { className: 'field-type' }, type),
      location === undefined ? null : h('span', { className: 'field-location' }, location),
      flag(props.required) ? h('span', { className: 'field-required' }, 'required') : null,
      flag(props.deprecated) ? h('span', { className: 'field-deprecated-label' }, 'deprecated') : null,
      post.map((label) => h('span', { key: `post-${label}`, className: 'field-tag' }, label)),
    ),
    defaultValue === undefined ? null : h(box, { className: 'field-default' }, 'Default: ', h('code', null, defaultValue)),
    props.children === undefined ? null : h(box, { className: 'field-body' }, props.children),
  );
}

/** A request parameter: named by the first of `query`, `path`, `body`, `header`. */
export function ParamField(props: Props) {
  const ids = useComponentIds();
  const location = LOCATIONS.find((key) => text(props[key]) !== undefined);
  const name = location === undefined ? undefined : text(props[location]);
  const id = text(props.id) ?? (name === undefined || props[INLINE_MARK] ? undefined : ids.field(name));
  if (flag(props.hidden)) return null;
  return fieldRow('param-field', name, location, props, id);
}

/** A response field: `name`, `type`, `required`, `default`, `deprecated`, `pre`/`post` labels. */
export function ResponseField(props: Props) {
  const ids = useComponentIds();
  const name = text(props.name);
  const id = text(props.id) ?? (name === undefined || props[INLINE_MARK] ? undefined : ids.field(name));
  return fieldRow('response-field', name, undefined, props, id);
}

// Inline components.

const BADGE_COLORS = new Set(['gray', 'blue', 'green', 'yellow', 'orange', 'red', 'purple', 'white', 'surface', 'white-destructive', 'surface-destructive']);

/** A badge: `color`, `size` (`xs` to `lg`), `shape` (`rounded`, `pill`), `icon`, `stroke`, `disabled`. */
export function Badge({ color, size, shape, icon, iconType, stroke, disabled, className, children }: Props) {
  const colorName = text(color);
  const known = colorName !== undefined && BADGE_COLORS.has(colorName);
  const sizeName = ['xs', 'sm', 'md', 'lg'].includes(text(size) ?? '') ? text(size) : 'md';
  return h(
    'span',
    {
      className: classes(
        'badge',
        `badge-${known ? colorName : 'gray'}`,
        `badge-${sizeName}`,
        text(shape) === 'pill' && 'badge-pill',
        flag(stroke) && 'badge-stroke',
        flag(disabled) && 'badge-disabled',
        text(className),
      ),
      // A colour that is not one of the names (`#16a34a`) tints the badge itself.
      style: colorName !== undefined && !known ? { '--badge-color': colorName } : undefined,
    },
    icon === undefined ? null : h(Icon, { icon, iconType }),
    children,
  );
}

/**
 * Text with a tooltip (`tip`, and an optional `headline` and `cta` link to `href`), shown on hover
 * and on keyboard focus by CSS alone.
 */
export function Tooltip({ tip, headline, cta, href, children }: Props) {
  const link = text(href);
  return h(
    'span',
    { className: 'tooltip', tabIndex: 0 },
    h('span', { className: 'tooltip-trigger' }, children),
    h(
      'span',
      { className: 'tooltip-content', role: 'tooltip' },
      node(headline) === undefined ? null : h('span', { className: 'tooltip-headline' }, node(headline)),
      h('span', { className: 'tooltip-tip' }, node(tip) ?? ''),
      link && node(cta) !== undefined ? h('a', { className: 'tooltip-cta', ...linkAttributes(link) }, node(cta)) : null,
    ),
  );
}

/** A heading written as a component: `level` (2 by default) and a cleaned `id`. */
export function Heading({ level, id, children }: Props) {
  const depth = Math.min(Math.max(Math.round(Number(level) || 2), 1), 6);
  const written = text(id);
  return h(`h${depth}`, { id: written ? cleanHeadingId(written) : undefined }, children);
}

export function Link({ href, children }: Props) {
  const link = text(href);
  return link ? h('a', linkAttributes(link), children) : h('span', null, children);
}

/** A code block written as a component: `language`, `filename` (its title), the code as children. */
export function CodeBlockComponent({ language, filename, children }: Props) {
  const title = text(filename);
  return h(CodeBlock, {
    code: typeof children === 'string' ? children : '',
    language: text(language),
    meta: title ? `title="${title.replace(/"/g, '')}"` : undefined,
  });
}

/** Components that only wrap their children on the platform (`MDX`, `Variation`, `ZoomImage`...). */
export function PassThrough({ children }: Props) {
  return children ?? null;
}

/** A video as the platform's `OptimizedVideo`: its props on a `<video>`. */
export function OptimizedVideo({ src, poster, autoPlay, loop, muted, controls }: Props) {
  return h('video', {
    src: text(src),
    poster: text(poster),
    autoPlay: flag(autoPlay),
    loop: flag(loop),
    muted: flag(muted),
    controls: controls === undefined ? true : flag(controls),
    playsInline: true,
  });
}
