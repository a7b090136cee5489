import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { METODO } from '#shared/roles';
import type { TCambio, ZCambioRequest } from '#shared/schemas/devolucion';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { cliente, devolucion, venta } from '../../db/schema';
import type { Autor } from '../actividad/actividad.domain';
import { conRechazos } from '../tienda/permisos';
import { escribirConPin, leerPrevia, prepararCheckout, type ResultadoVenta } from '../venta/venta.checkout';
import type { Autorizante } from '../tienda/autorizacion';
import { obtenerRecibo } from '../venta/venta.recibo';
import { abrirDevolucion, autorizarDevolucion, exigirMetodoDiferencia, obtenerDevolucion, prepararDevolucion } from './devolucion.domain';
import { filaConfiguracion } from '../dian/configuracion.domain';
import { emitirDocumentoVenta, emitirNotaDevolucion } from '../dian/emision';

/**
 * The exchange (cambio, issue #32 point 2): units of a completed sale come back and other products are
 * sold, in one transaction — the return document (devolucion.domain.ts) and a NEW sale (the checkout,
 * venta.checkout.ts, with every rule of the till: stock, discounts and their PIN, the shift, fiado and
 * its limit); the original sale is never edited. One method moves the difference:
 *
 * - paid (new sale worth more): the new sale is paid with the return's value plus what the customer
 *   hands over; the drawer gets the sale by that method and gives back the return by the same one, so
 *   the shift's expected amount moves by the difference only;
 * - refunded (worth less): likewise, and the cash refund's drawer check sees the new sale already in it;
 * - on fiado: the new sale goes wholly on the customer's account (its limit checked) and the return is
 *   credited to it, so the balance moves by the difference.
 *
 * The difference given back follows the sale's payments as a return does (issue #51 point 3, ADR 039):
 * with a credit part left in it the exchange must be on fiado, else by the method the sale was paid with.
 *
 * Who may: the return's rule (`devolver` or a supervisor's PIN, `autorizarDevolucion`) and the checkout's. A return and its
 * new sale point at each other through `devolucion.venta_cambio_id`.
 */

type Request = z.output<typeof ZCambioRequest>;
const D = M.devoluciones;

