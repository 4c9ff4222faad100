/**
 * Colour-mode constants and the pre-paint script, shared by the build (which inlines the script and hashes it
 * for the CSP) and the browser runtime.
 */

/** The localStorage key (spec §4: "stored under a theme key"). */
export const THEME_KEY = 'theme';

/**
 * The inline script that sets the mode before first paint (no flash). Its SHA-256 goes into the CSP
 * (issue #5, #7). Generated per config so that the default needs no lookup.
 * @returns JavaScript source, a single statement
 */
export function themeInitScript(defaultMode: 'light' | 'dark', respectPrefersColorScheme: boolean): string {
  return (
    `(function(){var c=null;try{c=localStorage.getItem(${JSON.stringify(THEME_KEY)})}catch(e){}` +
    `if(c!=='light'&&c!=='dark'&&c!=='system')c=${JSON.stringify(respectPrefersColorScheme ? 'system' : defaultMode)};` +
    `var d=c==='dark'||(c==='system'&&matchMedia('(prefers-color-scheme: dark)').matches);` +
    `if(c==='system'&&!${respectPrefersColorScheme})d=${JSON.stringify(defaultMode === 'dark')};` +
    `var e=document.documentElement;e.dataset.theme=d?'dark':'light';e.dataset.themeChoice=c})()`
  );
}
