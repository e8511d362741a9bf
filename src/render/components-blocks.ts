import { Children, cloneElement, createElement as h, isValidElement } from 'react';
import { classes, flag, isExternal, linkAttributes, node, text, textOf, type Props } from './component-props.js';
import { Icon, iconOf } from './icons.js';
import { useComponentIds } from './ids.js';
import { copyButton } from './code.js';
import { cleanHeadingId } from '../content/slug.js';
import { SideSlot } from './side-column.js';

// Callouts: Note, Warning, Info, Tip, Check, Danger, and Callout with its own icon and colour.

const CALLOUT_ICONS: Record<string, string> = {
  note: 'info',
  info: 'circle-info',
  warning: 'triangle-alert',
  tip: 'lightbulb',
  check: 'check',
  danger: 'octagon-alert',
  callout: 'info',
};

/** A callout of `kind`: a tinted box with the kind's icon (the CSS gives each kind its colour). */
export function callout(kind: string) {
  const lower = kind.toLowerCase();
  const Callout = ({ children, icon, color, iconType, title }: Props) => {
    const tint = text(color);
    return h(
      'div',
      { className: `callout callout-${lower}`, role: 'note', 'data-callout': lower, style: tint ? { '--callout-color': tint } : undefined },
      h('div', { className: 'callout-icon' }, h(Icon, { icon: icon ?? CALLOUT_ICONS[lower], iconType })),
      h('div', { className: 'callout-body' }, node(title) === undefined ? null : h('p', { className: 'callout-title' }, node(title)), children),
    );
  };
  Callout.displayName = kind;
  return Callout;
}

// Cards, grids, tiles, panels, frames.

/**
 * A card: `title`, `icon` (with `iconType`, `color`), `href` (the whole card is the link),
 * `horizontal` (icon beside the title), `img` (a picture on top), `cta` (a call to action at the
 * bottom), `arrow` (an outward arrow; shown by default on external links), `disabled`.
 */
export function Card({ title, icon, iconType, color, href, horizontal, img, cta, arrow, disabled, children }: Props) {
  const link = text(href);
  const image = text(img);
  const showArrow = arrow === undefined ? link !== undefined && isExternal(link) : flag(arrow);
  const content = h(
    'div',
    { key: 'content', className: 'card-content' },
    icon === undefined ? null : h('div', { className: 'card-icon', style: text(color) ? { color: text(color) } : undefined }, h(Icon, { icon, iconType })),
    h(
      'div',
      { className: 'card-text' },
      node(title) === undefined ? null : h('div', { className: 'card-title' }, node(title)),
      children === undefined ? null : h('div', { className: 'card-body' }, children),
      node(cta) === undefined ? null : h('div', { className: 'card-cta' }, node(cta), ' ', h(Icon, { icon: 'arrow-right' })),
    ),
    showArrow ? h('span', { className: 'card-arrow', 'aria-hidden': true }, h(Icon, { icon: 'arrow-up-right-from-square' })) : null,
  );
  const body = [image ? h('img', { key: 'img', className: 'card-img', src: image, alt: '' }) : null, content];
  const className = classes('card', flag(horizontal) && 'card-horizontal', link !== undefined && 'card-link', flag(disabled) && 'card-disabled');
  return link !== undefined && !flag(disabled) ? h('a', { className, ...linkAttributes(link) }, body) : h('div', { className }, body);
}

/** A grid of `cols` columns (2 by default, 1 on a phone): `CardGroup` and `Columns`. */
export function Columns({ cols, children }: Props) {
  const count = Math.min(Math.max(Math.round(Number(cols) || 2), 1), 6);
  return h('div', { className: `columns columns-${count}`, style: { '--columns': count } }, children);
}

export function Column({ children }: Props) {
  return h('div', { className: 'column' }, children);
}

/** A tile: a preview (its children) over a title and description, the whole a link to `href`. */
export function Tile({ href, title, description, children }: Props) {
  const link = text(href);
  const content = [
    h('div', { key: 'preview', className: 'tile-preview' }, children),
    node(title) === undefined ? null : h('div', { key: 'title', className: 'tile-title' }, node(title)),
    node(description) === undefined ? null : h('div', { key: 'description', className: 'tile-description' }, node(description)),
  ];
  return link ? h('a', { className: 'tile', ...linkAttributes(link) }, content) : h('div', { className: 'tile' }, content);
}

