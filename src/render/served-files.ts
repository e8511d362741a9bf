/**
 * The files of a site's repository that the platform serves at their path (`images/logo.png` at
 * `/images/logo.png`), whether a page names them or not: a page's own code may build a file's
 * address at run time (`/images/${name}.png`), so `quire build --html` copies them all and
 * `quire dev` serves them, as the platform does.
 */

/**
 * The content type of each extension served, by the kinds the platform's "Files" page lists
 * (images, video, audio, data, stylesheets, scripts, fonts, documents, archives), with the common
 * spellings of the same formats.
 */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  html: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  json: 'application/json',
  yaml: 'text/yaml; charset=utf-8',
  yml: 'text/yaml; charset=utf-8',
  xml: 'application/xml',
  csv: 'text/csv; charset=utf-8',
  tsv: 'text/tab-separated-values; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  apng: 'image/apng',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  jfif: 'image/jpeg',
  pjpeg: 'image/jpeg',
  pjp: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  bmp: 'image/bmp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  ico: 'image/x-icon',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  ogv: 'video/ogg',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  flac: 'audio/flac',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  eot: 'application/vnd.ms-fontobject',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  zip: 'application/zip',
  gz: 'application/gzip',
  tar: 'application/x-tar',
  bz2: 'application/x-bzip2',
  '7z': 'application/x-7z-compressed',
  rar: 'application/vnd.rar',
};

function extensionOf(file: string): string {
  return /\.([a-z0-9]+)$/i.exec(file)?.[1]?.toLowerCase() ?? '';
}

/** The content type of a file by its extension; `application/octet-stream` when it is none the platform serves. */
export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[extensionOf(file)] ?? 'application/octet-stream';
}

/** The configuration files, read by the build and never published. */
const CONFIGURATION = new Set(['docs.json', 'mint.json']);

/**
 * Whether the platform serves a file of the site (its path from the site root, `/`-separated) at
 * its path: a file of a served kind ({@link contentTypeOf}; pages and snippets, `.md`, `.mdx`,
 * `.jsx`, `.tsx`, are rendered, never served), not the configuration, not under `node_modules`,
 * and not hidden (a name starting with `.`: `.env`, `.github/`, which a repository never means
 * to publish).
 */
export function isServedFile(file: string): boolean {
  if (CONFIGURATION.has(file) || extensionOf(file) === 'html') return false;
  if (file.split('/').some((part) => part.startsWith('.') || part === 'node_modules' || part === '')) return false;
  return CONTENT_TYPES[extensionOf(file)] !== undefined;
}

/** The files of `siteFiles` (every file of the site, `LoadedSite.siteFiles`) that the platform serves ({@link isServedFile}), sorted. */
export function servedFiles(siteFiles: readonly string[]): string[] {
  return siteFiles.filter(isServedFile).sort();
}
