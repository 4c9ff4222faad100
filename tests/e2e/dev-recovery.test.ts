/**
 * `docgen dev` keeps up when site.config.ts disappears and comes back, when the
 * content folder is renamed away and back, and when an editor saves atomically (a temp file renamed over the page).
 */
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, removeDir, startDev } from '../helpers/site.js';

let dir: string;
let dev: Awaited<ReturnType<typeof startDev>>;
const page = () => fetch(`${dev.url}/docs/guide/intro`).then((r) => r.text());

/** Polls until the page satisfies `ok` (the watcher and rebuild take a moment), at most 10 s. */
async function until(ok: (html: string) => boolean): Promise<string> {
  let html = '';
  for (let i = 0; i < 100; i++) {
    html = await page();
    if (ok(html)) return html;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return html;
}

beforeAll(async () => {
  dir = copyFixture('basic');
  dev = await startDev(dir);
  await page();
});
afterAll(async () => {
  await dev?.close();
  removeDir(dir);
});

describe('docgen dev recovers', () => {
  it('when site.config.ts is deleted and created again', async () => {
    const config = path.join(dir, 'site.config.ts');
    const text = readFileSync(config, 'utf8');
    rmSync(config);
    await new Promise((resolve) => setTimeout(resolve, 600));
    writeFileSync(config, text.replace("title: '{product} Docs'", "title: '{product} Handbook'"));
    expect(await until((html) => html.includes('<title>はじめに | Fixture Handbook'))).toContain('Fixture Handbook');
  });

  it('when the content folder is renamed away and back', async () => {
    renameSync(path.join(dir, 'content'), path.join(dir, 'content-moved'));
    await new Promise((resolve) => setTimeout(resolve, 600));
    renameSync(path.join(dir, 'content-moved'), path.join(dir, 'content'));
    await new Promise((resolve) => setTimeout(resolve, 600));
    const file = path.join(dir, 'content/docs/guide/intro.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace('最初の段落です。', '名前を戻した後の段落です。'));
    expect(await until((html) => html.includes('名前を戻した後の段落です。'))).toContain('名前を戻した後の段落です。');
  });

  it("on an editor's atomic save (a temp file renamed over the page)", async () => {
    const file = path.join(dir, 'content/docs/guide/intro.md');
    const temp = path.join(dir, 'content/docs/guide/.intro.md.swp');
    writeFileSync(
      temp,
      readFileSync(file, 'utf8').replace('名前を戻した後の段落です。', 'アトミックに保存した段落です。'),
    );
    renameSync(temp, file);
    expect(await until((html) => html.includes('アトミックに保存した段落です。'))).toContain(
      'アトミックに保存した段落です。',
    );
  });
});
