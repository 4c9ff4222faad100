import { Content } from '../components/Content.js';
import { Toc } from '../layout/Toc.js';
import type { PageProps } from '../types.js';

/** A documentation page: title, Markdown content and table of contents (spec §2). */
export default function DocPage({ page }: PageProps) {
  return (
    <div className="dg-doc">
      <article className="dg-doc__article">
        <h1 className="dg-doc__title">{page.title}</h1>
        <Content tree={page.content} html={page.contentHtml} />
      </article>
      <Toc items={page.toc} />
    </div>
  );
}
