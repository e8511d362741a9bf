// The HTTP API (`createApiHandler`) lands here with issue 6.
export {};
