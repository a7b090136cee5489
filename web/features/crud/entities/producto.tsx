import { crud } from '#shared/messages/crud';
import { productos } from '#shared/messages/productos';
import { formatNumber, formatPesos } from '#shared/money';
import { ZCrudCreateProductoRequest, ZCrudUpdateProductoRequest, type TProductoRow } from '#shared/schemas/crud';
import { formatearMonto } from '../../../components/ui/money-field';
import { fecha, str, texto } from '../format';
import { defineEntity } from './types';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { crud, productos };

const ESTADOS = [
  { value: '1', label: '1 · Disponible' },
  { value: '0', label: '0 · No disponible' },
] as const;

export const producto = defineEntity<TProductoRow>({
  key: 'producto',
  menu: 'Productos',
  listTitle: 'Lista de productos',
  registerTitle: 'Registrar producto',
  updateTitle: 'Actualizar producto',
  routes: { list: 'producto', register: 'registrar_producto', update: 'actualizar/actualizarProducto', listAliases: ['productos'] },
  searchHint: 'Nombre o id del producto',
  columns: [
    { header: 'id_Producto', cell: (r) => r.idProducto, num: true },
    { header: 'Nombre', cell: (r) => r.nombre },
    { header: 'Precio_unit', cell: (r) => formatPesos(r.precioUnit), num: true },
    { header: 'Descripcion', cell: (r) => texto(r.descripcion) },
    { header: 'Marca', cell: (r) => texto(r.marca) },
    { header: 'Categoria', cell: (r) => texto(r.categoria) },
    { header: 'Presentacion', cell: (r) => texto(r.presentacion) },
    { header: 'Fecha_vencimiento', cell: (r) => fecha(r.fechaVencimiento), num: true },
    { header: 'Stock', cell: (r) => formatNumber(r.stock), num: true },
    { header: 'Stock_Min', cell: (r) => formatNumber(r.stockMin), num: true },
    {
      header: 'estado',
      cell: (r) => (r.estado === 1 ? <span className="badge badge--ok">1 · Disponible</span> : <span className="badge badge--danger">0 · No disponible</span>),
    },
    { header: M.productos.codigoBarras, cell: (r) => texto(r.codigoBarras) },
    { header: 'inventario_id_Inventario', cell: (r) => texto(r.inventarioId), num: true },
    { header: 'idProveedor', cell: (r) => texto(r.proveedorId), num: true },
  ],
  rowId: (r) => r.idProducto,
  rowLabel: (r) => `el producto ${r.idProducto} (${r.nombre})`,
  fields: [
    { name: 'idProducto', label: 'id_Producto', only: 'update', readOnlyOnUpdate: true },
    { name: 'nombre', label: 'Nombre', wide: true },
    { name: 'precioUnit', label: 'Precio unitario', type: 'money', hint: M.crud.enPesos },
    { name: 'estado', label: 'Estado', type: 'select', options: ESTADOS },
    { name: 'stock', label: 'Stock', type: 'number', hint: 'Un cambio queda en los movimientos.' },
    { name: 'stockMin', label: 'Stock mínimo', type: 'number' },
    { name: 'marca', label: 'Marca (opcional)' },
    { name: 'categoria', label: 'Categoría (opcional)' },
    { name: 'presentacion', label: 'Presentación (opcional)' },
    { name: 'fechaVencimiento', label: 'Fecha de vencimiento (opcional)', type: 'date' },
    { name: 'codigoBarras', label: M.productos.codigoBarrasOpcional, hint: M.productos.codigoBarrasHint, autoComplete: 'off' },
    { name: 'descripcion', label: 'Descripción (opcional)', wide: true },
    { name: 'inventarioId', label: 'ID del Inventario (opcional)', type: 'number', lookup: 'inventario' },
    { name: 'proveedorId', label: 'ID del Proveedor (opcional)', type: 'number', lookup: 'proveedor' },
    { name: 'idTienda', label: 'Id de la tienda', type: 'number', tienda: 'operator', only: 'create' },
  ],
  emptyValues: (s) => ({
    nombre: '',
    precioUnit: '',
    estado: '1',
    stock: '0',
    stockMin: '0',
    marca: '',
    categoria: '',
    presentacion: '',
    fechaVencimiento: '',
    codigoBarras: '',
    descripcion: '',
    inventarioId: '',
    proveedorId: '',
    idTienda: str(s.id_Tienda),
  }),
  toForm: (r) => ({
    idProducto: String(r.idProducto),
    nombre: r.nombre,
    precioUnit: formatearMonto(String(r.precioUnit)),
    estado: String(r.estado),
    stock: String(r.stock),
    stockMin: String(r.stockMin),
    marca: str(r.marca),
    categoria: str(r.categoria),
    presentacion: str(r.presentacion),
    fechaVencimiento: str(r.fechaVencimiento),
    codigoBarras: str(r.codigoBarras),
    descripcion: str(r.descripcion),
    inventarioId: str(r.inventarioId),
    proveedorId: str(r.proveedorId),
    // Not a field: the stock this form showed, so that saving never undoes a sale made meanwhile.
    stockAnterior: String(r.stock),
  }),
  createSchema: ZCrudCreateProductoRequest,
  updateSchema: ZCrudUpdateProductoRequest,
  registerFailure: { refused: M.crud.errorRegistrar, network: M.crud.errorRealizarRegistro },
});
