/**
 * `@docusaurus/Link`: an `<a>`; `to` (or `href`) is a site path that gets the base URL (site.ts withBaseUrl), and
 * a link to another origin opens as Docusaurus' does (`target="_blank" rel="noopener noreferrer"`).
 */
import type { AnchorHTMLAttributes } from 'react';
import { withBaseUrl } from './site.js';

type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & {
  to?: string;
  isNavLink?: boolean;
  autoAddBaseUrl?: boolean;
};

export default function Link({ to, href, isNavLink: _nav, autoAddBaseUrl = true, ...rest }: LinkProps) {
  const target = to ?? href ?? '';
  const external = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i.test(target);
  return (
    <a
      href={external || !autoAddBaseUrl ? target : withBaseUrl(target)}
      {...(external && /^(?:https?:)?\/\//i.test(target) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      {...rest}
    />
  );
}
