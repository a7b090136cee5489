import type { TProductoListItem } from '#shared/schemas/producto';

/** The shelf labels' page (issue #19); kept apart from the page so the list does not load the barcode library. */
export const ETIQUETAS_PATH = '/etiquetas';
export type ProductoEtiqueta = Pick<TProductoListItem, 'id' | 'nombre' | 'precio' | 'codigoBarras'>;
