/** Ids of the landing page's sections: the targets of the header's anchor links. */
export const SECTION = {
  inicio: 'inicio',
  queEs: 'que-es',
  servicios: 'servicios',
  beneficios: 'beneficios',
  contacto: 'contacto',
} as const;
