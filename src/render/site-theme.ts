import type { DocsConfig } from '../config/schemas/docs-config.js';

/** The settings of docs.json the theme reads. */
export type ThemeSettings = Pick<DocsConfig, 'colors' | 'fonts' | 'background' | 'appearance'>;

/** A font of docs.json's `fonts`, as the theme uses it. */
interface FontChoice {
  family: string;
  weight?: number;
  source?: string;
  format?: 'woff' | 'woff2';
}

const SYSTEM_SANS = 'ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif';

/**
 * The site's own CSS variables from docs.json: `--quire-primary`, `--quire-primary-light` (the
 * brand colour in dark mode), `--quire-primary-dark` (buttons and hovers in light mode), the
 * background colours and the fonts, with `@font-face` for self-hosted fonts. Values are checked
 * (hex colours, font names without quotes or braces) so that a docs.json cannot break out of the
 * style sheet.
 */
export function themeCss(settings: ThemeSettings): string {
  const { primary, light, dark } = settings.colors;
  const lines: string[] = [];
  const root: string[] = [`--quire-primary:${color(primary) ?? '#16a34a'}`];
  root.push(`--quire-primary-light:${color(light) ?? color(primary) ?? '#4ade80'}`);
  root.push(`--quire-primary-dark:${color(dark) ?? color(primary) ?? '#15803d'}`);
  const background = settings.background?.color;
  if (color(background?.light)) root.push(`--quire-background-light:${color(background?.light)}`);
  if (color(background?.dark)) root.push(`--quire-background-dark:${color(background?.dark)}`);
  const fonts = settings.fonts;
  const body = fontOf(fonts?.body) ?? fontOf(fonts);
  const heading = fontOf(fonts?.heading) ?? fontOf(fonts);
  if (body) root.push(`--quire-font-body:"${body.family}",${SYSTEM_SANS}`);
  if (heading) root.push(`--quire-font-heading:"${heading.family}",${SYSTEM_SANS}`);
  for (const font of [body, heading]) {
    if (font?.source && safeUrl(font.source))
      lines.push(
        `@font-face{font-family:"${font.family}";src:url("${font.source}")${font.format ? ` format("${font.format}")` : ''};${font.weight ? `font-weight:${font.weight};` : ''}font-display:swap}`,
      );
  }
  lines.unshift(`:root{${root.join(';')}}`);
  return lines.join('\n');
}

/**
 * Google Fonts stylesheet URL for the fonts docs.json names by family without a `source`, as the
 * platform loads them; undefined when there is none.
 */
export function googleFontsUrl(settings: ThemeSettings): string | undefined {
  const fonts = settings.fonts;
  const families = [fontOf(fonts?.body) ?? fontOf(fonts), fontOf(fonts?.heading)]
    .filter((font): font is FontChoice => font !== undefined && font.source === undefined)
    .map((font) => font.family);
  const unique = [...new Set(families)];
  if (unique.length === 0) return undefined;
  return `https://fonts.googleapis.com/css2?${unique.map((family) => `family=${encodeURIComponent(family).replace(/%20/g, '+')}:wght@400;500;600;700`).join('&')}&display=swap`;
}

function fontOf(font: Partial<FontChoice> | undefined): FontChoice | undefined {
  if (!font?.family || !/^[\w .-]{1,80}$/.test(font.family)) return undefined;
  return font as FontChoice;
}

function color(value: string | undefined): string | undefined {
  return value !== undefined && /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(value) ? value : undefined;
}