/**
 * A panel: its content takes the page's right column in place of the table of contents (see
 * `SideSlot`), in the flow on a phone; a page whose mode has no right column leaves it out.
 */
export function Panel({ children }: Props) {
  return h(SideSlot, { kind: 'panel' }, h('aside', { className: 'panel', 'data-quire-panel': '' }, children));
}

/** A frame around an image or a video, with an optional `caption` below and `hint` above. */
export function Frame({ caption, hint, children }: Props) {
  return h(
    'figure',
    { className: 'frame' },
    node(hint) === undefined ? null : h('div', { className: 'frame-hint' }, h(Icon, { icon: 'lightbulb' }), node(hint)),
    h('div', { className: 'frame-content' }, children),
    node(caption) === undefined ? null : h('figcaption', { className: 'frame-caption' }, node(caption)),
  );
}

// Steps and updates: the two components the table of contents lists.

/** A numbered list of steps; `titleSize` (`p`, `h2`, `h3`) applies to every step without its own. */
export function Steps({ titleSize, children }: Props) {
  let number = 0;
  const steps = Children.map(children, (child) => {
    // HTML elements between the steps (`<div>`, `<br />`) are not numbered and take no step props.
    if (!isValidElement<Props>(child) || typeof child.type === 'string') return child;
    number++;
    const own = child.props;
    return cloneElement(child, { stepNumber: own.stepNumber ?? number, titleSize: own.titleSize ?? titleSize });
  });
  return h('div', { className: 'steps', role: 'list' }, steps);
}

/**
 * A step: its number (or `icon`), a `title` (a heading with the id the table of contents gives it
 * when `titleSize` is `h2` or `h3`; else a paragraph), and its body.
 */
export function Step({ title, icon, iconType, stepNumber, titleSize, id, children }: Props) {
  const ids = useComponentIds();
  const size = text(titleSize);
  const heading = size === 'h2' || size === 'h3';
  const tocId = heading ? ids.heading('Step') : undefined;
  const written = text(id);
  const elementId = tocId || (written ? cleanHeadingId(written) : undefined);
  const titleNode = node(title);
  return h(
    'div',
    { className: 'step', role: 'listitem' },
    h(
      'div',
      { className: 'step-marker', 'aria-hidden': icon === undefined ? undefined : true },
      icon === undefined ? (text(stepNumber) ?? '') : h(Icon, { icon, iconType }),
    ),
    h(
      'div',
      { className: 'step-content' },
      titleNode === undefined ? null : h(heading ? size : 'p', { className: 'step-title', id: elementId }, titleNode),
      h('div', { className: 'step-body' }, children),
    ),
  );
}

/**
 * A changelog entry: its `label` (a date, a version) and `description` in the left column, its
 * `tags` as badges, the body on the right. The label is a heading of the table of contents: the
 * entry carries the id the page's facts give it.
 */
export function Update({ label, description, tags, id, children }: Props) {
  const ids = useComponentIds();
  const labelNode = node(label);
  const elementId = (labelNode !== undefined ? ids.heading('Update') : undefined) || (text(id) ? cleanHeadingId(text(id) as string) : undefined);
  const tagList = Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === 'string') : [];
  return h(
    'div',
    { className: 'update', id: elementId },
    h(
      'div',
      { className: 'update-meta' },
      labelNode === undefined ? null : h('div', { className: 'update-label' }, labelNode),
      node(description) === undefined ? null : h('div', { className: 'update-description' }, node(description)),
      tagList.length === 0
        ? null
        : h(
            'div',
            { className: 'update-tags' },
            tagList.map((tag) => h('span', { key: tag, className: 'badge badge-gray badge-sm' }, tag)),
          ),
    ),
    h('div', { className: 'update-body' }, children),
  );
}

// Trees, colours, prompts, GitHub repositories.

