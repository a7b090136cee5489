/**
 * The till's questions and warnings (put on hold, resume, discard, empty the cart, leave, an unknown
 * code, no stock, no price): part of `ventas` unchanged, loaded with the till's first dialog
 * (web/features/ventas/ventas-page.tsx), so its first paint does not carry them (issue #55 point 4).
 */
export const ventasDialogos = {
  carritoVacioText: 'Agregue al menos un producto para generar el pago.',
  sinStockTitle: 'Stock insuficiente',
  // Issue #52 point 7: a product at $ 0 does not sell in silence; its price is set in Productos first.
  sinPrecio: (nombres: readonly string[]) =>
    nombres.length === 1
      ? `${nombres[0]} no tiene precio ($ 0): póngale precio en Productos antes de venderlo.`
      : `Estos productos no tienen precio ($ 0): ${nombres.join(', ')}. Póngales precio en Productos antes de venderlos.`,
  sinPrecioTitle: 'Producto sin precio',
  enEsperaTitle: 'Poner la venta en espera',
  enEsperaLabel: 'Un nombre para reconocerla (opcional)',
  enEsperaPlaceholder: 'Ej.: señora de la chaqueta roja',
  enEsperaConfirm: 'Poner en espera',
  enEsperaLlenaTitle: 'Demasiadas ventas en espera',
  enEsperaLlena: 'Ya hay 10 ventas en espera en este equipo: retome o descarte alguna primero.',
  retomarTitle: '¿Retomar esa venta?',
  retomarText: 'El carrito actual quedará en espera.',
  retomarConfirm: 'Sí, retomar',
  descartarTitle: '¿Descartar la venta en espera?',
  descartarText: 'Sus productos se quitarán de la lista. No se vendió nada.',
  descartarConfirm: 'Sí, descartar',
  salirTitle: '¿Salir de la venta?',
  salirText: 'El carrito tiene productos: si sale, se vaciará.',
  salirConfirm: 'Sí, salir',
  // Issue #19: receipts, printers and scanners.
  codigoDesconocidoTitle: 'Código no registrado',
  codigoDesconocidoText: (codigo: string) => `No hay un producto con el código ${codigo}. ¿Desea crearlo con ese código?`,
  etiquetaDesconocidaText: (codigo: string) =>
    `Es una etiqueta de la balanza del código ${codigo}, y ningún producto disponible tiene ese código. ¿Desea crearlo con el código ${codigo}, para venderlo por peso?`,
  codigoDesconocidoConfirm: 'Crear producto',
  venderSinStockText: (motivo: string) => `${motivo}. Si el producto está en la mano del cliente, el conteo está mal: puede venderlo de todos modos; el stock quedará en negativo y el producto marcado para revisar.`,
  venderDeTodosModos: 'Vender de todos modos',
  vaciarTitle: '¿Vaciar el carrito?',
  vaciarText: 'Se quitarán todos los productos del carrito.',
  vaciarConfirm: 'Sí, vaciar',
} as const;
