/** `@docusaurus/Interpolate`: `<Interpolate values>` and `interpolate(text, values)` (Translate.tsx). */
export { Interpolate as default, interpolate } from './Translate.js';
