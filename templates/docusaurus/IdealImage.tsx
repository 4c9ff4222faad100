/**
 * `@theme/IdealImage` (`@docusaurus/plugin-ideal-image`): the image as one `<img>`, loaded lazily. Docusaurus'
 * component (`plugin-ideal-image/src/theme/IdealImage`) takes `img` as a URL or as what its webpack loader gives for
 * `require('./x.png')` (`{ src: { src, width, height }, preSrc }`), and shows a low-quality placeholder first, then
 * the size of the image that fits; docgen publishes the one file the page names.
 */
import { type ComponentType, createElement, type ImgHTMLAttributes, type ReactElement } from 'react';

type Source =
  | string
  | { src?: unknown; default?: unknown; width?: number; height?: number }
  | ((props: object) => unknown);

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & { img: Source };

/** The URL and size an `img` prop names, through a module's `default` and the loader's `src.src`. */
function imageOf(img: unknown): { src?: string; width?: number; height?: number } {
  if (typeof img === 'string') return { src: img };
  if (!img || typeof img !== 'object') return {};
  const {
    src,
    default: main,
    width,
    height,
  } = img as { src?: unknown; default?: unknown; width?: number; height?: number };
  const inner = imageOf(src ?? main);
  return { src: inner.src, width: inner.width ?? width, height: inner.height ?? height };
}

export default function IdealImage({ img, alt, ...rest }: Props): ReactElement | null {
  // An SVG the site imports as a component (an SVGR-like module): render it.
  if (typeof img === 'function')
    return createElement(img as ComponentType<{ role: string; 'aria-label'?: string }>, {
      role: 'img',
      'aria-label': alt,
    });
  const { src, width, height } = imageOf(img);
  if (!src) return null;
  return <img src={src} alt={alt} width={width} height={height} loading="lazy" {...rest} />;
}
