/** The machine-readable codes an error response can carry. */
export type ApiErrorCode =
  | 'unauthorized'
  | 'forbidden'
  | 'invalid_parameter'
  | 'invalid_body'
  | 'payload_too_large'
  | 'not_found'
  | 'method_not_allowed'
  | 'rate_limited'
  | 'unavailable'
  | 'internal';

/** An error the API answers with: status and body `{ error: { code, message, ... } }`. */
export interface ApiError {
  status: number;
  code: ApiErrorCode;
  message: string;
  /** The query parameter or body field at fault, when there is one. */
  parameter?: string;
  /** Every problem found in a body, each with its field path. */
  issues?: { field: string; message: string }[];
}

/** Turns an API error into its JSON response. */
export function errorResponse(error: ApiError, headers?: HeadersInit): Response {
  const { status, ...body } = error;
  return jsonResponse({ error: body }, status, headers);
}

/** A JSON response with the given status. */
export function jsonResponse(body: unknown, status = 200, headers?: HeadersInit): Response {
  const merged = new Headers(headers);
  merged.set('content-type', 'application/json; charset=utf-8');
  merged.set('cache-control', 'no-store');
  return new Response(JSON.stringify(body), { status, headers: merged });
}
