/**
 * `@theme/ThemedImage`: both images, each shown in its colour mode by themed.css (`<html data-theme>`), as
 * Docusaurus' ThemedComponent renders both on the server (`theme-common/src/components/ThemedComponent`).
 */
import type { ImgHTMLAttributes } from 'react';
import './themed.css';

type Props = ImgHTMLAttributes<HTMLImageElement> & { sources: { light: string; dark: string } };

export default function ThemedImage({ sources, className, alt, ...rest }: Props) {
  return (
    <>
      {(['light', 'dark'] as const).map((mode) => (
        <img
          key={mode}
          src={sources[mode]}
          alt={alt}
          className={[`dg-themed dg-themed--${mode}`, className].filter(Boolean).join(' ')}
          {...rest}
        />
      ))}
    </>
  );
}
