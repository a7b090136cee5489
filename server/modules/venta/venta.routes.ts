import type { FastifyInstance } from 'fastify';

/** Routes of the venta area (registered under /api behind authentication). */
export async function ventaRoutes(_app: FastifyInstance) {}
