import { describe, expect, it, vi } from 'vitest';
import { AppError } from '#shared/errors';
import { sinRed } from '#shared/messages/sin-red';
import type { BaseLocal, VentaSalida } from './base-local';

/**
 * Issue #51: sales that waited in a device's outbox from before devices needed the owner's
 * authorisation are refused as coming from a device not authorised. The outbox keeps them, pending,
 * with what to do, and sends them once the owner authorises the device; other refusals stay final.
 */

const respuestas: (() => unknown)[] = [];
vi.mock('../../lib/api-client', () => ({
  NetworkError: class NetworkError extends Error {},
  api: vi.fn(async () => respuestas.shift()!()),
}));
const { enviarSalida } = await import('./sincronizar');

/** The outbox as a plain array behind the two calls enviarSalida makes. */
function salida(ventas: Pick<VentaSalida, 'clave' | 'n' | 'estado' | 'error'>[]) {
  const filas = ventas.map((v) => ({ ...v, cuerpo: { sinRed: { numero: `D1-${v.n}` } } })) as unknown as VentaSalida[];
  const db = {
    salida: {
      where: () => ({ equals: (estado: string) => ({ sortBy: async () => filas.filter((f) => f.estado === estado).sort((a, b) => a.n - b.n) }) }),
      update: async (clave: string, cambios: Partial<VentaSalida>) => Object.assign(filas.find((f) => f.clave === clave)!, cambios),
    },
  } as unknown as BaseLocal;
  return { db, filas };
}

const sinAutorizar = () => {
  throw new AppError('FORBIDDEN', sinRed.ventasEsperanAutorizacion, { datos: { equipo: 'sin-autorizar' } });
};

describe('la salida y un equipo sin autorizar', () => {
  it('las ventas quedan pendientes con el aviso de pedir la autorización, y salen cuando el dueño autoriza el equipo', async () => {
    const { db, filas } = salida([
      { clave: 'a', n: 1, estado: 'pendiente' },
      { clave: 'b', n: 2, estado: 'pendiente' },
    ]);
    respuestas.push(sinAutorizar);
    expect(await enviarSalida(db)).toEqual({ enviadas: 0, rechazadas: 0 });
    expect(filas.map((f) => f.estado)).toEqual(['pendiente', 'pendiente']);
    expect(filas[0]!.error).toBe(sinRed.ventasEsperanAutorizacion);
    expect(sinRed.ventasEsperanAutorizacion).toContain('Pídale al dueño que lo autorice en Inicio › Equipos sin red');

    // Authorised: both go, in order.
    respuestas.push(() => ({ id: 11 }), () => ({ id: 12 }));
    expect(await enviarSalida(db)).toEqual({ enviadas: 2, rechazadas: 0 });
    expect(filas.map((f) => [f.estado, f.ventaId])).toEqual([
      ['enviada', 11],
      ['enviada', 12],
    ]);
  });

  it('otro rechazo (un equipo al que se le quitó el permiso) sigue siendo definitivo', async () => {
    const { db, filas } = salida([{ clave: 'c', n: 3, estado: 'pendiente' }]);
    respuestas.push(() => {
      throw new AppError('FORBIDDEN', sinRed.equipoRevocado);
    });
    expect(await enviarSalida(db)).toEqual({ enviadas: 0, rechazadas: 1 });
    expect(filas[0]).toMatchObject({ estado: 'rechazada', error: sinRed.equipoRevocado });
  });
});
