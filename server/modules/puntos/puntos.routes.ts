import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { ZPuntosCliente, ZPuntosConfiguracion } from '#shared/schemas/puntos';
import { requireRole, sessionOf, storeOf } from '../../plugins/auth';
import { autorDe } from '../actividad/actividad.domain';
import { configuracionPuntos, guardarConfiguracionPuntos, puntosDeCliente } from './puntos.domain';

const ZClienteParams = z.object({ id: z.coerce.number({ error: M.ventas.clienteNoEncontrado }).int(M.ventas.clienteNoEncontrado).positive(M.ventas.clienteNoEncontrado).max(2_147_483_647, M.ventas.clienteNoEncontrado) });

/** Loyalty points (issue #59 point 3, ADR 054). Thin: the rules are puntos.domain.ts's. */
export async function puntosRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['puntos'];

  // Every seller reads the settings (the till shows a point's value); role 1 alone changes them.
  r.get('/puntos/configuracion', {
    schema: { tags, response: { 200: ZPuntosConfiguracion } },
    handler: (req) => configuracionPuntos(app.db, storeOf(req)),
  });

  r.put('/puntos/configuracion', {
    preValidation: requireRole([ROL.ADMIN], M.puntos.soloAdministrador),
    config: { keepsSessions: true, keepsCatalog: true },
    schema: { tags, body: ZPuntosConfiguracion, response: { 200: ZPuntosConfiguracion } },
    handler: (req) => guardarConfiguracionPuntos(app.db, storeOf(req), autorDe(sessionOf(req), 'tienda'), req.body),
  });

  // A customer's balance and movements (the customer's page).
  r.get('/puntos/clientes/:id', {
    schema: { tags, params: ZClienteParams, response: { 200: ZPuntosCliente } },
    handler: (req) => puntosDeCliente(app.db, storeOf(req), req.params.id),
  });
}
