import { describe, expect, it, vi } from 'vitest';
import { etiquetaBalanza, type TFormatoBalanza } from '#shared/balanza';
import { AppError } from '#shared/errors';
import { conteos } from '#shared/messages/conteos';
import { ventas } from '#shared/messages/ventas';
import type { TProductoConteo } from '#shared/schemas/conteo';
import type { BaseLocal, ConteoSalida, ProductoLocal } from './base-local';
import { productoLocal } from './producto-local.fixtures';

/**
 * Counting offline on a phone (issue #58 point 1, ADR 042's addendum): the device's queue of counted
 * lines (kept in order, sent in order once per key, a refusal kept with its reason, no connection
 * stops the round) and the count's search in the device's catalogue (a scale label with its quantity,
 * a pack, a name; never the stock). The device's database is a small in-memory stand-in for the few
 * Dexie calls these make.
 */

const llamadas: { url: string; body: Record<string, unknown> }[] = [];
const respuestas: (() => unknown)[] = [];
vi.mock('../../lib/api-client', () => ({
  NetworkError: class NetworkError extends Error {},
  api: vi.fn(async (url: string, init: { body: Record<string, unknown> }) => {
    llamadas.push({ url, body: init.body });
    return respuestas.shift()!();
  }),
}));
const { NetworkError } = await import('../../lib/api-client');
const { buscarConteoEnEquipo, enviarConteos, guardarLineaConteo, lineasEnEquipo } = await import('./conteo-local');

type Fila = Record<string, unknown>;
const valor = (f: Fila, campo: string) => (campo.startsWith('[') ? campo.slice(1, -1).split('+').map((c) => f[c]) : f[campo]);
const compara = (a: unknown, b: unknown): number => (Array.isArray(a) && Array.isArray(b) ? compara(a[0], b[0]) || compara(a[1], b[1]) : a === b ? 0 : (a as number) < (b as number) ? -1 : 1);

/** The Dexie calls of a table these functions make, over an array. */
function tabla<T extends Fila>(clave: string, filas: T[] = []) {
  const consulta = (pasa: (f: T) => boolean) => ({
    toArray: async () => filas.filter(pasa),
    first: async () => filas.find(pasa),
    count: async () => filas.filter(pasa).length,
    sortBy: async (c: string) => filas.filter(pasa).sort((a, b) => compara(a[c], b[c])),
    delete: async () => void filas.splice(0, filas.length, ...filas.filter((f) => !pasa(f))),
  });
  return {
    filas,
    where: (campo: string) => ({
      equals: (v: unknown) => consulta((f) => { const x = valor(f, campo); return Array.isArray(x) && !campo.startsWith('[') ? x.includes(v) : x === v; }),
      anyOf: (vs: unknown[]) => consulta((f) => vs.includes(valor(f, campo))),
      // Dexie.minKey / maxKey stand in as -Infinity / Infinity for the second part of the key.
      between: (lo: unknown[], hi: unknown[]) => consulta((f) => { const x = valor(f, campo) as unknown[]; return x[0] === lo[0] && x[0] === hi[0]; }),
    }),
    filter: (pasa: (f: T) => boolean) => consulta(pasa),
    orderBy: (c: string) => ({ last: async () => [...filas].sort((a, b) => compara(a[c], b[c])).at(-1) }),
    count: async () => filas.length,
    get: async (k: unknown) => filas.find((f) => f[clave] === k),
    add: async (f: T) => void filas.push(f),
    update: async (k: unknown, cambios: Partial<T>) => Object.assign(filas.find((f) => f[clave] === k)!, cambios),
  };
}

const formato: TFormatoBalanza = { prefijo: '20', largoCodigo: 5, contenido: 'peso', decimales: 3, digitoPrecio: false };
const producto = (p: Partial<ProductoLocal> & Pick<ProductoLocal, 'id' | 'nombre'>): ProductoLocal => productoLocal({ stock: 37, ...p });

function base(productos: ProductoLocal[] = []) {
  const conteosT = tabla<ConteoSalida & Fila>('clave');
  const db = {
    conteos: conteosT,
    productos: tabla('id', productos as (ProductoLocal & Fila)[]),
    ajustes: tabla('clave', [{ clave: 'formatosBalanza', valor: [formato] }]),
    transaction: async (_modo: string, _t: unknown, fn: () => Promise<unknown>) => fn(),
  } as unknown as BaseLocal;
  return { db, filas: conteosT.filas as ConteoSalida[] };
}

