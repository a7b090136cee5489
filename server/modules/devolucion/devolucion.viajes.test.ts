/**
 * The round trips to the database of a return and an exchange (issue #54 point 6, ADR 076's "Not done"):
 * counted as the sale's are (`venta.viajes.test.ts`), with the session already checked (the session
 * cache is on in production). A plain cash return by the owner and by a supervisor (role 3, who may
 * give money back by default), a fiado sale's return, a return of damaged goods (merma) and an exchange.
 * Counts, never times; a count that grows fails, and the statements say which ones were added.
 */
import { describe, expect, it } from 'vitest';
import { ROL } from '#shared/roles';
import { crearEmpleado, crearTienda } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';
import { contarViajes } from '../../../tests/helpers/viajes';
import { ayudasDevolucion } from './devolucion.fixtures';

// The session cache on, as in production (tests turn it off elsewhere to write straight to the database).
const t = usarApp({ READ_CACHE: 'on' });
const { req, crearProducto, vender, lineasDe, clienteFiado, venderAlFiado, cambioConPin } = ayudasDevolucion(t, 'viajes');

/** The statements of one request, after a read that checks (and caches) the token's session. */
async function viajes(token: string, pedir: () => Promise<{ statusCode: number; body: string }>) {
  expect((await req('GET', '/api/metodos-pago', token)).statusCode).toBe(200);
  const { resultado, viajes } = await contarViajes(pedir);
  expect(resultado.statusCode, resultado.body).toBeLessThan(300);
  // The return's document answered as written is the one read back (devolucion.domain.ts builds both).
  const json = JSON.parse(resultado.body) as { idDevolucion?: number; devolucion?: { idDevolucion: number } };
  const id = json.idDevolucion ?? json.devolucion!.idDevolucion;
  expect((await req('GET', `/api/devoluciones/${id}`, token)).json()).toEqual(json.devolucion ?? json);
  // PostgreSQL's write bus tells the other instances after the answer (pg_notify, not awaited).
  return viajes.filter((v) => !v.includes('pg_notify'));
}

const devolver = (token: string, ventaId: number, body: object) =>
  req('POST', `/api/ventas/${ventaId}/devoluciones`, token, { metodoPagoId: 5, motivo: 'No le sirvió', clave: crypto.randomUUID(), ...body });

/** The round trips each case makes today; the test fails when one makes more. */
const ESPERADOS = { contado: 8, encargado: 9, fiado: 12, merma: 7, cambio: 20, cambioConPin: 25 };
const medidos: Record<string, number> = {};

function comprobar(caso: keyof typeof ESPERADOS, v: string[]) {
  medidos[caso] = v.length;
  expect(v.length, v.join('\n')).toBe(ESPERADOS[caso]);
}

describe('los viajes a la base de datos de una devolución y de un cambio', () => {
  it('una devolución en efectivo, por el dueño y por un encargado', async () => {
    const s = await crearTienda(t);
    const p = await crearProducto(s.id, 10_000, 50);
    const q = await crearProducto(s.id, 2_500, 50);
    const ventaId = await vender(s.token, [
      { productoId: p, cantidad: 3 },
      { productoId: q, cantidad: 1 },
    ]);
    const [l] = (await lineasDe(s.token, ventaId)).lineas;
    comprobar('contado', await viajes(s.token, () => devolver(s.token, ventaId, { lineas: [{ facturaId: l!.facturaId, cantidad: 1, destino: 'inventario' }] })));

    const encargado = (await crearEmpleado(t, s.codigo, { rol: ROL.ENCARGADO })).token;
    const otra = await vender(encargado, [{ productoId: p, cantidad: 2 }]);
    const [m] = (await lineasDe(encargado, otra)).lineas;
    comprobar('encargado', await viajes(encargado, () => devolver(encargado, otra, { lineas: [{ facturaId: m!.facturaId, cantidad: 1, destino: 'inventario' }] })));
  });

  it('la devolución de una venta al fiado, y la de un producto dañado (merma)', async () => {
    const s = await crearTienda(t);
    const p = await crearProducto(s.id, 5_000, 20);
    const fiada = await venderAlFiado(s.token, [{ productoId: p, cantidad: 4 }], (await clienteFiado(s.token)).documento);
    const [l] = (await lineasDe(s.token, fiada)).lineas;
    comprobar('fiado', await viajes(s.token, () => devolver(s.token, fiada, { lineas: [{ facturaId: l!.facturaId, cantidad: 1, destino: 'inventario' }], metodoPagoId: 7 })));

    const ventaId = await vender(s.token, [{ productoId: p, cantidad: 2 }]);
    const [m] = (await lineasDe(s.token, ventaId)).lineas;
    comprobar('merma', await viajes(s.token, () => devolver(s.token, ventaId, { lineas: [{ facturaId: m!.facturaId, cantidad: 1, destino: 'merma' }] })));
  });

  it('un cambio con diferencia a pagar en efectivo', async () => {
    const s = await crearTienda(t);
    const camisa = await crearProducto(s.id, 30_000, 10);
    const chaqueta = await crearProducto(s.id, 45_000, 10);
    const ventaId = await vender(s.token, [{ productoId: camisa, cantidad: 2 }]);
    const [l] = (await lineasDe(s.token, ventaId)).lineas;
    comprobar(
      'cambio',
      await viajes(s.token, () =>
        req('POST', `/api/ventas/${ventaId}/cambios`, s.token, {
          metodoPagoId: 5,
          montoRecibido: 20_000,
          motivo: 'Talla equivocada',
          clave: crypto.randomUUID(),
          devolver: [{ facturaId: l!.facturaId, cantidad: 1, destino: 'inventario' }],
          lineas: [{ productoId: chaqueta, cantidad: 1 }],
        }),
      ),
    );
  });

  it('un cambio con descuento hecho por un cajero, con el PIN de un supervisor', async () => {
    const s = await crearTienda(t);
    const { cajero, supervisorId, q, ventaId, facturaId } = await cambioConPin(s);
    // One PIN authorises giving the value back (a cashier may not by default) and the new sale's discount:
    // checked once, before the exchange is written once (43 with the trial run and a second check).
    comprobar(
      'cambioConPin',
      await viajes(cajero, () =>
        req('POST', `/api/ventas/${ventaId}/cambios`, cajero, {
          metodoPagoId: 5,
          montoRecibido: 0,
          motivo: 'Talla equivocada',
          clave: crypto.randomUUID(),
          devolver: [{ facturaId, cantidad: 1, destino: 'inventario' }],
          lineas: [{ productoId: q, cantidad: 1, descuento: { tipo: 'valor', valor: 2_000 } }],
          motivoDescuento: 'Cliente frecuente',
          autorizacion: { supervisorId, pin: '4827' },
        }),
      ),
    );
    console.log('Viajes a la base por devolución:', JSON.stringify(medidos));
  });
});
