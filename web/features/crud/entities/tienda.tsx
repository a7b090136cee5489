import { crud } from '#shared/messages/crud';
import { ZCreateTiendaRequest, ZUpdateTiendaRequest, type TTiendaRow } from '#shared/schemas/crud';
import { str, texto } from '../format';
import { camposContrasena } from './campos';
import { defineEntity, titulos } from './types';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { crud };
const T = M.crud.tienda;

export const tienda = defineEntity<TTiendaRow>({
  key: 'tienda',
  ...titulos(T),
  routes: { list: 'tienda', register: 'registrar_tienda', update: 'actualizar/actualizarTienda', listAliases: ['tiendas'] },
  operatorOnly: { create: true, delete: true },
  columns: [
    { header: T.columnas.idTienda, cell: (r) => r.idTienda, num: true },
    { header: T.columnas.nombreTienda, cell: (r) => r.nombreTienda },
    { header: T.columnas.direccion, cell: (r) => texto(r.direccion) },
    { header: T.columnas.telefono, cell: (r) => texto(r.telefono) },
    { header: T.columnas.correo, cell: (r) => r.correo },
    { header: T.columnas.contrasena, cell: () => <span aria-label={M.crud.contrasenaOculta}>{M.crud.mask}</span> },
    { header: T.columnas.codigoInvitacion, cell: (r) => <span className="code-badge">{r.codigoInvitacion}</span> },
  ],
  rowId: (r) => r.idTienda,
  rowLabel: (r) => T.fila(r.idTienda, r.nombreTienda),
  fields: [
    { name: 'idTienda', label: T.campos.idTienda, only: 'update', readOnlyOnUpdate: true },
    { name: 'nombreTienda', label: T.campos.nombreTienda, autoComplete: 'organization' },
    { name: 'direccion', label: T.campos.direccion, autoComplete: 'street-address' },
    { name: 'telefono', label: T.campos.telefono, type: 'tel', autoComplete: 'tel' },
    { name: 'correo', label: T.campos.correo, type: 'email', autoComplete: 'off' },
    ...camposContrasena(T),
    { name: 'codigoInvitacion', label: T.campos.codigoInvitacion, only: 'update', readOnlyOnUpdate: true },
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
