import { impresion } from '#shared/messages/impresion';
import { impuestos } from '#shared/messages/impuestos';
import { numeracion } from '#shared/messages/numeracion';
import { dian } from '#shared/messages/dian';
import { facturaElectronica } from '#shared/messages/factura-electronica';
import { ventas } from '#shared/messages/ventas';
import { promociones } from '#shared/messages/promociones';
import { puntos } from '#shared/messages/puntos';
import { formatCentavos, TARIFAS } from '#shared/impuestos';
import { isoADdMmAaaa } from '#shared/fecha-texto';
import { formatPesos } from '#shared/money';
import { formatCantidad, formatPrecioUnidad, unidadMostrada } from '#shared/cantidad';
import type { TImpuestosVenta } from '#shared/schemas/impuestos';
import type { TAjustesTienda, TAnchoPapel } from '#shared/schemas/tienda';
import type { TRecibo } from '#shared/schemas/venta';
import { fechasEn } from '../fechas';

// The receipt's labels are the screen receipt's (ventas.recibo); the printed receipt's own words are in impresion.
const M = { impresion, impuestos, ventas, dian };

const R = M.ventas.recibo;
const I = M.impresion;

/** Characters a line of a thermal printer's font A: 58 mm paper prints 48 mm (32), 80 mm prints 72 mm (48). */
export const COLUMNAS: Record<TAnchoPapel, number> = { '58': 32, '80': 48 };
/** The payment method "Efectivo": a cash sale opens the drawer. */
export const METODO_EFECTIVO = 5;
/** The payment method "Fiado" (issue #17). */
const METODO_FIADO = 7;
export const PIE_POR_DEFECTO = R.pie;

/**
 * The store's part of a receipt; without settings (not loaded yet) only the name of the sale is known.
 * The date and time are the store's zone's (America/Bogota without one).
 */
export type DatosTienda = Pick<TAjustesTienda, 'nit' | 'direccion' | 'telefono' | 'pieRecibo'> & {
  nombreTienda?: string;
  zonaHoraria?: string;
  /** The sale's tax part (issue #30): the seller's fiscal data and base and tax by rate; null or absent: none. */
  impuestos?: TImpuestosVenta | null;
};

/**
 * The tax part of a receipt (issue #30 point 6): the seller's razón social and NIT with its check
 * digit; for a store responsible for IVA, each rate's base and tax (excluido: its base only); for one
 * that is not, the legend "Documento informativo" when the owner chose it.
 */
export function partesFiscales(imp: TImpuestosVenta | null | undefined) {
  const I = M.impuestos;
  const f = imp?.fiscal;
  if (!f) return { encabezado: [] as string[], impuestos: [] as [string, string][], leyenda: null as string | null };
  const impuestos: [string, string][] = [];
  if (f.responsableIva) {
    for (const t of imp.tarifas) {
      const nombre = I.nombres[t.impuesto];
      impuestos.push([I.recibo.base(nombre), formatCentavos(t.base)]);
      if (TARIFAS[t.impuesto].reportado) impuestos.push([nombre, formatCentavos(t.valor)]);
    }
  }
  return {
    encabezado: [f.razonSocial, I.recibo.nit(f.nit, f.dv)],
    impuestos,
    leyenda: !f.responsableIva && f.documentoInformativo ? I.leyendaInformativo : null,
  };
}

/**
 * The payment form (issue #30 point 6): a sale with a fiado part is *crédito*, with the day it is due
 * (on every receipt: the customer needs it); a store responsible for IVA also prints *Contado* on the
 * others, as its POS document says.
 */
export function formaDePago(recibo: Pick<TRecibo, 'montoFiado' | 'fiadoVence'>, imp: TImpuestosVenta | null | undefined): [string, string][] {
  if (recibo.montoFiado > 0) return [[R.formaPago, R.credito], ...(recibo.fiadoVence ? ([[R.vence, isoADdMmAaaa(recibo.fiadoVence)]] as [string, string][]) : [])];
  return imp?.fiscal?.responsableIva ? [[R.formaPago, R.contado]] : [];
}

/**
 * The electronic POS document's part of the tirilla (issue #31 point 6): its title, CUDE, DIAN's
 * catalogue URL (the QR's content), the software's name and maker; CONTINGENCIA while DIAN was down.
 */
