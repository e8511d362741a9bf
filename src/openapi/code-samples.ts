import { joinPointer } from '../json/pointer.js';
import type { Finding } from './findings.js';
import { isObject, type JsonObject } from './json.js';
import { isJsonMediaType, sampleRequest, type SampleParameters } from './sample-request.js';
import { DEFAULT_SAMPLE_LANGUAGES, snippetLanguage, snippetSource, type SnippetLanguage } from './snippet-languages.js';
import type { CodeSample, EndpointPage } from './types.js';

/** docs.json's `api.examples`: which samples endpoint pages get. */
export interface CodeSampleOptions {
  /** Languages of the generated samples, in tab order. Default: cURL, JavaScript, Python, Go, Java, Ruby, PHP, C#. */
  languages?: readonly string[];
  /** `all` parameters in generated samples (the default, as on the platform), or the `required` ones only. */
  defaults?: SampleParameters;
  /** `false`: only the samples written in the document (`x-codeSamples`). Default `true`. */
  autogenerate?: boolean;
}

/** The extensions operations carry their own samples in (Redocly's name, and its older spelling). */
const WRITTEN_SAMPLE_KEYS = ['x-codeSamples', 'x-code-samples'] as const;

/**
 * The samples written in an operation (`x-codeSamples`, then `x-code-samples`), as written. An
 * entry without `lang` or `source` is left out with a warning: the platform cannot show it.
 */
export function writtenCodeSamples(operation: JsonObject, pointer: string, report: (finding: Finding) => void): CodeSample[] {
  const samples: CodeSample[] = [];
  for (const key of WRITTEN_SAMPLE_KEYS) {
    const list = operation[key];
    if (list === undefined) continue;
    const at = joinPointer(pointer, key);
    if (!Array.isArray(list)) {
      report({
        code: 'openapi/invalid-code-sample',
        severity: 'warning',
        message: `\`${key}\` must be a list of \`{ lang, label, source }\`; it is ignored.`,
        pointer: at,
      });
      continue;
    }
    list.forEach((entry, index) => {
      if (isObject(entry) && typeof entry.lang === 'string' && entry.lang.trim() !== '' && typeof entry.source === 'string') {
        samples.push({ language: entry.lang, label: typeof entry.label === 'string' && entry.label !== '' ? entry.label : entry.lang, source: entry.source });
        return;
      }
      const missing = !isObject(entry)
        ? 'is not an object'
        : typeof entry.lang !== 'string' || entry.lang.trim() === ''
          ? 'has no `lang`'
          : 'has no `source` text';
      report({
        code: 'openapi/invalid-code-sample',
        severity: 'warning',
        message: `This code sample ${missing}; it is not shown.`,
        pointer: joinPointer(at, String(index)),
        hint: 'Write `lang` (the language), `source` (the code) and optionally `label`.',
      });
    });
  }
  return samples;
}

/**
 * The samples of a page: those written in the operation first, then one generated per language
 * of `api.examples.languages` (names Quire cannot generate are skipped: the platform, too, shows
 * only what it can make). A webhook page gets the payload a receiver gets instead.
 */
export function codeSamplesOf(page: EndpointPage, written: readonly CodeSample[], options: CodeSampleOptions = {}): CodeSample[] {
  if (page.kind === 'webhook') return [...written, ...webhookPayload(page)];
  if (options.autogenerate === false) return [...written];
  const request = sampleRequest(page, options.defaults ?? 'all');
  const samples = [...written];
  for (const language of generatedSampleLanguages(options))
    samples.push({ language: language.language, label: language.label, source: snippetSource(request, language) });
  return samples;
}

/**
 * The languages samples are generated in, in tab order: those of `api.examples.languages` (or the
 * default eight) that Quire can generate, each once; none when `autogenerate` is `false`. The
 * generated samples are the last of an endpoint page's `codeSamples`, one per language here (the
 * API playground writes them again from what the reader types).
 */
export function generatedSampleLanguages(options: CodeSampleOptions = {}): SnippetLanguage[] {
  if (options.autogenerate === false) return [];
  const languages: SnippetLanguage[] = [];
  const seen = new Set<string>();
  for (const name of options.languages ?? DEFAULT_SAMPLE_LANGUAGES) {
    const language = snippetLanguage(name);
    if (!language || seen.has(language.label)) continue;
    seen.add(language.label);
    languages.push(language);
  }
  return languages;
}

/** The body a webhook delivers, from the first media type's example. */
function webhookPayload(page: EndpointPage): CodeSample[] {
  const media = page.requestBody?.content[0];
  if (!media) return [];
  const value = media.examples.find((example) => example.value !== undefined)?.value;
  const essence = media.mediaType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (isJsonMediaType(essence)) return [{ language: 'json', label: 'Payload', source: JSON.stringify(value ?? {}, null, 2) }];
  return [
    {
      language: essence.endsWith('xml') ? 'xml' : 'text',
      label: 'Payload',
      source: typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value, null, 2),
    },
  ];
}

/**
 * Sets `page.codeSamples`, made the first time it is read: building the models of a large
 * document stays as fast as without samples, and a page whose samples nobody reads (a check
 * that stops at diagnostics) never makes them. The property is enumerable, so serialising the
 * page (site.json, `{ ...page }`) writes the samples.
 */
export function attachCodeSamples(page: EndpointPage, make: () => CodeSample[]): void {
  // `this`, not `page`: a copy made with the page's property descriptors (see expand-endpoints)
  // stays lazy and keeps its own samples once made.
  Object.defineProperty(page, 'codeSamples', {
    enumerable: true,
    configurable: true,
    get(this: EndpointPage) {
      const samples = make();
      Object.defineProperty(this, 'codeSamples', { value: samples, enumerable: true, writable: true, configurable: true });
      return samples;
    },
    set(this: EndpointPage, samples: CodeSample[]) {
      Object.defineProperty(this, 'codeSamples', { value: samples, enumerable: true, writable: true, configurable: true });
    },
  });
}