const arroz: TProductoConteo = { productoId: 1, nombre: 'Arroz', codigoBarras: '770', unidad: '94', presentacionId: null, presentacion: null, factor: 1 };
const paca: TProductoConteo = { productoId: 2, nombre: 'Leche', codigoBarras: '771', unidad: '94', presentacionId: 5, presentacion: 'Paca x6', factor: 6 };
const queso: TProductoConteo = { productoId: 3, nombre: 'Queso', codigoBarras: '2012345', unidad: 'KGM', presentacionId: null, presentacion: null, factor: 1 };

describe('la cola de conteos del equipo', () => {
  it('guarda en orden, envía en orden con su clave y la hora del equipo, y una línea ya enviada no vuelve a salir', async () => {
    const { db, filas } = base();
    await guardarLineaConteo(db, 4, arroz, 3, Date.parse('2026-11-30T10:00:00Z'));
    await guardarLineaConteo(db, 4, paca, 2, Date.parse('2026-11-30T10:01:00Z'));
    await guardarLineaConteo(db, 4, queso, 0.75, Date.parse('2026-11-30T10:02:00Z'));
    expect(filas.map((f) => [f.n, f.estado])).toEqual([
      [1, 'pendiente'],
      [2, 'pendiente'],
      [3, 'pendiente'],
    ]);
    expect(await lineasEnEquipo(db, 4)).toEqual([
      { clave: filas[0]!.clave, nombre: 'Arroz', cantidad: '3', estado: 'pendiente' },
      { clave: filas[1]!.clave, nombre: conteos.presentacionDe('Leche · Paca x6', 6), cantidad: '12', estado: 'pendiente' },
      { clave: filas[2]!.clave, nombre: 'Queso', cantidad: '0,75 kg', estado: 'pendiente' },
    ]);
    llamadas.length = 0;
    respuestas.push(
      () => ({}),
      () => ({}),
      () => ({}),
    );
    expect(await enviarConteos(db)).toEqual({ enviadas: 3, rechazadas: 0 });
    expect(llamadas.map((l) => [l.url, l.body.productoId, l.body.presentacionId, l.body.cantidad])).toEqual([
      ['/conteos/4/lineas', 1, null, 3],
      ['/conteos/4/lineas', 2, 5, 2],
      ['/conteos/4/lineas', 3, null, 0.75],
    ]);
    const sinRed = llamadas[0]!.body.sinRed as { clave: string; contadoEn: string; reloj: string };
    expect(sinRed.clave).toBe(filas[0]!.clave);
    expect(sinRed.contadoEn).toBe('2026-11-30T10:00:00.000Z');
    // Blind: what the device sends and lists never names the stock.
    expect(JSON.stringify(llamadas)).not.toMatch(/stock/i);
    expect(await lineasEnEquipo(db, 4)).toEqual([]);
    llamadas.length = 0;
    expect(await enviarConteos(db)).toEqual({ enviadas: 0, rechazadas: 0 });
    expect(llamadas).toHaveLength(0);
  });

  it('sin conexión la ronda para y la siguiente reenvía la misma línea con la misma clave; un rechazo queda con su motivo', async () => {
    const { db, filas } = base();
    await guardarLineaConteo(db, 4, arroz, 3);
    await guardarLineaConteo(db, 4, paca, 1);
    llamadas.length = 0;
    respuestas.push(() => {
      throw new NetworkError();
    });
    expect(await enviarConteos(db)).toEqual({ enviadas: 0, rechazadas: 0 });
    expect(filas.map((f) => f.estado)).toEqual(['pendiente', 'pendiente']);
    respuestas.push(
      () => ({}),
      () => {
        throw new AppError('CONFLICT', conteos.noAbierto('aprobado'));
      },
    );
    expect(await enviarConteos(db)).toEqual({ enviadas: 1, rechazadas: 1 });
    expect((llamadas[0]!.body.sinRed as { clave: string }).clave).toBe((llamadas[1]!.body.sinRed as { clave: string }).clave);
    expect(await lineasEnEquipo(db, 4)).toEqual([{ clave: filas[1]!.clave, nombre: conteos.presentacionDe('Leche · Paca x6', 6), cantidad: '6', estado: 'rechazada', error: conteos.noAbierto('aprobado') }]);
    // Another count's lines are not this one's.
    expect(await lineasEnEquipo(db, 5)).toEqual([]);
  });

  it('una línea con su lote lo guarda, lo muestra y lo envía; el servidor lo revisa', async () => {
    const { db } = base();
    const jarabe: TProductoConteo = { productoId: 9, nombre: 'Jarabe', codigoBarras: '779', unidad: '94', presentacionId: null, presentacion: null, factor: 1, manejaLotes: true };
    await guardarLineaConteo(db, 6, jarabe, 4, Date.parse('2026-11-30T10:00:00Z'), { codigo: 'J-1' });
    await guardarLineaConteo(db, 6, jarabe, 1, Date.parse('2026-11-30T10:01:00Z'), { codigo: 'J-NUEVO', vence: '2027-06-30' });
    expect((await lineasEnEquipo(db, 6)).map((l) => [l.nombre, l.cantidad])).toEqual([
      [`Jarabe (${conteos.loteDeLinea('J-1')})`, '4'],
      [`Jarabe (${conteos.loteDeLinea('J-NUEVO')})`, '1'],
    ]);
    llamadas.length = 0;
    respuestas.push(
      () => ({}),
      () => ({}),
    );
    expect(await enviarConteos(db)).toEqual({ enviadas: 2, rechazadas: 0 });
    expect(llamadas.map((l) => [l.body.cantidad, l.body.lote])).toEqual([
      [4, { codigo: 'J-1' }],
      [1, { codigo: 'J-NUEVO', vence: '2027-06-30' }],
    ]);
  });
});

