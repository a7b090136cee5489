import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { brutoLinea, deMilesimas, milesimasDe, totalesPorMedida } from '#shared/cantidad';
import { cambioDelPago, metodosDelPago, partesDelPago } from '#shared/pago';
import { cambioDeVenta, entregadoEnCambio } from '../venta/venta.recibo';
import { M } from '#shared/messages';
import type { TFacturaDetalle, TFacturasFiltros, TFacturasPage } from '#shared/schemas/factura';
import type { Db } from '../../db/client';
import { plegarContador } from '../../db/plegar-contador';
import { VENTA_CONTEO } from '../../db/resumenes';
import { ventasVisibles, type LectorVentas } from '../venta/ventas-visibles';
import { contieneTexto } from '../../db/name-search';
import { cliente, factura, metodoPago, producto, rangoNumeracion, tienda, usuario, venta } from '../../db/schema';
import { unidadDeLinea } from '../venta-registro/unidad-linea';
import { MEDIDAS, UNIDADES, unidadesDe, type TMedida } from '#shared/unidades';
import { facturaDeVenta, nombreAdquirente, numeroFacturaDeVenta } from '../venta/venta.factura';
import { leerCabeceraVenta, leerCabeceras } from '../venta-registro/venta.cabecera';

const MAX_INT = 2_147_483_647;

/** Who sold: the employee, or the store itself when its own account was at the till. */
const cajero = sql<string>`coalesce(${usuario.nombre1} || ' ' || ${usuario.apellido1}, ${tienda.nombreTienda})`;
const nombreCliente = sql<string | null>`${cliente.nombre} || ' ' || ${cliente.apellido}`;

/**
 * The search of spec §5: a sale's number as people see it (`venta.numero`, issue #36 point 8; the
 * internal id is not searched), the number an offline till printed on its receipt (`D3-17`, issue
 * #34), the fiscal number a DIAN document carries (`FE1`, `POS 25`: its range's prefix and number,
 * issue #57) or a product name. The product branch is a
 * semi-join through factura_tienda_producto_idx, so it reads only the lines of matching products.
 */
function busqueda(db: Db, tiendaId: number, q: string): SQL {
  const dispositivo = /^\s*(d\d{1,6}-\d{1,9})\s*$/i.exec(q)?.[1];
  if (dispositivo) return eq(venta.numeroDispositivo, dispositivo.toUpperCase());
  const conProducto = inArray(
    venta.idVenta,
    db
      .select({ id: factura.ventaId })
      .from(factura)
      .innerJoin(producto, eq(producto.idProducto, factura.productoId))
      .where(and(eq(factura.tiendaId, tiendaId), eq(producto.tiendaId, tiendaId), contieneTexto(producto.nombre, q))),
  );
  const numero = /^#?\d{1,10}$/.test(q) ? Number(q.replace('#', '')) : NaN;
  const porNumero = Number.isInteger(numero) && numero > 0 && numero <= MAX_INT ? eq(venta.numero, numero) : undefined;
  const porFiscal = numerosFiscales(q).map(({ prefijo, numero: n }) =>
    and(
      eq(venta.numeroFiscal, n),
      inArray(venta.rangoId, db.select({ id: rangoNumeracion.idRango }).from(rangoNumeracion).where(and(eq(rangoNumeracion.tiendaId, tiendaId), eq(rangoNumeracion.prefijo, prefijo)))),
    ),
  );
  return or(porNumero, ...porFiscal, conProducto)!;
}

/**
 * The (range prefix, number) pairs a typed fiscal number may be: "FE1", "fe-1" and "FE 1" are FE and 1;
 * "F21" is F and 21 or F2 and 1 (a prefix is 1–4 letters or digits, with at least one letter, so a bare
 * number stays the store's sale number).
 */
export function numerosFiscales(q: string): { prefijo: string; numero: number }[] {
  const t = q.trim().toUpperCase().replace(/[\s-]/g, '');
  if (!/^[A-Z0-9]{2,14}$/.test(t)) return [];
  const out: { prefijo: string; numero: number }[] = [];
  for (let i = 1; i <= 4 && i < t.length; i++) {
    const prefijo = t.slice(0, i);
    const resto = t.slice(i);
    if (!/[A-Z]/.test(prefijo) || !/^\d{1,10}$/.test(resto)) continue;
    const n = Number(resto);
    if (n >= 1 && n <= MAX_INT) out.push({ prefijo, numero: n });
  }
  return out;
}

