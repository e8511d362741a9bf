/**
 * Set in the head before the page is drawn, so that a dark page never flashes light: the mode the
 * reader chose (kept in `localStorage`), else docs.json's `appearance.default` (on `<html
 * data-appearance>`), else the system's. With `appearance.strict` (`data-strict`), the default
 * alone. The `dark` class goes with it: the components' style sheet reads that.
 */
export const THEME_SCRIPT =
  "(function(){var d=document.documentElement,m=null;try{if(!d.hasAttribute('data-strict'))m=localStorage.getItem('quire-theme')}catch(e){}" +
  "if(m!=='light'&&m!=='dark')m=d.getAttribute('data-appearance');" +
  "if(m!=='light'&&m!=='dark')m=window.matchMedia&&matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';d.setAttribute('data-theme',m);d.classList.toggle('dark',m==='dark')})();";

/**
 * `fileOf(href)`: for a build opened from disk (`file:`, `<html data-root>` naming the site's root
 * as the page sees it), the file written for a link into the site: `guides/setup` is
 * `guides/setup.html`, the root `index.html` (clean URLs need a server that maps them). A link
 * elsewhere, to a file (its last part has a dot), or any link over HTTP is given back as it is.
 */
export const FILE_OF_FUNCTION =
  "function fileOf(href){var r=document.documentElement.getAttribute('data-root');if(location.protocol!=='file:'||r===null)return href;" +
  'var root=new URL(r,location.href).pathname,u=new URL(href,location.href),p=u.pathname;' +
  "if(u.protocol!=='file:'||p.indexOf(root)!==0&&p+'/'!==root)return href;" +
  "if(p===root||p+'/'===root)p=root+'index.html';else{var q=p.replace(/\\/+$/,'');if(/\\.[^\\/]*$/.test(q))return href;p=q+'.html'}" +
  'u.pathname=p;return u.href}';

/**
 * A page that forwards, opened from disk: sent to the file written for its target (a host, or
 * `quire dev`, follows its `<meta http-equiv="refresh">`; from disk that would lead to no file).
 */
export const FORWARD_ON_DISK_SCRIPT =
  `(function(){${FILE_OF_FUNCTION}var l=document.querySelector('link[rel=canonical]');if(!l||location.protocol!=='file:')return;` +
  // Only to a file of the site: any other target is left to the refresh, as over HTTP.
  "var h=l.getAttribute('href')||'',f=fileOf(h);if(f!==h)location.replace(f)})();";

/**
 * The shell's script, plain and small (no framework): the theme toggle, the phone menu, the
 * selectors (closed on a click elsewhere or Escape), the current page scrolled into view in the
 * sidebar, the table of contents following the reading, the banner's close button (remembered
 * until the banner's text changes), the links into the site pointed at their files when the
 * build is opened from disk ({@link FILE_OF_FUNCTION}), and Mermaid loaded only on a page that
 * has a diagram (`.mermaid` or `[data-mermaid]`) when the build ships it (`<html data-mermaid>`
 * names the file); likewise the API playground's script on a page with a playground
 * (`<html data-playground>`).
 */
export const SITE_SCRIPT = `(function(){
var d=document.documentElement,b=document.body;
function each(s,f){Array.prototype.forEach.call(document.querySelectorAll(s),f)}
${FILE_OF_FUNCTION}
if(location.protocol==='file:'){
  var onDisk=function(link){var href=link.getAttribute('href');if(href&&href.charAt(0)!=='#'){var file=fileOf(href);if(file!==href)link.setAttribute('href',file)}};
  each('a[href]',onDisk);
  // Links drawn later (the search's results, the site's own components): pointed when clicked.
  var clicked=function(event){var link=event.target instanceof Element&&event.target.closest('a[href]');if(link)onDisk(link)};
  document.addEventListener('click',clicked,true);
  document.addEventListener('auxclick',clicked,true);
}
each('[data-theme-toggle]',function(button){
  button.setAttribute('aria-pressed',String(d.getAttribute('data-theme')==='dark'));
  button.addEventListener('click',function(){
    var next=d.getAttribute('data-theme')==='dark'?'light':'dark';
    d.setAttribute('data-theme',next);
    d.classList.toggle('dark',next==='dark');
    try{localStorage.setItem('quire-theme',next)}catch(e){}
    each('[data-theme-toggle]',function(other){other.setAttribute('aria-pressed',String(next==='dark'))});
  });
});
var menu=document.querySelector('[data-menu-button]');
function setMenu(open){
  b.classList.toggle('nav-open',open);
  if(menu){menu.setAttribute('aria-expanded',String(open));menu.setAttribute('aria-label',open?'Close navigation':'Open navigation')}
}
if(menu)menu.addEventListener('click',function(){setMenu(!b.classList.contains('nav-open'))});
each('[data-menu-backdrop]',function(backdrop){backdrop.addEventListener('click',function(){setMenu(false)})});
each('.sidebar a',function(link){link.addEventListener('click',function(){setMenu(false)})});
document.addEventListener('keydown',function(event){
  if(event.key!=='Escape')return;
  setMenu(false);
  each('details.selector[open],details.tab-menu[open]',function(s){s.removeAttribute('open')});
});
document.addEventListener('click',function(event){
  each('details.selector[open],details.tab-menu[open]',function(s){if(!s.contains(event.target))s.removeAttribute('open')});
});
var sidebar=document.querySelector('.sidebar'),current=document.querySelector('.sidebar .nav-link.active');
if(sidebar&&current){
  var top=current.getBoundingClientRect().top-sidebar.getBoundingClientRect().top;
  if(top>sidebar.clientHeight-40)sidebar.scrollTop=top-sidebar.clientHeight/3;
}
var tocLinks=Array.prototype.slice.call(document.querySelectorAll('.toc a[href^="#"]'));
var targets=tocLinks.map(function(link){return document.getElementById(decodeURIComponent(link.getAttribute('href').slice(1)))});
function follow(){
  var offset=parseFloat(getComputedStyle(d).scrollPaddingTop)||0,active=-1;
  for(var i=0;i<targets.length;i++){if(targets[i]&&targets[i].getBoundingClientRect().top<=offset+8)active=i}
  if(active<0&&targets.length)active=0;
  tocLinks.forEach(function(link,i){link.classList.toggle('active',i===active)});
}
if(tocLinks.length){var queued=false;window.addEventListener('scroll',function(){if(!queued){queued=true;requestAnimationFrame(function(){queued=false;follow()})}},{passive:true});follow()}
each('[data-banner-close]',function(button){
  button.addEventListener('click',function(){
    var banner=button.closest('.site-banner');if(banner)banner.hidden=true;
    try{localStorage.setItem('quire-banner-closed',button.getAttribute('data-banner-close'))}catch(e){}
  });
});
var mermaid=d.getAttribute('data-mermaid');
if(mermaid&&document.querySelector('.mermaid,[data-mermaid-diagram]')){
  var script=document.createElement('script');
  script.src=mermaid;
  script.onload=function(){
    var api=window.mermaid;if(!api)return;
    api.initialize({startOnLoad:false,theme:d.getAttribute('data-theme')==='dark'?'dark':'default'});
    api.run({querySelector:'.mermaid,[data-mermaid-diagram]'});
  };
  document.head.appendChild(script);
}
var playground=d.getAttribute('data-playground');
if(playground&&document.querySelector('[data-quire-playground]')){
  var loader=document.createElement('script');loader.src=playground;document.head.appendChild(loader);
}
})();
`;
