import { Content } from '../components/Content.js';
import type { PageProps } from '../types.js';

interface HomeExtra {
  hero?: {
    name?: string;
    text?: string;
    tagline?: string;
    actions?: { text: string; link: string; theme?: 'brand' | 'alt' }[];
  };
  features?: { title: string; details: string; link?: string }[];
}

/**
 * The home page: hero, feature cards and optional Markdown below (front matter `layout: home`). The hero shows the
 * site title (or `hero.name`), then the configured site tagline as its subtitle, as Docusaurus' hero does (spec §1,
 * §3.1), then the page's own `hero.text` and `hero.tagline` when given.
 */
export default function HomePage({ site, page }: PageProps) {
  const extra = (page.extra ?? {}) as HomeExtra;
  const hero = extra.hero ?? {};
  return (
    <div className="dg-home">
      <section className="dg-hero">
        <h1 className="dg-hero__name">{hero.name ?? site.title}</h1>
        {site.tagline && <p className="dg-hero__subtitle">{site.tagline}</p>}
        {hero.text && <p className="dg-hero__text">{hero.text}</p>}
        {hero.tagline && hero.tagline !== site.tagline && <p className="dg-hero__tagline">{hero.tagline}</p>}
        {hero.actions && (
          <div className="dg-hero__actions">
            {hero.actions.map((action) => (
              <a key={action.link} className={`dg-button dg-button--${action.theme ?? 'brand'}`} href={action.link}>
                {action.text}
              </a>
            ))}
          </div>
        )}
      </section>
      {extra.features && (
        <ul className="dg-features">
          {extra.features.map((feature) => (
            <li key={feature.title} className="dg-feature">
              <h2 className="dg-feature__title">
                {feature.link ? <a href={feature.link}>{feature.title}</a> : feature.title}
              </h2>
              <p className="dg-feature__details">{feature.details}</p>
            </li>
          ))}
        </ul>
      )}
      <Content tree={page.content} html={page.contentHtml} />
    </div>
  );
}
