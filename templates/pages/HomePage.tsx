import { Content } from '../components/Content.js';
import type { PageProps } from '../types.js';

/** An image of the home layout, its base URL applied at build time: `dark` replaces `src` in the dark theme. */
interface HomeImage {
  src: string;
  dark?: string;
  alt: string;
  width?: number | string;
  height?: number | string;
}

interface HomeExtra {
  hero?: {
    name?: string;
    text?: string;
    tagline?: string;
    image?: HomeImage;
    actions?: { text: string; link: string; theme?: 'brand' | 'alt' | 'sponsor'; target?: string; rel?: string }[];
  };
  features?: { title: string; details?: string; link?: string; icon?: HomeImage | { text: string } }[];
}

/** A home image, with its dark variant beside it when it has one (the stylesheet shows the one of the theme). */
function ThemedHomeImage({ image, className }: { image: HomeImage; className: string }) {
  const size = { width: image.width, height: image.height };
  if (!image.dark) return <img className={className} src={image.src} alt={image.alt} {...size} />;
  return (
    <>
      <img className={`${className} dg-home-image--light`} src={image.src} alt={image.alt} {...size} />
      <img className={`${className} dg-home-image--dark`} src={image.dark} alt={image.alt} {...size} />
    </>
  );
}

/**
 * The home page: hero, feature cards and optional Markdown below (front matter `layout: home`). The hero shows the
 * site title (or `hero.name`), then the configured site tagline as its subtitle, as Docusaurus' hero does (spec §1,
 * §3.1), then the page's own `hero.text` and `hero.tagline` when given, and VitePress' `hero.image` beside them;
 * each feature card shows its icon (an image or text) above its title.
 */
export default function HomePage({ site, page }: PageProps) {
  const extra = (page.extra ?? {}) as HomeExtra;
  const hero = extra.hero ?? {};
  return (
    <div className="dg-home">
      <section className={hero.image ? 'dg-hero dg-hero--image' : 'dg-hero'}>
        {hero.image && <ThemedHomeImage image={hero.image} className="dg-hero__image" />}
        <h1 className="dg-hero__name">{hero.name ?? site.title}</h1>
        {site.tagline && <p className="dg-hero__subtitle">{site.tagline}</p>}
        {hero.text && <p className="dg-hero__text">{hero.text}</p>}
        {hero.tagline && hero.tagline !== site.tagline && <p className="dg-hero__tagline">{hero.tagline}</p>}
        {hero.actions && (
          <div className="dg-hero__actions">
            {hero.actions.map((action) => (
              <a
                key={action.link}
                className={`dg-button dg-button--${action.theme === 'alt' ? 'alt' : 'brand'}`}
                href={action.link}
                target={action.target}
                rel={action.rel}
              >
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
              {feature.icon &&
                ('text' in feature.icon ? (
                  <span className="dg-feature__icon" aria-hidden="true">
                    {feature.icon.text}
                  </span>
                ) : (
                  <ThemedHomeImage image={feature.icon} className="dg-feature__icon" />
                ))}
              <h2 className="dg-feature__title">
                {feature.link ? <a href={feature.link}>{feature.title}</a> : feature.title}
              </h2>
              {feature.details && <p className="dg-feature__details">{feature.details}</p>}
            </li>
          ))}
        </ul>
      )}
      <Content tree={page.content} html={page.contentHtml} />
    </div>
  );
}
