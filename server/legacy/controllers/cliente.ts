import { M } from '#shared/messages';
import { CAMPOS_DEL_CLIENTE, ZLegacyClienteRequest } from '#shared/schemas/cliente';
import { ZLegacyRegistroCrudClienteRequest } from '#shared/schemas/crud';
import { autorDe } from '../../modules/actividad/actividad.domain';
import * as dominio from '../../modules/cliente/cliente.domain';
import { adminScope, conTotal, pagina } from '../comun';
import { ADMIN, READ, checkTiendaId, legacyStore, parseLegacy, type LegacyController } from '../legacy';
import { legacy as L } from '#shared/messages/legacy';
import { extrasRespuesta, leerCampos, paramsExtras, respuestaConExtras } from '../campos';
import { has, sent, str, type LegacyParams } from '../params';

/** Every client of a store fits one answer; the old client filters it in the browser. */
const TODOS = 100_000;

/**
 * A name under the specification's key, or else under the older client's two keys (issue #21: its
 * back-office sends Nombre1_Cliente and Nombre2_Cliente, Apellido1_Cliente and Apellido2_Cliente),
 * the second joined to the first. The same schema checks either.
 */
const nombreDe = (p: LegacyParams, clave: string, primero: string, segundo: string) =>
  str(p, clave) ?? ([sent(p, primero), sent(p, segundo)].filter(Boolean).join(' ') || str(p, primero));

/**
 * The client form under the old keys (the field list's `heredada`), read under the domain's names;
 * the names may come in the older client's two keys. A key not sent stays undefined.
 */
const campos = (p: LegacyParams) => ({
  ...leerCampos(p, CAMPOS_DEL_CLIENTE, 'heredada'),
  nombre: nombreDe(p, 'NombreCliente', 'Nombre1_Cliente', 'Nombre2_Cliente'),
  apellido: nombreDe(p, 'ApellidoCliente', 'Apellido1_Cliente', 'Apellido2_Cliente'),
});

/** The client form of the application (the same schema as /api/clientes, without the store's fiado fields). */
const clienteInput = (p: LegacyParams) => parseLegacy(ZLegacyClienteRequest, campos(p));

/** The extra keys of a client write beyond the old contract (the field list's `extra`): documented, parsed and answered from it. */
const EXTRAS = paramsExtras(CAMPOS_DEL_CLIENTE);
const EXTRAS_ALTA = paramsExtras(CAMPOS_DEL_CLIENTE, true);
const extras = (fila: dominio.TFilaCliente) => extrasRespuesta(CAMPOS_DEL_CLIENTE, fila);
const respuesta = (doc: string) => respuestaConExtras(CAMPOS_DEL_CLIENTE, doc);

const params = [
  { key: 'Documento' },
  { key: 'Tipo_documento', note: 'CC, TI, CE, RC' },
  { key: 'NombreCliente' },
  { key: 'ApellidoCliente' },
  { key: 'Correo', optional: true },
  { key: 'Nombre1_Cliente', optional: true, note: 'older clients: instead of NombreCliente, with Nombre2_Cliente' },
  { key: 'Nombre2_Cliente', optional: true },
  { key: 'Apellido1_Cliente', optional: true, note: 'older clients: instead of ApellidoCliente, with Apellido2_Cliente' },
  { key: 'Apellido2_Cliente', optional: true },
];

