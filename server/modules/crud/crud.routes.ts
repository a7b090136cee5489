import type { FastifyInstance } from 'fastify';

/** Back-office (CRUD area) routes, under /api/crud behind authentication. */
export async function crudRoutes(_app: FastifyInstance) {}