export function partesElectronico(recibo: TRecibo) {
  const d = recibo.documento;
  if (!d) return null;
  const factura = d.tipo === '01';
  return {
    // A sale invoiced to a buyer (issue #57): the factura electrónica de venta and its CUFE.
    titulo: factura ? facturaElectronica.nombreDocumento : dian.tirillaTitulo,
    etiqueta: factura ? facturaElectronica.cufe : dian.tirillaCude,
    adquirente: d.adquirente ? facturaElectronica.adquirenteRecibo(d.adquirente.nombre, d.adquirente.documento) : null,
    contingencia: d.contingencia ? dian.tirillaContingencia : null,
    cude: d.cude,
    url: d.url,
    software: dian.tirillaSoftware(d.software, d.fabricante),
    qr: dian.tirillaQr,
  };
}

/**
 * The receipt's one title and number (issue #52 point 5), for the screen, the thermal printer, the
 * PDF and WhatsApp: with a DIAN POS range, "Documento equivalente POS N.º POS1" (its number is the
 * range's); issued electronically, the electronic document's name; otherwise "Tiquete de venta N.º 37"
 * (the store's number). The sale's internal id is never printed.
 */
export function tituloRecibo(recibo: Pick<TRecibo, 'numero' | 'fiscal' | 'documento' | 'sinRed'>): { nombre: string; numero: string; texto: string } {
  // A sale made offline keeps the device's number it was printed with, before and after it syncs (issue #53 point 2).
  const numero = recibo.fiscal ? `${recibo.fiscal.prefijo}${recibo.fiscal.numero}` : recibo.sinRed ? recibo.sinRed.numero : String(recibo.numero);
  const nombre = recibo.documento?.tipo === '01' ? facturaElectronica.nombreDocumento : recibo.documento ? R.documentoElectronico : recibo.fiscal ? R.documentoPos : R.tiquete;
  return { nombre, numero, texto: R.titulo(nombre, numero) };
}

/** 23/11/2026, 9:05 a. m. with plain spaces (a thermal printer's code page has no narrow no-break space). */
export const fechaRecibo = (iso: string, zona?: string) => fechasEn(zona).fechaHora(iso).replace(/\u00a0|\u202f/g, ' ');

