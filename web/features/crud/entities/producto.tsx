import { crud } from '#shared/messages/crud';
import { formatNumber } from '#shared/money';
import { formatCantidad, formatPrecioUnidad } from '#shared/cantidad';
import { UNIDADES_DIAN } from '#shared/impuestos';
import { ZCrudCreateProductoRequest, ZCrudUpdateProductoRequest, type TProductoRow } from '#shared/schemas/crud';
import { fecha, texto } from '../format';
import { campoReferencia } from './campos';
import { defineEntity, titulos } from './types';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { crud };
const T = M.crud.producto;

const ESTADOS = [
  { value: '1', label: T.estados[1] },
  { value: '0', label: T.estados[0] },
] as const;
const UNIDADES = UNIDADES_DIAN.map((u) => ({ value: u, label: T.unidades[u] ?? u }));

export const producto = defineEntity<TProductoRow>({
  key: 'producto',
  ...titulos(T),
  routes: { list: 'producto', register: 'registrar_producto', update: 'actualizar/actualizarProducto', listAliases: ['productos'] },
  columns: [
    { header: T.columnas.idProducto, cell: (r) => r.idProducto, num: true },
    { header: T.columnas.nombre, cell: (r) => r.nombre },
    { header: T.columnas.precioUnit, cell: (r) => formatPrecioUnidad(r.precioUnit, r.unidadDian), num: true },
    { header: T.columnas.descripcion, cell: (r) => texto(r.descripcion) },
    { header: T.columnas.marca, cell: (r) => texto(r.marca) },
    { header: T.columnas.categoria, cell: (r) => texto(r.categoria) },
    { header: T.columnas.presentacion, cell: (r) => texto(r.presentacion) },
    { header: T.columnas.fechaVencimiento, cell: (r) => fecha(r.fechaVencimiento), num: true },
    { header: T.columnas.stock, cell: (r) => formatCantidad(r.stock, r.unidadDian), num: true },
    { header: T.columnas.stockMin, cell: (r) => formatNumber(r.stockMin), num: true },
    {
      header: T.columnas.estado,
      cell: (r) => (r.estado === 1 ? <span className="badge badge--ok">{T.estados[1]}</span> : <span className="badge badge--danger">{T.estados[0]}</span>),
    },
    { header: T.columnas.codigoBarras, cell: (r) => texto(r.codigoBarras) },
    { header: T.columnas.inventarioId, cell: (r) => texto(r.inventarioId), num: true },
    { header: T.columnas.proveedorId, cell: (r) => texto(r.proveedorId), num: true },
  ],
  rowId: (r) => r.idProducto,
  rowLabel: (r) => T.fila(r.idProducto, r.nombre),
  fields: [
    { name: 'idProducto', label: T.campos.idProducto, only: 'update', readOnlyOnUpdate: true },
    { name: 'nombre', label: T.campos.nombre, wide: true },
    { name: 'precioUnit', label: T.campos.precioUnit, type: 'money', hint: M.crud.enPesos },
    { name: 'estado', label: T.campos.estado, type: 'select', options: ESTADOS, defecto: '1' },
    { name: 'unidadDian', label: T.campos.unidadDian, type: 'select', options: UNIDADES, defecto: '94' },
    { name: 'stock', label: T.campos.stock, type: 'cantidad', hint: T.ayudas.stock, defecto: '0' },
    { name: 'stockMin', label: T.campos.stockMin, type: 'number', defecto: '0' },
    { name: 'marca', label: T.campos.marca },
    { name: 'categoria', label: T.campos.categoria },
    { name: 'presentacion', label: T.campos.presentacion },
    { name: 'fechaVencimiento', label: T.campos.fechaVencimiento, type: 'date' },
    { name: 'codigoBarras', label: T.campos.codigoBarras, hint: T.ayudas.codigoBarras, autoComplete: 'off' },
    { name: 'descripcion', label: T.campos.descripcion, wide: true },
    campoReferencia('inventarioId', T.campos.inventarioId, 'inventario'),
    campoReferencia('proveedorId', T.campos.proveedorId, 'proveedor'),
    { name: 'idTienda', label: T.campos.idTienda, type: 'number', tienda: 'operator', only: 'create' },
  ],
  // Not a field: the stock this form showed, so that saving never undoes a sale made meanwhile.
  extraForm: (r) => ({ stockAnterior: String(r.stock) }),
  createSchema: ZCrudCreateProductoRequest,
  updateSchema: ZCrudUpdateProductoRequest,
  registerFailure: { refused: M.crud.errorRegistrar, network: M.crud.errorRealizarRegistro },
});
