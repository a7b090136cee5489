import { crud } from '#shared/messages/crud';
import { formatNumber } from '#shared/money';
import { ZCreateInventarioRequest, ZUpdateInventarioRequest, type TInventarioRow } from '#shared/schemas/crud';
import { fecha, hoyBogota, str } from '../format';
import { campoId } from './campos';
import { defineEntity, titulos } from './types';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { crud };
const T = M.crud.inventario;

export const inventario = defineEntity<TInventarioRow>({
  key: 'inventario',
  ...titulos(T),
  routes: { list: 'inventario', register: 'registrar_inventario', update: 'actualizar/actualizarInventario', listAliases: ['inventarios'] },
  columns: [
    { header: T.columnas.idInventario, cell: (r) => r.idInventario, num: true },
    { header: T.columnas.cantidadInventario, cell: (r) => formatNumber(r.cantidadInventario), num: true },
    { header: T.columnas.fechaModificacion, cell: (r) => fecha(r.fechaModificacion), num: true },
    { header: T.columnas.estadoRevision, cell: (r) => r.estadoRevision },
    { header: T.columnas.idTienda, cell: (r) => r.idTienda, num: true },
  ],
  rowId: (r) => r.idInventario,
  rowLabel: (r) => T.fila(r.idInventario),
  fields: [
    campoId('idInventario', T.campos.idInventario, T.ayudas.idInventario),
    { name: 'cantidadInventario', label: T.campos.cantidadInventario, type: 'number' },
    { name: 'fechaModificacion', label: T.campos.fechaModificacion, type: 'date' },
    { name: 'estadoRevision', label: T.campos.estadoRevision, suggestions: T.estados },
    { name: 'idTienda', label: T.campos.idTienda, type: 'number', tienda: 'always', readOnlyOnUpdate: true },
  ],
  emptyValues: (s) => ({ idInventario: '', cantidadInventario: '', fechaModificacion: hoyBogota(), estadoRevision: '', idTienda: str(s.id_Tienda) }),
  toForm: (r) => ({
    idInventario: String(r.idInventario),
    cantidadInventario: String(r.cantidadInventario),
    fechaModificacion: r.fechaModificacion,
    estadoRevision: r.estadoRevision,
    idTienda: String(r.idTienda),
  }),
  createSchema: ZCreateInventarioRequest,
  updateSchema: ZUpdateInventarioRequest,
  registerFailure: { refused: M.crud.credencialesIncorrectas, network: M.crud.errorIniciarSesion },
});
