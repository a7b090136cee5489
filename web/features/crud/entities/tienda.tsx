import { crud } from '#shared/messages/crud';
import { ZCreateTiendaRequest, ZUpdateTiendaRequest, type TTiendaRow } from '#shared/schemas/crud';
import { str, texto } from '../format';
import { defineEntity } from './types';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { crud };

export const tienda = defineEntity<TTiendaRow>({
  key: 'tienda',
  menu: 'Tiendas',
  listTitle: 'Lista de tiendas',
  registerTitle: 'Registrar tienda',
  updateTitle: 'Actualizar tienda',
  routes: { list: 'tienda', register: 'registrar_tienda', update: 'actualizar/actualizarTienda', listAliases: ['tiendas'] },
  searchHint: 'Nombre o correo de la tienda',
  operatorOnly: { create: true, delete: true },
  columns: [
    { header: 'idtienda', cell: (r) => r.idTienda, num: true },
    { header: 'nombreTienda', cell: (r) => r.nombreTienda },
    { header: 'direccion', cell: (r) => texto(r.direccion) },
    { header: 'telefono', cell: (r) => texto(r.telefono) },
    { header: 'correo', cell: (r) => r.correo },
    { header: 'contrasena', cell: () => <span aria-label="Contraseña oculta">{M.crud.mask}</span> },
    { header: 'codigo_invitacion', cell: (r) => <span className="code-badge">{r.codigoInvitacion}</span> },
  ],
  rowId: (r) => r.idTienda,
  rowLabel: (r) => `la tienda ${r.idTienda} (${r.nombreTienda}) con todos sus datos`,
  fields: [
    { name: 'idTienda', label: 'idtienda', only: 'update', readOnlyOnUpdate: true },
    { name: 'nombreTienda', label: 'Nombre de la tienda', autoComplete: 'organization' },
    { name: 'direccion', label: 'Dirección (opcional)', autoComplete: 'street-address' },
    { name: 'telefono', label: 'Teléfono (opcional)', type: 'tel', autoComplete: 'tel' },
    { name: 'correo', label: 'Correo', type: 'email', autoComplete: 'off' },
    { name: 'contrasena', label: 'Contraseña', type: 'password', autoComplete: 'new-password', only: 'create', hint: 'Al menos 8 caracteres, con una mayúscula y un número.' },
    {
      name: 'contrasena',
      label: 'Nueva contraseña (opcional)',
      type: 'password',
      autoComplete: 'new-password',
      only: 'update',
      hint: 'Déjela vacía para no cambiarla. Si la cambia, las sesiones abiertas se cierran.',
    },
    { name: 'codigoInvitacion', label: 'Código de invitación', only: 'update', readOnlyOnUpdate: true },
  ],
  emptyValues: () => ({ nombreTienda: '', direccion: '', telefono: '', correo: '', contrasena: '' }),
  toForm: (r) => ({
    idTienda: String(r.idTienda),
    nombreTienda: r.nombreTienda,
    direccion: str(r.direccion),
    telefono: str(r.telefono),
    correo: r.correo,
    contrasena: '',
    codigoInvitacion: r.codigoInvitacion,
  }),
  createSchema: ZCreateTiendaRequest,
  updateSchema: ZUpdateTiendaRequest,
  registerFailure: { refused: M.crud.errorRegistrar, network: M.crud.errorRealizarRegistro },
});
