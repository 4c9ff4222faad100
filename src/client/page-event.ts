/** Dispatched on document by the router once a client-side navigation has rendered its page (router.ts). */
export const PAGE_EVENT = 'docgen:page';
