import { describe, expect, it } from 'vitest';
import { AppError } from '#shared/errors';
import { sinRed } from '#shared/messages/sin-red';
import { ventas } from '#shared/messages/ventas';
import { crearVerificador, verificadorATexto, verificadorDeTexto } from '#shared/pin-verificador';
import { ROL } from '#shared/roles';
import type { TSupervisorSinRed } from '#shared/schemas/sin-red';
import { agregarProducto } from '../ventas/carrito';
import { revisarPedidoSinRed } from './fuente-sin-red';
import { comprobarPinSinRed, PIN_FALLOS_EQUIPO, supervisoresDelEquipo, type AlmacenPin } from './pin-sin-red';
import { armarVenta } from './venta-local';

/**
 * Issue #53 point 3, ADR 053: the device checks a supervisor's PIN offline against the verifier the
 * sync brought, counts its wrong PINs (5 lock offline overrides until the next sync), and the outbox
 * carries who authorised and their PIN's version, never the PIN.
 */

// Few rounds here: the arithmetic is the same, the tests stay fast.
const supervisor = async (id: number, nombre: string, pin: string, version = 1): Promise<TSupervisorSinRed> => ({ id, nombre, version, ...(await crearVerificador(pin, 1000)) });

function memoria(supervisores: TSupervisorSinRed[]): AlmacenPin & { n: number } {
  const a = {
    n: 0,
    supervisores: async () => supervisores,
    tomarIntento: async (max: number) => (a.n >= max ? false : (a.n++, true)),
    devolverIntento: async () => void (a.n = Math.max(0, a.n - 1)),
    intentos: async () => a.n,
  };
  return a;
}

const rechazo = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
};

describe('el PIN del supervisor comprobado en el equipo', () => {
  it('el PIN correcto autoriza con quién y la versión de su PIN; el dialogo lista solo nombres', async () => {
    const almacen = memoria([await supervisor(7, 'Laura Díaz', '4827', 3), await supervisor(0, 'Tienda (cuenta de la tienda)', '5937')]);
    expect(await supervisoresDelEquipo(almacen)).toEqual([
      { id: 7, nombre: 'Laura Díaz' },
      { id: 0, nombre: 'Tienda (cuenta de la tienda)' },
    ]);
    expect(await comprobarPinSinRed(almacen, { supervisorId: 7, pin: '4827' })).toEqual({ autorizacion: { supervisorId: 7, version: 3 }, nombre: 'Laura Díaz' });
    expect(await comprobarPinSinRed(almacen, { supervisorId: 0, pin: '5937' })).toEqual({ autorizacion: { supervisorId: 0, version: 1 }, nombre: 'Tienda (cuenta de la tienda)' });
    // A right PIN gives its try back.
    expect(almacen.n).toBe(0);
  });

  it('un PIN de otro supervisor, uno desconocido o sin verificadores es el mismo "PIN incorrecto" y cuenta', async () => {
    const almacen = memoria([await supervisor(7, 'Laura Díaz', '4827'), await supervisor(8, 'Pedro Gil', '6150')]);
    for (const a of [
      { supervisorId: 7, pin: '6150' },
      { supervisorId: 99, pin: '4827' },
    ]) {
      const err = await rechazo(comprobarPinSinRed(almacen, a));
      expect([err.code, err.message]).toEqual(['FORBIDDEN', ventas.pinIncorrecto]);
    }
    expect(almacen.n).toBe(2);
    expect((await rechazo(comprobarPinSinRed(memoria([]), { supervisorId: 7, pin: '4827' }))).message).toBe(ventas.pinIncorrecto);
  });

  it(`tras ${PIN_FALLOS_EQUIPO} PIN incorrectos el equipo no autoriza más, ni con el PIN correcto, hasta sincronizar`, async () => {
    const almacen = memoria([await supervisor(7, 'Laura Díaz', '4827')]);
    const codigos: string[] = [];
    for (let i = 0; i < PIN_FALLOS_EQUIPO; i++) codigos.push((await rechazo(comprobarPinSinRed(almacen, { supervisorId: 7, pin: '0001' }))).code);
    // The last wrong one already says the device is locked.
    expect(codigos).toEqual([...Array(PIN_FALLOS_EQUIPO - 1).fill('FORBIDDEN'), 'RATE_LIMITED']);
    const err = await rechazo(comprobarPinSinRed(almacen, { supervisorId: 7, pin: '4827' }));
    expect([err.code, err.message]).toEqual(['RATE_LIMITED', sinRed.pinBloqueadoEquipo(PIN_FALLOS_EQUIPO)]);
    // The sync sets the count to 0 (sincronizar.ts): the right PIN works again.
    almacen.n = 0;
    expect((await comprobarPinSinRed(almacen, { supervisorId: 7, pin: '4827' })).autorizacion).toEqual({ supervisorId: 7, version: 1 });
  });

  it('el verificador se guarda como texto y se lee igual; un texto que no lo es, no', async () => {
    const v = await crearVerificador('4827', 1000);
    expect(verificadorDeTexto(verificadorATexto(v))).toEqual(v);
    for (const malo of [null, '', 'bcrypt$x', 'pbkdf2-sha256$abc$AAAA$BBBB']) expect(verificadorDeTexto(malo)).toBeNull();
  });
});

describe('la venta de un cajero con descuento sin red', () => {
  const lineas = agregarProducto([], { id: 1, nombre: 'Leche', marca: null, precio: 4_000, stock: 5, codigoBarras: null, unidad: '94' }, 2);
  const pedido = { lineas: [{ productoId: 1, cantidad: 2 }], descuento: { tipo: 'valor' as const, valor: 500 }, metodoPagoId: 5, montoRecibido: 10_000 };

  it('sin autorización se rechaza; con la del diálogo pasa a comprobar el PIN', () => {
    expect(() => revisarPedidoSinRed({ rol: ROL.EMPLEADO, pedido, lineas, cliente: null, disponible: null })).toThrow(sinRed.descuentoSoloSupervisor);
    expect(revisarPedidoSinRed({ rol: ROL.EMPLEADO, pedido: { ...pedido, autorizacion: { supervisorId: 7, pin: '4827' } }, lineas, cliente: null, disponible: null })).toEqual({ sobregiro: false });
    expect(revisarPedidoSinRed({ rol: ROL.ENCARGADO, pedido, lineas, cliente: null, disponible: null })).toEqual({ sobregiro: false });
  });

  it('la salida lleva quién autorizó y la versión de su PIN, nunca el PIN; el recibo dice quién autorizó', () => {
    const v = armarVenta(
      {
        lineas,
        pago: { metodoPagoId: 5, metodo: 'Efectivo', montoRecibido: 10_000, cliente: null },
        tienda: 'T',
        cajero: 'C',
        sobregiro: false,
        descuento: pedido.descuento,
        motivoDescuento: 'Cliente frecuente',
        autorizacion: { supervisorId: 7, version: 3 },
        autorizadoPor: 'Laura Díaz',
      },
      { clave: '00000000-0000-4000-8000-000000000011', n: 2, dispositivo: { id: 1, prefijo: 'D1' }, fecha: '2026-11-30T15:00:00.000Z', contingencia: false },
    );
    expect(v.cuerpo.sinRed?.autorizacion).toEqual({ supervisorId: 7, version: 3 });
    expect(v.cuerpo).not.toHaveProperty('autorizacion');
    expect(JSON.stringify(v)).not.toContain('4827');
    expect(v.recibo).toMatchObject({ autorizadoPor: 'Laura Díaz', total: 7_500, descuento: 500 });
  });
});