/** The receipt's facts in order, shared by the text receipt (WhatsApp, PDF) and the ESC/POS one. */
export function partesRecibo(recibo: TRecibo, tienda: DatosTienda | null) {
  const fiscal = partesFiscales(tienda?.impuestos);
  const encabezado = [
    ...fiscal.encabezado,
    // The receipt's own NIT line, unless the fiscal profile's already says it.
    tienda?.nit && !fiscal.encabezado.length ? R.nit(tienda.nit) : null,
    tienda?.direccion ?? null,
    tienda?.telefono ? R.telefono(tienda.telefono) : null,
    recibo.fiscal ? numeracion.reciboResolucion(recibo.fiscal) : null,
  ].filter((x): x is string => !!x);
  // The number is the title's (tituloRecibo): a till's DIAN number (issue #30 points 5 and 6) or the store's, never both.
  const meta: [string, string][] = [
    ...(recibo.fiscal ? ([[numeracion.reciboCaja, recibo.fiscal.caja]] as [string, string][]) : []),
    [R.fecha, fechaRecibo(recibo.fecha, tienda?.zonaHoraria)],
    [R.atendio, recibo.cajero],
  ];
  if (recibo.cliente) meta.push([M.ventas.cliente, `${recibo.cliente.nombre} · ${recibo.cliente.documento}`]);
  // A sale made by an exchange (issue #32 point 2): the return it came from, and its credit.
  const cambio = recibo.cambioDe;
  if (cambio) meta.push([R.cambioDe, R.cambioDeTexto(cambio.devolucionNumero, cambio.ventaNumero)]);
  const totales: [string, string][] = [];
  // The promotions' Ahorro (ADR 052): what each saved, already in its lines' amounts.
  for (const a of recibo.ahorros ?? []) totales.push([`${promociones.ahorro} ${a.nombre}`, `-${formatPesos(a.ahorro)}`]);
  if (recibo.descuento) totales.push([R.descuento, `-${formatPesos(recibo.descuento)}`]);
  const pago: [string, string][] = [[M.ventas.medioPago, recibo.metodoPago.nombre]];
  if (recibo.referencia) pago.push([R.referencia, recibo.referencia]);
  const alFiado = recibo.metodoPago.id === METODO_FIADO;
  if (cambio) pago.push([alFiado ? R.creditoCambioFiado : R.creditoCambio, `-${formatPesos(cambio.credito)}`]);
  if (cambio && !alFiado && cambio.credito >= recibo.total) {
    // The new sale cost no more than what came back: the rest went back to the customer.
    pago.push([R.aFavor(recibo.metodoPago.nombre), formatPesos(cambio.credito - recibo.total)]);
  } else {
    pago.push([R.recibido, formatPesos(recibo.montoRecibido)]);
    if (recibo.montoFiado > 0) pago.push([R.fiado, formatPesos(recibo.montoFiado)]);
    pago.push([M.ventas.cambio, formatPesos(recibo.cambio)]);
  }
  pago.push(...formaDePago(recibo, tienda?.impuestos));
  // Loyalty points (ADR 054), as the screen's receipt: earned or used by the sale, and the balance after it.
  const p = recibo.puntos;
  if (p) {
    pago.push(p.redimidos ? [puntos.etiquetaUsados, puntos.numero(p.redimidos)] : [puntos.etiquetaGanados, puntos.numero(p.ganados)]);
    pago.push([puntos.etiquetaSaldo, puntos.numero(p.saldo)]);
  }
  return {
    tienda: tienda?.nombreTienda || recibo.tienda,
    encabezado,
    titulo: tituloRecibo(recibo).texto,
    anulada: recibo.estado === 'Anulada',
    meta,
    lineas: recibo.lineas.map((l) => ({
      // A pack's line (ADR 033): "Cerveza lata · Paca x12".
      nombre: l.presentacion ? `${l.nombre} · ${l.presentacion}` : l.nombre,
      // A weighed line in its unit (issue #52 point 3): "0,375 kg x $ 12.345/kg".
      // A pack's line in packs, a roll of 50 m too (issue #58 point 2): "1 x $ 180.000".
      detalle: `${formatCantidad(l.cantidad, unidadMostrada(l))} x ${formatPrecioUnidad(l.precio, unidadMostrada(l))}`,
      // A promotion's line names it; its saving is the Ahorro among the totals, once (ADR 052).
      descuento: l.promocion ? promociones.enLinea(l.promocion) : l.descuento ? I.descuentoLinea(formatPesos(l.descuento)) : null,
      subtotal: formatPesos(l.subtotal),
    })),
    totales,
    // A cashier's discount names the supervisor whose PIN authorised it (issue #16 point 4).
    motivoDescuento: recibo.motivoDescuento && recibo.autorizadoPor ? `${recibo.motivoDescuento} · ${M.ventas.autorizadoPor} ${recibo.autorizadoPor}` : recibo.motivoDescuento,
    total: formatPesos(recibo.total),
    pago,
    impuestos: fiscal.impuestos,
    leyenda: fiscal.leyenda,
    electronico: partesElectronico(recibo),
    pie: tienda?.pieRecibo || PIE_POR_DEFECTO,
  };
}

/** A line centred in `n` characters (cut at `n`). */
export const centro = (s: string, n: number) => {
  const t = s.slice(0, n);
  return ' '.repeat(Math.floor((n - t.length) / 2)) + t;
};
/** A label on the left and a value on the right; a long pair takes two lines. */
export const par = (izq: string, der: string, n: number): string[] =>
  izq.length + der.length + 1 <= n ? [izq + ' '.repeat(n - izq.length - der.length) + der] : [izq.slice(0, n), ' '.repeat(Math.max(0, n - der.length)) + der.slice(0, n)];
/** Words wrapped at `n` characters; a longer word is cut. */
export const partir = (s: string, n: number): string[] => {
  const out: string[] = [];
  let linea = '';
  for (const palabra of s.split(/\s+/)) {
    if (!palabra) continue;
    if (!linea) linea = palabra;
    else if (linea.length + 1 + palabra.length <= n) linea += ' ' + palabra;
    else {
      out.push(linea);
      linea = palabra;
    }
    while (linea.length > n) {
      out.push(linea.slice(0, n));
      linea = linea.slice(n);
    }
  }
  if (linea) out.push(linea);
  return out;
};

