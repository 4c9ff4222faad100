/** OpenAPI 3.2 (https://spec.openapis.org/oas/v3.2.0): what docgen reads differently in a 3.2 document. */
import { isObject } from './resolve.js';

/** True for an `openapi: 3.2.x` document. */
export function isOpenApi32(api: unknown): boolean {
  return isObject(api) && typeof api.openapi === 'string' && /^3\.2\./.test(api.openapi);
}