export async function registrarCambio(options: { db: Db; tiendaId: number; ventaId: number; autor: Autor; body: Request }): Promise<TCambio> {
  const { db, tiendaId, ventaId, autor, body } = options;
  // One read before deciding (ADR 076 addendum): an exchange already made under the key, and the
  // original sale's customer and buyer. A retry answers its two documents.
  const [original] = await db
    .select({
      clienteId: venta.clienteId,
      documento: cliente.documento,
      adquirente: venta.adquirente,
      ya: body.clave
        ? sql<{ devolucionId: number; ventaNuevaId: number | null } | null>`(select json_build_object('devolucionId', ${devolucion.idDevolucion}, 'ventaNuevaId', ${devolucion.ventaCambioId}) from ${devolucion} where ${devolucion.tiendaId} = ${tiendaId} and ${devolucion.clave} = ${body.clave}::uuid)`
        : sql<null>`null::json`,
    })
    .from(venta)
    .leftJoin(cliente, eq(cliente.idCliente, venta.clienteId))
    .where(and(eq(venta.idVenta, ventaId), eq(venta.tiendaId, tiendaId)))
    .limit(1);
  const ya = original?.ya?.ventaNuevaId != null ? { devolucionId: Number(original.ya.devolucionId), ventaNuevaId: Number(original.ya.ventaNuevaId) } : body.clave && !original ? await cambioPorClave(db, tiendaId, body.clave) : null;
  if (ya) return documentos(db, tiendaId, ya);
  if (!original) throw new AppError('NOT_FOUND', M.ventas.ventaNoEncontrada);
  // An invoiced sale's exchange is invoiced too (issue #57, ADR 050): the new sale goes to the same
  // buyer as a factura electrónica de venta, numbered from the till's invoice range (venta_numerar reads
  // the buyer from `adax.adquirente`, as the till's invoice does, ADR 044), while the store issues it.
  const facturar = original.adquirente && (await filaConfiguracion(db, tiendaId))?.habilitado ? JSON.stringify(original.adquirente) : null;
  const fiado = body.metodoPagoId === METODO.FIADO;
  if (fiado && original.clienteId == null) throw new AppError('BUSINESS_RULE', D.fiadoSinCliente);

  return conRechazos(db, async () => {
    // Giving money back: the `devolver` permission, or the supervisor's PIN the exchange carries.
    const autorizadoDevolucion = await autorizarDevolucion(db, tiendaId, ventaId, autor, body.autorizacion);
    // The checkout's rules, for the new sale: it is the original sale's customer's. Its facts in one
    // read (leerPrevia, as at the till); the exchange's key is the return's (found above), not a sale's.
    const documentoCliente = original.documento ?? undefined;
    const previa = await leerPrevia(db, { tiendaId, clave: null, productos: body.lineas.map((l) => l.productoId), documentoCliente });
    const checkout = await prepararCheckout({
      previa,
      db,
      tiendaId,
      usuarioId: autor.usuarioId,
      rol: autor.rol,
      porCambio: true,
      input: {
        clave: body.clave,
        lineas: body.lineas,
        metodoPagoId: body.metodoPagoId,
        montoRecibido: fiado ? 0 : body.montoRecibido,
        documentoCliente: original.documento ?? undefined,
        descuento: body.descuento,
        motivoDescuento: body.motivoDescuento,
        autorizacion: body.autorizacion,
        autorizarSobreCupo: body.autorizarSobreCupo,
        referencia: body.referencia,
        verificado: body.verificado,
        venderSinStock: body.venderSinStock,
      },
    });

    const escribir = async (tx: Tx, autorizadoPor: Autorizante | null): Promise<Escrito> => {
      // Every product either half touches, locked once in id order: two exchanges crossing the same
      // products queue instead of deadlocking (the return's sale's and the new sale's, one statement).
      const dev = await prepararDevolucion(tx, {
        tiendaId,
        ventaId,
        autor,
        lineas: body.devolver,
        clave: body.clave,
        autorizadoPor: autorizadoDevolucion,
        permisoVisto: true,
        otrosProductos: body.lineas.map((l) => l.productoId),
      });
      if ('repetida' in dev) {
        const ya = await cambioDeDevolucion(tx, tiendaId, dev.repetida);
        if (!ya) throw new AppError('CONFLICT', D.claveDeOtraVenta);
        return { estado: 'repetido', ...ya };
      }
      // The return first: its units are back on the shelf (the new sale may take the very same
      // ones) and, on fiado, its credit is in the customer's balance before the new sale's limit check.
      const abierta = await abrirDevolucion(tx, dev, { metodoPagoId: body.metodoPagoId, motivo: body.motivo, clave: body.clave, enCambio: true });
      // The new sale, paid with the return's value (on fiado the return is credited instead); to the
      // invoice's buyer when the original was invoiced (local to this transaction).
      if (facturar) await tx.execute(sql`select set_config('adax.adquirente', ${facturar}, true)`);
      const r = await checkout.escribir(tx, autorizadoPor, fiado ? 0 : dev.total);
      if (r.estado !== 'ok') {
        if (r.estado === 'repetida') throw new AppError('CONFLICT', D.claveDeOtraVenta);
        return { estado: 'rechazado', r };
      }
      // What goes back to the customer follows how the sale was paid (ADR 039).
      exigirMetodoDiferencia(dev, dev.total - r.total, body.metodoPagoId, dev.leida.metodos);
      // The drawer is checked with the new sale's payment in it; the two documents linked.
      await abierta.cerrar({ id: r.id, numero: r.numero });
      return { estado: 'ok', r, devolucionId: abierta.id, ventaNuevaId: r.id, devolucion: abierta.documento(), nota: dev.leida.electronica };
    };

    // Written once (ADR 076 addendum): the new sale's PIN, when it needs one, checked before the
    // transaction, and its verdict applied last in it, after the return, the drawer and the difference
    // were found right. The PIN that already authorised giving the value back is not checked again.
    const { escrito: hecho } = await escribirConPin(
      db,
      checkout,
      async (tx, autorizadoPor) => {
        const e = await escribir(tx, autorizadoPor);
        // A refusal of the checkout (stock, the shift, the amount…) undoes the return's half too.
        if (e.estado === 'rechazado') await checkout.recibo(tx, e.r, null);
        return e;
      },
      (e) => (e.estado === 'ok' ? e.r : null),
      autorizadoDevolucion,
    );
    if (hecho.estado === 'rechazado') return never();
    if (hecho.estado === 'ok') {
      // For a store on the electronic POS document (issue #31): the new sale's document and the
      // return's nota de ajuste (concept 1), after commit; neither ever fails the exchange. Nothing is
      // read for a store without the document (venta_registrar answered it), nor a note for a sale without one.
      if (hecho.r.dian) await emitirDocumentoVenta(db, tiendaId, hecho.ventaNuevaId);
      if (hecho.nota) await emitirNotaDevolucion(db, tiendaId, hecho.devolucionId);
      // The return's document as written; the new sale's receipt read back (it names the exchange).
      return { devolucion: hecho.devolucion, venta: await obtenerRecibo({ db, tiendaId, ventaId: hecho.ventaNuevaId }) };
    }
    return documentos(db, tiendaId, hecho);
  });
}

type Escrito =
  | { estado: 'ok'; r: ResultadoVenta & { estado: 'ok' }; devolucionId: number; ventaNuevaId: number; devolucion: TCambio['devolucion']; nota: boolean }
  | { estado: 'repetido'; devolucionId: number; ventaNuevaId: number }
  | { estado: 'rechazado'; r: ResultadoVenta };

function never(): never {
  throw new Error('registrarCambio: a refused checkout answered no error');
}

async function documentos(db: Db, tiendaId: number, e: { devolucionId: number; ventaNuevaId: number }): Promise<TCambio> {
  return {
    devolucion: await obtenerDevolucion({ db, tiendaId, id: e.devolucionId }),
    venta: await obtenerRecibo({ db, tiendaId, ventaId: e.ventaNuevaId }),
  };
}

async function cambioDeDevolucion(db: Db | Tx, tiendaId: number, devolucionId: number) {
  const [d] = await db
    .select({ devolucionId: devolucion.idDevolucion, ventaNuevaId: devolucion.ventaCambioId })
    .from(devolucion)
    .where(and(eq(devolucion.idDevolucion, devolucionId), eq(devolucion.tiendaId, tiendaId)));
  return d?.ventaNuevaId != null ? { devolucionId: d.devolucionId, ventaNuevaId: d.ventaNuevaId } : null;
}

async function cambioPorClave(db: Db, tiendaId: number, clave: string) {
  const [d] = await db
    .select({ id: devolucion.idDevolucion })
    .from(devolucion)
    .where(and(eq(devolucion.tiendaId, tiendaId), eq(devolucion.clave, clave)));
  return d ? cambioDeDevolucion(db, tiendaId, d.id) : null;
}
