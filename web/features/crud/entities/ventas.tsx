import { v4 as uuidv4 } from 'uuid';
import { crud } from '#shared/messages/crud';
import { ESTADOS_VENTA, ZCreateVentaRequest, ZUpdateVentaRequest, type TVentaRow } from '#shared/schemas/crud';
import { fecha, hora, hoyBogota, partesBogota, str, texto } from '../format';
import { defineEntity } from './types';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { crud };

const ESTADOS = ESTADOS_VENTA.map((e) => ({ value: e, label: e }));

export const ventas = defineEntity<TVentaRow>({
  key: 'ventas',
  menu: 'Ventas',
  listTitle: 'Lista de ventas',
  registerTitle: 'Registrar venta',
  updateTitle: 'Actualizar venta',
  routes: { list: 'ventas', register: 'registrar_ventas', update: 'actualizar/actualizarVenta', listAliases: ['venta'], registerAliases: ['registrar_venta'] },
  searchHint: 'Id de la venta, estado o cliente',
  columns: [
    { header: 'Id de la Venta', cell: (r) => r.idVenta, num: true },
    { header: 'Fecha de la Venta', cell: (r) => fecha(r.fecha), num: true },
    { header: 'Hora de Venta', cell: (r) => hora(r.fecha), num: true },
    { header: 'Estado de Venta', cell: (r) => r.estado },
    {
      header: 'Cliente',
      cell: (r) =>
        r.clienteDocumento ? (
          <>
            {r.clienteDocumento} <small className="crud-muted">{r.clienteNombre}</small>
          </>
        ) : (
          M.crud.sinValor
        ),
    },
    { header: 'Tienda', cell: (r) => r.tiendaNombre },
    { header: 'Id del metodo de Pago', cell: (r) => r.metodoPagoId, num: true },
    { header: 'Documento del Usuario', cell: (r) => texto(r.usuarioDocumento) },
    { header: 'Id Tienda del Usuario', cell: (r) => texto(r.usuarioTiendaId), num: true },
  ],
  rowId: (r) => r.idVenta,
  rowLabel: (r) => `la venta ${r.idVenta}`,
  fields: [
    { name: 'fecha', label: 'Fecha de la Venta', type: 'date' },
    { name: 'hora', label: 'Hora de Venta', type: 'time' },
    { name: 'estado', label: 'Estado de Venta', type: 'select', options: ESTADOS },
    { name: 'metodoPagoId', label: 'Id del metodo de Pago', type: 'select', options: 'metodosdepago' },
    { name: 'clienteDocumento', label: 'Documento del cliente (opcional)', autoComplete: 'off' },
    { name: 'usuarioDocumento', label: 'Documento del usuario (opcional)', autoComplete: 'off', hint: 'Quien vendió; vacío si fue la cuenta de la tienda.' },
    { name: 'idTienda', label: 'Id de la tienda', type: 'number', tienda: 'operator', only: 'create' },
  ],
  emptyValues: (s) => {
    const now = partesBogota(new Date().toISOString());
    // A fresh key each time the form opens: sent twice, it still records one sale (ADR 011).
    return { fecha: hoyBogota(), hora: now.hora, estado: 'Pendiente', metodoPagoId: '', clienteDocumento: '', usuarioDocumento: '', idTienda: str(s.id_Tienda), clave: uuidv4() };
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
