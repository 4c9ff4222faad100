import fs from 'node:fs';
import { toHtml } from 'hast-util-to-html';
const d = JSON.parse(fs.readFileSync(process.argv[2]));
const want = new Set(process.argv.slice(3));
const walk = (n) => { if (n.type === 'element') { const c = (n.properties.className || []).join(' '); if ([...want].some((w) => c.includes(w) || n.tagName===w)) { console.log(toHtml(n).slice(0, 1500)); console.log('-----'); return; } } (n.children || []).forEach(walk); };
walk(d.content);
