import type { Diagnostic } from '../../src/index.js';
import { reasonFor } from './docs-json-reasons.js';

/**
 * Why a finding on a corpus site is genuine, checked by opening the file it names. Used by
 * UPDATE=1 for new entries of site-validate.expected.json; a reviewer edits an entry there when
 * a site's case deserves a more specific reason. `REASON NEEDED` fails the test: a new kind of
 * finding must be looked at before it is accepted.
 */
export function siteFindingReason(site: string, diagnostic: Diagnostic): string {
  return SITE_REASONS[`${site} ${diagnostic.code}`] ?? CODE_REASONS[diagnostic.code] ?? reasonFor(diagnostic);
}

/** Reasons that hold wherever the code is reported. */
const CODE_REASONS: Record<string, string> = {
  'navigation/untranslated-page': 'The page is listed in a language section but only the default language has a file; the platform shows the default-language page there, so this is a warning about a missing translation, not a broken link.',
  'navigation/redirect-to-nothing': 'The redirect destination is neither a page file, a navigation entry nor a generated endpoint page of the site; a reader following the redirect lands on a 404.',
  'navigation/duplicate-page': 'The same page path is listed twice in one section; the sidebar shows it twice and previous/next loop through it twice.',
  'navigation/expanded-top-level': 'The group sits directly in a section, not inside another group; top-level groups are always expanded, so `expanded` has no effect.',
  'openapi/invalid-schema-type': 'The schema `type` is not a JSON type (here translated along with the descriptions, e.g. "配列" for array); the platform cannot render the schema or build a playground field for it.',
  'openapi/ref-not-found': 'The `$ref` points at a component the document does not define; the platform cannot render the schema or parameter it stands for.',
  'openapi/invalid-value': 'A value outside its set in the OpenAPI document (here a security scheme type translated along with the descriptions); the playground cannot offer that authentication.',
  'openapi/array-without-items': 'A 3.0 array schema without `items`: shown as an array of any type, which is rarely what the author meant.',
  'openapi/unknown-security-scheme': 'A security requirement names a scheme that `components.securitySchemes` does not define; the playground cannot ask for it.',
  'openapi/duplicate-operation-id': 'Two operations share one operationId; both pages render, but generated clients and links by operation ID find only one.',
  'openapi/path-parameter-missing': 'The path has a `{placeholder}` that no parameter declares; the page renders, but the playground sends the placeholder as written.',
  'frontmatter/invalid-field': 'A frontmatter field the platform reads has a value of the wrong type; the platform ignores it, so the page loses that setting.',
};

/** Reasons specific to one site and code. */
const SITE_REASONS: Record<string, string> = {
  'langchain-ai__docs navigation/missing-page':
    'The site builds its Python and JavaScript pages from src/oss/<page>.mdx into oss/python/ and oss/javascript/ with its own pipeline before deploying; in the folder of this docs.json those pages do not exist, so the navigation points at files that are not there.',
  'tkhq__docs navigation/missing-page': 'Both pages are listed in the navigation and exist nowhere in the repository (no file under any name close to them): the sidebar links lead to 404s.',
  'iii-hq__iii navigation/missing-page': 'The 0.21.x version lists SDK reference pages under 0-21-0/ whose files were never copied from 0-20-0/; the sidebar links of that version lead to 404s.',
  '0xsequence__docs navigation/missing-page': 'The ja/ and es/ sections list pages at paths the English section moved away from (the suggestions name the new paths); those translated sidebar entries lead to 404s.',
};
