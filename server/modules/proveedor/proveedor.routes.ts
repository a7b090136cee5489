import type { FastifyInstance } from 'fastify';

/** Routes of the proveedor area (registered under /api behind authentication). */
export async function proveedorRoutes(_app: FastifyInstance) {}
