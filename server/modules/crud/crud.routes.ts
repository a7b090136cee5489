import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { ZPageQuery, zPage } from '#shared/schemas/common';
import {
  ZClienteRow,
  ZCreditoRow,
  ZCreateEntregaRequest,
  ZCreateFacturaRequest,
  ZCreateInventarioRequest,
  ZCreateMetodoPagoRequest,
  ZCreateMovimientoRequest,
  ZCreateRolRequest,
  ZCreateTiendaRequest,
  ZCreateUsuarioRequest,
  ZCreateVentaRequest,
  ZCrudCreateClienteRequest,
  ZCrudCreated,
  ZCrudCreateProductoRequest,
  ZCrudCreateProveedorRequest,
  ZCrudIdParams,
  ZCrudMessage,
  ZCrudUpdateClienteRequest,
  ZCrudUpdateProductoRequest,
  ZCrudUpdateProveedorRequest,
  ZEntregaRow,
  ZFacturaRow,
  ZInventarioRow,
  ZMetodoPagoRow,
  ZMovimientoRow,
  ZProductoRow,
  ZProveedorRow,
  ZRolRow,
  ZTiendaRow,
  ZUpdateEntregaRequest,
  ZUpdateFacturaRequest,
  ZUpdateInventarioRequest,
  ZUpdateMetodoPagoRequest,
  ZUpdateMovimientoRequest,
  ZUpdateRolRequest,
  ZUpdateTiendaRequest,
  ZUpdateUsuarioRequest,
  ZUpdateVentaRequest,
  ZUsuarioRow,
  ZVentaRow,
  type TCrudEntidad,
  type TCrudEntidadEditable,
} from '#shared/schemas/crud';
import { requireRole, sessionOf } from '../../plugins/auth';
import { clienteCrud } from './crud.cliente.service';
import { creditoCrud } from './crud.credito.service';
import { entregaPedidosCrud } from './crud.entrega-pedidos.service';
import { facturaCrud } from './crud.factura.service';
import { inventarioCrud } from './crud.inventario.service';
import { metodosDePagoCrud } from './crud.metodosdepago.service';
import { movimientoCrud } from './crud.movimiento.service';
import { productoCrud } from './crud.producto.service';
import { proveedorCrud } from './crud.proveedor.service';
import { rolesCrud } from './crud.roles.service';
import { scopeOf, type CrudReader, type CrudService } from './crud.scope';
import { tiendaCrud } from './crud.tienda.service';
import { usuariosCrud } from './crud.usuarios.service';
import { ventasCrud } from './crud.ventas.service';

interface EntityDef<R extends z.ZodType, C extends z.ZodType, U extends z.ZodType> {
  path: TCrudEntidadEditable;
  readOnly?: false;
  row: R;
  create: C;
  update: U;
  service: CrudService<z.output<R>, z.output<C>, z.output<U>>;
  /** Operations only the platform operator may do, with the refusal's message (checked before validation). */
  operatorOnly?: { create?: string; update?: string; remove?: string };
}

/** An area the back-office only lists: GET of the list and of one row, no write routes at all. */
interface ReadOnlyEntityDef<R extends z.ZodType> {
  path: TCrudEntidad;
  readOnly: true;
  row: R;
  service: CrudReader<z.output<R>>;
}

const operatorOnly = (message: string | undefined) =>
  message
    ? async (req: FastifyRequest) => {
        if (sessionOf(req).tiendaId != null) throw new AppError('FORBIDDEN', message);
      }
    : undefined;

const entity = <R extends z.ZodType, C extends z.ZodType, U extends z.ZodType>(def: EntityDef<R, C, U>) => def;
const readOnlyEntity = <R extends z.ZodType>(def: Omit<ReadOnlyEntityDef<R>, 'readOnly'>): ReadOnlyEntityDef<R> => ({ ...def, readOnly: true });

const catalogo = { create: M.crud.soloOperadorCatalogo, update: M.crud.soloOperadorCatalogo, remove: M.crud.soloOperadorCatalogo };

