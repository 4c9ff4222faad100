/**
 * Colour-mode constants and the pre-paint script, shared by the build (which inlines the script and hashes it
 * for the CSP) and the browser runtime.
 */

/** The localStorage key (spec §4: "stored under a theme key"). */
export const THEME_KEY = 'theme';

/**
 * The inline head script (its SHA-256 is in the CSP). Before first paint it:
 * - sets `<html data-theme>` from the stored choice (spec §4; no flash of the wrong mode),
 * - sets `<html data-js>` so CSS can hide what needs JavaScript,
 * - when the page is opened outside the configured base URL (spec §8), reveals the red banner that html.ts
 *   renders (styled through the CSSOM, because the stylesheet itself is unreachable under a wrong base).
 * @returns JavaScript source, one statement, deterministic for the same options
 */
export function themeInitScript(options: {
  defaultMode: 'light' | 'dark';
  respectPrefersColorScheme: boolean;
  baseUrl: string;
}): string {
  const { defaultMode, respectPrefersColorScheme, baseUrl } = options;
  const fallback = respectPrefersColorScheme ? 'system' : defaultMode;
  return (
    `(function(){var e=document.documentElement,c=null;e.dataset.js='';try{c=localStorage.getItem(${JSON.stringify(THEME_KEY)})}catch(x){}` +
    `if(c!=='light'&&c!=='dark'&&c!=='system')c=${JSON.stringify(fallback)};` +
    `var d=c==='dark'||(c==='system'&&matchMedia('(prefers-color-scheme: dark)').matches);` +
    `e.dataset.theme=d?'dark':'light';e.dataset.themeChoice=c;` +
    `var b=${JSON.stringify(baseUrl)},p=location.pathname;if(p.indexOf(b)!==0&&p+'/'!==b)` +
    `document.addEventListener('DOMContentLoaded',function(){var n=document.getElementById('dg-base-url-banner');` +
    `if(n){n.hidden=false;n.style.cssText='background:#c4161c;color:#fff;padding:12px 16px;font:bold 16px/1.6 sans-serif'}})})()`
  );
}
