import { loadApiDocument } from '../src/node/openapi/load.ts';
import { apiTwins } from '../src/node/render/api-twin.ts';
const model = await loadApiDocument('openapi/inventory.yaml', {} as any);
const seen = new Set<string>();
const walk = (o: any) => { if (o && typeof o === 'object') { for (const [k, v] of Object.entries(o)) { if (k.endsWith('Html') && typeof v === 'string' && v) seen.add(v); else walk(v); } } };
walk(model);
const all=[...seen]; const plain = all.filter(h=>/^<p>([^<>]*)<\/p>\s*$/.test(h));
console.log('distinct', all.length, 'plain-shaped', plain.length);
console.log(all.filter(h=>!/^<p>([^<>]*)<\/p>\s*$/.test(h)).slice(0,5));
