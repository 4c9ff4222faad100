import fs from 'node:fs';
import { pageTwin } from '../src/node/render/markdown-twin.ts';
const routes = new Set(fs.readdirSync('/tmp/llms-base/assets/data').map((f) => f));
const d = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
console.log(pageTwin(d, { siteUrl: 'https://docs.tsunagi.example', baseUrl: '/', isRoute: (p) => p.startsWith('/docs') || p === '/' }));
