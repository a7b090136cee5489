import { formatCantidad } from '#shared/cantidad';
import { devoluciones } from '#shared/messages/devoluciones';
import { impuestos } from '#shared/messages/impuestos';
import { formatCentavos, TARIFAS } from '#shared/impuestos';
import { formatPesos } from '#shared/money';
import type { TDevolucion } from '#shared/schemas/devolucion';
import { centro, fechaRecibo, par, partir } from '../../lib/impresion/texto-recibo';

// This module's texts only: the catalogue splits per screen (issue #20).
const M = { devoluciones, impuestos };
const D = M.devoluciones;

/**
 * How the money went back (issue #51 point 3): one method by name; several with each amount
 * ("Fiado $ 15.000 y Efectivo $ 5.000"); a transfer's or card's reference after it.
 */
export function textoReembolso(d: Pick<TDevolucion, 'metodo' | 'reembolso' | 'referencia'>): string {
  const partes = d.reembolso.length > 1 ? d.reembolso.map((r) => `${r.metodo} ${formatPesos(r.monto)}`).join(' y ') : (d.reembolso[0]?.metodo ?? d.metodo);
  return D.reembolsadoCon(d.referencia ? `${partes} (${D.refCorta} ${d.referencia})` : partes);
}

/** The document's parts, shared by the paper (fixed width), the PDF and WhatsApp. */
function partes(d: TDevolucion, zona?: string) {
  const encabezado = [d.tienda.direccion, d.tienda.telefono].filter((x): x is string => !!x);
  const meta: [string, string][] = [
    [D.comprobante, `${D.etiquetas.numero} ${d.numero}`],
    [D.deVenta(d.ventaNumero), ''],
    [D.etiquetas.fecha, fechaRecibo(d.fecha, zona)],
    [D.etiquetas.atendio, d.usuario],
  ];
  if (d.cliente) meta.push([D.etiquetas.cliente, `${d.cliente.nombre} (${d.cliente.documento})`]);
  // An exchange (issue #32 point 2): the new sale its value went into.
  if (d.ventaCambio) meta.push([D.cambioAVenta(d.ventaCambio.numero), '']);
  const lineas = d.lineas.map((l) => ({
    nombre: l.producto,
    detalle: `${formatCantidad(l.cantidad, l.unidad)} × ${l.destino === 'merma' ? D.merma : D.vuelveAlInventario}`,
    valor: formatPesos(l.valor),
  }));
  const tarifas: [string, string][] = [];
  for (const t of d.tarifas) {
    const nombre = M.impuestos.nombres[t.impuesto];
    tarifas.push([M.impuestos.recibo.base(nombre), formatCentavos(t.base)]);
    if (TARIFAS[t.impuesto].reportado) tarifas.push([nombre, formatCentavos(t.valor)]);
  }
  return { tienda: d.tienda.nombre, encabezado, meta, lineas, total: formatPesos(d.total), metodo: textoReembolso(d), motivo: `${D.motivo}: ${d.motivo}`, tarifas };
}

/** The return's document as fixed-width lines (32 or 48 characters): the PDF and the printed slip. */
export function lineasDevolucion(d: TDevolucion, columnas: number, zona?: string): string[] {
  const p = partes(d, zona);
  const regla = '-'.repeat(columnas);
  const out: string[] = [];
  out.push(...partir(p.tienda, columnas).map((l) => centro(l, columnas)));
  for (const e of p.encabezado) out.push(...partir(e, columnas).map((l) => centro(l, columnas)));
  out.push(centro(D.comprobante.toUpperCase(), columnas), regla);
  for (const [k, v] of p.meta) out.push(...(v ? par(`${k}:`, v, columnas) : partir(k, columnas)));
  out.push(regla);
  for (const l of p.lineas) {
    out.push(...partir(l.nombre, columnas));
    out.push(...par(`  ${l.detalle}`, l.valor, columnas));
  }
  out.push(regla, ...par(D.totalDevuelto, p.total, columnas), ...partir(p.metodo, columnas), ...partir(p.motivo, columnas));
  if (p.tarifas.length) {
    out.push(regla, M.impuestos.recibo.impuestos);
    for (const [k, v] of p.tarifas) out.push(...par(k, v, columnas));
  }
  return out;
}

/** The same for a chat message: short lines, no padding. */
export function textoWhatsAppDevolucion(d: TDevolucion, zona?: string): string {
  const p = partes(d, zona);
  const out = [`*${p.tienda}*`, ...p.encabezado, `*${D.tituloN(d.numero)}*`, ''];
  for (const [k, v] of p.meta.slice(1)) out.push(v ? `${k}: ${v}` : k);
  out.push('');
  for (const l of p.lineas) out.push(l.nombre, `  ${l.detalle} = ${l.valor}`);
  out.push('', `*${D.totalDevuelto}: ${p.total}*`, p.metodo, p.motivo);
  if (p.tarifas.length) out.push('', M.impuestos.recibo.impuestos, ...p.tarifas.map(([k, v]) => `${k}: ${v}`));
  return out.join('\n');
}
