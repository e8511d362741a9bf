// Placeholder catalogue, replaced by the documented one (see docs/components.md).
/** What Quire knows of a built-in component. */
export interface ComponentSpec {
  readonly required?: readonly string[];
  readonly links?: readonly string[];
  readonly docs?: string;
}
const NAMES = ['ApiPlayground', 'Accordion', 'AccordionGroup', 'Badge', 'Callout', 'CodeGroup', 'CodeBlock', 'Color', 'Color.Row', 'Color.Item', 'Danger', 'Tile', 'Tree', 'Tree.Folder', 'Tree.File', 'Panel', 'RequestExample', 'ResponseExample', 'Param', 'ParamField', 'Prompt', 'CardGroup', 'Columns', 'Column', 'Expandable', 'Frame', 'Heading', 'Info', 'Icon', 'MDX', 'Link', 'ResponseField', 'Warning', 'Note', 'Tip', 'Check', 'Tabs', 'Tab', 'Tooltip', 'Latex', 'Step', 'Steps', 'Update', 'Mermaid', 'Visibility', 'View', 'Snippet'];
export const BUILT_IN_COMPONENTS: ReadonlyMap<string, ComponentSpec> = new Map<string, ComponentSpec>([
  ...NAMES.map((name) => [name, {}] as [string, ComponentSpec]),
  ['Card', { required: ['title'], links: ['href', 'img'] }],
  ['a', { links: ['href'] }],
  ['img', { links: ['src'] }],
  ['video', { links: ['src'] }],
  ['source', { links: ['src'] }],
]);
/** The ids the page's elements give a `#anchor` to target. */
export function componentAnchorIds(elements: readonly { name: string; attributes: Record<string, string | undefined> }[]): string[] {
  const ids: string[] = [];
  const counts = new Map<string, number>();
  for (const element of elements) {
    if (element.name === 'ParamField' || element.name === 'Param' || element.name === 'ResponseField') {
      const name = element.attributes.query ?? element.attributes.path ?? element.attributes.body ?? element.attributes.header ?? element.attributes.name;
      if (!name) continue;
      const count = counts.get(name) ?? 0;
      counts.set(name, count + 1);
      ids.push(count === 0 ? `param-${name}` : `param-${name}-${count}`);
    } else if (element.attributes.id) ids.push(element.attributes.id);
  }
  return ids;
}
