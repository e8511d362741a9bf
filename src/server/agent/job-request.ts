import { z } from 'zod';

/**
 * Branch names git accepts (`git check-ref-format --branch`), minus the odd corners: no `..`,
 * no control characters, spaces or `~^:?*[\`, no `@{`, no leading `-` or `/`, no empty segment,
 * no segment starting with `.` or ending with `.lock`.
 */
export function isValidBranchName(name: string): boolean {
  if (name.length === 0 || name.length > 200 || name === '@' || name === 'HEAD') return false;
  if (/[\x00-\x20\x7f~^:?*[\\]/.test(name) || name.includes('..') || name.includes('@{')) return false;
  if (name.startsWith('-') || name.endsWith('.')) return false;
  return name.split('/').every((segment) => segment.length > 0 && !segment.startsWith('.') && !segment.endsWith('.lock'));
}

/** One message of the conversation the job starts from. */
export const JobMessageSchema = z.object({
  /** `system` messages are added after the server's own system prompt, which always comes first. */
  role: z.enum(['system', 'user', 'assistant']),
  /** The message text. */
  content: z.string().min(1, 'content must not be empty').max(100_000),
});

/** Body of `POST /v1/agent/{projectId}/job`. */
export const AgentJobRequestSchema = z
  .object({
    /** Branch the agent commits to; created from the default branch when missing. */
    branch: z.string().refine(isValidBranchName, 'branch must be a valid git branch name'),
    /** The conversation so far; the last user message is the task. */
    messages: z.array(JobMessageSchema).min(1, 'messages must hold at least one message').max(200),
    /** Open the pull request as a draft. */
    asDraft: z.boolean().default(false),
    /** Which model runs the agent: `sonnet` (the default: faster and cheaper) or `opus`. */
    model: z.enum(['sonnet', 'opus']).default('sonnet'),
  })
  .strict()
  .refine((body) => body.messages.some((message) => message.role === 'user'), {
    message: 'messages must hold at least one user message',
    path: ['messages'],
  })
  .refine((body) => body.messages.at(-1)?.role !== 'assistant', {
    message: 'the last message must not be from the assistant: the agent answers it',
    path: ['messages'],
  });
/** A validated job request, defaults applied. */
export type AgentJobRequest = z.output<typeof AgentJobRequestSchema>;

/** A problem with a request body, at a field path such as `messages[1].role`. */
export interface BodyIssue {
  field: string;
  message: string;
}

/** The validated request, or every problem found. */
export type AgentJobRequestResult = { ok: true; request: AgentJobRequest } | { ok: false; issues: BodyIssue[] };

const fieldPath = (path: readonly PropertyKey[]) =>
  path.reduce<string>((text, key) => (typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key)), '');

/** Validates a parsed JSON body. */
export function parseAgentJobRequest(body: unknown): AgentJobRequestResult {
  const parsed = AgentJobRequestSchema.safeParse(body);
  if (parsed.success) return { ok: true, request: parsed.data };
  return {
    ok: false,
    issues: parsed.error.issues.map((issue) => {
      const unknownKeys = issue.code === 'unrecognized_keys' ? issue.keys : [];
      return unknownKeys.length > 0
        ? { field: fieldPath([...issue.path, unknownKeys[0]!]), message: `unknown field(s): ${unknownKeys.join(', ')}` }
        : { field: fieldPath(issue.path) || '(body)', message: issue.message };
    }),
  };
}