/** controlador.cliente.php: the store's clients (add, edit, delete) and the back-office list and register. */
export const clienteActions: LegacyController = [
  {
    name: 'listarClientesTienda',
    description: "Every client of the session's store, by name.",
    methods: READ,
    match: (p) => has(p, 'listarClientesTienda'),
    params: [{ key: 'listarClientesTienda', note: 'true' }, { key: 'codigo_invitacion' }],
    response: 'rows `[Documento, Tipo_documento, NombreCliente, ApellidoCliente, Correo]`',
    handle: async (ctx) => {
      const tiendaId = await legacyStore(ctx);
      const r = await dominio.listarClientes({ db: ctx.app.db, scope: { tiendaId }, q: '', page: 1, pageSize: TODOS, orden: 'nombre' });
      return r.items.map((c) => [c.documento, c.tipoDocumento, c.nombre, c.apellido, c.correo]);
    },
  },
  {
    name: 'registroCrud',
    description: "Back-office client register in the session's store (`tienda_idtienda`, when sent, must be it).",
    methods: ['POST'],
    ...ADMIN,
    match: (p) => has(p, 'registroCrud'),
    params: [{ key: 'registroCrud', note: 'marker' }, ...params, ...EXTRAS_ALTA],
    response: respuesta('`{ success: true, mensaje }`'),
    handle: async (ctx) => {
      checkTiendaId(ctx, 'tienda_idtienda', 'id_tienda');
      const { p } = ctx;
      const input = parseLegacy(ZLegacyRegistroCrudClienteRequest, {
        ...campos(p),
        // The back-office's register: a type not sent, or sent empty, is CC (spec §9).
        tipoDocumento: sent(p, 'Tipo_documento'),
        idTienda: sent(p, 'tienda_idtienda') ?? sent(p, 'id_tienda'),
      });
      const creado = await dominio.crearCliente({ db: ctx.app.db, scope: adminScope(ctx), datos: input, autor: autorDe(ctx.sesion, 'legacy') });
      return { success: true, mensaje: M.crud.registrado.cliente, id_Cliente: creado.idCliente, ...extras(creado) };
    },
  },
  {
    name: 'registroCliente',
    description: "Adds a client to the session's store (the document is unique within the store).",
    methods: ['POST'],
    match: (p) => has(p, 'registroCliente'),
    params: [{ key: 'registroCliente', note: 'marker' }, ...params, ...EXTRAS_ALTA],
    response: respuesta('`{ success: true, mensaje }`; refused: `{ success: false, error, mensaje }`'),
    handle: async (ctx) => {
      const tiendaId = await legacyStore(ctx);
      const creado = await dominio.crearCliente({ db: ctx.app.db, scope: { tiendaId }, datos: clienteInput(ctx.p), autor: autorDe(ctx.sesion, 'legacy') });
      return { success: true, mensaje: L.clienteRegistrado, ...extras(creado) };
    },
  },
  {
    name: 'actualizar',
    description: "Edits the store's client the `Documento` names (read-only in the old form); also the back-office client update.",
    methods: ['PUT', 'POST'],
    match: (p) => has(p, 'actualizar'),
    params: [{ key: 'actualizar', note: 'true' }, ...params, ...EXTRAS],
    response: respuesta('`{ success: true, mensaje }`; refused: `{ success: false, error, mensaje }`'),
    handle: async (ctx) => {
      const tiendaId = await legacyStore(ctx);
      const input = clienteInput(ctx.p);
      const id = await dominio.idPorDocumento({ db: ctx.app.db, tiendaId, documento: input.documento });
      const guardado = await dominio.actualizarCliente({ db: ctx.app.db, scope: { tiendaId }, id, cambios: input, autor: autorDe(ctx.sesion, 'legacy') });
      return { success: true, mensaje: L.clienteActualizado, ...extras(guardado) };
    },
  },
  {
    name: 'eliminar',
    description:
      "Deletes the store's client the document names (axios.delete's `{ data: { eliminar } }` body); also the back-office delete. Role 3 is refused (403, 'Acción no permitida'). Past sales keep their lines, without client.",
    methods: ['DELETE', 'POST'],
    forbid: dominio.NO_ELIMINAN,
    match: (p) => has(p, 'eliminar'),
    params: [{ key: 'eliminar', note: 'the client document (JSON body)' }],
    response: '`{ success: true, respuesta: true, mensaje }`',
    handle: async (ctx) => {
      const tiendaId = await legacyStore(ctx);
      const id = await dominio.idPorDocumento({ db: ctx.app.db, tiendaId, documento: sent(ctx.p, 'eliminar') });
      await dominio.eliminarCliente({ db: ctx.app.db, scope: { tiendaId }, id, autor: autorDe(ctx.sesion, 'legacy') });
      return { success: true, respuesta: true, mensaje: L.clienteEliminado };
    },
  },
  {
    name: 'listar',
    description: 'Back-office client list, newest first.',
    methods: READ,
    ...ADMIN,
    match: (p) => has(p, 'listar'),
    params: [{ key: 'listar', note: 'true' }, { key: 'page', optional: true }, { key: 'pageSize', optional: true, note: 'default and maximum 1000' }],
    response: 'rows `[Documento, Tipo_documento, Nombre_Cliente, Apellido_Cliente, Correo]`; header `X-Total-Count`',
    handle: async (ctx) => {
      const page = await dominio.listarClientes({ db: ctx.app.db, scope: adminScope(ctx), ...pagina(ctx.p), orden: 'recientes' });
      conTotal(ctx.reply, page.total);
      return page.items.map((c) => [c.documento, c.tipoDocumento, c.nombre, c.apellido, c.correo]);
    },
  },
];
