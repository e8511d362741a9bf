/** Where the rendered site's assistant panel asks (`quire build --html --assistant`, `quire dev --assistant`). */
export interface AssistantPanelSettings {
  /** The URL of the `quire serve` (or platform-compatible) API: `https://docs-api.example.com`. */
  url: string;
  /** The project whose docs the assistant answers from. */
  project: string;
  /**
   * An assistant key (`quire_dsc_…`): every page holds it, so it must be one (it reaches only the
   * assistant, search and page routes, rate-limited), never an admin key.
   */
  key: string;
}

/**
 * The assistant panel's script, added to `_quire/site.js` when the build is given an assistant
 * (`<html data-assistant data-assistant-project data-assistant-key>`): an "Ask AI" button that
 * opens a panel; a question is posted to `POST /v1/assistant/{project}/message` with the
 * conversation of the tab (its thread kept in `sessionStorage`), the answer read as it streams
 * (the AI SDK's UI message stream: text deltas, then the sources), and shown with its sources as
 * links into the site. Errors (429, 503, the network) are said in the panel.
 */
export const ASSISTANT_SCRIPT = `(() => {
  const root = document.documentElement;
  const api = root.getAttribute('data-assistant');
  if (!api) return;
  const project = root.getAttribute('data-assistant-project') || '';
  const key = root.getAttribute('data-assistant-key') || '';
  const siteRoot = new URL(root.getAttribute('data-root') || '/', location.href);
  const at = (path) => new URL(path.replace(/^\\/+/, ''), siteRoot).href;
  const store = (() => { try { return sessionStorage; } catch (e) { return null; } })();
  const remember = (name, fallback) => { try { return localStorage.getItem(name) || (localStorage.setItem(name, fallback), fallback); } catch (e) { return fallback; } };
  const fp = remember('quire-assistant-fp', Math.random().toString(36).slice(2) + Date.now().toString(36));
  let thread = store && store.getItem('quire-assistant-thread-' + project);
  const history = [];
  const make = (tag, className, text) => { const e = document.createElement(tag); if (className) e.className = className; if (text !== undefined) e.textContent = text; return e; };
  // The answer's Markdown, as far as a chat needs and only as text nodes (nothing the model
  // writes becomes markup): fenced blocks as <pre>, code spans as <code>, the rest as written.
  const format = (target, markdown) => {
    target.textContent = '';
    markdown.split(/(\`\`\`[^\\n]*\\n[\\s\\S]*?(?:\`\`\`|$))/).forEach((part) => {
      const fence = /^\`\`\`[^\\n]*\\n([\\s\\S]*?)(?:\`\`\`)?$/.exec(part);
      if (fence) { const pre = make('pre', 'assistant-code'); pre.append(make('code', '', fence[1])); target.append(pre); return; }
      part.split(/(\`[^\`\\n]+\`)/).forEach((piece) => {
        if (/^\`[^\`\\n]+\`$/.test(piece)) target.append(make('code', '', piece.slice(1, -1)));
        else if (piece) target.append(document.createTextNode(piece));
      });
    });
  };
  const open = make('button', 'assistant-open', 'Ask AI');
  open.type = 'button';
  open.setAttribute('data-assistant-open', '');
  const panel = make('aside', 'assistant-panel');
  panel.hidden = true;
  panel.setAttribute('aria-label', 'Assistant');
  panel.setAttribute('data-assistant-panel', '');
  const head = make('div', 'assistant-head');
  head.append(make('span', 'assistant-title', 'Ask AI'));
  const close = make('button', 'assistant-close', '×');
  close.type = 'button';
  close.setAttribute('aria-label', 'Close');
  head.append(close);
  const log = make('div', 'assistant-log');
  log.setAttribute('aria-live', 'polite');
  const form = make('form', 'assistant-form');
  const question = make('textarea');
  question.rows = 2;
  question.placeholder = 'Ask a question about these docs';
  question.setAttribute('aria-label', 'Question');
  question.setAttribute('data-assistant-question', '');
  const send = make('button', 'assistant-send', 'Send');
  send.type = 'submit';
  form.append(question, send);
  panel.append(head, log, form);
  document.body.append(open, panel);
  const show = (visible) => { panel.hidden = !visible; open.hidden = visible; if (visible) question.focus(); };
  open.addEventListener('click', () => show(true));
  close.addEventListener('click', () => show(false));
  document.addEventListener('keydown', (event) => { if (event.key === 'Escape' && !panel.hidden) show(false); });
  question.addEventListener('keydown', (event) => { if (event.key === 'Enter' && !event.shiftKey) { event.preventDefault(); form.requestSubmit(); } });
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const text = question.value.trim();
    if (!text || send.disabled) return;
    question.value = '';
    log.append(make('p', 'assistant-question', text));
    const answer = make('div', 'assistant-answer');
    answer.setAttribute('data-assistant-answer', '');
    const body = make('div', 'assistant-text');
    answer.append(body);
    log.append(answer);
    history.push({ role: 'user', content: text });
    send.disabled = true;
    const sources = [];
    let written = '';
    const fail = (message) => { answer.classList.add('is-error'); body.textContent = message; };
    try {
      const response = await fetch(api.replace(/\\/+$/, '') + '/v1/assistant/' + encodeURIComponent(project) + '/message', {
        method: 'POST',
        headers: { authorization: 'Bearer ' + key, 'content-type': 'application/json' },
        body: JSON.stringify({ fp, ...(thread ? { threadId: thread } : {}), messages: history }),
      });
      if (!response.ok || !response.body) {
        const error = await response.json().catch(() => ({}));
        const wait = response.headers.get('retry-after');
        fail(response.status === 429 ? 'Too many questions for now; try again in ' + (wait || 'a few') + ' s.' : (error.error && error.error.message) || 'The assistant did not answer (' + response.status + ').');
        history.pop();
        return;
      }
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += value;
        let end;
        while ((end = buffer.indexOf('\\n\\n')) >= 0) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!event.startsWith('data: ') || event === 'data: [DONE]') continue;
          const chunk = JSON.parse(event.slice(6));
          if (chunk.type === 'start' && chunk.messageMetadata && chunk.messageMetadata.threadId) {
            thread = chunk.messageMetadata.threadId;
            if (store) store.setItem('quire-assistant-thread-' + project, thread);
          } else if (chunk.type === 'source-url') sources.push(chunk);
          else if (chunk.type === 'text-delta') { written += chunk.delta; format(body, written); log.scrollTop = log.scrollHeight; }
          else if (chunk.type === 'error') fail(chunk.errorText || 'The assistant could not answer.');
        }
      }
      history.push({ role: 'assistant', content: written });
      if (sources.length > 0) {
        const list = make('ul', 'assistant-sources');
        list.setAttribute('data-assistant-sources', '');
        for (const source of sources) {
          const item = make('li');
          const link = make('a', '', source.title || source.url);
          link.href = at(source.url);
          // A source is a page: anything but an http(s) or file address (a javascript: URL) is shown as text.
          if (!/^(https?|file):$/.test(link.protocol)) link.removeAttribute('href');
          item.append(link);
          list.append(item);
        }
        answer.append(make('p', 'assistant-sources-title', 'Sources'), list);
      }
    } catch (error) {
      fail('The assistant could not be reached.');
      history.pop();
    } finally {
      send.disabled = false;
      log.scrollTop = log.scrollHeight;
    }
  });
})();
`;

