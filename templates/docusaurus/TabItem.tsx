/** `@theme/TabItem`: read by Tabs.tsx, which renders its label and content. */
export { TabItem as default } from './Tabs.js';
