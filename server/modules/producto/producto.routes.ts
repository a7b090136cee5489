import type { FastifyInstance } from 'fastify';

/** Routes of the producto area (registered under /api behind authentication). */
export async function productoRoutes(_app: FastifyInstance) {}