/** A file tree: folders (`Tree.Folder`, `<details>`, open with `defaultOpen`) and files. */
export function Tree({ children }: Props) {
  return h('div', { className: 'tree', role: 'tree' }, h('ul', null, children));
}

function TreeFolder({ name, defaultOpen, openable, children }: Props) {
  const label = [h(Icon, { key: 'icon', icon: 'folder' }), h('span', { key: 'name' }, text(name) ?? '')];
  if (openable === false || openable === 'false') return h('li', { className: 'tree-folder', role: 'treeitem' }, h('div', { className: 'tree-label' }, label));
  return h(
    'li',
    { className: 'tree-folder', role: 'treeitem' },
    h('details', { open: flag(defaultOpen) || undefined }, h('summary', { className: 'tree-label' }, label), h('ul', { role: 'group' }, children)),
  );
}

function TreeFile({ name, highlight }: Props) {
  return h(
    'li',
    { className: classes('tree-file', flag(highlight) && 'tree-highlighted'), role: 'treeitem' },
    h('div', { className: 'tree-label' }, h(Icon, { icon: 'file' }), h('span', null, text(name) ?? '')),
  );
}
Tree.Folder = TreeFolder;
Tree.File = TreeFile;

/** Colour swatches: `variant="compact"` (a grid) or `"table"` (rows of `Color.Row` with titles). */
export function Color({ variant, children }: Props) {
  return h('div', { className: `colors colors-${text(variant) === 'table' ? 'table' : 'compact'}` }, children);
}

function ColorRow({ title, children }: Props) {
  return h(
    'div',
    { className: 'color-row' },
    node(title) === undefined ? null : h('div', { className: 'color-row-title' }, node(title)),
    h('div', { className: 'color-row-items' }, children),
  );
}

/** A swatch: clicking copies its `value` (`data-quire-copy-text`, the client script). */
function ColorItem({ name, value }: Props) {
  const color = text(value) ?? '';
  return h(
    'button',
    { type: 'button', className: 'color-item', 'data-quire-copy-text': color, title: `Copy ${color}` },
    h('span', { className: 'color-swatch', style: { background: color } }),
    text(name) === undefined ? null : h('span', { className: 'color-name' }, text(name)),
    h('code', { className: 'color-value' }, color),
  );
}
Color.Row = ColorRow;
Color.Item = ColorItem;

/**
 * A prompt for an AI tool: its `description` and `icon` over the prompt text, with the `actions`
 * the page asks for (`copy`, the default, and `cursor`: a link that opens the prompt in Cursor).
 */
export function Prompt({ description, icon, iconType, actions, children }: Props) {
  const wanted = Array.isArray(actions) ? actions.filter((action): action is string => typeof action === 'string') : ['copy'];
  const prompt = textOf(children).trim();
  return h(
    'div',
    { className: 'prompt' },
    h(
      'div',
      { className: 'prompt-head' },
      h(Icon, { icon: icon ?? 'sparkles', iconType }),
      h('span', { className: 'prompt-description' }, node(description) ?? 'Prompt'),
      h(
        'span',
        { className: 'prompt-actions' },
        wanted.includes('cursor')
          ? h('a', { className: 'prompt-action', href: `cursor://anysphere.cursor-deeplink/prompt?text=${encodeURIComponent(prompt)}` }, 'Open in Cursor')
          : null,
        wanted.includes('copy') ? copyButton() : null,
      ),
    ),
    h('div', { className: 'prompt-body', 'data-quire-copy-source': '' }, children),
  );
}

/** A link to a GitHub repository (`repo="owner/name"`), drawn as a card; no request is made. */
export function GitHub({ repo, children }: Props) {
  const name = text(repo);
  if (!name) return children ?? null;
  return h(
    'a',
    { className: 'card card-link card-horizontal github-repo', ...linkAttributes(`https://github.com/${name}`) },
    h(
      'div',
      { className: 'card-content' },
      h('div', { className: 'card-icon' }, h(Icon, { icon: 'github' })),
      h('div', { className: 'card-text' }, h('div', { className: 'card-title' }, name)),
    ),
  );
}
GitHub.Repo = GitHub;

/** Icons with their label for components that take `icon` (re-exported for the other families). */
export { iconOf };
