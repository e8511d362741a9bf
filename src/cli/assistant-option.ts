import type { AssistantPanelSettings } from '../render/assistant-panel.js';
import { UsageError } from './command.js';

/** The help lines of `--assistant` and `--assistant-key`, for `quire build` and `quire dev`, their text from `column`. */
export function assistantHelp(column: number): string {
  const entries: Array<[string, string[]]> = [
    ['--assistant <project>=<url>', ['Every page offers an "Ask AI" panel that asks the assistant of', '<project> on the quire serve at <url>']],
    ['--assistant-key <key>', ['The assistant key (quire_dsc_...) the pages send (default', '$QUIRE_ASSISTANT_KEY); an admin key is refused: readers see it']],
  ];
  const indent = ' '.repeat(column);
  return entries
    .flatMap(([option, text]) => {
      const head = `  ${option}`;
      // An option longer than its column gets a line of its own.
      return head.length + 2 <= column
        ? [head.padEnd(column) + text[0], ...text.slice(1).map((line) => indent + line)]
        : [head, ...text.map((line) => indent + line)];
    })
    .join('\n');
}

/**
 * The panel's settings from `--assistant <project>=<url>` and the assistant key (`--assistant-key`,
 * else `QUIRE_ASSISTANT_KEY`); undefined without `--assistant`. Refuses an admin key (every page
 * holds the key, so anyone could read it) and a URL that is not http(s).
 */
export function assistantPanelOf(assistant: string | undefined, key: string | undefined, env: NodeJS.ProcessEnv): AssistantPanelSettings | undefined {
  if (assistant === undefined) {
    if (key !== undefined) throw new UsageError('--assistant-key goes with --assistant <project>=<url>');
    return undefined;
  }
  const equals = assistant.indexOf('=');
  const project = equals < 0 ? '' : assistant.slice(0, equals);
  const url = equals < 0 ? assistant : assistant.slice(equals + 1);
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/.test(project)) {
    throw new UsageError(`--assistant takes <project>=<url> (the project whose docs quire serve --site indexes), got "${assistant}"`);
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UsageError(`--assistant ${project}=: "${url}" is not a URL (the quire serve the pages ask, such as https://docs-api.example.com)`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new UsageError(`--assistant ${project}=: the URL must be http or https, not ${parsed.protocol}`);
  const text = key ?? env.QUIRE_ASSISTANT_KEY;
  if (text === undefined || text === '') {
    throw new UsageError('--assistant needs an assistant key: --assistant-key or QUIRE_ASSISTANT_KEY (quire keys create --kind assistant)');
  }
  if (!/^quire_dsc_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/.test(text)) {
    throw new UsageError(
      text.startsWith('quire_')
        ? 'the assistant key must be an assistant key (quire_dsc_...): an admin key in the pages would give every reader your project (quire keys create --kind assistant)'
        : 'the assistant key is not a key of quire serve (quire_dsc_...; quire keys create --kind assistant)',
    );
  }
  return { url: parsed.href.replace(/\/+$/, ''), project, key: text };
}
