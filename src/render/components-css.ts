/**
 * The CSS of the built-in components. Colours come from custom properties the site's theme may
 * set (declared here under `:where()`, so any rule of the layout wins):
 * `--quire-primary` (the theme's primary colour: links, active tabs, step numbers),
 * `--quire-primary-light` (the same in dark mode), `--quire-bg`, `--quire-fg`, `--quire-muted`,
 * `--quire-border`, `--quire-surface` (boxes, code), `--quire-font`, `--quire-mono`.
 * Dark mode is a `dark` class on an ancestor (the root element): `.dark`.
 */
export const COMPONENT_CSS: string = `
:where(:root){color-scheme:light;--quire-primary:#0d9373;--quire-bg:#fff;--quire-fg:#18181b;--quire-muted:#5f6673;--quire-border:#e4e4e7;--quire-surface:#f8f8f9;--quire-code-bg:#fbfbfc;--quire-font:Inter,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;--quire-mono:ui-monospace,SFMono-Regular,"JetBrains Mono",Menlo,Consolas,monospace;--q-accent:var(--quire-primary)}
:where(.dark){color-scheme:dark;--quire-bg:#0d0e10;--quire-fg:#e6e6e8;--quire-muted:#a0a4ad;--quire-border:#2a2c31;--quire-surface:#16171a;--quire-code-bg:#121316;--q-accent:var(--quire-primary-light,var(--quire-primary))}
h1,h2,h3,h4{line-height:1.3;scroll-margin-top:5rem}
a{color:var(--q-accent)}
img{max-width:100%}
table{border-collapse:collapse;display:block;overflow-x:auto;margin:1.25rem 0;font-size:.92em}
th,td{border-bottom:1px solid var(--quire-border);padding:.5rem .75rem;text-align:left}
th{font-weight:600}
:not(pre)>code:not(.math){font-family:var(--quire-mono);font-size:.86em;background:var(--quire-surface);border:1px solid var(--quire-border);border-radius:.35rem;padding:.1em .35em;overflow-wrap:anywhere}
.hidden{display:none}.block{display:block}.dark .dark\\:hidden{display:none}.dark .dark\\:block{display:block}
.quire-icon{display:inline-block;width:1em;height:1em;vertical-align:-.125em;flex:none}
.quire-icon-unknown{border-radius:50%;background:currentColor;opacity:.35;width:.6em;height:.6em;vertical-align:.1em;margin:0 .2em}
.quire-icon-image{object-fit:contain}

/* Callouts */
.callout{--callout-color:#0ea5e9;display:flex;gap:.75rem;border:1px solid color-mix(in srgb,var(--callout-color) 28%,transparent);background:color-mix(in srgb,var(--callout-color) 7%,var(--quire-bg));border-radius:.75rem;padding:.85rem 1rem;margin:1.25rem 0;font-size:.94rem}
.callout-info{--callout-color:#71717a}.callout-warning{--callout-color:#d97706}.callout-tip{--callout-color:#059669}.callout-check{--callout-color:#16a34a}.callout-danger{--callout-color:#dc2626}
.callout-icon{color:var(--callout-color);padding-top:.15rem;font-size:1.05rem;line-height:1}
.callout-body{min-width:0;flex:1;color:color-mix(in srgb,var(--callout-color) 35%,var(--quire-fg))}
.callout-body>:first-child{margin-top:0}.callout-body>:last-child{margin-bottom:0}
.callout-title{font-weight:600}

/* Cards, columns, tiles */
.columns{display:grid;grid-template-columns:repeat(var(--columns,2),minmax(0,1fr));gap:1rem;margin:1.25rem 0}
.columns>.card,.columns>.tile{margin:0}
.card{display:block;position:relative;border:1px solid var(--quire-border);border-radius:.9rem;overflow:hidden;color:inherit;text-decoration:none;margin:1rem 0;background:var(--quire-bg);transition:border-color .15s,box-shadow .15s}
a.card:hover{border-color:var(--q-accent);box-shadow:0 1px 8px rgba(0,0,0,.06)}
.card-disabled{opacity:.55}
.card-img{display:block;width:100%;max-height:14rem;object-fit:cover;border-bottom:1px solid var(--quire-border)}
.card-content{padding:1.1rem 1.25rem;display:flex;flex-direction:column;gap:.6rem}
.card-horizontal .card-content{flex-direction:row;align-items:center;gap:.85rem}
.card-icon{color:var(--q-accent);font-size:1.35rem;line-height:1}
.card-text{min-width:0;flex:1}
.card-title{font-weight:600;font-size:1rem;color:var(--quire-fg);margin:0}
.card-body{color:var(--quire-muted);font-size:.92rem;margin-top:.2rem}
.card-body>:first-child{margin-top:0}.card-body>:last-child{margin-bottom:0}
.card-cta{margin-top:.6rem;font-size:.88rem;font-weight:600;color:var(--q-accent);display:inline-flex;align-items:center;gap:.25rem}
.card-arrow{position:absolute;top:1rem;right:1rem;color:var(--quire-muted);font-size:.85rem}
.tile{display:block;color:inherit;text-decoration:none;margin:1rem 0}
.tile-preview{display:flex;align-items:center;justify-content:center;min-height:7rem;border:1px solid var(--quire-border);border-radius:.9rem;background:var(--quire-surface) radial-gradient(color-mix(in srgb,var(--quire-fg) 14%,transparent) 1px,transparent 1px) 0 0/14px 14px;padding:1rem;transition:border-color .15s}
.tile-preview img{margin:0;max-height:9rem}
a.tile:hover .tile-preview{border-color:var(--q-accent)}
.tile-title{font-weight:600;margin-top:.6rem}.tile-description{color:var(--quire-muted);font-size:.9rem}
.panel{border:1px solid var(--quire-border);border-radius:.9rem;padding:1rem 1.25rem;margin:1.25rem 0;background:var(--quire-surface)}
.frame{margin:1.5rem 0;padding:.5rem;border:1px solid var(--quire-border);border-radius:1rem;background:var(--quire-surface)}
.frame-content{border-radius:.6rem;overflow:hidden;display:flex;justify-content:center;background:var(--quire-bg)}
.frame-content>*{margin:0}.frame-content img,.frame-content video,.frame-content iframe{display:block;max-width:100%}
.frame-caption{text-align:center;color:var(--quire-muted);font-size:.85rem;padding:.5rem .5rem .2rem}
.frame-hint{display:flex;gap:.4rem;align-items:center;color:var(--quire-muted);font-size:.85rem;padding:.1rem .4rem .5rem}

/* Steps, updates */
.steps{margin:1.5rem 0}
.step{display:flex;gap:1rem;position:relative;padding-bottom:1.25rem}
.step:not(:last-child)::before{content:"";position:absolute;left:.875rem;top:2.1rem;bottom:.2rem;width:1px;background:var(--quire-border)}
.step-marker{flex:none;width:1.75rem;height:1.75rem;border-radius:50%;display:flex;align-items:center;justify-content:center;font-size:.82rem;font-weight:600;background:var(--quire-surface);border:1px solid var(--quire-border);color:var(--quire-fg)}
.step-content{min-width:0;flex:1;padding-top:.15rem}
.step-title{font-weight:600;margin:0 0 .4rem;font-size:1rem}
h2.step-title{font-size:1.25rem}h3.step-title{font-size:1.1rem}
.step-body>:first-child{margin-top:0}.step-body>:last-child{margin-bottom:0}
.update{display:grid;grid-template-columns:11rem minmax(0,1fr);gap:1.5rem;padding:1.5rem 0;border-bottom:1px solid var(--quire-border);scroll-margin-top:5rem}
.update-meta{display:flex;flex-direction:column;align-items:flex-start;gap:.4rem;position:sticky;top:5rem;align-self:start}
.update-label{font-weight:600;font-size:.85rem;padding:.15rem .6rem;border-radius:999px;background:color-mix(in srgb,var(--q-accent) 12%,transparent);color:var(--q-accent)}
.update-description{color:var(--quire-muted);font-size:.88rem}
.update-tags{display:flex;flex-wrap:wrap;gap:.3rem}
.update-body>:first-child{margin-top:0}

/* Tabs and code groups */
.tabs{margin:1.25rem 0}
.tabs-header{border-bottom:1px solid var(--quire-border);margin-bottom:1rem}
.tab-list{display:flex;gap:1.25rem;overflow-x:auto;scrollbar-width:none}
.tab{appearance:none;background:none;border:0;border-bottom:2px solid transparent;margin-bottom:-1px;padding:.5rem 0;font:inherit;font-size:.92rem;font-weight:500;color:var(--quire-muted);cursor:pointer;white-space:nowrap;display:inline-flex;align-items:center;gap:.4rem}
.tab:hover{color:var(--quire-fg)}
.tab[aria-selected="true"]{color:var(--q-accent);border-bottom-color:var(--q-accent)}
.tab-panel>:first-child{margin-top:0}.tab-panel>:last-child{margin-bottom:0}
.tab-panel[hidden]{display:none}
.tab-alone-title{font-weight:600}

/* Code */
.code-block,.code-group{position:relative;border:1px solid var(--quire-border);border-radius:.8rem;background:var(--quire-code-bg);margin:1.25rem 0;overflow:hidden}
.code-group .code-block{border:0;border-radius:0;margin:0;background:none}
.code-header,.code-group-header{display:flex;align-items:center;justify-content:space-between;gap:.5rem;padding:0 .5rem 0 1rem;min-height:2.5rem;border-bottom:1px solid var(--quire-border);background:var(--quire-surface)}
.code-title{font-size:.8rem;color:var(--quire-muted);font-family:var(--quire-mono)}
.code-group .tab-list{gap:1rem}
.code-group .tab{font-size:.8rem;padding:.65rem 0}
.copy-button{appearance:none;border:0;background:none;color:var(--quire-muted);cursor:pointer;border-radius:.4rem;padding:.35rem;display:inline-flex;line-height:0}
.copy-button:hover{color:var(--quire-fg);background:color-mix(in srgb,var(--quire-fg) 8%,transparent)}
.copy-button[data-copied]{color:var(--q-accent)}
.quire-code{margin:0;padding:.9rem 0;overflow-x:auto;font-family:var(--quire-mono);font-size:.84rem;line-height:1.7;background:none;border:0;tab-size:2}
.quire-code code{display:block;min-width:max-content;font:inherit;background:none;border:0;padding:0}
.quire-code .line{display:inline-block;width:100%;padding:0 1rem;box-sizing:border-box}
.quire-code.wrap code{min-width:0;white-space:pre-wrap;overflow-wrap:anywhere}
.quire-code .line[data-highlighted]{background:color-mix(in srgb,var(--q-accent) 12%,transparent);box-shadow:inset 2px 0 var(--q-accent)}
.quire-code.has-focus .line:not([data-focused]){opacity:.45;filter:blur(.4px)}
.quire-code.has-line-numbers code{counter-reset:line}
.quire-code.has-line-numbers .line::before{counter-increment:line;content:counter(line);display:inline-block;width:2rem;margin-right:1rem;text-align:right;color:var(--quire-muted);opacity:.6}
/* Code colours: shiki's CSS-variables theme, set to GitHub's light and dark palettes. */
:where(:root){--shiki-foreground:#24292e;--shiki-token-keyword:#d73a49;--shiki-token-constant:#005cc5;--shiki-token-string:#032f62;--shiki-token-comment:#6a737d;--shiki-token-function:#6f42c1;--shiki-token-parameter:#e36209;--shiki-token-string-expression:#032f62;--shiki-token-punctuation:#24292e;--shiki-token-link:#032f62;--shiki-token-inserted:#22863a;--shiki-token-deleted:#b31d28;--shiki-token-changed:#e36209}
:where(.dark){--shiki-foreground:#e1e4e8;--shiki-token-keyword:#f97583;--shiki-token-constant:#79b8ff;--shiki-token-string:#9ecbff;--shiki-token-comment:#8b949e;--shiki-token-function:#b392f0;--shiki-token-parameter:#ffab70;--shiki-token-string-expression:#9ecbff;--shiki-token-punctuation:#e1e4e8;--shiki-token-link:#9ecbff;--shiki-token-inserted:#85e89d;--shiki-token-deleted:#fdaeb7;--shiki-token-changed:#ffab70}
.shiki{color:var(--shiki-foreground)}
.code-expandable .quire-code{max-height:22rem}
.mermaid{background:var(--quire-bg);border:1px solid var(--quire-border);border-radius:.8rem;padding:1rem;text-align:center;overflow-x:auto;margin:1.25rem 0}
.math-display{overflow-x:auto;overflow-y:hidden;margin:1.25rem 0}
.math-source{font-family:var(--quire-mono)}
.api-example{margin:1.25rem 0}

/* Accordions, expandables */
.accordion-group{border:1px solid var(--quire-border);border-radius:.8rem;overflow:hidden;margin:1.25rem 0}
.accordion{border:1px solid var(--quire-border);border-radius:.8rem;margin:1rem 0;background:var(--quire-bg)}
.accordion-group>.accordion{border:0;border-radius:0;margin:0}
.accordion-group>.accordion+.accordion{border-top:1px solid var(--quire-border)}
.accordion>summary,.expandable>summary{list-style:none;cursor:pointer;display:flex;align-items:center;gap:.6rem;user-select:none}
.accordion>summary::-webkit-details-marker,.expandable>summary::-webkit-details-marker{display:none}
.accordion>summary{padding:.8rem 1rem}
.accordion>summary:hover{background:var(--quire-surface)}
.accordion-chevron{color:var(--quire-muted);display:inline-flex;transition:transform .15s;font-size:.85rem}
details[open]>summary>.accordion-chevron{transform:rotate(90deg)}
.accordion-icon{color:var(--q-accent);display:inline-flex}
.accordion-heading{display:flex;flex-direction:column}
.accordion-title{font-weight:500}
.accordion-description{color:var(--quire-muted);font-size:.88rem}
.accordion-body{padding:.25rem 1rem 1rem 2.45rem}
.accordion-body>:first-child{margin-top:0}.accordion-body>:last-child{margin-bottom:0}
.expandable{border:1px solid var(--quire-border);border-radius:.7rem;margin:.75rem 0}
.expandable>summary{padding:.45rem .8rem;font-size:.86rem;color:var(--quire-muted)}
.expandable[open]>summary{border-bottom:1px solid var(--quire-border)}
.expandable .expandable-hide,.expandable[open]>summary .expandable-show{display:none}
.expandable[open]>summary .expandable-hide{display:inline}
.expandable-body{padding:0 1rem}

/* Fields */
.field{display:block;padding:1rem 0;border-bottom:1px solid var(--quire-border);scroll-margin-top:5rem}
.expandable-body .field:last-child{border-bottom:0}
.field-head{display:flex;flex-wrap:wrap;align-items:baseline;gap:.5rem;font-size:.88rem}
.field-name{font-family:var(--quire-mono);font-weight:600;color:var(--q-accent);text-decoration:none}
a.field-name:hover{text-decoration:underline}
.field-type,.field-location,.field-tag{font-family:var(--quire-mono);font-size:.78rem;color:var(--quire-muted);background:var(--quire-surface);border-radius:.35rem;padding:.05rem .4rem}
.field-required{font-size:.75rem;font-weight:600;color:#dc2626;background:color-mix(in srgb,#dc2626 10%,transparent);border-radius:.35rem;padding:.05rem .4rem}
.field-deprecated-label{font-size:.75rem;font-weight:600;color:#b45309;background:color-mix(in srgb,#d97706 12%,transparent);border-radius:.35rem;padding:.05rem .4rem}
.field-deprecated .field-name{text-decoration:line-through}
.field-default,.field-body{display:block}.field-default{font-size:.85rem;color:var(--quire-muted);margin-top:.35rem}
.field-body{margin-top:.4rem;font-size:.94rem}
.field-body>:first-child{margin-top:0}.field-body>:last-child{margin-bottom:0}

/* Badges, tooltips */
.badge{--badge-color:#71717a;display:inline-flex;align-items:center;gap:.3em;vertical-align:middle;font-size:.78rem;font-weight:500;line-height:1.4;padding:.1em .55em;border-radius:.4rem;color:color-mix(in srgb,var(--badge-color) 80%,var(--quire-fg));background:color-mix(in srgb,var(--badge-color) 13%,transparent);border:1px solid transparent;white-space:nowrap}
.badge-blue{--badge-color:#2563eb}.badge-green{--badge-color:#16a34a}.badge-yellow{--badge-color:#ca8a04}.badge-orange{--badge-color:#ea580c}.badge-red{--badge-color:#dc2626}.badge-purple{--badge-color:#9333ea}
.badge-white,.badge-surface{color:var(--quire-fg);background:var(--quire-bg);border-color:var(--quire-border)}
.badge-white-destructive,.badge-surface-destructive{color:#dc2626;background:var(--quire-bg);border-color:var(--quire-border)}
.badge-xs{font-size:.68rem}.badge-sm{font-size:.72rem}.badge-lg{font-size:.88rem;padding:.15em .7em}
.badge-pill{border-radius:999px}
.badge-stroke{border-color:color-mix(in srgb,var(--badge-color) 40%,transparent)}
.badge-disabled{opacity:.5}
.tooltip{position:relative;display:inline}
.tooltip-trigger{border-bottom:1px dashed var(--quire-muted);cursor:help}
.tooltip-content{position:absolute;left:50%;bottom:calc(100% + .4rem);transform:translateX(-50%);z-index:20;width:max-content;max-width:18rem;display:none;flex-direction:column;gap:.2rem;padding:.5rem .7rem;border-radius:.55rem;background:#18181b;color:#f4f4f5;font-size:.8rem;line-height:1.45;box-shadow:0 4px 16px rgba(0,0,0,.18)}
.dark .tooltip-content{background:#f4f4f5;color:#18181b}
.tooltip:hover>.tooltip-content,.tooltip:focus-within>.tooltip-content{display:flex}
.tooltip-headline{font-weight:600}
.tooltip-cta{color:inherit;font-weight:600}

/* Trees, colours, prompts, views */
.tree{border:1px solid var(--quire-border);border-radius:.8rem;padding:.6rem .8rem;margin:1.25rem 0;font-family:var(--quire-mono);font-size:.84rem}
.tree ul{list-style:none;margin:0;padding:0}
.tree ul ul{padding-left:1.1rem;border-left:1px solid var(--quire-border);margin-left:.45rem}
.tree li{margin:0}
.tree-label{display:flex;align-items:center;gap:.45rem;padding:.12rem .3rem;border-radius:.35rem}
.tree summary{list-style:none;cursor:pointer}.tree summary::-webkit-details-marker{display:none}
.tree-folder>details>summary .quire-icon,.tree-folder>.tree-label .quire-icon{color:var(--q-accent)}
.tree-file .quire-icon{color:var(--quire-muted)}
.tree-highlighted>.tree-label{background:color-mix(in srgb,var(--q-accent) 12%,transparent)}
.colors{margin:1.25rem 0}
.colors-compact{display:grid;grid-template-columns:repeat(auto-fill,minmax(8.5rem,1fr));gap:.75rem}
.color-row{display:grid;grid-template-columns:8rem minmax(0,1fr);gap:1rem;align-items:center;padding:.6rem 0;border-bottom:1px solid var(--quire-border)}
.color-row-title{font-weight:600;font-size:.88rem}
.color-row-items{display:grid;grid-template-columns:repeat(auto-fill,minmax(7rem,1fr));gap:.6rem}
.color-item{appearance:none;font:inherit;text-align:left;cursor:copy;display:flex;flex-direction:column;gap:.25rem;padding:0;border:0;background:none;color:inherit}
.color-swatch{display:block;height:3rem;border-radius:.55rem;border:1px solid var(--quire-border)}
.color-name{font-size:.82rem;font-weight:500}
.color-value{font-size:.74rem;color:var(--quire-muted);background:none!important;border:0!important;padding:0!important}
.prompt{border:1px solid var(--quire-border);border-radius:.8rem;margin:1.25rem 0;overflow:hidden}
.prompt-head{display:flex;align-items:center;gap:.55rem;padding:.55rem .6rem .55rem 1rem;background:var(--quire-surface);border-bottom:1px solid var(--quire-border);font-size:.9rem}
.prompt-head>.quire-icon{color:var(--q-accent)}
.prompt-description{flex:1;font-weight:500}
.prompt-actions{display:flex;align-items:center;gap:.35rem}
.prompt-action{font-size:.8rem;text-decoration:none;border:1px solid var(--quire-border);border-radius:.4rem;padding:.15rem .5rem;color:var(--quire-fg)}
.prompt-body{padding:.75rem 1rem;font-size:.9rem;max-height:16rem;overflow:auto}
.prompt-body>:first-child{margin-top:0}.prompt-body>:last-child{margin-bottom:0}
.view{margin:1.25rem 0}
.view-title{display:flex;align-items:center;gap:.45rem;font-size:.8rem;font-weight:600;text-transform:uppercase;letter-spacing:.04em;color:var(--quire-muted);margin-bottom:.5rem}
.view-select{font:inherit;font-size:.88rem;padding:.3rem .6rem;border:1px solid var(--quire-border);border-radius:.5rem;background:var(--quire-bg);color:var(--quire-fg);margin:1rem 0 .25rem}
.quire-views-ready .view-title{display:none}
.component-placeholder{border:1px dashed var(--quire-border);border-radius:.6rem;padding:.5rem 1rem;margin:1rem 0}
.component-placeholder::before{content:attr(data-component);display:block;font-size:.75rem;color:var(--quire-muted)}
@media (max-width:40rem){.columns{grid-template-columns:minmax(0,1fr)}.update{grid-template-columns:minmax(0,1fr);gap:.6rem}.update-meta{position:static;flex-direction:row;flex-wrap:wrap}.color-row{grid-template-columns:minmax(0,1fr)}}
`;
