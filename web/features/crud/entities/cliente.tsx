import { crud } from '#shared/messages/crud';
import { TIPOS_DOC } from '#shared/roles';
import { ZCrudCreateClienteRequest, ZCrudUpdateClienteRequest, type TClienteRow } from '#shared/schemas/crud';
import { str, texto } from '../format';
import { defineEntity } from './types';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { crud };

export const cliente = defineEntity<TClienteRow>({
  key: 'cliente',
  menu: 'Clientes',
  listTitle: 'Lista de clientes',
  registerTitle: 'Registrar cliente',
  updateTitle: 'Actualizar cliente',
  routes: { list: 'cliente', register: 'registrar_cliente', update: 'actualizar/actualizarCliente', listAliases: ['clientes'] },
  searchHint: 'Documento, nombre, apellido o correo',
  initialOperacion: M.crud.bienvenidoClientes,
  columns: [
    { header: 'Documento', cell: (r) => r.documento },
    { header: 'Tipo_documento', cell: (r) => r.tipoDocumento },
    { header: 'Nombre_Cliente', cell: (r) => r.nombre },
    { header: 'Apellido_Cliente', cell: (r) => r.apellido },
    { header: 'Correo', cell: (r) => texto(r.correo) },
  ],
  rowId: (r) => r.idCliente,
  rowLabel: (r) => `el cliente ${r.documento} (${r.nombre} ${r.apellido})`,
  fields: [
    { name: 'documento', label: 'Documento', autoComplete: 'off' },
    { name: 'nombre', label: 'Nombre', autoComplete: 'off' },
    { name: 'apellido', label: 'Apellido', autoComplete: 'off' },
    { name: 'tipoDocumento', label: 'Tipo de documento', type: 'select', options: TIPOS_DOC },
    { name: 'correo', label: 'Correo (opcional)', type: 'email', autoComplete: 'off' },
    { name: 'idTienda', label: 'Id de la tienda', type: 'number', tienda: 'operator', only: 'create' },
  ],
  emptyValues: (s) => ({ documento: '', nombre: '', apellido: '', tipoDocumento: 'CC', correo: '', idTienda: str(s.id_Tienda) }),
  toForm: (r) => ({ documento: r.documento, nombre: r.nombre, apellido: r.apellido, tipoDocumento: r.tipoDocumento, correo: str(r.correo) }),
  createSchema: ZCrudCreateClienteRequest,
  updateSchema: ZCrudUpdateClienteRequest,
  registerFailure: { refused: M.crud.errorRegistrarCliente, network: M.crud.errorRegistrarCliente },
});
