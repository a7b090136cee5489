import type { FastifyInstance } from 'fastify';

/** Routes of the cliente area (registered under /api behind authentication). */
export async function clienteRoutes(_app: FastifyInstance) {}
