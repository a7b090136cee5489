import { v4 as uuidv4 } from 'uuid';
import { crud } from '#shared/messages/crud';
import { ESTADOS_VENTA, ZCreateVentaRequest, ZUpdateVentaRequest, type TVentaRow } from '#shared/schemas/crud';
import { fecha, hora, hoyBogota, partesBogota, str, texto } from '../format';
import { defineEntity, titulos } from './types';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { crud };
const T = M.crud.ventas;

const ESTADOS = ESTADOS_VENTA.map((e) => ({ value: e, label: e }));

export const ventas = defineEntity<TVentaRow>({
  key: 'ventas',
  ...titulos(T),
  routes: { list: 'ventas', register: 'registrar_ventas', update: 'actualizar/actualizarVenta', listAliases: ['venta'], registerAliases: ['registrar_venta'] },
  columns: [
    { header: T.columnas.idVenta, cell: (r) => r.idVenta, num: true },
    { header: T.columnas.numero, cell: (r) => r.numero, num: true },
    { header: T.columnas.fecha, cell: (r) => fecha(r.fecha), num: true },
    { header: T.columnas.hora, cell: (r) => hora(r.fecha), num: true },
    { header: T.columnas.estado, cell: (r) => r.estado },
    {
      header: T.columnas.cliente,
      cell: (r) =>
        r.clienteDocumento ? (
          <>
            {r.clienteDocumento} <small className="crud-muted">{r.clienteNombre}</small>
          </>
        ) : (
          M.crud.sinValor
        ),
    },
    { header: T.columnas.tienda, cell: (r) => r.tiendaNombre },
    { header: T.columnas.metodoPagoId, cell: (r) => r.metodoPagoId, num: true },
    { header: T.columnas.usuarioDocumento, cell: (r) => texto(r.usuarioDocumento) },
    { header: T.columnas.usuarioTiendaId, cell: (r) => texto(r.usuarioTiendaId), num: true },
  ],
  rowId: (r) => r.idVenta,
  rowLabel: (r) => T.fila(r.idVenta),
  fields: [
    { name: 'fecha', label: T.campos.fecha, type: 'date' },
    { name: 'hora', label: T.campos.hora, type: 'time' },
    { name: 'estado', label: T.campos.estado, type: 'select', options: ESTADOS },
    { name: 'metodoPagoId', label: T.campos.metodoPagoId, type: 'select', options: 'metodosdepago' },
    { name: 'clienteDocumento', label: T.campos.clienteDocumento, autoComplete: 'off' },
    { name: 'usuarioDocumento', label: T.campos.usuarioDocumento, autoComplete: 'off', hint: T.ayudas.usuarioDocumento },
    { name: 'idTienda', label: T.campos.idTienda, type: 'number', tienda: 'operator', only: 'create' },
  ],
  emptyValues: (s) => {
    const now = partesBogota(new Date().toISOString());
    // A fresh key each time the form opens: sent twice, it still records one sale (ADR 011).
    return { fecha: hoyBogota(), hora: now.hora, estado: ESTADOS_VENTA[0], metodoPagoId: '', clienteDocumento: '', usuarioDocumento: '', idTienda: str(s.id_Tienda), clave: uuidv4() };
  },
  toForm: (r) => {
    const p = partesBogota(r.fecha);
    return {
      fecha: p.fecha,
      hora: p.hora,
      estado: r.estado,
      metodoPagoId: String(r.metodoPagoId),
      clienteDocumento: str(r.clienteDocumento),
      usuarioDocumento: str(r.usuarioDocumento),
    };
  },
  createSchema: ZCreateVentaRequest,
  updateSchema: ZUpdateVentaRequest,
  registerFailure: { refused: M.crud.errorRegistrar, network: M.crud.errorRealizarRegistro },
});
