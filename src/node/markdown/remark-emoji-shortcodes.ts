/**
 * GitHub's emoji shortcodes in a page's text (`:tada:` -> 🎉), when config `markdown.emoji` is on: VitePress renders
 * them in every page (markdown-it-emoji, on by default), so `docgen migrate vitepress` turns it on. remark-emoji does
 * the work, with node-emoji's names (GitHub's); text in code, and names it does not know, stay as written. It is
 * loaded by the first page that needs it (its table of names is most of its size), so other sites never load it.
 */
import type { Root } from 'mdast';
import type { VFile } from 'vfile';

type Transform = (tree: Root, file: VFile) => void;

let emoji: Promise<Transform> | null = null;

export function remarkEmojiShortcodes() {
  return async (tree: Root, file: VFile) => {
    if (!file.data.docgen?.emoji) return;
    emoji ??= import('remark-emoji').then(({ default: plugin }) =>
      (plugin as unknown as (options: object) => Transform)({ accessible: false, emoticon: false }),
    );
    (await emoji)(tree, file);
  };
}
