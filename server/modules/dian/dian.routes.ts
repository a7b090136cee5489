import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dian as D } from '#shared/messages/dian';
import { ROL } from '#shared/roles';
import { ZArchivoDianQuery, ZCertificadoDianRequest, ZConfiguracionDian, ZConfiguracionDianRequest, ZDocumentosDian, ZDocumentosDianQuery, ZConteoDocumentosDian, ZNotaDebito, ZNotaDebitoRequest, ZNotasDebitoVenta } from '#shared/schemas/dian';
import { descargaComo } from '../../lib/exportar';
import { requireRole, sessionOf, storeOf } from '../../plugins/auth';
import { autorDe } from '../actividad/actividad.domain';
import { consultarSetPruebas, enviarSetPruebas, guardarCertificado, guardarConfiguracion, obtenerConfiguracion } from './configuracion.domain';
import { intentosCertificado } from './intentos-certificado';
import { emitirNotaDebito, notasDebitoDeVenta } from './nota-debito.domain';
import { conteoDelMes, exportarContador } from './contador';
import { ZArchivoInformeQuery, ZMesQuery } from '#shared/schemas/impuestos';
import { archivoDeTienda, listarDocumentos, xmlDeVenta } from './panel';
import { procesarBandejaTienda } from './trabajador';
import { descargaCopia, estadoCopia, reenviarCopia } from './copia-comprador';
import { ZCopiaComprador, ZHabilitacionTipoRequest, ZTipoHabilitacionParam } from '#shared/schemas/dian';
import { consultarSetTipo, enviarSetTipo, guardarTipo } from './habilitacion-tipos';
import { representacion as RC } from '#shared/messages/representacion';

const ZVentaParam = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/**
 * The electronic POS document (issue #31, ADR 023): the store's configuration, certificate and test
 * set, the outbox's panel and archive — role 1 only, refused before validation; the customer's copy
 * of a sale's XML for whoever sees its receipt. No route ever answers the certificate, its password,
 * the software's PIN or a provider's token.
 */
