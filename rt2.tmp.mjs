import { parseDocument } from 'yaml';
import { readFileSync, writeFileSync } from 'node:fs';
const f = process.argv[2];
const t = readFileSync(f,'utf8');
writeFileSync('/tmp/mig/a.yaml', t);
writeFileSync('/tmp/mig/b.yaml', parseDocument(t).toString({lineWidth:0}));
