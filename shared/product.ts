/**
 * The product's name, written once and used everywhere (landing page, session screens, API docs,
 * server log). It has its own module so the public landing page can show it without downloading
 * every message of the application; `shared/messages.ts` re-exports it.
 */
export const PRODUCT_NAME = 'ADAX Store Manager';
