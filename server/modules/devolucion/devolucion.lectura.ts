import { and, eq, sql } from 'drizzle-orm';
import { brutoLinea } from '#shared/cantidad';
import { METODO } from '#shared/roles';
import { desglosarVenta, type TImpuesto } from '#shared/impuestos';
import type { PorMetodo } from '#shared/devolucion';
import type { Tx } from '../../db/client';
import { cliente, devolucion, devolucionLinea, factura, metodoPago, producto, tienda, turno, usuario, venta } from '../../db/schema';
import { efectivoEsperadoSql } from '../caja/caja.resumen';
import { conDocumentoDeVentaSql } from '../dian/emision';
import { diaEnZona } from '../tienda/zona-horaria';
import { columnasDesglose, unidadDeLinea } from '../venta-registro/unidad-linea';

/**
 * What a return decides with, read once (issue #54 point 6, ADR 076 addendum): one statement, after
 * the sale's products are locked (so a return racing for the same units has committed and is seen),
 * that locks the sale and gathers every fact the return's rules and its document need — the sale and
 * its header (store, customer), its lines with what each paid and what was already returned, what
 * earlier returns gave back by method, a return under the same key, the payment methods' names, the
 * returning person's open drawer (FOR SHARE, as a sale takes it) and the cash it should hold, whether
 * the store requires one, whether the sale has an electronic document, and who is returning. The
 * store's return numbers are taken in it too (a two-key advisory lock held to the commit).
 */

/** Two-key advisory lock of a store's return numbers (the first key says what is locked). */
export const LLAVE_NUMERO_DEVOLUCION = 32_001;

export interface LineaVendida {
  facturaId: number;
  productoId: number;
  /** The product's name, with a pack's presentation (what a refusal names). */
  producto: string;
  /** The product's own name (what the return's document lists). */
  nombre: string;
  unidad: string;
  vendidas: number;
  devueltas: number;
  pagado: number;
  impuesto: TImpuesto | null;
  valorBolsa: number | null;
  /** Units of the product in one sold (a pack's line, ADR 033: returned in whole packs); 1 otherwise. */
  factor: number;
}

export interface DevolucionLeida {
  venta: { estado: string; numero: number; clienteId: number | null; descuento: number; metodoPagoId: number; total: number; montoFiado: number; usuarioId: number | null; deHoy: boolean };
  cabecera: { tienda: string; tiendaDireccion: string | null; tiendaTelefono: string | null; clienteNombre: string | null; clienteApellido: string | null; clienteDocumento: string | null; clienteTelefono: string | null };
  lineas: LineaVendida[];
  devuelto: PorMetodo;
  /** A return already recorded under the request's key (any sale of the store). */
  repetida: { id: number; ventaId: number } | null;
  metodos: Map<number, string>;
  /** The returning person's open shift and the cash its drawer should hold now; null: none open. */
  caja: { turnoId: number; disponible: number } | null;
  exigeCaja: boolean;
  /** The sale has its own electronic document: its return gets a nota de ajuste. */
  electronica: boolean;
  /** Who is returning, as the document names them (null: the store account). */
  usuario: { nombre: string; apellido: string } | null;
}

type FilaLinea = { facturaId: number; productoId: number; nombre: string; unidad: string; cantidad: number; precio: number; importe: number | null; descuento: number; impuesto: TImpuesto | null; valorBolsa: number | null; presentacion: string | null; factor: number; devueltas: number };

/** One row as a JSON object of the given columns (for a subquery's json_agg). */
const objeto = (campos: Record<string, unknown>) =>
  sql.join(
    Object.entries(campos).map(([k, v]) => sql`${sql.raw(`'${k}'`)}, ${v}`),
    sql`, `,
  );

