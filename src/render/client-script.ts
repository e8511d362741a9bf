/**
 * The components' script for the browser, as a string for the layout to inline (about 2 KB, no
 * dependency, no framework): it only enhances what the server rendered, which reads without it.
 * - Tabs and code groups (`[data-quire-tabs]`): a click or the arrow keys switch panels; picking
 *   a code group's tab picks the tab of the same name in the page's other code groups.
 * - Copy buttons (`[data-quire-copy]`): copy the visible code of their block or group, or the
 *   text of their prompt; colour swatches (`[data-quire-copy-text]`) copy their value.
 * - Anchors: opening `#id` (on load and on `hashchange`) selects the tab and opens the accordions
 *   and expandables that hold the target, so that a link lands on it.
 * - Views (`[data-quire-view]`): one shown at a time, with a selector before the first.
 * - Request samples (`[data-quire-samples]`): the language picker shows its sample in every card
 *   of the page, and the choice is kept (`localStorage`) for the next pages, as on the platform.
 */
export const CLIENT_SCRIPT: string = `(function(){
var d=document;
function select(set,i,sync){
  var tabs=set.querySelectorAll(':scope>[class$="-header"] [data-quire-tab]'),panels=set.querySelectorAll(':scope>[data-quire-panel]');
  tabs.forEach(function(t,n){t.setAttribute('aria-selected',n===i?'true':'false');t.tabIndex=n===i?0:-1});
  panels.forEach(function(p,n){p.hidden=n!==i});
  if(sync&&set.classList.contains('code-group')&&tabs[i]){var name=tabs[i].textContent;
    d.querySelectorAll('.code-group[data-quire-tabs]').forEach(function(o){if(o===set)return;
      o.querySelectorAll(':scope>[class$="-header"] [data-quire-tab]').forEach(function(t,n){if(t.textContent===name)select(o,n,false)})})}
}
d.addEventListener('click',function(e){
  var t=e.target.closest&&e.target.closest('[data-quire-tab]');
  if(t){select(t.closest('[data-quire-tabs]'),Number(t.getAttribute('data-quire-tab')),true);return}
  var c=e.target.closest&&e.target.closest('[data-quire-copy],[data-quire-copy-text]');
  if(!c)return;
  var text=c.getAttribute('data-quire-copy-text');
  if(text===null){var box=c.closest('.code-group,.code-block,.prompt');if(!box)return;
    var src=box.querySelector('[data-quire-copy-source]')||Array.prototype.find.call(box.querySelectorAll('pre'),function(p){return !p.closest('[hidden]')});
    text=src?src.innerText.replace(/\\n$/,''):''}
  if(navigator.clipboard)navigator.clipboard.writeText(text).then(function(){c.setAttribute('data-copied','');setTimeout(function(){c.removeAttribute('data-copied')},1500)},function(){});
});
d.addEventListener('keydown',function(e){
  var t=e.target.closest&&e.target.closest('[data-quire-tab]');if(!t||(e.key!=='ArrowRight'&&e.key!=='ArrowLeft'))return;
  var set=t.closest('[data-quire-tabs]'),all=set.querySelectorAll(':scope>[class$="-header"] [data-quire-tab]'),i=Number(t.getAttribute('data-quire-tab'));
  i=(i+(e.key==='ArrowRight'?1:all.length-1))%all.length;select(set,i,true);all[i].focus();
});
function reveal(){
  var id=decodeURIComponent(location.hash.slice(1));if(!id)return;var el=d.getElementById(id);if(!el)return;
  if(el.hasAttribute('data-quire-tab'))select(el.closest('[data-quire-tabs]'),Number(el.getAttribute('data-quire-tab')),false);
  for(var n=el;n;n=n.parentElement){
    if(n.tagName==='DETAILS')n.open=true;
    if(n.hasAttribute&&n.hasAttribute('data-quire-panel')&&n.parentElement.hasAttribute('data-quire-tabs'))select(n.parentElement,Number(n.getAttribute('data-quire-panel')),false);
  }
  el.scrollIntoView();
}
function views(){
  var all=d.querySelectorAll('[data-quire-view]');if(all.length<2)return;
  var s=d.createElement('select');s.className='view-select';s.setAttribute('aria-label','View');
  all.forEach(function(v,n){var o=d.createElement('option');o.value=n;o.textContent=v.getAttribute('data-quire-view');s.appendChild(o);v.hidden=n>0});
  s.addEventListener('change',function(){all.forEach(function(v,n){v.hidden=String(n)!==s.value})});
  all[0].parentNode.insertBefore(s,all[0]);d.documentElement.classList.add('quire-views-ready');
}
var SK='quire-sample-language';
function sample(l){
  d.querySelectorAll('[data-quire-samples]').forEach(function(b){
    var ps=b.querySelectorAll(':scope>[data-quire-sample]'),f=[].some.call(ps,function(p){return p.getAttribute('data-quire-sample')===l});
    if(!f)return;ps.forEach(function(p){p.hidden=p.getAttribute('data-quire-sample')!==l});
    var s=b.querySelector('[data-quire-sample-picker]');if(s)s.value=l;
  });
}
d.addEventListener('change',function(e){var s=e.target.closest&&e.target.closest('[data-quire-sample-picker]');if(!s)return;try{localStorage.setItem(SK,s.value)}catch(x){}sample(s.value)});
function samples(){var l=null;try{l=localStorage.getItem(SK)}catch(x){}if(l)sample(l)}
function ready(){views();samples();reveal()}
if(d.readyState==='loading')d.addEventListener('DOMContentLoaded',ready);else ready();
addEventListener('hashchange',reveal);
})();`;

/** What a rendered page needs in the browser, read from its HTML's markers. */
export interface ClientFeatures {
  /** Tab sets or code groups: the client script switches them. */
  tabs: boolean;
  /** Copy buttons or swatches. */
  copy: boolean;
  /** Views with a selector. */
  views: boolean;
  /** Request samples with a language picker. */
  samples: boolean;
  /** Mermaid diagrams: load Mermaid (only on such pages) and run it on `pre.mermaid`. */
  mermaid: boolean;
  /** Typeset math: link KaTeX's stylesheet (see `katexAssets`). */
  math: boolean;
}

/** Which client-side features a page's rendered HTML uses, so the layout loads only those. */
export function clientFeatures(html: string): ClientFeatures {
  return {
    tabs: html.includes('data-quire-tabs'),
    copy: html.includes('data-quire-copy'),
    views: html.includes('data-quire-view='),
    samples: html.includes('data-quire-sample-picker'),
    mermaid: html.includes('data-quire-mermaid'),
    math: html.includes('class="katex'),
  };
}