function safeUrl(value: string): boolean {
  return !/["'()\\\s<>]/.test(value);
}

/**
 * The style sheet of the site shell: header, tabs, sidebar, page, table of contents, footer, in
 * light and dark (`html[data-theme]`), for a desktop and a phone (the sidebar slides in behind
 * the menu button below 1024 px; the table of contents shows from 1280 px). Colours come from
 * {@link themeCss}'s variables; the components' variables (`--quire-bg`, `--quire-fg`, ...) come
 * from the shell's, so both change together with the mode. The Tailwind classes pages use to show an image in one mode only
 * (`block dark:hidden`, `hidden dark:block`, on 640 corpus elements) work as on the platform.
 */
export const SITE_CSS = `
:root{color-scheme:light;--bg:var(--quire-background-light,#fff);--bg-subtle:#f8fafc;--bg-hover:rgba(15,23,42,.05);--fg:#0f172a;--fg-strong:#020617;--muted:#64748b;--border:#e2e8f0;--border-strong:#cbd5e1;--accent:var(--quire-primary);--accent-fg:var(--quire-primary-dark);--accent-soft:color-mix(in srgb,var(--quire-primary) 12%,transparent);--code-bg:#f6f8fa;--header-h:64px;--tabs-h:0px;--sidebar-w:284px;--toc-w:232px;--side-w:380px;--font-body:var(--quire-font-body,${SYSTEM_SANS});--font-heading:var(--quire-font-heading,var(--font-body));--font-mono:ui-monospace,SFMono-Regular,"SF Mono",Menlo,Consolas,monospace}
html{--quire-bg:var(--bg);--quire-fg:var(--fg);--quire-muted:var(--muted);--quire-border:var(--border);--quire-surface:var(--bg-subtle);--quire-code-bg:var(--code-bg);--quire-font:var(--font-body);--quire-mono:var(--font-mono)}
html[data-theme=dark]{color-scheme:dark;--bg:var(--quire-background-dark,#0b0e14);--bg-subtle:#11151d;--bg-hover:rgba(255,255,255,.06);--fg:#d8dee9;--fg-strong:#f8fafc;--muted:#94a3b8;--border:#1e2530;--border-strong:#2c3542;--accent:var(--quire-primary-light);--accent-fg:var(--quire-primary-light);--accent-soft:color-mix(in srgb,var(--quire-primary-light) 14%,transparent);--code-bg:#11151d}
html.has-tabs{--tabs-h:46px}
*,*::before,*::after{box-sizing:border-box}
html{scroll-padding-top:calc(var(--header-h) + var(--tabs-h) + 16px);-webkit-text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.7 var(--font-body);-webkit-font-smoothing:antialiased}
a{color:var(--accent-fg);text-underline-offset:3px}
html[data-theme=dark] .prose a:not([class]),html[data-theme=dark] .page-description a{color:var(--accent)}
.site-banner{position:relative;display:flex;align-items:center;justify-content:center;gap:.75rem;min-height:40px;padding:.5rem 3rem;background:var(--quire-primary-dark);color:#fff;font-size:.875rem;line-height:1.45;text-align:center}
.site-banner[hidden]{display:none}
html[data-theme=dark] .site-banner{background:color-mix(in srgb,var(--quire-primary) 70%,#000)}
.site-banner.banner-warning{background:#b45309}
.site-banner.banner-critical{background:#b91c1c}
.site-banner.banner-colored{background:var(--banner-light,var(--quire-primary-dark))}
html[data-theme=dark] .site-banner.banner-colored{background:var(--banner-dark,var(--banner-light,var(--quire-primary)))}
.banner-content p{margin:0}
.banner-content a{color:inherit;text-decoration:underline}
.banner-content code{font-family:var(--font-mono);font-size:.85em}
.banner-close{position:absolute;right:.75rem;top:50%;transform:translateY(-50%);display:inline-flex;align-items:center;justify-content:center;width:28px;height:28px;border:0;border-radius:7px;background:transparent;color:inherit;cursor:pointer;opacity:.85}
.banner-close:hover{opacity:1;background:rgba(255,255,255,.15)}
.banner-close svg{width:16px;height:16px}
.skip-link{position:absolute;left:-9999px;top:0;z-index:100;background:var(--bg);padding:.5rem 1rem}
.skip-link:focus{left:1rem}
.icon{display:inline-flex;width:1em;height:1em;flex:none;align-items:center;justify-content:center}
.icon svg,.icon img{width:100%;height:100%}
svg.ui-icon{width:1em;height:1em;flex:none}
.toc-title svg{width:14px;height:14px}
.site-header{position:sticky;top:0;z-index:30;background:color-mix(in srgb,var(--bg) 88%,transparent);backdrop-filter:saturate(180%) blur(12px);-webkit-backdrop-filter:saturate(180%) blur(12px);border-bottom:1px solid var(--border)}
.header-bar{display:flex;align-items:center;gap:.75rem;height:var(--header-h);max-width:1536px;margin:0 auto;padding:0 1.5rem}
.site-logo{display:flex;align-items:center;gap:.6rem;color:var(--fg-strong);text-decoration:none;font-weight:650;font-size:1.05rem;letter-spacing:-.01em;min-width:0}
.site-logo img{height:28px;width:auto;display:block}
.logo-dark{display:none!important}
html[data-theme=dark] .logo-light.has-dark{display:none!important}
html[data-theme=dark] .logo-dark{display:block!important}
.header-spacer{flex:1}
.navbar-links{display:flex;align-items:center;gap:1.25rem}
.navbar-links a{color:var(--muted);text-decoration:none;font-size:.9rem;font-weight:500;display:inline-flex;align-items:center;gap:.35rem}
.navbar-links a:hover{color:var(--fg-strong)}
.navbar-primary{display:inline-flex;align-items:center;gap:.4rem;height:36px;padding:0 .95rem;border-radius:999px;background:var(--quire-primary-dark);color:#fff!important;text-decoration:none;font-size:.875rem;font-weight:600;white-space:nowrap;box-shadow:0 1px 2px rgba(0,0,0,.08)}
html[data-theme=dark] .navbar-primary{background:var(--quire-primary)}
.navbar-primary:hover{filter:brightness(1.08)}
.icon-button{display:inline-flex;align-items:center;justify-content:center;width:36px;height:36px;border-radius:10px;border:1px solid var(--border);background:transparent;color:var(--muted);cursor:pointer;padding:0}
.search-button{display:inline-flex;align-items:center;gap:10px;margin-left:16px;height:36px;min-width:220px;padding:0 8px 0 12px;border-radius:10px;border:1px solid var(--border);background:transparent;color:var(--muted);font:inherit;font-size:14px;cursor:pointer}.search-button span{flex:1;text-align:left}.search-button kbd{font:inherit;font-size:11px;border:1px solid var(--border);border-radius:5px;padding:1px 5px}html:not([data-search]) .search-button{display:none}@media (max-width:768px){.search-button{min-width:0;margin-left:auto}.search-button kbd{display:none}}
.icon-button:hover{color:var(--fg-strong);background:var(--bg-hover)}
.icon-button svg{width:18px;height:18px}
.theme-toggle .moon{display:none}
html[data-theme=dark] .theme-toggle .sun{display:none}
html[data-theme=dark] .theme-toggle .moon{display:block}
.menu-button{display:none}
.tabs-bar{max-width:1536px;margin:0 auto;padding:0 1.5rem;display:flex;gap:1.6rem;height:var(--tabs-h);overflow-x:auto;scrollbar-width:none}
.tabs-bar a{display:inline-flex;align-items:center;gap:.45rem;height:100%;color:var(--muted);text-decoration:none;font-size:.875rem;font-weight:500;border-bottom:2px solid transparent;white-space:nowrap}
.tabs-bar a:hover{color:var(--fg-strong);border-bottom-color:var(--border-strong)}
.tabs-bar a.active{color:var(--fg-strong);border-bottom-color:var(--accent);font-weight:600}
.tabs-bar:has(.tab-menu[open]){overflow:visible}
.tab-menu{position:relative;height:100%}
.tab-menu>summary{list-style:none;display:inline-flex;align-items:center;gap:.45rem;height:100%;box-sizing:border-box;color:var(--muted);font-size:.875rem;font-weight:500;border-bottom:2px solid transparent;white-space:nowrap;cursor:pointer}
.tab-menu>summary::-webkit-details-marker{display:none}
.tab-menu>summary:hover{color:var(--fg-strong);border-bottom-color:var(--border-strong)}
.tab-menu.active>summary{color:var(--fg-strong);border-bottom-color:var(--accent);font-weight:600}
.tab-menu>summary .chevron{width:12px;height:12px;transform:rotate(90deg);color:var(--muted)}
.tab-menu[open]>summary .chevron{transform:rotate(-90deg)}
.tab-menu-list{position:absolute;left:0;top:calc(100% + 4px);z-index:40;min-width:15rem;background:var(--bg);border:1px solid var(--border);border-radius:10px;padding:.3rem;box-shadow:0 12px 32px rgba(15,23,42,.12)}
.tabs-bar .tab-menu-list a{display:flex;align-items:flex-start;gap:.55rem;height:auto;padding:.45rem .6rem;border:0;border-radius:7px;color:var(--fg);white-space:normal}
.tabs-bar .tab-menu-list a:hover{background:var(--bg-hover)}
.tabs-bar .tab-menu-list a.active{color:var(--accent-fg);font-weight:600}
.tabs-bar .tab-menu-list .icon{margin-top:.15rem}
.tab-menu-list .option-description{display:block;font-size:.75rem;color:var(--muted);font-weight:400}
.site-body{display:flex;max-width:1536px;margin:0 auto;align-items:flex-start}
.sidebar{position:sticky;top:calc(var(--header-h) + var(--tabs-h) + 1px);flex:none;width:var(--sidebar-w);height:calc(100vh - var(--header-h) - var(--tabs-h) - 1px);overflow-y:auto;padding:1.5rem 1rem 3rem 1.5rem;font-size:.875rem;scrollbar-width:thin}
.sidebar ul{list-style:none;margin:0;padding:0}
.nav-anchors{margin-bottom:1.25rem;display:flex;flex-direction:column;gap:.1rem}
.nav-anchors a{display:flex;align-items:center;gap:.65rem;padding:.35rem .5rem;border-radius:8px;color:var(--muted);text-decoration:none;font-weight:500}
.nav-anchors a .icon{width:26px;height:26px;padding:5px;border-radius:7px;border:1px solid var(--border);background:var(--bg)}
.nav-anchors a:hover{color:var(--fg-strong)}
.nav-anchors a.active{color:var(--accent-fg)}
html[data-theme=dark] .nav-anchors a.active{color:var(--accent)}
.nav-anchors a.active .icon{background:var(--accent-soft);border-color:transparent;color:var(--accent)}
.nav-group{margin-bottom:1.4rem}
.nav-group-title{display:flex;align-items:center;gap:.5rem;margin:0 0 .45rem;padding:0 .6rem;font-size:.78rem;font-weight:650;color:var(--fg-strong);letter-spacing:.01em}
.nav-link{display:flex;align-items:center;gap:.55rem;padding:.32rem .6rem;border-radius:8px;color:var(--muted);text-decoration:none;line-height:1.45}
.nav-link:hover{color:var(--fg-strong);background:var(--bg-hover)}
.nav-link.active{color:var(--accent-fg);background:var(--accent-soft);font-weight:600}
html[data-theme=dark] .nav-link.active{color:var(--accent)}
.nav-link .label{flex:1;min-width:0;overflow-wrap:anywhere}
.nav-link .group-root,.nav-group-title a{color:inherit;text-decoration:none}
.nav-link .icon{color:currentColor;opacity:.85}
.nav-link.deprecated .label{text-decoration:line-through;opacity:.7}
.nav-tag{flex:none;font-size:.65rem;font-weight:650;letter-spacing:.03em;line-height:1;padding:.25rem .4rem;border-radius:6px;background:var(--accent-soft);color:var(--accent-fg);text-transform:uppercase}
html[data-theme=dark] .nav-tag{color:var(--accent)}
.method{flex:none;display:inline-block;min-width:3.1em;font:700 .62rem/1 var(--font-mono);letter-spacing:.02em;padding:.28rem .3rem;border-radius:5px;text-align:center;text-transform:uppercase;color:#fff;background:#64748b}
.method-get{background:#16a34a}.method-post{background:#2563eb}.method-put{background:#d97706}.method-patch{background:#c2410c}.method-delete{background:#dc2626}.method-webhook{background:#7c3aed}
.nav-sub{margin:.1rem 0 .1rem .9rem;padding-left:.55rem;border-left:1px solid var(--border)}
details.nav-nested>summary{list-style:none;cursor:pointer}
details.nav-nested>summary::-webkit-details-marker{display:none}
details.nav-nested>summary .chevron{margin-left:auto;width:14px;height:14px;transition:transform .15s ease;color:var(--muted)}
details.nav-nested[open]>summary .chevron{transform:rotate(90deg)}
.external-mark{width:12px;height:12px;opacity:.6;flex:none}
.selector{position:relative;margin-bottom:1rem}
.selector>summary{list-style:none;display:flex;align-items:center;gap:.5rem;padding:.5rem .7rem;border:1px solid var(--border);border-radius:10px;cursor:pointer;font-weight:550;color:var(--fg-strong);background:var(--bg)}
.selector>summary::-webkit-details-marker{display:none}
.selector>summary .chevron{margin-left:auto;width:14px;height:14px;transform:rotate(90deg);color:var(--muted)}
.selector[open]>summary .chevron{transform:rotate(-90deg)}
.selector-kind{font-size:.7rem;font-weight:600;color:var(--muted);text-transform:uppercase;letter-spacing:.05em}
.selector-menu{position:absolute;left:0;right:0;top:calc(100% + 4px);z-index:20;background:var(--bg);border:1px solid var(--border);border-radius:10px;padding:.3rem;box-shadow:0 12px 32px rgba(15,23,42,.12)}
.selector-menu a{display:flex;align-items:center;gap:.5rem;padding:.4rem .55rem;border-radius:7px;color:var(--fg);text-decoration:none}
.selector-menu a:hover{background:var(--bg-hover)}
.selector-menu a.active{color:var(--accent-fg);font-weight:600}
.selector-menu .option-description{display:block;font-size:.75rem;color:var(--muted);font-weight:400}
.header-selector{margin:0}
.header-selector>summary{padding:.35rem .6rem;font-size:.85rem}
.header-selector .selector-menu{left:auto;min-width:180px}
.page{flex:1;min-width:0;padding:2.5rem 3rem 4rem;display:flex;justify-content:center}
.page-inner{width:100%;max-width:760px;min-width:0}
body.mode-wide .page-inner{max-width:1100px}
.eyebrow{margin:0 0 .5rem;font-size:.85rem;font-weight:600;color:var(--accent-fg)}
html[data-theme=dark] .eyebrow{color:var(--accent)}
.eyebrow span+span::before{content:"/";margin:0 .45rem;color:var(--muted);font-weight:400}
.page-title{margin:0;font:700 2.1rem/1.2 var(--font-heading);letter-spacing:-.02em;color:var(--fg-strong)}
.page-title .icon{width:.9em;height:.9em;margin-right:.35em;vertical-align:-.08em;color:var(--accent)}
.page-description{margin:.6rem 0 0;font-size:1.125rem;line-height:1.6;color:var(--muted)}
.prose{margin-top:2rem;overflow-wrap:break-word}
.prose :is(h1,h2,h3,h4,h5,h6){scroll-margin-top:0}
.prose h2,.prose h3,.prose h4,.prose h5,.prose h6{font-family:var(--font-heading);color:var(--fg-strong);letter-spacing:-.01em;line-height:1.3}
.prose h2{font-size:1.5rem;margin:2.5rem 0 .75rem}
.prose h3{font-size:1.2rem;margin:2rem 0 .5rem}
.prose h4{font-size:1.05rem;margin:1.5rem 0 .5rem}
.prose p,.prose ul,.prose ol{margin:0 0 1.1rem}
.prose li{margin:.3rem 0}
.prose li::marker{color:var(--muted)}
.prose img,.prose video{max-width:100%;height:auto;border-radius:12px}
.prose hr{border:0;border-top:1px solid var(--border);margin:2.5rem 0}
.prose blockquote{margin:1.25rem 0;padding:.1rem 1rem;border-left:3px solid var(--border-strong);color:var(--muted)}
.prose table{width:100%;border-collapse:collapse;display:block;overflow-x:auto;font-size:.9rem;margin:1.25rem 0}
.prose th{text-align:left;font-weight:600;color:var(--fg-strong)}
.prose th,.prose td{border:0;border-bottom:1px solid var(--border);padding:.55rem .75rem .55rem 0}
.prose :not(pre)>code{font-family:var(--font-mono);font-size:.85em;padding:.15em .4em;border-radius:6px;background:var(--code-bg);border:1px solid var(--border);color:var(--fg-strong)}
.prose pre:not(.quire-code){font-family:var(--font-mono);font-size:.85rem;line-height:1.65;background:var(--code-bg);border:1px solid var(--border);border-radius:12px;padding:1rem 1.1rem;overflow-x:auto}
.prose a:hover{text-decoration-thickness:2px}
.heading-anchor{margin-left:.35rem;opacity:0;text-decoration:none;color:var(--muted)!important}
.prose :is(h2,h3,h4):hover .heading-anchor{opacity:1}
.pager{display:grid;grid-template-columns:1fr 1fr;gap:1rem;margin-top:3.5rem}
.pager a{display:flex;flex-direction:column;gap:.15rem;padding:.9rem 1.1rem;border:1px solid var(--border);border-radius:12px;text-decoration:none;color:var(--fg-strong);font-weight:600;transition:border-color .15s}
.pager a:hover{border-color:var(--accent)}
.pager .pager-kind{font-size:.75rem;font-weight:500;color:var(--muted)}
.pager .pager-next{grid-column:2;text-align:right}
.site-footer{margin-top:3.5rem;padding-top:2rem;border-top:1px solid var(--border);font-size:.875rem;color:var(--muted)}
.footer-columns{display:grid;grid-template-columns:repeat(auto-fit,minmax(150px,1fr));gap:1.5rem;margin-bottom:1.5rem}
.footer-columns h3{margin:0 0 .5rem;font-size:.8rem;color:var(--fg-strong)}
.footer-columns ul{list-style:none;margin:0;padding:0}
.footer-columns li{margin:.3rem 0}
.site-footer a{color:var(--muted);text-decoration:none}
.site-footer a:hover{color:var(--fg-strong)}
.footer-bottom{display:flex;align-items:center;justify-content:space-between;gap:1rem;flex-wrap:wrap}
.socials{display:flex;gap:.9rem;flex-wrap:wrap}
.socials a{display:inline-flex;align-items:center;gap:.3rem}
.toc{position:sticky;top:calc(var(--header-h) + var(--tabs-h) + 1px);flex:none;width:var(--toc-w);max-height:calc(100vh - var(--header-h) - var(--tabs-h) - 1px);overflow-y:auto;padding:2.6rem 1.5rem 2rem 0;font-size:.82rem}
.toc-title{display:flex;align-items:center;gap:.45rem;margin:0 0 .7rem;font-size:.8rem;font-weight:650;color:var(--fg-strong)}
.toc ul{list-style:none;margin:0;padding:0;border-left:1px solid var(--border)}
.toc li a{display:block;padding:.28rem 0 .28rem .9rem;margin-left:-1px;border-left:1px solid transparent;color:var(--muted);text-decoration:none;line-height:1.45}
.toc li.depth-3 a{padding-left:1.7rem}
.toc li.depth-4 a{padding-left:2.5rem}
.toc li a:hover{color:var(--fg-strong)}
.toc li a.active{color:var(--accent-fg);border-left-color:var(--accent);font-weight:550}
html[data-theme=dark] .toc li a.active{color:var(--accent)}
.endpoint-header{display:flex;align-items:center;gap:.6rem;margin-top:1.25rem;padding:.55rem .7rem;border:1px solid var(--border);border-radius:12px;background:var(--bg-subtle);font-family:var(--font-mono);font-size:.85rem;overflow-x:auto}
.endpoint-header .method{font-size:.72rem;padding:.32rem .45rem}
.endpoint-path{color:var(--fg-strong);white-space:nowrap}
.endpoint-server{color:var(--muted);white-space:nowrap}
.endpoint-section h2{font-size:1.15rem!important;border-bottom:1px solid var(--border);padding-bottom:.5rem}
.playground{margin-top:1rem;border:1px solid var(--border);border-radius:12px;padding:.8rem .9rem;background:var(--bg)}
.playground-head{display:flex;align-items:center;gap:.6rem;flex-wrap:wrap;font-family:var(--font-mono);font-size:.85rem}
.playground-head .method{font-size:.72rem;padding:.32rem .45rem}
.playground-title{font-family:var(--font-body);font-weight:650;color:var(--fg-strong)}
.playground-url{flex:1;min-width:12rem;color:var(--fg-strong);overflow-wrap:anywhere}
.playground-simple{display:block;margin-top:1rem;padding:.55rem .7rem}
.playground-send{margin-left:auto;border:0;border-radius:8px;padding:.4rem 1rem;font-weight:650;color:#fff;background:var(--accent);cursor:pointer}
.playground-send:disabled{opacity:.6;cursor:progress}
.playground-group{border:0;border-top:1px solid var(--border);margin:.8rem 0 0;padding:.6rem 0 0;display:grid;grid-template-columns:repeat(auto-fill,minmax(14rem,1fr));gap:.55rem .9rem}
.playground-group legend{font-size:.8rem;font-weight:650;color:var(--fg-strong);padding:0 .3rem 0 0}
.playground-group>[data-playground-body],.playground-group>[data-playground-auth-scheme],.playground-group>.playground-media{grid-column:1/-1;display:grid;grid-template-columns:repeat(auto-fill,minmax(14rem,1fr));gap:.55rem .9rem}
.playground-group [hidden]{display:none!important}
.playground-field{display:flex;flex-direction:column;gap:.25rem;font-size:.8rem;color:var(--muted)}
.playground-field>span{display:flex;gap:.4rem;align-items:baseline;font-family:var(--font-mono);color:var(--fg-strong)}
.playground input,.playground select,.playground textarea{font:inherit;font-size:.85rem;color:var(--fg-strong);background:var(--bg-subtle);border:1px solid var(--border);border-radius:8px;padding:.35rem .5rem;min-width:0}
.playground textarea{font-family:var(--font-mono);resize:vertical}
.playground-editor{grid-column:1/-1;width:100%;box-sizing:border-box}
.playground-media{margin:0;font-family:var(--font-mono);font-size:.8rem;color:var(--muted)}
.playground-note{margin:.7rem 0 0;font-size:.82rem;color:#b45309}
.playground-response{margin-top:.8rem;border-top:1px solid var(--border);padding-top:.6rem}
.playground-status{display:flex;gap:.8rem;align-items:baseline;font-family:var(--font-mono);font-size:.85rem}
.playground-code{font-weight:650}.playground-code.ok{color:#16a34a}.playground-code.error{color:#dc2626}.playground-code.other{color:#ca8a04}
.playground-time{color:var(--muted)}
.playground-headers summary{cursor:pointer;font-size:.8rem;color:var(--muted);margin:.4rem 0}
.playground-response pre{margin:.4rem 0 0;max-height:24rem;overflow:auto;font-size:.8rem;background:var(--bg-subtle);border:1px solid var(--border);border-radius:8px;padding:.5rem .7rem;white-space:pre-wrap;overflow-wrap:anywhere}
.field{padding:.9rem 0;border-bottom:1px solid var(--border)}
.field:last-child{border-bottom:0}
.field-head{display:flex;flex-wrap:wrap;align-items:baseline;gap:.5rem;font-size:.875rem}
.field-name{font-family:var(--font-mono);font-weight:650;color:var(--fg-strong)}
.field-type{font-family:var(--font-mono);color:var(--muted);font-size:.8rem}
.field-required{font-size:.7rem;font-weight:650;color:#dc2626;text-transform:uppercase;letter-spacing:.03em}
.field-deprecated{font-size:.7rem;font-weight:650;color:#b45309;text-transform:uppercase}
.field-body{margin-top:.35rem;font-size:.9rem;color:var(--fg)}
.field-body>:last-child{margin-bottom:0}
.field-children{margin:.5rem 0 0;border:1px solid var(--border);border-radius:10px;padding:0 .9rem}
.field-children>summary{cursor:pointer;padding:.5rem 0;font-size:.8rem;color:var(--muted)}
.response-status{font-family:var(--font-mono);font-weight:700}
.field-example code{overflow-wrap:anywhere}
.api-sample .code-group-header{gap:.75rem}
.api-sample-title{display:flex;align-items:center;gap:.5rem;min-width:0;font-size:.8rem;color:var(--muted);white-space:nowrap;overflow:hidden}
.api-sample-path{font-family:var(--font-mono);overflow:hidden;text-overflow:ellipsis;color:var(--fg)}
.api-sample-tools{display:flex;align-items:center;gap:.35rem;flex:none}
.sample-picker{font:inherit;font-size:.78rem;color:var(--fg);background:var(--bg);border:1px solid var(--border);border-radius:7px;padding:.2rem .35rem;cursor:pointer;max-width:11rem}
.sample-panel[hidden]{display:none}
.endpoint-reference:has(.side-inline[data-side=request]:not([data-generated]))>.side-inline[data-side=request][data-generated],.endpoint-reference:has(.side-inline[data-side=response]:not([data-generated]))>.side-inline[data-side=response][data-generated]{display:none}
.side-column{display:none}
@media (min-width:1280px){
.side-column{display:block;position:sticky;top:calc(var(--header-h) + var(--tabs-h) + 1px);flex:none;width:var(--side-w);max-height:calc(100vh - var(--header-h) - var(--tabs-h) - 1px);overflow-y:auto;padding:2.5rem 1.5rem 2rem 0;scrollbar-width:thin}
.side-column>:first-child,.side-column .api-example:first-child .code-group{margin-top:0}
.side-column .code-group{margin:0 0 1.25rem}
.side-column .api-example{margin:0}
.side-column .quire-code{max-height:calc(50vh - 7rem);overflow:auto}
.side-column .panel{margin-top:0}
.side-inline{display:none}
.site-body:has(>.side-column[data-panel]) .side-inline:not([data-side=panel]){display:block}
}
@media (min-width:1440px){:root{--side-w:440px}}
.render-error{border:1px solid #f5a3a3;background:#fff1f1;color:#7f1d1d;border-radius:12px;padding:1rem 1.25rem;font-size:.9rem}
html[data-theme=dark] .render-error{background:#2a1215;border-color:#7f1d1d;color:#fecaca}
.render-error pre{white-space:pre-wrap;background:transparent;border:0;padding:0;margin:.5rem 0 0}
.not-found{text-align:center;padding:5rem 0}
.not-found .code{font:800 4.5rem/1 var(--font-heading);color:var(--accent);letter-spacing:-.04em}
.sidebar-backdrop{display:none}
.sidebar-navbar{display:none}
.hidden{display:none}.block{display:block}
html[data-theme=dark] .dark\\:hidden{display:none}html[data-theme=dark] .dark\\:block{display:block}
@media (max-width:1279px){.toc{display:none}}
@media (max-width:1023px){
.menu-button{display:inline-flex}
.navbar-links{display:none}
.header-bar{padding:0 1rem;gap:.5rem}
.tabs-bar{padding:0 1rem}
.sidebar{position:fixed;left:0;top:calc(var(--header-h) + var(--tabs-h) + 1px);bottom:0;height:auto;z-index:40;width:min(86vw,320px);background:var(--bg);border-right:1px solid var(--border);transform:translateX(-105%);transition:transform .2s ease;visibility:hidden}
body.nav-open .sidebar{transform:none;visibility:visible;box-shadow:0 0 40px rgba(0,0,0,.18)}
body.nav-open .sidebar-backdrop{display:block;position:fixed;inset:calc(var(--header-h) + var(--tabs-h) + 1px) 0 0 0;z-index:35;background:rgba(15,23,42,.35)}
body.nav-open{overflow:hidden}
.sidebar-navbar{display:flex;flex-direction:column;align-items:flex-start;gap:.9rem;margin-top:1.5rem;padding:1.25rem .6rem 0;border-top:1px solid var(--border)}
.sidebar-navbar .navbar-links{display:flex;flex-direction:column;align-items:flex-start;gap:.6rem}
.sidebar-navbar .navbar-primary{display:inline-flex!important}
.page{padding:1.75rem 1.25rem 3rem}
.page-title{font-size:1.75rem}
}
@media (max-width:520px){.navbar-primary{display:none}.site-logo .site-name.with-logo{display:none}.pager{grid-template-columns:1fr}.pager .pager-next{grid-column:1}}
@media (prefers-reduced-motion:reduce){*{transition:none!important}}
`;
