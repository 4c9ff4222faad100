import { loadApiDocument } from '../src/node/openapi/load.ts';
import { apiTwins } from '../src/node/render/api-twin.ts';
for (const f of ['openapi/inventory.yaml','openapi/zone.yaml']) {
  const model = await loadApiDocument(f, {} as any);
  let t = performance.now();
  const r = apiTwins(model as any, '/api/x', { siteUrl: '', baseUrl: '/', isRoute: () => true });
  console.log(f, (performance.now() - t).toFixed(0), 'ms', r.reference.length);
  t = performance.now();
  apiTwins(model as any, '/api/x', { siteUrl: '', baseUrl: '/', isRoute: () => true });
  console.log('again', (performance.now() - t).toFixed(0));
}
