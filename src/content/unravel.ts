import type { Nodes, Parent, Root, RootContent } from 'mdast';

/**
 * Makes each paragraph that holds only JSX elements and expressions (and white space) into those
 * elements and expressions as blocks, as the platform's MDX compiler does before any of the
 * platform's own steps run (@mdx-js/mdx's `remarkMarkAndUnravel`, ahead of every remark plugin).
 * `<Badge>New</Badge>` alone on its line is parsed as an inline element in a paragraph, and
 * rendered as a block: the platform leaves such an unknown element out of the page instead of
 * failing the page, gives a `<ParamField>` or an `<h2>` there its id, and puts the `<h2>` in the
 * table of contents. satteri's tree is unravelled already; the reference's is not. Changes `tree`.
 */
export function unravelParagraphs(tree: Root): void {
  // With a stack, as the walk of the facts: JSX may nest deeper than the call stack allows.
  const stack: Parent[] = [tree];
  while (stack.length > 0) {
    const parent = stack.pop() as Parent;
    if (parent.children.some(unravels)) parent.children = parent.children.flatMap((child) => (unravels(child) ? unravelled(child as Parent) : [child]));
    for (const child of parent.children) if ('children' in child) stack.push(child);
  }
}

/** Whether a node is a paragraph of JSX elements and expressions only, one at least, with white space between. */
function unravels(node: Nodes): boolean {
  if (node.type !== 'paragraph') return false;
  let jsx = false;
  for (const child of node.children) {
    if (child.type === 'mdxJsxTextElement' || child.type === 'mdxTextExpression') jsx = true;
    else if (child.type !== 'text' || !isHtmlWhiteSpace(child.value)) return false;
  }
  return jsx;
}

/** A paragraph's elements and expressions as blocks; white space between them goes (text of other blank characters stays, as MDX keeps it). */
function unravelled(paragraph: Parent): RootContent[] {
  const blocks: RootContent[] = [];
  for (const child of paragraph.children) {
    if (child.type === 'mdxJsxTextElement') blocks.push({ ...child, type: 'mdxJsxFlowElement' } as RootContent);
    else if (child.type === 'mdxTextExpression') blocks.push({ ...child, type: 'mdxFlowExpression' } as RootContent);
    else if (!(child.type === 'text' && /^[\t\r\n ]+$/.test(child.value))) blocks.push(child as RootContent);
  }
  return blocks;
}

/** Text that HTML's white space rules collapse to nothing (collapse-white-space's `html` style, trimmed). */
function isHtmlWhiteSpace(value: string): boolean {
  return /^[\t\n\v\f\r ]*$/.test(value);
}
