import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('../../src', import.meta.url));

/**
 * The arrays spread into a call's arguments (`push(...x)`, `Math.max(...x)`, `f(...x)`): each
 * item is one argument, and V8 throws `RangeError: Maximum call stack size exceeded` past some
 * 100,000 of them. Only an array literal written out (`f(...[a, b])`) is bounded by the source.
 */
function spreadArguments(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isSpreadElement(node) && (ts.isCallExpression(node.parent) || ts.isNewExpression(node.parent)) && !ts.isArrayLiteralExpression(node.expression)) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart());
      found.push(`${file}:${line + 1}: ${node.parent.getText().slice(0, 100)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('arrays spread into call arguments', () => {
  it('are found in calls and constructors, not in array literals, objects or parameters', () => {
    const text =
      'a.push(...b);\nMath.max(...c.map(f));\nnew Set(...d);\nf(...[1, 2]);\nconst e = [...b];\nconst o = { ...b };\nfunction g(...rest: number[]) {}\n';
    expect(spreadArguments('example.ts', text).map((finding) => finding.split(': ')[0])).toEqual(['example.ts:1', 'example.ts:2', 'example.ts:3']);
  });

  it('are nowhere in src/ (use append() of src/util/arrays.ts, or a loop)', () => {
    const files = sourceFiles(src);
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) => spreadArguments(path.relative(src, file), readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });
});
