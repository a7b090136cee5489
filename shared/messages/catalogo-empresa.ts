/**
 * The empresa's catalogue shared by its stores (issue #56 point 2, ADR 043 §2): the product form's price
 * in this store, and the refusals of the product domain when a catalogue change would not fit a store.
 */
export const catalogoEmpresa = {
  /** The product form, in a store of an empresa with more than one. */
  precioTienda: 'Precio en esta tienda',
  usarEmpresa: 'Usar el precio de la empresa',
  propio: 'Precio propio de esta tienda',
  precioEmpresa: (precio: string) => `Precio de la empresa: ${precio}`,
  nota: (n: number) => `El nombre, los códigos, la categoría, la unidad, el impuesto y las presentaciones son del catálogo de la empresa: un cambio llega a sus ${n} tiendas. El stock, el mínimo, la ubicación y si está a la venta son de esta tienda.`,
  notaPersonal: 'El nombre, los códigos, la categoría, la unidad y el impuesto son del catálogo de la empresa: solo el dueño los cambia. Aquí puede cambiar el precio de esta tienda, el stock, el mínimo y si está a la venta.',
  /** The price field's hint while this store follows the empresa's price. */
  precioDeEmpresaHint: 'Es el precio de la empresa: un cambio aquí llega a las tiendas que lo usan. Para cambiarlo solo en esta tienda, elija «Precio propio de esta tienda».',
  eligePropio: 'Es el precio de la empresa. Para cobrar otro en esta tienda, elija «Precio propio de esta tienda».',
  /** The new-product form of the owner of several stores: the stores it is created in. */
  tiendasAlta: 'Crear en las tiendas',
  estaTienda: (nombre: string) => `${nombre} (esta tienda)`,
  /**
   * What the chosen stores get: the quantity typed is this store's stock; "las demás" read as the stores left
   * unchecked, which do not get the product at all, so each group is named.
   */
  altaEn: (n: number, total: number) =>
    n === 1
      ? 'Se crea solo en esta tienda.'
      : n === total
        ? `Se crea en las ${n} tiendas. La cantidad que escriba queda en esta tienda; en las otras empieza en 0.`
        : `Se crea en ${n} de sus ${total} tiendas. La cantidad que escriba queda en esta tienda; en las otras elegidas empieza en 0 y las no elegidas no lo tendrán.`,
  /** Refusals. */
  soloDueno: 'En una empresa con varias tiendas, solo el dueño cambia los datos del catálogo (nombre, códigos, categoría, unidad, impuesto, presentaciones). Esta tienda puede cambiar su precio, su stock, su mínimo y si está a la venta.',
  altaSoloDueno: 'En una empresa con varias tiendas, solo el dueño crea productos: el producto llega al catálogo de todas las tiendas.',
  codigoEnOtraTienda: (tienda: string) => `Ese código de barras ya es de otro producto en ${tienda}: cámbielo allí primero.`,
  unidadEnOtraTienda: (tienda: string) => `En ${tienda} este producto no puede cambiar de unidad: tiene stock con decimales o presentaciones.`,
  precioPropioInvalido: 'Elija si esta tienda usa el precio de la empresa o uno propio.',
  tiendaAjena: 'Elija tiendas de su empresa.',
  /** Consistency check (server/db/consistencia.ts). */
  difiere: (campo: string) => `el campo ${campo} difiere del de la misma referencia en otra tienda`,
} as const;
