import type { PageProps } from '../types.js';

/** The not-found page (spec §2, §8): title and a note asking the reader to report the broken link. */
export default function NotFoundPage({ site }: PageProps) {
  return (
    <div className="dg-not-found">
      <h1>ページが見つかりません</h1>
      <p>お探しのページは見つかりませんでした。</p>
      <p>このページにリンクしているサイトの所有者に連絡して、リンクが壊れていることをお知らせください。</p>
      <p>
        <a className="dg-button dg-button--brand" href={site.baseUrl}>
          トップページへ戻る
        </a>
      </p>
    </div>
  );
}
