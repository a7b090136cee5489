/**
 * What the entry shows while a screen's code arrives. Its own file: the entry (and with it the
 * landing page) carries these few words, not the shell's whole catalogue.
 */
export const arranque = {
  cargando: 'Cargando…',
} as const;
