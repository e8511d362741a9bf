import { z } from 'zod';
import type { ToolDefinition, ToolUseBlock } from './model.js';
import { WorkspacePathError, type Workspace } from '../workspace/workspace.js';

/** The tools the agent edits documentation with. */
export const FILE_TOOLS: readonly ToolDefinition[] = [
  {
    name: 'list_files',
    description: 'List the files of the documentation repository (recursively), with their sizes in bytes.',
    input_schema: {
      type: 'object',
      properties: { directory: { type: 'string', description: 'Folder relative to the repository root; the root when omitted.' } },
    },
  },
  {
    name: 'read_file',
    description: 'Read a UTF-8 text file of the repository.',
    input_schema: {
      type: 'object',
      properties: { path: { type: 'string', description: 'File path relative to the repository root.' } },
      required: ['path'],
    },
  },
  {
    name: 'write_file',
    description: 'Create or replace a UTF-8 text file of the repository with the full new content. Writing docs.json checks it and reports any problems.',
    input_schema: {
      type: 'object',
      properties: {
        path: { type: 'string', description: 'File path relative to the repository root.' },
        content: { type: 'string', description: 'The complete new content of the file.' },
      },
      required: ['path', 'content'],
    },
  },
];

const ListInput = z.object({ directory: z.string().optional() });
const ReadInput = z.object({ path: z.string().min(1) });
const WriteInput = z.object({ path: z.string().min(1), content: z.string() });

/** What running a tool produced: the text for the model, and a short line for the job's events. */
export interface ToolOutcome {
  content: string;
  isError: boolean;
  /** The path the tool acted on, when there is one. */
  path?: string;
}

/** Checks a docs.json text; returns the problems as lines, empty when it is valid. */
export type DocsJsonCheck = (workspace: Workspace, text: string) => Promise<string[]>;

/** The file the platform reads its configuration from. */
export const DOCS_JSON_PATH = 'docs.json';

const failure = (content: string, path?: string): ToolOutcome => ({ content, isError: true, ...(path ? { path } : {}) });

/** Runs one tool call of the model against the workspace. Never throws for bad input. */
export async function runFileTool(workspace: Workspace, call: ToolUseBlock, checkDocsJson: DocsJsonCheck): Promise<ToolOutcome> {
  try {
    switch (call.name) {
      case 'list_files': {
        const input = ListInput.safeParse(call.input ?? {});
        if (!input.success) return failure('Input must be { directory?: string }.');
        const entries = await workspace.listFiles(input.data.directory);
        const lines = entries.map((entry) => `${entry.path}\t${entry.size}`);
        return { content: lines.length > 0 ? lines.join('\n') : '(no files)', isError: false, path: input.data.directory ?? '' };
      }
      case 'read_file': {
        const input = ReadInput.safeParse(call.input);
        if (!input.success) return failure('Input must be { path: string }.');
        const text = await workspace.readFile(input.data.path);
        if (text === undefined) return failure(`No file "${input.data.path}".`, input.data.path);
        return { content: text, isError: false, path: input.data.path };
      }
      case 'write_file': {
        const input = WriteInput.safeParse(call.input);
        if (!input.success) return failure('Input must be { path: string, content: string }.');
        const { path, content } = input.data;
        await workspace.writeFile(path, content);
        const problems = isDocsJson(path) ? await checkDocsJson(workspace, content) : [];
        if (problems.length > 0) {
          return failure(`Wrote ${path}, but it is not valid; fix it before finishing, or nothing is committed:\n${problems.join('\n')}`, path);
        }
        return { content: `Wrote ${path} (${Buffer.byteLength(content)} bytes).`, isError: false, path };
      }
      default:
        return failure(`Unknown tool "${call.name}"; the tools are list_files, read_file and write_file.`);
    }
  } catch (error) {
    if (error instanceof WorkspacePathError) return failure(error.message);
    throw error;
  }
}

/** Whether a (user-written) path names the root docs.json. */
export function isDocsJson(path: string): boolean {
  return path.replace(/^(\.\/)+/, '') === DOCS_JSON_PATH;
}