/** The twelve areas of spec §2, each under /api/crud/<list route name>, and the fiado ledger (read-only, issue #17). */
export const CRUD_ENTITIES = [
  entity({ path: 'usuarios', row: ZUsuarioRow, create: ZCreateUsuarioRequest, update: ZUpdateUsuarioRequest, service: usuariosCrud }),
  entity({ path: 'tienda', row: ZTiendaRow, create: ZCreateTiendaRequest, update: ZUpdateTiendaRequest, service: tiendaCrud, operatorOnly: { create: M.crud.soloOperadorTiendas, remove: M.crud.soloOperadorTiendas } }),
  entity({ path: 'producto', row: ZProductoRow, create: ZCrudCreateProductoRequest, update: ZCrudUpdateProductoRequest, service: productoCrud }),
  entity({ path: 'factura', row: ZFacturaRow, create: ZCreateFacturaRequest, update: ZUpdateFacturaRequest, service: facturaCrud }),
  entity({ path: 'cliente', row: ZClienteRow, create: ZCrudCreateClienteRequest, update: ZCrudUpdateClienteRequest, service: clienteCrud }),
  entity({ path: 'proveedor', row: ZProveedorRow, create: ZCrudCreateProveedorRequest, update: ZCrudUpdateProveedorRequest, service: proveedorCrud }),
  entity({ path: 'movimiento', row: ZMovimientoRow, create: ZCreateMovimientoRequest, update: ZUpdateMovimientoRequest, service: movimientoCrud }),
  entity({ path: 'roles', row: ZRolRow, create: ZCreateRolRequest, update: ZUpdateRolRequest, service: rolesCrud, operatorOnly: catalogo }),
  entity({ path: 'entrega_pedidos', row: ZEntregaRow, create: ZCreateEntregaRequest, update: ZUpdateEntregaRequest, service: entregaPedidosCrud }),
  entity({ path: 'inventario', row: ZInventarioRow, create: ZCreateInventarioRequest, update: ZUpdateInventarioRequest, service: inventarioCrud }),
  entity({ path: 'metodosdepago', row: ZMetodoPagoRow, create: ZCreateMetodoPagoRequest, update: ZUpdateMetodoPagoRequest, service: metodosDePagoCrud, operatorOnly: catalogo }),
  entity({ path: 'ventas', row: ZVentaRow, create: ZCreateVentaRequest, update: ZUpdateVentaRequest, service: ventasCrud }),
  readOnlyEntity({ path: 'credito', row: ZCreditoRow, service: creditoCrud }),
];

type AnyEntityDef = EntityDef<z.ZodType, z.ZodType, z.ZodType> | ReadOnlyEntityDef<z.ZodType>;

function registerEntity(app: FastifyInstance, def: AnyEntityDef) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = [`crud ${def.path}`];
  const base = `/${def.path}`;

  r.get(base, {
    schema: { tags, querystring: ZPageQuery, response: { 200: zPage(def.row) } },
    handler: (req) => def.service.list({ db: app.db, scope: scopeOf(sessionOf(req)), query: req.query }),
  });

  r.get(`${base}/:id`, {
    schema: { tags, params: ZCrudIdParams, response: { 200: def.row } },
    handler: (req) => def.service.get({ db: app.db, scope: scopeOf(sessionOf(req)), id: req.params.id }),
  });

  // A read-only area has no write routes: POST, PUT and DELETE answer 404 like any unknown path.
  if (def.readOnly) return;
  const { service } = def;
  // Answers about other accounts (an email taken, another store's code) are counted (issue #15).
  const consulta = (req: FastifyRequest, reply: FastifyReply) => () => app.authLimits.lookup(req, reply, sessionOf(req));

  r.post(base, {
    preValidation: operatorOnly(def.operatorOnly?.create),
    schema: { tags, body: def.create, response: { 201: ZCrudCreated } },
    handler: async (req, reply) => {
      const created = await service.create({ db: app.db, scope: scopeOf(sessionOf(req)), input: req.body, consulta: consulta(req, reply) });
      return reply.status(201).send(created);
    },
  });

  r.put(`${base}/:id`, {
    preValidation: operatorOnly(def.operatorOnly?.update),
    schema: { tags, params: ZCrudIdParams, body: def.update, response: { 200: ZCrudMessage } },
    handler: (req, reply) => service.update({ db: app.db, scope: scopeOf(sessionOf(req)), id: req.params.id, input: req.body, consulta: consulta(req, reply) }),
  });

  r.delete(`${base}/:id`, {
    preValidation: operatorOnly(def.operatorOnly?.remove),
    schema: { tags, params: ZCrudIdParams, response: { 200: ZCrudMessage } },
    handler: (req) => service.remove({ db: app.db, scope: scopeOf(sessionOf(req)), id: req.params.id }),
  });

  const archive = service.archive?.bind(service);
  if (archive)
    r.post(`${base}/:id/archivar`, {
      schema: { tags, params: ZCrudIdParams, response: { 200: ZCrudMessage } },
      handler: (req) => archive({ db: app.db, scope: scopeOf(sessionOf(req)), id: req.params.id }),
    });
}

/**
 * Back-office (CRUD area) routes, under /api/crud behind authentication. Role 1 only (DESIGN.md §4):
 * employees and encargados get 403 before anything is read; each service scopes rows to the
 * caller's store, and keeps the global catalogues and store creation for the platform operator.
 */
export async function crudRoutes(app: FastifyInstance) {
  // Before validation: an employee learns nothing about the back-office, not even its field rules.
  app.addHook('preValidation', requireRole([ROL.ADMIN], M.roles.backofficeOnly));
  for (const def of CRUD_ENTITIES) registerEntity(app, def as AnyEntityDef);
}
