// Placeholder until the docs.json schema exists; replaced in the parseDocsJson commit.
