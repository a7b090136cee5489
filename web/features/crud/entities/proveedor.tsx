import { crud } from '#shared/messages/crud';
import { proveedores } from '#shared/messages/proveedores';
import { TIPOS_IDENTIFICACION_PROVEEDOR } from '#shared/schemas/proveedor';
import { ZCrudCreateProveedorRequest, ZCrudUpdateProveedorRequest, type TProveedorRow } from '#shared/schemas/crud';
import { campoId } from './campos';
import { defineEntity, titulos } from './types';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { crud, proveedores };
const T = M.crud.proveedor;
/** DIAN's ID types a supplier may have, with the supplier form's words; none is ''. */
const TIPOS = [{ value: '', label: M.proveedores.campos.tipoIdentificacionNinguno }, ...TIPOS_IDENTIFICACION_PROVEEDOR.map((t) => ({ value: t, label: M.proveedores.tiposIdentificacion[t] ?? t }))];

export const proveedor = defineEntity<TProveedorRow>({
  key: 'proveedor',
  ...titulos(T),
  routes: { list: 'proveedor', register: 'registrar_proveedor', update: 'actualizar/actualizarProveedor', listAliases: ['proveedores'] },
  cancelRegister: 'proveedores',
  columns: [
    { header: T.columnas.idProveedor, cell: (r) => r.idProveedor, num: true },
    { header: T.columnas.nombre, cell: (r) => r.nombre },
    { header: T.columnas.telefono, cell: (r) => r.telefono },
    { header: T.columnas.email, cell: (r) => r.email },
    // A NIT with its check digit stays on one line.
    { header: T.columnas.documento, cell: (r) => (r.documento ? <span style={{ whiteSpace: 'nowrap' }}>{`${r.tipoIdentificacion ?? ''} ${r.documento}`.trim()}</span> : '') },
    { header: T.columnas.factura, cell: (r) => (r.obligadoFacturar ? T.emiteFactura : T.noObligado) },
    { header: T.columnas.idTienda, cell: (r) => r.idTienda, num: true },
  ],
  archivable: true,
  rowId: (r) => r.idProveedor,
  rowLabel: (r) => T.fila(r.idProveedor, r.nombre),
  fields: [
    campoId('idProveedor', T.campos.idProveedor, T.ayudas.idProveedor),
    { name: 'nombre', label: T.campos.nombre, autoComplete: 'organization' },
    { name: 'telefono', label: T.campos.telefono, type: 'tel', autoComplete: 'off' },
    { name: 'email', label: T.campos.email, type: 'email', autoComplete: 'off' },
    { name: 'obligadoFacturar', label: T.campos.obligadoFacturar, type: 'checkbox', defecto: 'true', hint: T.ayudas.obligadoFacturar },
    // What the documento soporte names of a supplier who does not invoice (ADR 055): the domain requires them then.
    { name: 'tipoIdentificacion', label: T.campos.tipoIdentificacion, type: 'select', options: TIPOS },
    { name: 'documento', label: T.campos.documento, autoComplete: 'off', hint: T.ayudas.documento },
    { name: 'direccion', label: T.campos.direccion, autoComplete: 'off' },
    { name: 'municipio', label: T.campos.municipio, autoComplete: 'off', hint: T.ayudas.municipio },
    { name: 'idTienda', label: T.campos.idTienda, type: 'number', tienda: 'always', readOnlyOnUpdate: true },
  ],
  createSchema: ZCrudCreateProveedorRequest,
  updateSchema: ZCrudUpdateProveedorRequest,
  registerFailure: { refused: M.crud.credencialesIncorrectas, network: M.crud.errorIniciarSesion },
});
