/**
 * The API playground's script, for the browser (bundled on its own as `_quire/playground.js`,
 * loaded by the pages that have a playground). It reads each `[data-quire-playground]` section's
 * model and inputs (drawn by `Playground`, ./playground.ts) and:
 * - writes the generated request samples of the page again from what the reader typed, in every
 *   language, as they type (the samples are the same code as the build's: snippet-languages.ts);
 * - keeps credentials for the tab's session (`sessionStorage`, by scheme name), so that every
 *   page using the same scheme has them;
 * - sends the request from the browser, or through `quire dev`'s proxy (`<html
 *   data-playground-proxy>`) when the site asks for one, when the request has cookies (a browser
 *   sends none it was not given by the API's own site), or when the API refused the browser's
 *   cross-origin request; and shows the status, the time, the headers and the body.
 */
import type { SampleField, SampleFormPart, SampleRequest } from '../openapi/sample-request.js';
import { snippetSource } from '../openapi/snippet-languages.js';
import type { PlaygroundModel } from './playground.js';

/** The header names and values the proxy takes: see src/cli/playground-proxy.ts. */
const PROXY_URL_HEADER = 'x-quire-proxy-url';
const PROXY_HEADERS_HEADER = 'x-quire-proxy-headers';
const PROXY_STATUS_HEADER = 'x-quire-proxy-status';
const PROXY_ERROR_HEADER = 'x-quire-proxy-error';

/** Headers a page's script may not set (the Fetch standard's forbidden names): sent through the proxy only. */
const FORBIDDEN =
  /^(accept-charset|accept-encoding|access-control-request-headers|access-control-request-method|connection|content-length|cookie|cookie2|date|dnt|expect|host|keep-alive|origin|referer|set-cookie|te|trailer|transfer-encoding|upgrade|via|proxy-.*|sec-.*)$/i;

/** What one playground sends: the request as the samples show it, and what `fetch` is given. */
interface Outgoing {
  request: SampleRequest;
  /** The URL with its query. */
  url: string;
  headers: SampleField[];
  body?: BodyInit;
  /** The body's own content type when `fetch` must set it (a multipart boundary): not among `headers`. */
  files: boolean;
}

