import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';

/** One `openapi:` / `openapi-schema:` reference written in an MDX page's frontmatter. */
export interface FrontmatterReference {
  page: string;
  value: string;
  kind: 'endpoint' | 'webhook' | 'schema';
  /** The spec file named before the method, when there is one. */
  spec?: string;
  method?: string;
  /** Path, webhook name or schema name. */
  target: string;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** The references in the MDX pages of a corpus site folder (test helper; the real MDX reader is elsewhere). */
export function frontmatterReferences(folder: string): FrontmatterReference[] {
  const references: FrontmatterReference[] = [];
  for (const page of mdxFiles(folder)) {
    const text = readFileSync(path.join(folder, page), 'utf8');
    const block = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1];
    if (!block) continue;
    let frontmatter: unknown;
    try {
      frontmatter = parseYaml(block);
    } catch {
      continue;
    }
    if (typeof frontmatter !== 'object' || frontmatter === null) continue;
    for (const key of ['openapi', 'openapi-schema'] as const) {
      const value = (frontmatter as Record<string, unknown>)[key];
      if (typeof value !== 'string') continue;
      const reference = parse(page, value.trim(), key === 'openapi-schema');
      if (reference) references.push(reference);
    }
  }
  return references;
}

function parse(page: string, value: string, schema: boolean): FrontmatterReference | undefined {
  const tokens = value.split(/\s+/);
  if (schema)
    return tokens.length > 1
      ? { page, value, kind: 'schema', spec: tokens[0] as string, target: tokens.slice(1).join(' ') }
      : { page, value, kind: 'schema', target: value };
  const webhook = tokens.indexOf('webhook');
  if (webhook === 0 || webhook === 1) {
    const reference: FrontmatterReference = { page, value, kind: 'webhook', target: tokens.slice(webhook + 1).join(' ') };
    if (webhook === 1) reference.spec = tokens[0] as string;
    return reference;
  }
  const methodIndex = tokens.findIndex((token) => METHODS.has(token.toLowerCase()));
  if (methodIndex < 0 || methodIndex > 1) return undefined;
  const reference: FrontmatterReference = {
    page,
    value,
    kind: 'endpoint',
    method: tokens[methodIndex] as string,
    target: tokens.slice(methodIndex + 1).join(' '),
  };
  if (methodIndex === 1) reference.spec = tokens[0] as string;
  return reference;
}

function mdxFiles(folder: string, prefix = ''): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(path.join(folder, prefix), { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...mdxFiles(folder, relative));
    else if (entry.name.endsWith('.mdx') || entry.name.endsWith('.md')) files.push(relative);
  }
  return files.sort();
}
