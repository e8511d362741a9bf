/** The model sizes a job can ask for; each maps to a configurable model id. */
export type ModelChoice = 'sonnet' | 'opus';

/** Text written by the model or the user. */
export interface TextBlock {
  type: 'text';
  text: string;
}

/** The model asks for a tool to be run. */
export interface ToolUseBlock {
  type: 'tool_use';
  id: string;
  name: string;
  input: unknown;
}

/** The outcome of a tool, sent back to the model. */
export interface ToolResultBlock {
  type: 'tool_result';
  tool_use_id: string;
  content: string;
  is_error?: boolean;
}

/** A turn of the conversation with the model. */
export interface AgentMessage {
  role: 'user' | 'assistant';
  content: string | (TextBlock | ToolUseBlock | ToolResultBlock)[];
}

/** A tool offered to the model: its input is described by a JSON Schema object. */
export interface ToolDefinition {
  name: string;
  description: string;
  input_schema: { type: 'object'; properties: Record<string, unknown>; required?: string[] };
}

/** What the model answered in one turn. */
export interface ModelTurn {
  content: (TextBlock | ToolUseBlock)[];
  /** `tool_use` when it waits for tool results, `end_turn` when done, others on limits. */
  stopReason: string | null;
}

/** One request to the model. */
export interface ModelRequest {
  model: ModelChoice;
  system: string;
  messages: readonly AgentMessage[];
  tools: readonly ToolDefinition[];
}

/** A language model that can call tools. */
export interface AgentModel {
  respond(request: ModelRequest): Promise<ModelTurn>;
}
