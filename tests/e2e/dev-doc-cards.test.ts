/**
 * `docgen dev` compiles a `<DocCardList />` page again when its category's items change, as the build does: the
 * cards are part of what the page is compiled from (pipeline/keys.ts), in both.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mainOf } from '../helpers/differential.js';
import { copyFixture, removeDir, runDocgen, startDev } from '../helpers/site.js';

let dir: string;
let dev: Awaited<ReturnType<typeof startDev>>;
const overview = () => fetch(`${dev.url}/docs/guides/overview`).then((r) => r.text());

beforeAll(async () => {
  dir = copyFixture('docusaurus');
  // Two more guides: the fourth is not next to the overview, so the overview's previous/next links do not name it.
  writeFileSync(path.join(dir, 'content/docs/02-guides/03-third.md'), '---\ntitle: Third guide\n---\n\nThe third.\n');
  writeFileSync(
    path.join(dir, 'content/docs/02-guides/04-fourth.md'),
    '---\ntitle: Fourth guide\n---\n\nThe fourth.\n',
  );
  dev = await startDev(dir);
});
afterAll(async () => {
  await dev?.close();
  removeDir(dir);
});

describe('docgen dev, a <DocCardList /> page', () => {
  it("shows a sibling page's new title in its cards, as a build does", async () => {
    expect(mainOf(await overview())).toContain('Fourth guide');
    const sibling = path.join(dir, 'content/docs/02-guides/04-fourth.md');
    writeFileSync(sibling, readFileSync(sibling, 'utf8').replace('title: Fourth guide', 'title: Renamed fourth guide'));
    let main = '';
    for (let i = 0; i < 100 && !main.includes('Renamed fourth guide'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      main = mainOf(await overview());
    }
    expect(main).toContain('Renamed fourth guide');
    const built = runDocgen(['build'], dir);
    expect(built.status, built.stderr).toBe(0);
    expect(main).toBe(mainOf(readFileSync(path.join(dir, 'dist/docs/guides/overview.html'), 'utf8')));
  });
});