/** Per sale, each measure's total of its lines (MEDIDAS): units × the pack's factor, every other measure in its own unit (g ÷ 1000 as kg). */
const sumasPorMedida = Object.fromEntries(
  MEDIDAS.map((m) => [
    m,
    m === 'unidades'
      ? sql<number>`coalesce(sum(${factura.cantidad} * ${factura.factor}) filter (where coalesce(${factura.unidadDian}, '94') = '94'), 0)`.mapWith(Number)
      : sql<number>`coalesce(sum(case ${factura.unidadDian} ${sql.join(
          unidadesDe(m).map((u) => sql`when ${u} then ${factura.cantidad} * ${factura.factor} / ${UNIDADES[u].porMedida}`),
          sql` `,
        )} end), 0)`.mapWith(Number),
  ]),
) as Record<TMedida, SQL<number>>;

/** Who reads the invoices (the sale's module owns which sales they see). */
export type LectorFacturas = LectorVentas;

/**
 * The store's sales, newest first (spec §2 /gestionar_ventas). Only the requested page is joined
 * and aggregated: the line counts and totals come from one GROUP BY over the page's sale ids
 * (factura_venta_idx), never from the whole invoice table.
 */
export async function listarFacturas(options: { db: Db; tiendaId: number; lector: LectorFacturas; query: TFacturasFiltros }): Promise<TFacturasPage> {
  const { db, tiendaId, query } = options;
  const propias = await ventasVisibles(db, tiendaId, options.lector);
  const conditions: SQL[] = [eq(venta.tiendaId, tiendaId)];
  if (propias) conditions.push(propias);
  if (query.estado) conditions.push(eq(venta.estado, query.estado));
  if (query.q) conditions.push(busqueda(db, tiendaId, query.q));
  const where = and(...conditions);

  const [ventas, [totalRow]] = await Promise.all([
    leerCabeceras(db, {
      columnas: {
        idVenta: venta.idVenta,
        numero: venta.numero,
        numeroDispositivo: venta.numeroDispositivo,
        fecha: venta.fecha,
        estado: venta.estado,
        metodoPago: metodoPago.nombre,
        metodoPagoId: venta.metodoPagoId,
        montoFiado: venta.montoFiado,
        totalVenta: venta.total,
        // A sale invoiced to a buyer (issue #57) names the invoice's buyer and number.
        cliente: sql<string | null>`coalesce(${nombreAdquirente}, ${nombreCliente})`,
        numeroFactura: numeroFacturaDeVenta,
        cajero,
        descuento: venta.descuento,
      },
      donde: where,
      orden: [desc(venta.fecha), desc(venta.idVenta)],
      limite: query.pageSize,
      saltar: (query.page - 1) * query.pageSize,
    }),
    // Without a search the pager's count comes from the trigger-kept counts (issue #20, ADR 017); one
    // employee's own sales are counted (over the store's venta_tienda_fecha_idx).
    query.q || propias ? db.select({ n: count() }).from(venta).where(where) : contarVentas(db, tiendaId, query.estado),
  ]);

  const ids = ventas.map((v) => v.idVenta);
  const totales = ids.length
    ? await db
        .select({
          ventaId: factura.ventaId,
          lineas: count(),
          // Units and measures apart (issue #52 point 3), by the one unit rule: kilos never add to units; grams count as kilos, cm as metres.
          ...sumasPorMedida,
          total: sql<number>`coalesce(sum(linea_bruto(${factura.precio}, ${factura.cantidad}, ${factura.importe}) - ${factura.descuento}), 0)`.mapWith(Number),
        })
        .from(factura)
        .where(and(inArray(factura.ventaId, ids), eq(factura.tiendaId, tiendaId)))
        .groupBy(factura.ventaId)
    : [];
  const porVenta = new Map(totales.map((t) => [t.ventaId, t]));

  return {
    items: ventas.map(({ descuento, metodoPagoId, montoFiado, totalVenta, ...v }) => {
      const t = porVenta.get(v.idVenta);
      return {
        ...v,
        // A split payment names its parts: "Efectivo + Fiado" (issue #36).
        metodoPago: v.metodoPago == null ? null : metodosDelPago({ metodoPagoId, metodo: v.metodoPago, total: totalVenta, montoFiado }),
        fecha: v.fecha.toISOString(),
        lineas: Number(t?.lineas ?? 0),
        unidades: t?.unidades ?? 0,
        ...(Object.fromEntries(MEDIDAS.filter((m) => m !== 'unidades').map((m) => [m, deMilesimas(milesimasDe(t?.[m] ?? 0))])) as Record<Exclude<TMedida, 'unidades'>, number>),
        total: (t?.total ?? 0) - descuento,
      };
    }),
    total: Number(totalRow?.n ?? 0),
  };
}

/**
 * The store's sales (of one state, if given), summed from venta_conteo: its rows are +1/−1 deltas
 * inserted by a trigger on venta (migration 0016), folded into one row per state once they pile up,
 * so the count costs the same for 100 sales or 10 000 000.
 */
