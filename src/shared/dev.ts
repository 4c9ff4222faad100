/**
 * The one thing the browser runtime knows of `docgen dev`: the id of the dev client's script element, which the dev
 * server adds to every page it serves (src/node/dev/render-page.ts injectDevClient) and `docgen build` never does.
 */
export const DEV_CLIENT_ID = 'docgen-dev-client';
