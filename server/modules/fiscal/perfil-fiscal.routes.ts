import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { ZPerfilFiscalRespuesta, ZUpdatePerfilFiscal } from '#shared/schemas/impuestos';
import { requireRole, sessionOf, storeOf } from '../../plugins/auth';
import { autorDe } from '../actividad/actividad.domain';
import { alcanceDe } from '../tienda/empresa';
import { guardarPerfilFiscal, obtenerPerfilFiscal } from './perfil-fiscal';

/** *Datos fiscales* (issue #30): the store's fiscal profile, at /tienda/perfil-fiscal as before it left the kernel (ADR 080). */
export async function perfilFiscalRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // The fiscal profile (issue #30, Datos fiscales): every role reads it (the receipts print it); role 1
  // writes it. Turning IVA on is refused while a product has no tax (clasificacion.ts).
  r.get('/tienda/perfil-fiscal', {
    schema: { tags: ['tienda'], response: { 200: ZPerfilFiscalRespuesta } },
    handler: (req) => obtenerPerfilFiscal({ db: app.db, tiendaId: storeOf(req) }),
  });

  r.put('/tienda/perfil-fiscal', {
    preValidation: requireRole([ROL.ADMIN], M.impuestos.soloAdministrador),
    config: { keepsSessions: true },
    schema: { tags: ['tienda'], body: ZUpdatePerfilFiscal, response: { 200: ZPerfilFiscalRespuesta } },
    handler: (req) => guardarPerfilFiscal({ db: app.db, tiendaId: storeOf(req), alcance: alcanceDe(sessionOf(req)), datos: req.body, autor: autorDe(sessionOf(req), 'tienda') }),
  });
}
