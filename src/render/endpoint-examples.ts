import { createElement as h, type ReactNode } from 'react';
import type { CodeSample, EndpointPage, ExampleModel, ResponseModel } from '../openapi/types.js';
import { CodeBlock, copyButton } from './code.js';
import { tabSet, type TabItem } from './components-interactive.js';
import { methodBadge } from './layout-parts.js';

/**
 * An endpoint's request samples in one card, as the platform shows them beside the reference:
 * the method and path, a language picker (`data-quire-sample-picker`: the client script shows the
 * chosen sample, in every card of the page, and remembers the choice for the next pages) and a
 * copy button, over the samples (`x-codeSamples` first, then those generated for
 * `api.examples.languages`), the first shown. A webhook's card holds the payload it delivers.
 * Null when there is no sample.
 */
export function requestSamples(endpoint: EndpointPage): ReactNode {
  const samples = endpoint.codeSamples;
  if (samples.length === 0) return null;
  const labels = uniqueLabels(samples);
  return h(
    'div',
    { className: 'code-group api-sample request-sample', 'data-quire-samples': '' },
    h(
      'div',
      { className: 'code-group-header' },
      h(
        'span',
        { className: 'api-sample-title' },
        endpoint.kind === 'webhook'
          ? 'Payload'
          : [h('span', { key: 'method' }, methodBadge(endpoint.method)), h('span', { key: 'path', className: 'api-sample-path' }, endpoint.path)],
      ),
      h(
        'span',
        { className: 'api-sample-tools' },
        samples.length > 1
          ? h(
              'select',
              { className: 'sample-picker', 'data-quire-sample-picker': '', 'aria-label': 'Language', defaultValue: labels[0] },
              labels.map((label) => h('option', { key: label, value: label }, label)),
            )
          : h('span', { className: 'code-title' }, labels[0]),
        copyButton(),
      ),
    ),
    samples.map((sample, index) =>
      h(
        'div',
        { key: index, className: 'sample-panel', 'data-quire-sample': labels[index], hidden: index > 0 },
        h(CodeBlock, { code: sample.source, language: sample.language, bare: true }),
      ),
    ),
  );
}

/** The samples' tab labels, each once (`Python`, `Python 2`): the picker chooses by label. */
function uniqueLabels(samples: readonly CodeSample[]): string[] {
  const seen = new Map<string, number>();
  return samples.map((sample) => {
    const label = sample.label || sample.language;
    const count = (seen.get(label) ?? 0) + 1;
    seen.set(label, count);
    return count === 1 ? label : `${label} ${count}`;
  });
}

/**
 * An endpoint's response examples in one card: a tab per response that has an example (by
 * status, and by name when a response gives several), each the example's value (JSON indented);
 * null when no response has one.
 */
export function responseExamples(responses: readonly ResponseModel[]): ReactNode {
  const items: TabItem[] = [];
  for (const response of responses) {
    const media = response.content.find((candidate) => candidate.examples.some(hasValue));
    if (!media) continue;
    const examples = media.examples.filter(hasValue);
    for (const example of examples) {
      const name = examples.length > 1 ? (example.summary ?? example.name) : undefined;
      const { code, language } = exampleCode(example.value, media.mediaType);
      items.push({
        title: name ? `${response.status} · ${name}` : response.status,
        panel: h(CodeBlock, { code, language, bare: true }),
      });
    }
  }
  if (items.length === 0) return null;
  return tabSet('code-group', items, { header: copyButton(), className: 'api-sample response-sample' });
}

function hasValue(example: ExampleModel): boolean {
  return example.value !== undefined;
}

/** An example value as code: a string as written (XML, text), anything else as indented JSON. */
function exampleCode(value: unknown, mediaType: string): { code: string; language: string } {
  if (typeof value === 'string' && !/json/i.test(mediaType)) return { code: value, language: /xml/i.test(mediaType) ? 'xml' : 'text' };
  return { code: JSON.stringify(value, null, 2) ?? String(value), language: 'json' };
}