export async function dianRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['dian'];
  const soloAdministrador = requireRole([ROL.ADMIN], D.soloAdministrador);
  const intentos = intentosCertificado(app);

  r.get('/dian/configuracion', {
    preValidation: soloAdministrador,
    schema: { tags, response: { 200: ZConfiguracionDian } },
    handler: (req) => obtenerConfiguracion({ db: app.db, tiendaId: storeOf(req) }),
  });

  r.put('/dian/configuracion', {
    preValidation: soloAdministrador,
    schema: { tags, body: ZConfiguracionDianRequest, response: { 200: ZConfiguracionDian } },
    handler: (req) => guardarConfiguracion({ db: app.db, tiendaId: storeOf(req), datos: req.body, autor: autorDe(sessionOf(req), 'tienda') }),
  });

  r.post('/dian/certificado', {
    preValidation: soloAdministrador,
    schema: { tags, body: ZCertificadoDianRequest, response: { 200: ZConfiguracionDian } },
    handler: (req, reply) =>
      guardarCertificado({ db: app.db, tiendaId: storeOf(req), datos: req.body, autor: autorDe(sessionOf(req), 'tienda'), intentos: intentos(req, reply) }),
  });

  r.post('/dian/habilitacion', {
    preValidation: soloAdministrador,
    schema: { tags, response: { 200: ZConfiguracionDian } },
    handler: (req) => enviarSetPruebas({ db: app.db, tiendaId: storeOf(req), autor: autorDe(sessionOf(req), 'tienda') }),
  });

  // DIAN validates the test set later (GetStatusZip): ask again for what it was still validating.
  r.post('/dian/habilitacion/consultar', {
    preValidation: soloAdministrador,
    schema: { tags, response: { 200: ZConfiguracionDian } },
    handler: (req) => consultarSetPruebas({ db: app.db, tiendaId: storeOf(req), autor: autorDe(sessionOf(req), 'tienda') }),
  });

  // Each other type's habilitación (issue #57 point 5): its software and test set, its set sent and asked again.
  r.put('/dian/habilitacion/tipos/:tipo', {
    preValidation: soloAdministrador,
    schema: { tags, params: ZTipoHabilitacionParam, body: ZHabilitacionTipoRequest, response: { 200: ZConfiguracionDian } },
    handler: (req) => guardarTipo({ db: app.db, tiendaId: storeOf(req), tipo: req.params.tipo, datos: req.body, autor: autorDe(sessionOf(req), 'tienda') }),
  });

  r.post('/dian/habilitacion/tipos/:tipo/enviar', {
    preValidation: soloAdministrador,
    schema: { tags, params: ZTipoHabilitacionParam, response: { 200: ZConfiguracionDian } },
    handler: (req) => enviarSetTipo({ db: app.db, tiendaId: storeOf(req), tipo: req.params.tipo, autor: autorDe(sessionOf(req), 'tienda') }),
  });

  r.post('/dian/habilitacion/tipos/:tipo/consultar', {
    preValidation: soloAdministrador,
    schema: { tags, params: ZTipoHabilitacionParam, response: { 200: ZConfiguracionDian } },
    handler: (req) => consultarSetTipo({ db: app.db, tiendaId: storeOf(req), tipo: req.params.tipo, autor: autorDe(sessionOf(req), 'tienda') }),
  });

  r.get('/dian/documentos', {
    preValidation: soloAdministrador,
    schema: { tags, querystring: ZDocumentosDianQuery, response: { 200: ZDocumentosDian } },
    handler: (req) => listarDocumentos({ db: app.db, tiendaId: storeOf(req), ...req.query }),
  });

  // "Send what waits now": one bounded pass over the store's outbox.
  r.post('/dian/documentos/enviar', {
    preValidation: soloAdministrador,
    schema: { tags, response: { 200: z.object({ procesados: z.number().int() }) } },
    handler: async (req) => ({ procesados: (await procesarBandejaTienda(app.db, storeOf(req), 50, app.mailer)).length }),
  });

  r.get('/dian/archivo', {
    preValidation: soloAdministrador,
    schema: { tags, querystring: ZArchivoDianQuery },
    handler: async (req, reply) => {
      const { zip } = await archivoDeTienda({ db: app.db, tiendaId: storeOf(req), ...req.query });
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', descargaComo(`documentos-dian-${req.query.desde}-a-${req.query.hasta}.zip`))
        .header('cache-control', 'no-store')
        .send(zip);
    },
  });

  // An invoiced sale's debit notes (issue #57 point 2, ADR 050): role 1, refused before validation;
  // the rule (who, which sale) is nota-debito.domain.ts's.
  const soloAdministradorNotas = requireRole([ROL.ADMIN], D.notaDebito.soloAdministrador);
  r.get('/dian/ventas/:id/notas-debito', {
    preValidation: soloAdministradorNotas,
    schema: { tags, params: ZVentaParam, response: { 200: ZNotasDebitoVenta } },
    handler: (req) => notasDebitoDeVenta({ db: app.db, tiendaId: storeOf(req), ventaId: req.params.id }),
  });

  r.post('/dian/ventas/:id/notas-debito', {
    preValidation: soloAdministradorNotas,
    schema: { tags, params: ZVentaParam, body: ZNotaDebitoRequest, response: { 201: ZNotaDebito } },
    handler: async (req, reply) => {
      const nota = await emitirNotaDebito({ db: app.db, tiendaId: storeOf(req), ventaId: req.params.id, datos: req.body, autor: autorDe(sessionOf(req), 'tienda') });
      return reply.status(201).send(nota);
    },
  });

  // The accountant's export (issue #57 point 6): every DIAN document of a month, as the tax report
  // (role 1; its month and format by the tax report's own query).
  r.get('/dian/contador', {
    preValidation: soloAdministrador,
    schema: { tags, querystring: ZArchivoInformeQuery },
    handler: async (req, reply) => {
      const f = await exportarContador({ db: app.db, tiendaId: storeOf(req), mes: req.query.mes, formato: req.query.formato });
      return reply.header('content-type', f.tipo).header('content-disposition', descargaComo(f.archivo)).header('cache-control', 'no-store').send(f.contenido);
    },
  });

  // How many documents of each type the month has (shown with the tax report).
  r.get('/dian/contador/conteo', {
    preValidation: soloAdministrador,
    schema: { tags, querystring: ZMesQuery, response: { 200: ZConteoDocumentosDian } },
    handler: async (req) => ({ tipos: await conteoDelMes(app.db, storeOf(req), req.query.mes) }),
  });

  // The customer's copy: the signed XML of a sale's document.
  r.get('/dian/ventas/:id/xml', {
    schema: { tags, params: ZVentaParam },
    handler: async (req, reply) => {
      const { nombre, xml } = await xmlDeVenta({ db: app.db, tiendaId: storeOf(req), ventaId: req.params.id });
      return reply.header('content-type', 'application/xml; charset=utf-8').header('content-disposition', descargaComo(nombre)).header('cache-control', 'no-store').send(xml);
    },
  });

  // The buyer's copy of an invoiced sale (issue #57 point 4): its state, the ZIP (AttachedDocument and
  // PDF) and the PDF for whoever sees the sale's XML; sending it again to the buyer's e-mail, role 1.
  r.get('/dian/ventas/:id/copia', {
    schema: { tags, params: ZVentaParam, response: { 200: ZCopiaComprador } },
    handler: (req) => estadoCopia({ db: app.db, tiendaId: storeOf(req), ventaId: req.params.id }),
  });

  for (const formato of ['zip', 'pdf'] as const) {
    r.get(formato === 'zip' ? '/dian/ventas/:id/contenedor' : '/dian/ventas/:id/pdf', {
      schema: { tags, params: ZVentaParam },
      handler: async (req, reply) => {
        const f = await descargaCopia({ db: app.db, tiendaId: storeOf(req), ventaId: req.params.id, formato });
        return reply.header('content-type', f.tipo).header('content-disposition', descargaComo(f.archivo)).header('cache-control', 'no-store').send(f.contenido);
      },
    });
  }

  r.post('/dian/ventas/:id/reenviar', {
    preValidation: requireRole([ROL.ADMIN], RC.soloAdministrador),
    schema: { tags, params: ZVentaParam, response: { 200: ZCopiaComprador } },
    handler: (req) => reenviarCopia({ db: app.db, mailer: app.mailer, tiendaId: storeOf(req), ventaId: req.params.id, autor: autorDe(sessionOf(req), 'tienda') }),
  });
}
