import { errorResponse, jsonResponse } from '../http/api-error.js';
import type { Conversation, ConversationStore } from '../storage/store.js';
import { parseAssistantQuery } from './assistant-query.js';

/** Answers `GET /v1/analytics/{projectId}/assistant` for an authenticated caller. */
export async function listAssistantConversations(projectId: string, url: URL, conversations: ConversationStore): Promise<Response> {
  const parsed = parseAssistantQuery(projectId, url.searchParams);
  if (!parsed.ok) return errorResponse(parsed.error);
  const page = await conversations.page(parsed.query);
  return jsonResponse({
    conversations: page.conversations.map(conversationJson),
    nextCursor: page.nextCursor,
    hasMore: page.hasMore,
  });
}

/**
 * Answers `GET /v1/analytics/{projectId}/assistant/threads/{threadId}`: the whole thread, oldest
 * first, as its transcript (each exchange the reader's question and the assistant's answer with
 * its sources); 404 when the project has no such thread.
 */
export async function assistantThread(projectId: string, threadId: string, conversations: ConversationStore): Promise<Response> {
  const exchanges = await conversations.thread(projectId, threadId);
  if (exchanges.length === 0) return errorResponse({ status: 404, code: 'not_found', message: `Project ${projectId} has no assistant thread ${threadId}.` });
  return jsonResponse({
    threadId,
    createdAt: exchanges[0]!.timestamp.toISOString(),
    updatedAt: exchanges.at(-1)!.timestamp.toISOString(),
    conversations: exchanges.map(conversationJson),
    messages: exchanges.flatMap((conversation) => [
      { role: 'user', content: conversation.query, timestamp: conversation.timestamp.toISOString() },
      { role: 'assistant', content: conversation.response, sources: conversation.sources, timestamp: conversation.timestamp.toISOString() },
    ]),
  });
}

/** A conversation as the history and thread endpoints answer it. */
function conversationJson(conversation: Conversation) {
  return {
    id: conversation.id,
    timestamp: conversation.timestamp.toISOString(),
    query: conversation.query,
    response: conversation.response,
    sources: conversation.sources,
    queryCategory: conversation.queryCategory,
  };
}
