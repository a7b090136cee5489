import type { FastifyInstance } from 'fastify';

/** Routes of the movimiento area (registered under /api behind authentication). */
export async function movimientoRoutes(_app: FastifyInstance) {}