/** The receipt as fixed-width text lines (32 or 48 characters): the PDF and the plain-text receipt. */
export function lineasRecibo(recibo: TRecibo, tienda: DatosTienda | null, columnas: number): string[] {
  const p = partesRecibo(recibo, tienda);
  const regla = '-'.repeat(columnas);
  const out: string[] = [];
  out.push(...partir(p.tienda, columnas).map((l) => centro(l, columnas)));
  for (const e of p.encabezado) out.push(...partir(e, columnas).map((l) => centro(l, columnas)));
  out.push(...partir(p.titulo, columnas).map((l) => centro(l, columnas)));
  if (p.anulada) out.push(centro(`*** ${R.anulada} ***`, columnas));
  out.push(regla);
  for (const [k, v] of p.meta) out.push(...par(`${k}:`, v, columnas));
  out.push(regla);
  for (const l of p.lineas) {
    out.push(...partir(l.nombre, columnas));
    out.push(...par(`  ${l.detalle}`, l.subtotal, columnas));
    if (l.descuento) out.push(`  ${l.descuento}`);
  }
  out.push(regla);
  for (const [k, v] of p.totales) out.push(...par(k, v, columnas));
  if (p.motivoDescuento) out.push(...partir(I.motivo(p.motivoDescuento), columnas));
  out.push(...par(I.total, p.total, columnas));
  for (const [k, v] of p.pago) out.push(...par(k, v, columnas));
  if (p.impuestos.length) {
    out.push(regla);
    out.push(M.impuestos.recibo.impuestos);
    for (const [k, v] of p.impuestos) out.push(...par(k, v, columnas));
  }
  out.push(regla);
  if (p.electronico) {
    const e = p.electronico;
    out.push(...partir(e.titulo, columnas).map((l) => centro(l, columnas)));
    if (e.contingencia) out.push(centro(`*** ${e.contingencia} ***`, columnas));
    if (e.adquirente) out.push(...partir(e.adquirente, columnas));
    out.push(`${e.etiqueta}:`);
    for (let i = 0; i < e.cude.length; i += columnas) out.push(e.cude.slice(i, i + columnas));
    out.push(...partir(e.software, columnas));
    out.push(...partir(e.qr, columnas).map((l) => centro(l, columnas)));
    out.push(regla);
  }
  if (p.leyenda) out.push(centro(p.leyenda, columnas));
  out.push(...partir(p.pie, columnas).map((l) => centro(l, columnas)));
  return out;
}

/** The receipt for a chat message: short lines, no padding (WhatsApp's font is proportional). */
export function textoWhatsApp(recibo: TRecibo, tienda: DatosTienda | null): string {
  const p = partesRecibo(recibo, tienda);
  const out = [`*${p.tienda}*`, ...p.encabezado, `*${p.titulo}*`];
  if (p.anulada) out.push(`*${R.anulada}*`);
  out.push('', ...p.meta.map(([k, v]) => `${k}: ${v}`), '');
  for (const l of p.lineas) out.push(`${l.nombre}`, `  ${l.detalle} = ${l.subtotal}${l.descuento ? ` (${l.descuento})` : ''}`);
  out.push('');
  for (const [k, v] of p.totales) out.push(`${k}: ${v}`);
  out.push(`*${I.total}: ${p.total}*`);
  for (const [k, v] of p.pago) out.push(`${k}: ${v}`);
  if (p.impuestos.length) out.push('', M.impuestos.recibo.impuestos, ...p.impuestos.map(([k, v]) => `${k}: ${v}`));
  if (p.electronico) {
    const e = p.electronico;
    out.push('', `*${e.titulo}*`);
    if (e.contingencia) out.push(`*${e.contingencia}*`);
    if (e.adquirente) out.push(e.adquirente);
    out.push(`${e.etiqueta}: ${e.cude}`, `${e.qr}: ${e.url}`, e.software);
  }
  if (p.leyenda) out.push('', p.leyenda);
  out.push('', p.pie);
  return out.join('\n');
}

/** The wa.me link: to the customer's number (Colombian mobiles get +57), or without one so the cashier picks the chat. */
export function enlaceWhatsApp(texto: string, telefono?: string | null): string {
  let numero = (telefono ?? '').replace(/\D/g, '');
  if (numero.length === 10 && numero.startsWith('3')) numero = `57${numero}`;
  const base = numero.length >= 8 ? `https://wa.me/${numero}` : 'https://wa.me/';
  return `${base}?text=${encodeURIComponent(texto)}`;
}
