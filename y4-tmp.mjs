import { parseDocument } from 'yaml';
const N = Number(process.argv[3]);
const variants = {
  pairs: () => 'title: "A" description: "x y z" '.repeat(N),
  pairsNL: () => 'title: "A"\n'.repeat(N),
  dashes: () => '--- '.repeat(N),
  keys: () => 'a: '.repeat(N),
  flow: () => 'a: ' + '['.repeat(N),
  flowClosed: () => 'a: ' + '['.repeat(N) + ']'.repeat(N),
  seq: () => '- '.repeat(N),
  seqNL: () => Array.from({length:N},(_, i)=>' '.repeat(i)+'- x').join('\n'),
  mapNL: () => Array.from({length:N},(_, i)=>' '.repeat(i)+'a:').join('\n'),
  qpairs: () => 'title: "A" '.repeat(N),
  words: () => 'title: ' + 'x y z '.repeat(N),
};
const v = variants[process.argv[2]]();
let s = performance.now();
try {
  const d = parseDocument(v, { prettyErrors: false, uniqueKeys: true });
  const codes = {}; for (const e of d.errors) codes[e.code] = (codes[e.code]??0)+1;
  console.log(process.argv[2], N, Math.round(performance.now()-s)+'ms', JSON.stringify(codes));
} catch (e) { console.log(process.argv[2], N, 'THROW', e.constructor.name, e.message.slice(0,80)); }
