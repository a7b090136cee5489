import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import { impresion } from '#shared/messages/impresion';
import { impuestos } from '#shared/messages/impuestos';
import { dian } from '#shared/messages/dian';
import { ventas } from '#shared/messages/ventas';
import type { TAnchoPapel } from '#shared/schemas/tienda';
import type { TRecibo } from '#shared/schemas/venta';
import { COLUMNAS, METODO_EFECTIVO, partesRecibo, type DatosTienda } from './texto-recibo';

// The printed receipt's own words; its labels come with partesRecibo (ventas.recibo).
const M = { impresion, impuestos, ventas, dian };

/**
 * The receipt as ESC/POS commands for a thermal printer (issue #19), through a maintained encoder
 * (@point-of-sale/receipt-printer-encoder) rather than a hand-written command set. Code page CP858
 * (Latin-1 with €) prints ñ, á, é… as written. A cash sale ends by kicking the drawer (pulse on pin 2).
 * This module is only ever imported lazily: the till's first load does not carry the encoder.
 */
export function bytesRecibo(recibo: TRecibo, tienda: DatosTienda | null, ancho: TAnchoPapel, opciones: { cajon?: boolean } = {}): Uint8Array {
  const columnas = COLUMNAS[ancho];
  const p = partesRecibo(recibo, tienda);
  const e = new ReceiptPrinterEncoder({ language: 'esc-pos', columns: columnas, codepageMapping: 'epson', feedBeforeCut: 4 });
  e.initialize().codepage('cp858');
  e.align('center').bold(true).line(p.tienda).bold(false);
  for (const l of p.encabezado) e.line(l);
  e.bold(true).line(p.titulo).bold(false);
  if (p.anulada) e.bold(true).line(`*** ${M.ventas.recibo.anulada} ***`).bold(false);
  e.align('left').rule();
  /** A label and its value: the label column `izq` wide (long labels wrap), the value to the right. */
  const dos = (filas: [string, string][], izq = columnas - 15) =>
    e.table(
      [
        { width: izq - 1, marginRight: 1, align: 'left' },
        { width: columnas - izq, align: 'right' },
      ],
      filas,
    );
  dos(p.meta, 9);
  e.rule();
  for (const l of p.lineas) {
    e.line(l.nombre.slice(0, columnas * 2));
    e.table(
      [
        { width: columnas - 16, marginLeft: 2, align: 'left' },
        { width: 14, align: 'right' },
      ],
      [[l.detalle, l.subtotal]],
    );
    if (l.descuento) e.line(`  ${l.descuento}`);
  }
  e.rule();
  if (p.totales.length) dos(p.totales);
  if (p.motivoDescuento) e.line(M.impresion.motivo(p.motivoDescuento));
  e.bold(true);
  dos([[M.impresion.total, p.total]]);
  e.bold(false);
  dos(p.pago);
  if (p.impuestos.length) {
    e.rule().line(M.impuestos.recibo.impuestos);
    dos(p.impuestos);
  }
  e.rule().align('center');
  if (p.electronico) {
    // The tirilla's electronic part (issue #31): the QR at 5 dots a module is ≥ 2 cm (≥ 160 dots at 203 dpi).
    e.bold(true).line(p.electronico.titulo).bold(false);
    if (p.electronico.contingencia) e.bold(true).line(`*** ${p.electronico.contingencia} ***`).bold(false);
    e.align('left');
    if (p.electronico.adquirente) e.line(p.electronico.adquirente);
    e.line(`${p.electronico.etiqueta}:`);
    for (let i = 0; i < p.electronico.cude.length; i += columnas) e.line(p.electronico.cude.slice(i, i + columnas));
    e.line(p.electronico.software).align('center');
    e.qrcode(p.electronico.url, { model: 2, size: 5, errorlevel: 'm' });
    e.line(p.electronico.qr).rule();
  }
  if (p.leyenda) e.bold(true).line(p.leyenda).bold(false);
  e.line(p.pie).newline();
  e.cut();
  if ((opciones.cajon ?? true) && recibo.metodoPago.id === METODO_EFECTIVO && !p.anulada) e.pulse();
  return e.encode();
}
