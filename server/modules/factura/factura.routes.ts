import type { FastifyInstance } from 'fastify';

/** Routes of the factura area (registered under /api behind authentication). */
export async function facturaRoutes(_app: FastifyInstance) {}
