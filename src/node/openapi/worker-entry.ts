/**
 * Worker thread for the heavy steps of a large OpenAPI document, run beside the main thread,
 * which builds the view model meanwhile (src/node/openapi/worker.ts starts it; compiled to
 * lib/node/openapi-worker.js):
 * - `validate`: parses the source and validates it with @readme/openapi-parser (about a second for GitHub's
 *   13 MB description); answers `{ valid }`, the main thread locates the error itself when invalid; with
 *   `download`, also the document as indented JSON (`download`), the JSON download of a YAML document;
 * - `markdown`: renders descriptions to HTML with the same renderer as the main thread (src/node/openapi/markdown.ts;
 *   about a second for GitHub's 2,100 distinct ones); answers `{ html, dropped }`, the HTML in the order given and
 *   what the allow-list dropped (markdown.ts DroppedHtml). With `claim` (a shared
 *   counter, markdown.ts renderClaimed) it renders only the texts it claims, null for the others: the main thread
 *   takes the rest once it has modelled the document.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { MAX_ALIAS_COUNT } from '../content/yaml.js';

type Job =
  | { task: 'validate'; source: string; json: boolean; download?: boolean }
  | { task: 'markdown'; texts: string[]; claim?: SharedArrayBuffer };

// Each job imports only what it needs: a worker's start-up is part of the build's time.
async function validateSource(source: string, json: boolean, download = false): Promise<unknown> {
  const [{ runValidator }, { parseDocument }, { loadYamlFast }] = await Promise.all([
    import('./validate.js'),
    import('yaml'),
    import('./sources.js'),
  ]);
  let api: unknown;
  try {
    api = json
      ? JSON.parse(source)
      : (loadYamlFast(source) ?? parseDocument(source, { uniqueKeys: false }).toJS({ maxAliasCount: MAX_ALIAS_COUNT }));
  } catch {
    return undefined; // the main thread parses it again and reports the syntax error
  }
  // Before validating, which dereferences the document in place.
  const text = download ? JSON.stringify(api, null, 2) + '\n' : undefined;
  const { checked: _checked, ...result } = await runValidator(api, { owned: true });
  return text === undefined ? result : { ...result, download: text };
}

async function renderMarkdown(
  texts: string[],
  claim?: SharedArrayBuffer,
): Promise<{ html: (string | null)[]; dropped: Map<string, string[]> }> {
  const { createMarkdownRenderer, renderClaimed } = await import('./markdown.js');
  const dropped = new Map<string, string[]>();
  if (!claim) return { html: texts.map(createMarkdownRenderer(dropped)), dropped };
  const html: (string | null)[] = new Array<string | null>(texts.length).fill(null);
  for (const [i, text] of renderClaimed(texts, claim, dropped)) html[i] = text;
  return { html, dropped };
}

const job = workerData as Job;
parentPort!.postMessage(
  job.task === 'validate'
    ? await validateSource(job.source, job.json, job.download)
    : await renderMarkdown(job.texts, job.claim),
);
