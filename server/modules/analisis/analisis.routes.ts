import type { FastifyInstance } from 'fastify';

/** Routes of the analisis area (registered under /api behind authentication). */
export async function analisisRoutes(_app: FastifyInstance) {}