describe('la búsqueda del conteo en el catálogo del equipo', () => {
  const catalogo = [
    producto({ id: 3, nombre: 'Queso campesino', unidad: 'KGM', codigoBarras: '1234', precio: 20_000 }),
    producto({ id: 2, nombre: 'Leche 1 L', codigoBarras: '771', presentaciones: [{ id: 5, nombre: 'Paca x6', factor: 6, codigoBarras: '7716', precio: 27_000 }] }),
    producto({ id: 7, nombre: 'Jabón', codigoBarras: '555' }),
    producto({ id: 9, nombre: 'Jarabe para la tos', codigoBarras: '779', manejaLotes: true }),
  ];

  it('una etiqueta de balanza da su producto con los kilos de la etiqueta; una paca, su factor; un nombre, la lista', async () => {
    const { db } = base(catalogo);
    const etiqueta = etiquetaBalanza(formato, '1234', 750);
    expect(await buscarConteoEnEquipo(db, etiqueta)).toEqual([{ productoId: 3, nombre: 'Queso campesino', codigoBarras: etiqueta, unidad: 'KGM', presentacionId: null, presentacion: null, factor: 1, cantidad: 0.75 }]);
    expect(await buscarConteoEnEquipo(db, '7716')).toEqual([{ productoId: 2, nombre: 'Leche 1 L', codigoBarras: '7716', unidad: '94', presentacionId: 5, presentacion: 'Paca x6', factor: 6 }]);
    const porNombre = await buscarConteoEnEquipo(db, 'LECHE');
    expect(porNombre.map((p) => p.nombre)).toEqual(['Leche 1 L']);
    // A product that tracks lots says so, by its code and by its name: the screen asks its lot.
    expect(await buscarConteoEnEquipo(db, '779')).toEqual([expect.objectContaining({ productoId: 9, manejaLotes: true })]);
    expect(await buscarConteoEnEquipo(db, 'jarabe')).toEqual([expect.objectContaining({ productoId: 9, manejaLotes: true })]);
    // Blind: the device's copy has the stock; the count's answers never carry it.
    expect(JSON.stringify([porNombre, await buscarConteoEnEquipo(db, etiqueta)])).not.toMatch(/stock|37/);
  });

  it('una etiqueta de un producto por unidad se rechaza con su motivo; sin catálogo, se dice', async () => {
    await expect(buscarConteoEnEquipo(base(catalogo).db, etiquetaBalanza(formato, '555', 500))).rejects.toThrow(ventas.peso.etiquetaPorUnidad('Jabón'));
    await expect(buscarConteoEnEquipo(base().db, '771')).rejects.toThrow(conteos.sinCatalogo);
  });
});