async function contarVentas(db: Db, tiendaId: number, estado: string | undefined): Promise<[{ n: number }]> {
  const res = (await db.execute(sql`
    select coalesce(sum(ventas), 0)::bigint as n, count(*)::bigint as filas,
      (select count(distinct c.estado) from venta_conteo c where c.tienda_id = ${tiendaId})::bigint as estados
    from venta_conteo where tienda_id = ${tiendaId} ${estado ? sql`and estado = ${estado}` : sql``}`)) as unknown as {
    rows: { n: number | string; filas: number | string; estados: number | string }[];
  };
  const row = res.rows[0];
  // Every sale adds a row or two: fold them when they outnumber the states by far.
  if (row && Number(row.filas) > 2 * Number(row.estados) + 200) await plegarContador(db, VENTA_CONTEO, tiendaId);
  return [{ n: Number(row?.n ?? 0) }];
}


/**
 * The payment of a sale as the invoice shows it (issue #36): its parts, and the cash received with
 * its change only when it was paid in cash. A sale without an amount received (the old client's
 * step-by-step sale, the back-office's) is one part, its method, for its total.
 */
function pagoDe(v: { metodoPagoId: number; metodo: string; total: number; montoFiado: number; montoRecibido: number | null }) {
  const cambio = cambioDelPago(v);
  return { pagos: partesDelPago(v), montoRecibido: cambio == null ? null : v.montoRecibido, cambio };
}

/**
 * One invoice of the store: header, lines and totals. Another store's sale is "not found", and so is
 * another employee's for a reader without `ventasDeOtros` (issue #51 point 8).
 */
export async function detalleFactura(options: { db: Db; tiendaId: number; lector: LectorFacturas; idVenta: number }): Promise<TFacturaDetalle> {
  const { db, tiendaId, idVenta } = options;
  const propias = await ventasVisibles(db, tiendaId, options.lector);
  const v = await leerCabeceraVenta(db, {
    tiendaId,
    ventaId: idVenta,
    donde: propias ?? undefined,
    extra: { tiendaDireccion: tienda.direccion, tiendaTelefono: tienda.telefono, clienteNombreCompleto: nombreCliente, cajero },
  });
  if (!v) throw new AppError('NOT_FOUND', M.facturas.noEncontrada);

  const lineas = await db
    .select({
      productoId: factura.productoId,
      producto: producto.nombre,
      cantidad: factura.cantidad,
      unidad: unidadDeLinea,
      presentacion: factura.presentacion,
      factor: factura.factor,
      precio: factura.precio,
      importe: factura.importe,
      descuento: factura.descuento,
      estado: factura.estado,
    })
    .from(factura)
    .innerJoin(producto, eq(producto.idProducto, factura.productoId))
    .where(and(eq(factura.ventaId, idVenta), eq(factura.tiendaId, tiendaId)))
    .orderBy(asc(factura.idFactura));

  // A sale made by an exchange (issue #32 point 2): the return whose value paid part of it.
  const cambioDe = await cambioDeVenta(db, tiendaId, idVenta);
  // The line's amount by the one money rule (shared/cantidad.ts): 0,375 kg × $ 12.345 rounds half-up to the peso; a line sold by value charges the value asked.
  const conSubtotal = lineas.map(({ importe, ...l }) => ({ ...l, subtotal: brutoLinea({ ...l, importe }) - l.descuento }));
  const total = conSubtotal.reduce((acc, l) => acc + l.subtotal, 0) - v.descuento;
  return {
    idVenta: v.id,
    numero: v.numero,
    numeroDispositivo: v.numeroDispositivo,
    fecha: v.fecha.toISOString(),
    estado: v.estado,
    tienda: { nombre: v.tienda, direccion: v.tiendaDireccion, telefono: v.tiendaTelefono },
    cajero: v.cajero,
    cliente:
      v.clienteNombreCompleto && v.clienteDocumento
        ? { nombre: v.clienteNombreCompleto, documento: v.clienteDocumento, tipoDocumento: v.clienteTipo ?? 'CC' }
        : null,
    metodoPago: v.metodo,
    lineas: conSubtotal,
    // Units, kilos and litres apart, as the list counts them (issue #52 point 3).
    ...totalesPorMedida(conSubtotal),
    descuento: v.descuento,
    motivoDescuento: v.motivoDescuento,
    autorizadoPor: v.autorizadoPor,
    total,
    ...pagoDe({ metodoPagoId: v.metodoPagoId, metodo: v.metodo ?? '', total, montoFiado: v.montoFiado, montoRecibido: v.montoRecibido }),
    fiadoVence: v.montoFiado > 0 ? v.fiadoVence : null,
    ...(cambioDe ? { cambioDe, montoRecibido: v.montoRecibido == null ? null : entregadoEnCambio(v.montoRecibido, v.metodoPagoId, cambioDe) } : { cambioDe: null }),
    // Invoiced to a buyer (issue #57, ADR 044): the invoice's number, CUFE and buyer.
    facturaElectronica: await facturaDeVenta(db, tiendaId, idVenta),
  };
}