function start(section: HTMLFormElement): void {
  const modelElement = section.querySelector('script[data-quire-playground-model]');
  if (!modelElement) return;
  const model = JSON.parse(modelElement.textContent ?? '{}') as PlaygroundModel;
  const $ = <T extends Element>(selector: string) => section.querySelector<T>(selector);
  const $$ = <T extends Element>(selector: string) => Array.from(section.querySelectorAll<T>(selector));
  const serverChoice = $<HTMLSelectElement>('[data-playground-server]');
  const authChoice = $<HTMLSelectElement>('[data-playground-auth-choice]');
  const bodyChoice = $<HTMLSelectElement>('[data-playground-body-choice]');

  // Credentials come back from earlier pages of this tab, and go to the next ones.
  for (const holder of $$<HTMLElement>('[data-playground-auth-scheme]')) {
    const scheme = holder.getAttribute('data-playground-auth-scheme') ?? '';
    for (const input of Array.from(holder.querySelectorAll<HTMLInputElement>('[data-playground-auth]'))) {
      const key = `quire-playground:${scheme}:${input.getAttribute('data-playground-auth')}`;
      const kept = storage()?.getItem(key);
      if (kept) input.value = kept;
      input.addEventListener('input', () => storage()?.setItem(key, input.value));
    }
  }

  const serverIndex = () => Number(serverChoice?.value ?? 0);
  const requirementIndex = () => Number(authChoice?.value ?? 0);
  const bodyIndex = () => Number(bodyChoice?.value ?? 0);

  /** The request as typed: the samples' model, and what fetch sends. */
  const outgoing = (): Outgoing => {
    const server = model.servers[serverIndex()];
    let base = '';
    if (server) {
      base = server.url.replace(/\{([^}]+)\}/g, (whole, name: string) => {
        const input = section.querySelector<HTMLInputElement>(`[data-playground-server-of="${serverIndex()}"] [data-playground-variable="${cssEscape(name)}"]`);
        return input?.value ?? server.variables?.[name]?.default ?? whole;
      });
      base = base.replace(/\/+$/, '');
      if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(base)) base = new URL(base || '/', location.href).href.replace(/\/+$/, '');
    }
    const valueOf = (index: number) => section.querySelector<HTMLInputElement>(`[data-playground-param="${index}"]`)?.value ?? '';
    const query: SampleField[] = [];
    const headers: SampleField[] = [];
    const cookies: SampleField[] = [];
    let path = model.path;
    model.parameters.forEach((parameter, index) => {
      const text = valueOf(index);
      if (parameter.in === 'path') {
        path = path.split(`{${parameter.name}}`).join(text === '' ? `{${parameter.name}}` : encodePath(text, parameter.style, parameter.name));
        return;
      }
      if (text === '') return;
      if (parameter.in === 'query') for (const field of queryFields(parameter, text)) query.push(field);
      else if (parameter.in === 'header') headers.push({ name: parameter.name, value: text });
      else cookies.push({ name: parameter.name, value: text });
    });
    for (const scheme of model.security[requirementIndex()] ?? []) {
      const holder = section.querySelector(`[data-playground-auth-scheme="${cssEscape(scheme.scheme)}"]`);
      const field = (name: string) => holder?.querySelector<HTMLInputElement>(`[data-playground-auth="${name}"]`)?.value ?? '';
      if (scheme.type === 'apiKey') {
        const value = field('value');
        if (value === '') continue;
        const entry = { name: scheme.name, value };
        (scheme.in === 'header' ? headers : scheme.in === 'query' ? query : cookies).push(entry);
      } else if (scheme.type === 'http' && scheme.httpScheme.toLowerCase() === 'basic') {
        if (field('username') !== '' || field('password') !== '')
          headers.push({ name: 'Authorization', value: `Basic ${base64(`${field('username')}:${field('password')}`)}` });
      } else if (scheme.type === 'http' || scheme.type === 'oauth2' || scheme.type === 'openIdConnect') {
        const token = field('token');
        if (token === '') continue;
        const name = scheme.type === 'http' && scheme.httpScheme !== '' ? capitalized(scheme.httpScheme) : 'Bearer';
        headers.push({ name: 'Authorization', value: `${name} ${token}` });
      }
    }
    const request: SampleRequest = { method: model.method, url: base + path.replace(/\?.*$/s, ''), query, headers, cookies };
    const written = /\?(.*)$/s.exec(path)?.[1];
    if (written) request.query = [...new URLSearchParams(written)].map(([name, value]) => ({ name, value })).concat(query);
    let body: BodyInit | undefined;
    let files = false;
    const media = model.bodies[bodyIndex()];
    const holder = section.querySelector(`[data-playground-body="${bodyIndex()}"]`);
    if (media && holder && model.method !== 'GET' && model.method !== 'HEAD') {
      if (media.kind === 'form' || media.kind === 'multipart') {
        const parts: SampleFormPart[] = [];
        const form = new FormData();
        for (const field of media.fields ?? []) {
          const input = holder.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[data-playground-field="${cssEscape(field.name)}"]`);
          if (!input) continue;
          if (field.file) {
            for (const file of Array.from((input as HTMLInputElement).files ?? [])) {
              parts.push({ name: field.name, fileName: file.name, ...(file.type ? { contentType: file.type } : {}) });
              form.append(field.name, file, file.name);
            }
            continue;
          }
          const values = field.list ? input.value.split('\n').filter((line) => line !== '') : input.value === '' ? [] : [input.value];
          for (const value of values) {
            parts.push({ name: field.name, value });
            form.append(field.name, value);
          }
        }
        request.body = { mediaType: media.mediaType, parts };
        if (media.kind === 'multipart') {
          body = form;
          files = true;
        } else {
          body = new URLSearchParams(parts.map((part) => [part.name, part.value ?? '']));
          headers.push({ name: 'Content-Type', value: media.mediaType });
        }
      } else {
        const text = holder.querySelector<HTMLTextAreaElement>('[data-playground-text]')?.value ?? '';
        request.body = { mediaType: media.mediaType, text };
        if (media.kind === 'json') {
          try {
            request.body.json = JSON.parse(text);
          } catch {
            // Sent as typed; the samples show the text.
          }
        }
        body = text;
        headers.push({ name: 'Content-Type', value: media.mediaType });
      }
    }
    // The samples' request names the body's type the way a client sends it.
    if (files) request.headers = [...headers, { name: 'Content-Type', value: media?.mediaType ?? 'multipart/form-data' }];
    const search = request.query.map((field) => `${encodeQuery(field.name)}=${encodeQuery(field.value)}`).join('&');
    return { request, url: search ? `${request.url}?${search}` : request.url, headers, ...(body !== undefined ? { body } : {}), files };
  };

  const urlOutput = $<HTMLOutputElement>('[data-playground-url]');
  // The sample cards of the page: the right column's, and the one in the flow on narrow screens.
  const cards = Array.from(document.querySelectorAll<HTMLElement>('[data-quire-samples]'));
  const update = () => {
    const sent = outgoing();
    if (urlOutput) urlOutput.textContent = sent.url;
    if (model.samples.length === 0) return;
    const sources = model.samples.map((language) => {
      try {
        return snippetSource(sent.request, language);
      } catch {
        return undefined;
      }
    });
    for (const card of cards) {
      const panels = Array.from(card.querySelectorAll<HTMLElement>(':scope > [data-quire-sample]'));
      const first = panels.length - model.samples.length;
      sources.forEach((source, index) => {
        const pre = panels[first + index]?.querySelector('pre');
        if (!pre || source === undefined) return;
        // Plain text from now on: the build's colours were for the build's values.
        const code = document.createElement('code');
        code.textContent = source;
        pre.replaceChildren(code);
        pre.setAttribute('data-playground-written', '');
      });
    }
  };

  const show = (selector: string, attribute: string, value: string | null) => {
    for (const element of $$<HTMLElement>(selector)) element.hidden = element.getAttribute(attribute) !== value;
  };
  serverChoice?.addEventListener('change', () => show('[data-playground-server-of]', 'data-playground-server-of', serverChoice.value));
  bodyChoice?.addEventListener('change', () => show('[data-playground-body]', 'data-playground-body', bodyChoice.value));
  const showSchemes = () => {
    const wanted = new Set((model.security[requirementIndex()] ?? []).map((scheme) => scheme.scheme));
    for (const holder of $$<HTMLElement>('[data-playground-auth-scheme]'))
      holder.hidden = !wanted.has(holder.getAttribute('data-playground-auth-scheme') ?? '');
  };
  authChoice?.addEventListener('change', showSchemes);
  showSchemes();
  section.addEventListener('input', update);
  section.addEventListener('change', update);
  // Values typed before this script came, restored by the browser (back, reload) or kept by the
  // session count from the start.
  const edited = (element: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement) =>
    element instanceof HTMLSelectElement
      ? element.selectedOptions[0]?.defaultSelected === false
      : element.type !== 'file' && element.value !== element.defaultValue;
  if ($$<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>('input, textarea, select').some(edited)) update();
  section.setAttribute('data-playground-ready', '');

  const note = $<HTMLElement>('[data-playground-note]');
  const say = (text: string) => {
    if (!note) return;
    note.textContent = text;
    note.hidden = text === '';
  };
  const sendButton = $<HTMLButtonElement>('[data-playground-send]');
  section.addEventListener('submit', (event) => {
    event.preventDefault();
    if (!sendButton || sendButton.disabled) return;
    const sent = outgoing();
    const proxy = document.documentElement.getAttribute('data-playground-proxy');
    const cookies = sent.request.cookies;
    const forbidden = sent.headers.filter((header) => FORBIDDEN.test(header.name)).map((header) => header.name);
    const viaProxy = proxy !== null && (model.proxy || cookies.length > 0 || forbidden.length > 0);
    const notes: string[] = [];
    if (!viaProxy && cookies.length > 0)
      notes.push(
        `A browser sends no cookies to another site for a page: ${cookies.map((cookie) => cookie.name).join(', ')} not sent (quire dev sends them through its proxy).`,
      );
    if (!viaProxy && forbidden.length > 0)
      notes.push(`A browser does not let a page set ${forbidden.join(', ')}: not sent (quire dev sends it through its proxy).`);
    sendButton.disabled = true;
    const began = performance.now();
    const direct = () =>
      fetch(sent.url, {
        method: model.method,
        headers: sent.headers.filter((header) => !FORBIDDEN.test(header.name)).map((header): [string, string] => [header.name, header.value]),
        ...(sent.body !== undefined ? { body: sent.body } : {}),
        credentials: 'omit',
        redirect: 'follow',
      });
    const proxied = () => {
      const pairs = sent.headers.filter((header) => header.name.toLowerCase() !== 'content-type' || !sent.files).map((header) => [header.name, header.value]);
      if (cookies.length > 0) pairs.push(['Cookie', cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ')]);
      const contentType = sent.headers.find((header) => header.name.toLowerCase() === 'content-type');
      return fetch(proxy as string, {
        method: model.method,
        headers: {
          [PROXY_URL_HEADER]: sent.url,
          [PROXY_HEADERS_HEADER]: encodeURIComponent(JSON.stringify(pairs)),
          ...(contentType && !sent.files ? { 'content-type': contentType.value } : {}),
        },
        ...(sent.body !== undefined ? { body: sent.body } : {}),
      });
    };
    const attempt = viaProxy
      ? proxied()
      : direct().catch((error: unknown) => {
          if (proxy === null) throw error;
          notes.push("The API refused the browser's cross-origin request: sent again through quire dev's proxy.");
          return proxied();
        });
    attempt
      .then(async (response) => {
        await showResponse(section, response, performance.now() - began);
        say(notes.join(' '));
      })
      .catch(() => {
        say(
          [
            ...notes,
            proxy === null
              ? 'The request did not reach the API: it may be down, or not allow requests from this site (CORS). `quire dev` can send it through its proxy.'
              : 'The request did not reach the API.',
          ].join(' '),
        );
      })
      .finally(() => {
        sendButton.disabled = false;
      });
  });
}

/** Status, time, headers and body of an answer; a binary body as a download. */
async function showResponse(section: HTMLElement, response: Response, milliseconds: number): Promise<void> {
  const box = section.querySelector<HTMLElement>('[data-playground-response]');
  if (!box) return;
  const $ = (selector: string) => box.querySelector<HTMLElement>(selector);
  const proxyError = response.headers.get(PROXY_ERROR_HEADER) !== null;
  const proxied = response.headers.get(PROXY_STATUS_HEADER);
  const status = proxyError ? `${response.status} from quire dev's proxy` : (proxied ?? `${response.status} ${response.statusText}`.trim());
  const code = Number(status.split(' ')[0]);
  const statusElement = $('[data-playground-status]');
  if (statusElement) {
    statusElement.textContent = status;
    statusElement.className = `playground-code ${code >= 200 && code < 300 ? 'ok' : code >= 400 || proxyError ? 'error' : 'other'}`;
  }
  const time = $('[data-playground-time]');
  if (time) time.textContent = `${Math.round(milliseconds)} ms`;
  const headerLines: string[] = [];
  response.headers.forEach((value, name) => {
    if (!name.startsWith('x-quire-proxy-') || name === 'x-quire-proxy-set-cookie') headerLines.push(`${name.replace(/^x-quire-proxy-/, '')}: ${value}`);
  });
  const headers = $('[data-playground-headers]');
  if (headers) headers.textContent = headerLines.join('\n');
  const type = response.headers.get('content-type') ?? '';
  const body = $('[data-playground-answer]');
  const download = box.querySelector<HTMLAnchorElement>('[data-playground-download]');
  if (!body || !download) return;
  download.hidden = true;
  body.hidden = false;
  if (proxyError) {
    const answer = (await response.json().catch(() => ({}))) as { error?: string };
    body.textContent = answer.error ?? '';
  } else if (/json|^text\/|xml|javascript|x-www-form-urlencoded|^$/i.test(type)) {
    const text = await response.text();
    let shown = text;
    if (/json/i.test(type)) {
      try {
        shown = JSON.stringify(JSON.parse(text), null, 2);
      } catch {
        // Shown as received.
      }
    }
    body.textContent = shown;
  } else {
    const blob = await response.blob();
    body.hidden = true;
    download.hidden = false;
    download.href = URL.createObjectURL(blob);
    download.download = 'response';
    download.textContent = `Download the body (${type || 'binary'}, ${blob.size} bytes)`;
  }
  box.hidden = false;
}

function queryFields(parameter: PlaygroundModel['parameters'][number], text: string): SampleField[] {
  if (parameter.json) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return [{ name: parameter.name, value: text }];
    }
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      const entries = Object.entries(value).map(([key, item]) => [key, typeof item === 'string' ? item : JSON.stringify(item)] as const);
      if (parameter.style === 'deepObject') return entries.map(([key, item]) => ({ name: `${parameter.name}[${key}]`, value: item }));
      if (parameter.explode ?? true) return entries.map(([key, item]) => ({ name: key, value: item }));
      return [{ name: parameter.name, value: entries.map(([key, item]) => `${key},${item}`).join(',') }];
    }
    return [{ name: parameter.name, value: text }];
  }
  if (parameter.list && (parameter.explode ?? (parameter.style === undefined || parameter.style === 'form')))
    return text.split(',').map((item) => ({ name: parameter.name, value: item.trim() }));
  return [{ name: parameter.name, value: text }];
}

function encodePath(text: string, style: string | undefined, name: string): string {
  const encoded = encodeURIComponent(text).replace(/%2C/gi, ',');
  if (style === 'label') return `.${encoded}`;
  if (style === 'matrix') return `;${name}=${encoded}`;
  return encoded;
}

function encodeQuery(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

function base64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function cssEscape(text: string): string {
  return typeof CSS !== 'undefined' && CSS.escape ? CSS.escape(text) : text.replace(/["\\]/g, '\\$&');
}

function storage(): Storage | undefined {
  try {
    return sessionStorage;
  } catch {
    return undefined;
  }
}

function startAll(): void {
  for (const section of Array.from(document.querySelectorAll<HTMLFormElement>('form[data-quire-playground]'))) start(section);
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', startAll);
else startAll();