/** The sale `ventaId` of the store, locked, with every fact of a return; null when the store has no such sale. */
export async function leerDevolucion(tx: Tx, o: { tiendaId: number; ventaId: number; usuarioId: number | null; clave?: string | null }): Promise<DevolucionLeida | null> {
  const { tiendaId, ventaId, usuarioId } = o;
  const lineas = sql<FilaLinea[]>`(select coalesce(json_agg(json_build_object(${objeto({
    facturaId: factura.idFactura,
    productoId: factura.productoId,
    nombre: producto.nombre,
    unidad: unidadDeLinea,
    ...columnasDesglose,
    presentacion: factura.presentacion,
    factor: factura.factor,
    devueltas: sql`coalesce((select sum(dl.cantidad) from ${devolucionLinea} dl where dl.factura_id = ${factura.idFactura}), 0)`,
  })}) order by ${factura.idFactura}), '[]'::json)
    from ${factura} inner join ${producto} on ${producto.idProducto} = ${factura.productoId}
    where ${factura.ventaId} = ${ventaId} and ${factura.tiendaId} = ${tiendaId})`;
  const devuelto = sql<{ metodo: number; fiado: number; otro: number }[]>`(select coalesce(json_agg(json_build_object('metodo', m.metodo, 'fiado', m.fiado, 'otro', m.otro)), '[]'::json)
    from (select ${devolucion.metodoPagoId} as metodo, sum(${devolucion.montoFiado}) as fiado, sum(${devolucion.total} - ${devolucion.montoFiado}) as otro
      from ${devolucion} where ${devolucion.ventaId} = ${ventaId} and ${devolucion.tiendaId} = ${tiendaId} group by ${devolucion.metodoPagoId}) m)`;
  const repetida = o.clave
    ? sql<{ id: number; ventaId: number } | null>`(select json_build_object('id', ${devolucion.idDevolucion}, 'ventaId', ${devolucion.ventaId}) from ${devolucion} where ${devolucion.tiendaId} = ${tiendaId} and ${devolucion.clave} = ${o.clave}::uuid)`
    : sql<null>`null::json`;
  const metodos = sql<[number, string][]>`(select json_agg(json_build_array(${metodoPago.idMetPago}, ${metodoPago.nombre})) from ${metodoPago})`;
  // The returning person's open shift, FOR SHARE as a sale takes it: a close running now waits, or this finds none.
  const caja = sql<{ turnoId: number; disponible: number } | null>`(select json_build_object('turnoId', t.id_turno, 'disponible', ${efectivoEsperadoSql(sql`t.id_turno`, sql`t.fondo_inicial`)})
    from (select ${turno.idTurno} as id_turno, ${turno.fondoInicial} as fondo_inicial from ${turno}
      where ${turno.tiendaId} = ${tiendaId} and coalesce(${turno.usuarioId}, 0) = ${usuarioId ?? 0} and ${turno.cerradoEn} is null limit 1 for share) t)`;
  const quien = usuarioId == null ? sql<null>`null::json` : sql<{ nombre: string; apellido: string } | null>`(select json_build_object('nombre', ${usuario.nombre1}, 'apellido', ${usuario.apellido1}) from ${usuario} where ${usuario.idUsuario} = ${usuarioId})`;
  const [r] = await tx
    .select({
      estado: venta.estado,
      numero: venta.numero,
      clienteId: venta.clienteId,
      descuento: venta.descuento,
      metodoPagoId: venta.metodoPagoId,
      total: venta.total,
      montoFiado: venta.montoFiado,
      usuarioId: venta.usuarioId,
      deHoy: sql<boolean>`${diaEnZona(venta.fecha, tiendaId)} = ${diaEnZona(sql`now()`, tiendaId)}`,
      tienda: tienda.nombreTienda,
      tiendaDireccion: tienda.direccion,
      tiendaTelefono: tienda.telefono,
      exigeCaja: tienda.exigirCaja,
      clienteNombre: cliente.nombre,
      clienteApellido: cliente.apellido,
      clienteDocumento: cliente.documento,
      clienteTelefono: cliente.telefono,
      lineas,
      devuelto,
      repetida,
      metodos,
      caja,
      electronica: conDocumentoDeVentaSql(tiendaId, ventaId),
      usuario: quien,
      // The store's return numbers, one return at a time per store until the commit.
      numeros: sql<unknown>`pg_advisory_xact_lock(${LLAVE_NUMERO_DEVOLUCION}, ${tiendaId})`,
    })
    .from(venta)
    .innerJoin(tienda, eq(tienda.idTienda, venta.tiendaId))
    .leftJoin(cliente, eq(cliente.idCliente, venta.clienteId))
    .where(and(eq(venta.idVenta, ventaId), eq(venta.tiendaId, tiendaId)))
    .for('update', { of: venta });
  if (!r) return null;
  const filas = r.lineas.map((f) => ({ ...f, cantidad: Number(f.cantidad), precio: Number(f.precio), importe: f.importe == null ? null : Number(f.importe), descuento: Number(f.descuento), valorBolsa: f.valorBolsa == null ? null : Number(f.valorBolsa) }));
  const desglose = desglosarVenta(
    filas.map((f) => ({ importe: brutoLinea(f) - f.descuento, cantidad: f.cantidad, impuesto: f.impuesto, valorBolsa: f.valorBolsa })),
    r.descuento,
  );
  const porMetodo: PorMetodo = {};
  for (const f of r.devuelto) {
    const [fiado, otro] = [Number(f.fiado), Number(f.otro)];
    if (fiado > 0) porMetodo[METODO.FIADO] = (porMetodo[METODO.FIADO] ?? 0) + fiado;
    if (otro > 0) porMetodo[f.metodo] = (porMetodo[f.metodo] ?? 0) + otro;
  }
  return {
    venta: { estado: r.estado, numero: r.numero, clienteId: r.clienteId, descuento: r.descuento, metodoPagoId: r.metodoPagoId, total: r.total, montoFiado: r.montoFiado, usuarioId: r.usuarioId, deHoy: !!r.deHoy },
    cabecera: { tienda: r.tienda, tiendaDireccion: r.tiendaDireccion, tiendaTelefono: r.tiendaTelefono, clienteNombre: r.clienteNombre, clienteApellido: r.clienteApellido, clienteDocumento: r.clienteDocumento, clienteTelefono: r.clienteTelefono },
    lineas: filas.map((f, i) => ({
      facturaId: f.facturaId,
      productoId: f.productoId,
      producto: f.factor > 1 && f.presentacion ? `${f.nombre} (${f.presentacion})` : f.nombre,
      nombre: f.nombre,
      unidad: f.unidad,
      vendidas: f.cantidad,
      devueltas: Number(f.devueltas),
      pagado: desglose[i]!.pagado,
      impuesto: f.impuesto,
      valorBolsa: f.valorBolsa,
      factor: f.factor,
    })),
    devuelto: porMetodo,
    repetida: r.repetida ? { id: Number(r.repetida.id), ventaId: Number(r.repetida.ventaId) } : null,
    metodos: new Map((r.metodos ?? []).map(([id, nombre]) => [Number(id), nombre])),
    caja: r.caja ? { turnoId: Number(r.caja.turnoId), disponible: Number(r.caja.disponible) } : null,
    exigeCaja: r.exigeCaja,
    electronica: !!r.electronica,
    usuario: r.usuario,
  };
}

/** The cash a shift's drawer should hold now, in one statement (an exchange's, with its new sale in it). */
export async function efectivoDelCajon(tx: Tx, turnoId: number): Promise<number> {
  const [r] = await tx
    .select({ disponible: efectivoEsperadoSql(sql`${turno.idTurno}`, sql`${turno.fondoInicial}`) })
    .from(turno)
    .where(eq(turno.idTurno, turnoId));
  return Number(r?.disponible ?? 0);
}
