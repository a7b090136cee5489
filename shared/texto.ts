/**
 * Text as a search compares it: lower case, no accents (á→a, ñ→n, ü→u). The database's `sin_tildes`
 * (migration 0006: unaccent + lower) gives the same for Spanish text, so the till, the server and the
 * lists agree on what matches: "azucar" is "Azúcar".
 */
export const sinTildes = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
