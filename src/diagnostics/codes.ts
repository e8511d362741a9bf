/**
 * Every diagnostic code Quire reports, in one place: rule settings (`quire.config.json`,
 * `--rule`) are checked against it, and `quire.config.schema.json` offers it for completion.
 * A test keeps it equal to the codes the source reports, so a new check cannot be left out.
 */
export const DIAGNOSTIC_CODES = [
  // config
  'config/comment-key', 'config/duplicate-redirect', 'config/empty-value', 'config/invalid-type',
  'config/invalid-value', 'config/legacy-key', 'config/missing-field', 'config/not-found', 'config/ref-cycle',
  'config/ref-external', 'config/ref-invalid', 'config/ref-missing', 'config/ref-outside-root', 'config/ref-siblings',
  'config/ref-unavailable', 'config/too-big', 'config/too-small', 'config/unknown-key',
  // content
  'content/broken-link', 'content/dropped-component', 'content/import-cycle', 'content/invalid-utf8',
  'content/link-outside-site', 'content/missing-anchor', 'content/missing-attribute', 'content/not-text', 'content/parser-crash',
  'content/syntax', 'content/too-deep', 'content/too-large', 'content/too-many-snippets', 'content/unknown-component',
  'content/unreached-page', 'content/unreadable', 'content/unresolved-import',
  // files
  'files/symlink-loop', 'files/symlink-outside-site',
  // frontmatter
  'frontmatter/invalid-endpoint', 'frontmatter/invalid-field', 'frontmatter/invalid-yaml', 'frontmatter/misspelled-field',
  'frontmatter/not-a-mapping', 'frontmatter/not-read', 'frontmatter/too-deep', 'frontmatter/unknown-value',
  // icon
  'icon/fa-prefix', 'icon/unknown-name',
  // json
  'json/duplicate-key', 'json/syntax', 'json/too-deep', 'json/too-large',
  // migrate
  'migrate/ambiguous-endpoint', 'migrate/blocked', 'migrate/document-unavailable', 'migrate/edit-failed',
  'migrate/endpoint-not-found', 'migrate/group-root', 'migrate/hidden-operation', 'migrate/invalid-docs-json',
  'migrate/invalid-document', 'migrate/invalid-frontmatter', 'migrate/invalid-reference', 'migrate/no-document',
  'migrate/not-in-navigation', 'migrate/reformatted', 'migrate/relative-import', 'migrate/remote-document',
  'migrate/shadowed-extension', 'migrate/shared-operation', 'migrate/superseded', 'migrate/translation-fallback', 'migrate/unknown-document',
  'migrate/unnamed-document', 'migrate/url-would-change',
  // navigation
  'navigation/child-not-allowed', 'navigation/duplicate-language', 'navigation/duplicate-page',
  'navigation/duplicate-version', 'navigation/empty', 'navigation/empty-list', 'navigation/empty-page',
  'navigation/empty-value', 'navigation/endpoint-without-openapi', 'navigation/expanded-top-level',
  'navigation/global-anchor-href', 'navigation/ignored-key', 'navigation/invalid-page', 'navigation/invalid-root',
  'navigation/invalid-type', 'navigation/invalid-value', 'navigation/key-not-allowed', 'navigation/link-with-children',
  'navigation/menu-not-allowed', 'navigation/missing-field', 'navigation/missing-page', 'navigation/mixed-children',
  'navigation/multiple-default-languages', 'navigation/multiple-default-versions', 'navigation/page-outside-root',
  'navigation/redirect-loop', 'navigation/redirect-to-nothing', 'navigation/too-big', 'navigation/too-deep',
  'navigation/too-small', 'navigation/unknown-key', 'navigation/unknown-method', 'navigation/untranslated-page',
  // openapi-file
  'openapi-file/href-outside-folder', 'openapi-file/invalid-href',
  'openapi-file/link-outside-folder', 'openapi-file/not-a-file', 'openapi-file/renamed', 'openapi-file/spec-outside-site',
  'openapi-file/unreadable-reference', 'openapi-file/write-failed',
  // openapi
  'openapi/ambiguous-reference', 'openapi/array-without-items', 'openapi/asyncapi', 'openapi/document-missing',
  'openapi/duplicate-key', 'openapi/duplicate-operation-id', 'openapi/duplicate-parameter', 'openapi/duplicate-tag',
  'openapi/duplicate-url', 'openapi/excluded-operation', 'openapi/external-ref', 'openapi/fetch-failed', 'openapi/fetch-timeout', 'openapi/frontmatter-invalid',
  'openapi/frontmatter-not-found', 'openapi/frontmatter-other-document', 'openapi/frontmatter-relative-document',
  'openapi/frontmatter-unknown-document', 'openapi/frontmatter-without-document',
  'openapi/ignored-extension-key', 'openapi/invalid-code-sample', 'openapi/invalid-extension', 'openapi/invalid-path', 'openapi/invalid-ref',
  'openapi/invalid-schema-type', 'openapi/invalid-status', 'openapi/invalid-type', 'openapi/invalid-value',
  'openapi/metadata-openapi', 'openapi/missing-field', 'openapi/missing-version', 'openapi/not-an-object', 'openapi/not-found',
  'openapi/not-json', 'openapi/operation-not-found', 'openapi/optional-path-parameter', 'openapi/outside-root',
  'openapi/path-parameter-missing', 'openapi/path-parameter-not-in-path', 'openapi/ref-not-found',
  'openapi/reference-not-found', 'openapi/shadowed-extension-key', 'openapi/swagger-2', 'openapi/syntax', 'openapi/too-deep', 'openapi/too-large',
  'openapi/unknown-document', 'openapi/unknown-key', 'openapi/unknown-security-scheme', 'openapi/unsupported-scheme',
  'openapi/unsupported-version', 'openapi/url-skipped', 'openapi/x-webhooks', 'openapi/yaml-alias-limit',
  // rules
  'rules/invalid-severity', 'rules/invalid-type', 'rules/two-files', 'rules/unknown-code', 'rules/unknown-key',
  // upgrade
  'upgrade/invalid-result', 'upgrade/invalid-value', 'upgrade/unmapped-key', 'upgrade/value-dropped',
] as const;

/**
 * A code Quire reports. `Diagnostic.code` has this type, so a code mistyped where it is reported
 * fails the type check, and each is written as a literal there: searching for it finds its rule.
 */
export type DiagnosticCode = (typeof DIAGNOSTIC_CODES)[number];
