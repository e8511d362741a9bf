/**
 * An HTML `style` attribute as the object React requires (`style="max-width: 50%"` on an element
 * written in a page is `{ maxWidth: '50%' }`), as the platform converts it on lowercase elements
 * before rendering: property names in camel case (`-ms-` as `ms`, custom properties `--x` kept),
 * `!important` dropped, declarations without a value skipped. A string React would refuse
 * otherwise fails the whole page. Semicolons inside parentheses or quotes (`url(data:...;...)`)
 * do not end a declaration.
 */
export function parseInlineStyle(style: string): Record<string, string> {
  const parsed: Record<string, string> = {};
  for (const declaration of splitDeclarations(style.replace(/\/\*[\s\S]*?\*\//g, ''))) {
    const colon = declaration.indexOf(':');
    if (colon <= 0) continue;
    const property = declaration.slice(0, colon).trim();
    const value = declaration
      .slice(colon + 1)
      .replace(/!\s*important\s*$/i, '')
      .trim();
    if (!property || !value) continue;
    parsed[reactStyleProperty(property)] = value;
  }
  return parsed;
}

function splitDeclarations(style: string): string[] {
  const declarations: string[] = [];
  let depth = 0;
  let quote: string | undefined;
  let start = 0;
  for (let index = 0; index < style.length; index++) {
    const character = style[index];
    if (quote !== undefined) {
      if (character === '\\') index++;
      else if (character === quote) quote = undefined;
    } else if (character === '"' || character === "'") quote = character;
    else if (character === '(') depth++;
    else if (character === ')') depth = Math.max(0, depth - 1);
    else if (character === ';' && depth === 0) {
      declarations.push(style.slice(start, index));
      start = index + 1;
    }
  }
  declarations.push(style.slice(start));
  return declarations;
}

function reactStyleProperty(property: string): string {
  if (/^--[\w-]+$/.test(property)) return property;
  if (!property.includes('-')) return property.toLowerCase();
  return property
    .toLowerCase()
    .replace(/^-ms-/, 'ms-')
    .replace(/-([a-z])/g, (_match, character: string) => character.toUpperCase());
}
