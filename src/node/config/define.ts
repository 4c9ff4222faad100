import type { UserConfig } from './schema.js';

/**
 * Identity function that types site.config.ts (VitePress defineConfig).
 * @param config the site configuration (spec §3.1)
 * @returns the same object
 */
export function defineConfig(config: UserConfig): UserConfig {
  return config;
}