/** The panel's style sheet, added to `_quire/site.css` with {@link ASSISTANT_SCRIPT}. */
export const ASSISTANT_CSS = `
.assistant-open{position:fixed;right:20px;bottom:20px;z-index:60;border:0;border-radius:999px;padding:10px 16px;font:inherit;font-weight:600;font-size:14px;color:#fff;background:var(--quire-primary,#2563eb);box-shadow:0 8px 24px rgba(15,23,42,.25);cursor:pointer}
.assistant-open[hidden]{display:none}
.assistant-panel{position:fixed;right:20px;bottom:20px;z-index:61;width:min(420px,calc(100vw - 24px));height:min(560px,calc(100vh - 40px));display:flex;flex-direction:column;background:var(--bg,#fff);color:inherit;border:1px solid var(--border,#e2e8f0);border-radius:14px;box-shadow:0 20px 50px rgba(15,23,42,.3);overflow:hidden}
.assistant-panel[hidden]{display:none}
.assistant-head{display:flex;align-items:center;justify-content:space-between;padding:10px 14px;border-bottom:1px solid var(--border,#e2e8f0)}
.assistant-title{font-weight:650}
.assistant-close{border:0;background:transparent;font-size:22px;line-height:1;cursor:pointer;color:inherit}
.assistant-log{flex:1;overflow:auto;padding:12px 14px;display:flex;flex-direction:column;gap:10px;font-size:14px}
.assistant-question{align-self:flex-end;margin:0;max-width:85%;padding:8px 12px;border-radius:12px;background:color-mix(in srgb,var(--quire-primary,#2563eb) 14%,transparent)}
.assistant-answer{max-width:95%}
.assistant-text{white-space:pre-wrap;overflow-wrap:anywhere}
.assistant-answer.is-error .assistant-text{color:#dc2626}
.assistant-text code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9em;padding:.05em .3em;border-radius:4px;background:color-mix(in srgb,currentColor 10%,transparent)}
.assistant-code{margin:6px 0;padding:8px 10px;border-radius:8px;overflow:auto;white-space:pre;background:color-mix(in srgb,currentColor 7%,transparent)}
.assistant-code code{padding:0;background:none}
.assistant-sources-title{margin:8px 0 2px;font-size:12px;font-weight:650;opacity:.7}
.assistant-sources{margin:0;padding-left:18px;font-size:13px}
.assistant-form{display:flex;gap:8px;padding:10px;border-top:1px solid var(--border,#e2e8f0)}
.assistant-form textarea{flex:1;resize:none;font:inherit;font-size:14px;padding:8px 10px;border-radius:10px;border:1px solid var(--border,#e2e8f0);background:transparent;color:inherit}
.assistant-send{border:0;border-radius:10px;padding:0 14px;font:inherit;font-weight:600;color:#fff;background:var(--quire-primary,#2563eb);cursor:pointer}
.assistant-send:disabled{opacity:.6;cursor:progress}
`;
