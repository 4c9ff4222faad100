/**
 * The site's textlint set-up (.textlintrc.yml, content/.textlint/prh.yml): it rejects what the
 * pages must never say again, at the line and column where it stands, and accepts the site's own style.
 */
import path from 'node:path';
import { createLinter, loadTextlintrc } from 'textlint';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/site.js';

async function lint(text: string): Promise<string[]> {
  const descriptor = await loadTextlintrc({ configFilePath: path.join(repoRoot, '.textlintrc.yml') });
  const result = await createLinter({ descriptor }).lintText(text, path.join(repoRoot, 'content/docs/check.md'));
  return result.messages.map((m) => `${m.line}:${m.column} ${m.ruleId}`);
}

describe('npm run lint:content', () => {
  it('rejects 前提 tags and comments on a specification document, each where it stands', async () => {
    const text = [
      '# 見出し',
      '',
      '仕様書はこの値を定めていません。',
      '',
      '上限は 16 回です（前提）。',
      '',
      ':::info[前提]',
      '省略した場合の動作は仕様で規定されていません。',
      ':::',
      '',
    ].join('\n');
    expect(await lint(text)).toEqual([
      '3:1 @textlint-rule/pattern',
      '5:11 @textlint-rule/pattern',
      '7:8 @textlint-rule/pattern',
      '8:11 @textlint-rule/pattern',
    ]);
  });

  it('asks for one written form per word and no space around links', async () => {
    const text = '# 見出し\n\nブラウザでクラスタを開きます（例：`app`）。\n\n[ハブ](./hub.md) を参照してください。\n';
    expect(await lint(text)).toEqual(['3:1 prh', '3:6 prh', '3:16 prh', '5:16 ja-space-around-link']);
  });

  it('accepts the polite style, directive fences and a decision section', async () => {
    const text = [
      '# 見出し',
      '',
      ':::warning[注意]',
      'ブラウザーで[ハブ](./hub.md)を開きます。',
      ':::',
      '',
      '## 設計上の決定 {#design-decisions}',
      '',
      '本設計では、次のとおりとします。',
      '',
      '- `jump` は 16 回までです。',
      '',
    ].join('\n');
    expect(await lint(text)).toEqual([]);
  });
});
