import { Children, isValidElement, type ReactNode } from 'react';

/** Props as a page writes them: any name, any value (a string, a number, an expression). */
export type Props = { children?: ReactNode; [name: string]: unknown };

/** A prop that must be text: a string, or a number written as `{3}`; else `undefined`. */
export function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** A prop that may be text or elements (`label={<>v1 <b>new</b></>}`): renderable or undefined. */
export function node(value: unknown): ReactNode | undefined {
  if (value === undefined || value === null || value === false || value === '') return undefined;
  if (typeof value === 'string' || typeof value === 'number' || isValidElement(value) || Array.isArray(value)) return value as ReactNode;
  return undefined;
}

/** A boolean prop: `flag`, `flag={true}`, `flag="true"`; `flag={false}` and `"false"` are false. */
export function flag(value: unknown): boolean {
  return value === true || value === 'true' || value === '';
}

/** The visible text of rendered children (for copy buttons, ids, links to Cursor). */
export function textOf(children: ReactNode): string {
  let result = '';
  Children.forEach(children, (child) => {
    if (typeof child === 'string' || typeof child === 'number') result += String(child);
    else if (isValidElement<{ children?: ReactNode }>(child)) result += textOf(child.props.children);
  });
  return result;
}

/** Class names, without the empty ones. */
export function classes(...names: (string | false | undefined | null)[]): string {
  return names.filter(Boolean).join(' ');
}

/** A link that leaves the site (it gets `target`, `rel` and an outward arrow). */
export function isExternal(href: string): boolean {
  return /^[a-z][a-z\d+.-]*:/i.test(href) && !/^(?:mailto|tel):/i.test(href);
}

/** The attributes of a link: external ones open in a new tab, as on the platform. */
export function linkAttributes(href: string): { href: string; target?: string; rel?: string } {
  return isExternal(href) ? { href, target: '_blank', rel: 'noreferrer' } : { href };
}
