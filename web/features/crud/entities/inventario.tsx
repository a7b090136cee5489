import { crud } from '#shared/messages/crud';
import { formatNumber } from '#shared/money';
import { ZCreateInventarioRequest, ZUpdateInventarioRequest, type TInventarioRow } from '#shared/schemas/crud';
import { fecha, hoyBogota, str } from '../format';
import { defineEntity } from './types';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { crud };

export const inventario = defineEntity<TInventarioRow>({
  key: 'inventario',
  menu: 'Inventario',
  listTitle: 'Lista de inventarios',
  registerTitle: 'Registrar inventario',
  updateTitle: 'Actualizar inventario',
  routes: { list: 'inventario', register: 'registrar_inventario', update: 'actualizar/actualizarInventario', listAliases: ['inventarios'] },
  searchHint: 'Estado de revisión o id del inventario',
  columns: [
    { header: 'Id del Inventario', cell: (r) => r.idInventario, num: true },
    { header: 'Cantidad Inventario', cell: (r) => formatNumber(r.cantidadInventario), num: true },
    // Header as the spec lists it, spelling included.
    { header: 'Fecha de Modificón del Inventario', cell: (r) => fecha(r.fechaModificacion), num: true },
    { header: 'Estado de revisión', cell: (r) => r.estadoRevision },
    { header: 'Id de la tienda', cell: (r) => r.idTienda, num: true },
  ],
  rowId: (r) => r.idInventario,
  rowLabel: (r) => `el inventario ${r.idInventario}`,
  fields: [
    {
      name: 'idInventario',
      label: 'ID de Inventario (opcional)',
      type: 'number',
      hint: 'Déjelo vacío y se asigna solo; si lo escribe, debe ser mayor que 1.',
      readOnlyOnUpdate: true,
    },
    { name: 'cantidadInventario', label: 'Cantidad Inventario', type: 'number' },
    { name: 'fechaModificacion', label: 'Fecha de modificación', type: 'date' },
    { name: 'estadoRevision', label: 'Estado de revisión', suggestions: ['Pendiente', 'En revisión', 'Revisado'] },
    { name: 'idTienda', label: 'Id de la tienda', type: 'number', tienda: 'always', readOnlyOnUpdate: true },
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
