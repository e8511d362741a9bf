import { errorResponse, jsonResponse } from '../http/api-error.js';
import type { ConversationStore } from '../storage/store.js';
import { parseAssistantQuery } from './assistant-query.js';

/** Answers `GET /v1/analytics/{projectId}/assistant` for an authenticated caller. */
export async function listAssistantConversations(projectId: string, url: URL, conversations: ConversationStore): Promise<Response> {
  const parsed = parseAssistantQuery(projectId, url.searchParams);
  if (!parsed.ok) return errorResponse(parsed.error);
  const page = await conversations.page(parsed.query);
  return jsonResponse({
    conversations: page.conversations.map((conversation) => ({
      id: conversation.id,
      timestamp: conversation.timestamp.toISOString(),
      query: conversation.query,
      response: conversation.response,
      sources: conversation.sources,
      queryCategory: conversation.queryCategory,
    })),
    nextCursor: page.nextCursor,
    hasMore: page.hasMore,
  });
}
