/**
 * Example documents for tests, the local fake DIAN and the habilitación screen: one store (an
 * IVA-responsible minimercado in Bogotá), one till, and line builders for every tax a shop sells.
 * Amounts in centavos.
 */
import type { DocumentoPos, LineaDocumento } from './tipos.js';

export const EMISOR_EJEMPLO: DocumentoPos['emisor'] = {
  nit: '900373076',
  dv: '4',
  razonSocial: 'Minimercado La Esquina S.A.S.',
  nombreComercial: 'La Esquina',
  tipoPersona: 1,
  responsabilidades: ['O-13'],
  responsableIva: true,
  direccion: { municipioCodigo: '11001', municipio: 'Bogotá, D.C.', departamentoCodigo: '11', departamento: 'Bogotá', linea: 'Calle 45 # 13-20', codigoPostal: '110311' },
  telefono: '6015550101',
  email: 'tienda@example.com',
};

/** A line sold at a tax-included shelf price, split into base and tax to centavos (half-up). */
export function lineaConPrecio(
  descripcion: string,
  precioConImpuesto: number,
  cantidad: number,
  impuesto: { tipo: 'IVA' | 'INC' | 'exento' | 'excluido'; tarifa?: number },
  extra: Partial<LineaDocumento> = {},
): LineaDocumento {
  const tarifa = impuesto.tipo === 'IVA' || impuesto.tipo === 'INC' ? (impuesto.tarifa ?? 0) : 0;
  const totalCentavos = Math.round(precioConImpuesto * 100 * cantidad);
  const base = Math.round((totalCentavos * 100) / (100 + tarifa));
  return {
    codigo: extra.codigo ?? descripcion.slice(0, 6).toUpperCase().replace(/\W/g, 'X'),
    esquemaCodigo: '999',
    descripcion,
    cantidad,
    unidad: '94',
    precioUnitario: Math.round(base / cantidad),
    base,
    impuesto: { tipo: impuesto.tipo, tarifa, valor: totalCentavos - base },
    ...extra,
  };
}

export const LINEAS = {
  iva19: () => lineaConPrecio('Gaseosa 1.5 L', 5900, 2, { tipo: 'IVA', tarifa: 19 }, { codigo: '7702004003508', esquemaCodigo: '010' }),
  iva5: () => lineaConPrecio('Café molido 500 g', 12500, 1, { tipo: 'IVA', tarifa: 5 }),
  exento: () => lineaConPrecio('Huevos AA x30', 18000, 1, { tipo: 'exento' }),
  excluido: () => lineaConPrecio('Papa pastusa', 3200, 0.5, { tipo: 'excluido' }, { unidad: 'KGM' }),
  inc: () => lineaConPrecio('Empanada', 2500, 3, { tipo: 'INC', tarifa: 8 }),
  bolsa: (): LineaDocumento => ({
    codigo: 'BOLSA',
    esquemaCodigo: '999',
    descripcion: 'Bolsa plástica',
    cantidad: 2,
    unidad: '94',
    precioUnitario: 0,
    base: 0,
    impuesto: { tipo: 'excluido', tarifa: 0, valor: 0 },
    bolsa: { unidades: 2, valorUnitario: 7000 },
  }),
};

export function documentoEjemplo(cambios: Partial<DocumentoPos> = {}): DocumentoPos {
  return {
    ambiente: 2,
    consecutivo: 990000001,
    emision: new Date('2026-11-20T15:04:05Z'),
    emisor: EMISOR_EJEMPLO,
    adquirente: null,
    resolucion: { numero: '18760000001', fechaDesde: '2026-01-01', fechaHasta: '2027-12-31', prefijo: 'SETP', desde: 990000000, hasta: 995000000 },
    software: {
      id: '56f2ae4e-9812-4fad-9255-08fcfcd5ccb0',
      pin: '12345',
      proveedorNit: '900373076',
      proveedorDv: '4',
      fabricante: { nombreApellido: 'Equipo Adax', razonSocial: 'Minimercado La Esquina S.A.S.', nombreSoftware: 'Adax Tienda' },
    },
    caja: { placa: 'CAJA-01', ubicacion: 'Entrada principal', cajero: 'Ana Gómez', tipo: 'Caja principal', codigoVenta: 'V-1' },
    lineas: [LINEAS.iva19()],
    pago: { forma: 1, medio: '10' },
    ...cambios,
  };
}
