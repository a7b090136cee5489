/**
 * Issue #51 point 5: offline is an exception with its own rules, not a flag anyone can set. An online
 * `POST /api/ventas` cannot carry an offline sale; offline sales come only by the sync
 * (`POST /api/sin-red/ventas`) from a device role 1 authorised and did not revoke, sent by the account
 * that made them; and one that broke a rule the server enforces online is recorded (the goods left)
 * and listed under Revisar with its reasons, marked reviewed once by role 1.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import type { TDispositivo, TEquipoPropio, TEquipos, TVentasRevisar } from '#shared/schemas/sin-red';
import { HORAS_FECHA_SIN_RED } from '#shared/schemas/sin-red';
import type { TRecibo } from '#shared/schemas/venta';
import { dispositivoVenta, movimiento, producto, usuario } from '../../db/schema';
import { crearEmpleado, crearTienda, peticion, type Tienda } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';
import { ventaSinRed as venta } from './sin-red.fixtures';

const t = usarApp();
const req = peticion(t);
const db = () => t.database.db;
const S = M.sinRed;

async function productoCon(s: Tienda, stock: number, nombre: string) {
  const [p] = await db().insert(producto).values({ tiendaId: s.id, nombre, precioUnit: 2500, stock, estado: 1 }).returning();
  await db().insert(movimiento).values({ tiendaId: s.id, productoId: p!.idProducto, stockAntes: 0, entradas: stock, salidas: 0, cantidadDespues: stock, estadoDespues: 'Entrada', motivo: 'Inicial' });
  return p!.idProducto;
}
const claveNueva = () => randomBytes(32).toString('base64url');
async function pedir(token: string, clave: string): Promise<TEquipoPropio> {
  const r = await req('POST', '/api/sin-red/equipo', token, { clave });
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}
async function prefijo(token: string, clave: string): Promise<TDispositivo> {
  const r = await req('POST', '/api/sin-red/dispositivos', token, { clave });
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
}
const ahora = () => new Date().toISOString();
const stockDe = async (id: number) => (await db().select({ s: producto.stock }).from(producto).where(eq(producto.idProducto, id)))[0]!.s;

/** A cashier (role 2) with a device the owner authorised. */
async function cajeroConEquipo(s: Tienda) {
  const cajero = (await crearEmpleado(t, s.codigo, { rol: ROL.EMPLEADO })).token;
  const clave = claveNueva();
  const equipo = await pedir(cajero, clave);
  expect((await req('POST', `/api/sin-red/equipos/${equipo.id}/autorizar`, s.token)).statusCode).toBe(200);
  return { cajero, clave, equipo, d: await prefijo(cajero, clave) };
}

describe('una venta en línea no puede usar el camino sin red', () => {
  it('POST /api/ventas con sinRed se rechaza con un 400 en español y no mueve el stock', async () => {
    const s = await crearTienda(t);
    const { cajero, d } = await cajeroConEquipo(s);
    const id = await productoCon(s, 5, 'Aceite');
    const r = await req('POST', '/api/ventas', cajero, venta(d, 1, id, 30));
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().error.message).toBe(S.soloSincronizacion);
    expect(await stockDe(id)).toBe(5);
    // The same sale by the sync path is recorded (past stock, listed under Revisar).
    const ok = await req('POST', '/api/sin-red/ventas', cajero, venta(d, 1, id, 30));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(await stockDe(id)).toBe(-25);
  });
});

describe('equipos registrados por el dueño', () => {
  it('el equipo de un cajero pide permiso; sin autorizar o revocado no vende sin red; el dueño lo lista, lo renombra y lo autoriza', async () => {
    const s = await crearTienda(t);
    const cajero = (await crearEmpleado(t, s.codigo, { rol: ROL.EMPLEADO })).token;
    const clave = claveNueva();
    // A prefix needs the device to have asked first.
    expect((await req('POST', '/api/sin-red/dispositivos', cajero, { clave })).statusCode).toBe(422);
    const equipo = await pedir(cajero, clave);
    expect(equipo.estado).toBe('pendiente');
    const d = await prefijo(cajero, clave);
    const id = await productoCon(s, 10, 'Arroz');
    const pendiente = await req('POST', '/api/sin-red/ventas', cajero, venta(d, 1, id, 1));
    expect(pendiente.statusCode, pendiente.body).toBe(403);
    expect(pendiente.json().error).toMatchObject({ message: S.ventasEsperanAutorizacion, datos: { equipo: 'sin-autorizar' } });
    // Role 2 cannot authorise it, nor see the list.
    expect((await req('POST', `/api/sin-red/equipos/${equipo.id}/autorizar`, cajero)).statusCode).toBe(403);
    expect((await req('GET', '/api/sin-red/equipos', cajero)).statusCode).toBe(403);
    const l = await req('GET', '/api/sin-red/equipos', s.token);
    expect(l.statusCode, l.body).toBe(200);
    const lista = l.json() as TEquipos;
    expect(lista.items).toEqual([expect.objectContaining({ id: equipo.id, estado: 'pendiente', nombre: 'Equipo de Ana Pérez', pedidoPor: 'Ana Pérez' })]);
    const renombrado = await req('PATCH', `/api/sin-red/equipos/${equipo.id}`, s.token, { nombre: '  Caja 2  ' });
    expect(renombrado.json()).toEqual({ id: equipo.id, nombre: 'Caja 2', estado: 'pendiente' });
    expect((await req('PATCH', `/api/sin-red/equipos/${equipo.id}`, s.token, { nombre: ' ' })).json().error.message).toBe(S.nombreEquipoRequerido);
    expect((await req('POST', `/api/sin-red/equipos/${equipo.id}/autorizar`, s.token)).json().estado).toBe('autorizado');
    const ok = await req('POST', '/api/sin-red/ventas', cajero, venta(d, 1, id, 1));
    expect(ok.statusCode, ok.body).toBe(201);
    expect((await req('GET', '/api/sin-red/equipos', s.token)).json().items[0]).toEqual(expect.objectContaining({ ventas: 1, autorizadoPor: expect.any(String) }));
    // Revoked: the next sale is refused.
    expect((await req('POST', `/api/sin-red/equipos/${equipo.id}/revocar`, s.token)).json().estado).toBe('revocado');
    const revocado = await req('POST', '/api/sin-red/ventas', cajero, venta(d, 2, id, 1));
    expect(revocado.statusCode).toBe(403);
    expect(revocado.json().error.message).toBe(S.equipoRevocado);
    // Another store's owner does not find it.
    const otra = await crearTienda(t);
    expect((await req('POST', `/api/sin-red/equipos/${equipo.id}/autorizar`, otra.token)).statusCode).toBe(404);
  });

  it('el dueño registra su propio equipo al pedirlo; otro empleado no puede usar el número del equipo de un cajero', async () => {
    const s = await crearTienda(t);
    expect((await pedir(s.token, claveNueva())).estado).toBe('autorizado');
    const { d } = await cajeroConEquipo(s);
    const otro = (await crearEmpleado(t, s.codigo, { rol: ROL.EMPLEADO })).token;
    const id = await productoCon(s, 10, 'Sal');
    for (const token of [otro, s.token]) {
      const r = await req('POST', '/api/sin-red/ventas', token, venta(d, 1, id, 1));
      expect(r.statusCode, r.body).toBe(403);
      expect(r.json().error.message).toBe(S.equipoDeOtroUsuario);
    }
    expect(await stockDe(id)).toBe(10);
  });
});

describe('ventas sin red para revisar', () => {
  it('fiado sobre el cupo, stock, descuento sin PIN y fechas lejanas se registran y quedan en Revisar; una venta limpia no', async () => {
    const s = await crearTienda(t);
    const { cajero, d } = await cajeroConEquipo(s);
    const id = await productoCon(s, 3, 'Leche');
    const cli = await req('POST', '/api/clientes', s.token, { documento: '52000333', tipoDocumento: 'CC', nombre: 'Rosa', apellido: 'Gil', fiado: true, cupo: 20_000 });
    expect(cli.statusCode, cli.body).toBe(201);
    const enviar = async (cuerpo: Record<string, unknown>) => {
      const r = await req('POST', '/api/sin-red/ventas', cajero, cuerpo);
      expect(r.statusCode, r.body).toBe(201);
      return r.json() as TRecibo;
    };
    const limpia = await enviar(venta(d, 1, id, 1));
    const fiado = await enviar(venta(d, 2, id, 10, { metodoPagoId: 7, montoRecibido: 0, documentoCliente: '52000333' }));
    const descuento = await enviar(venta(d, 3, id, 1, { descuento: { tipo: 'valor', valor: 500 }, motivoDescuento: 'Cliente fiel' }));
    const futura = await enviar(venta(d, 4, id, 1, { sinRed: { dispositivoId: d.id, numero: `${d.prefijo}-4`, fecha: '2099-01-01T12:00:00Z', reloj: ahora() } }));
    const pasada = await enviar(venta(d, 5, id, 1, { sinRed: { dispositivoId: d.id, numero: `${d.prefijo}-5`, fecha: '1970-01-01T12:00:00Z', reloj: ahora() } }));
    expect((await req('GET', '/api/sin-red/revisar', cajero)).statusCode).toBe(403);
    const lista = (await req('GET', '/api/sin-red/revisar', s.token)).json() as TVentasRevisar;
    const motivos = new Map(lista.items.map((i) => [i.ventaId, i.motivos]));
    expect(motivos.has(limpia.id)).toBe(false);
    expect(motivos.get(fiado.id)).toEqual([S.motivoFiado('Rosa Gil', '$ 25.000', '$ 20.000'), S.motivoStock('Leche', '10', '2')]);
    expect(motivos.get(descuento.id)).toEqual([expect.stringContaining('Leche'), S.motivoDescuentoSinPin('$ 500')]);
    expect(motivos.get(futura.id)).toEqual([expect.stringContaining('Leche'), S.motivoFechaReloj(HORAS_FECHA_SIN_RED)]);
    expect(motivos.get(pasada.id)).toEqual([expect.stringContaining('Leche'), S.motivoFechaReloj(HORAS_FECHA_SIN_RED), S.motivoFechaTurno]);
    const item = lista.items.find((i) => i.ventaId === fiado.id)!;
    expect(item).toEqual(expect.objectContaining({ numeroDispositivo: `${d.prefijo}-2`, cajero: 'Ana Pérez', total: 25_000, revisadoPor: null }));

    // Marked reviewed once: who and when; it leaves the list and stays under "todas".
    const marca = await req('POST', `/api/sin-red/revisar/${item.id}/revisada`, s.token);
    expect(marca.statusCode, marca.body).toBe(200);
    const otra = await req('POST', `/api/sin-red/revisar/${item.id}/revisada`, s.token);
    expect(otra.statusCode).toBe(409);
    expect(otra.json().error.message).toBe(S.yaRevisada);
    expect(((await req('GET', '/api/sin-red/revisar', s.token)).json() as TVentasRevisar).items.map((i) => i.ventaId)).not.toContain(fiado.id);
    const todas = (await req('GET', '/api/sin-red/revisar?todas=1', s.token)).json() as TVentasRevisar;
    expect(todas.items.find((i) => i.ventaId === fiado.id)).toEqual(expect.objectContaining({ revisadoPor: expect.any(String), revisadoEn: expect.any(String) }));
    // Another store sees none of it.
    const ajena = await crearTienda(t);
    expect(((await req('GET', '/api/sin-red/revisar?todas=1', ajena.token)).json() as TVentasRevisar).items).toEqual([]);
    expect((await req('POST', `/api/sin-red/revisar/${item.id}/revisada`, ajena.token)).statusCode).toBe(404);
  });
});

describe('el registro de actividad (issue #51 punto 8): equipos y ventas revisadas', () => {
  const entradas = async (token: string) => {
    const r = await req('GET', '/api/actividad?tipo=sin_red&pageSize=50', token);
    expect(r.statusCode, r.body).toBe(200);
    return (r.json() as { items: { persona: string; cara: string; tipo: string; descripcion: string }[] }).items.map((i) => `${i.persona} | ${i.cara} | ${i.descripcion}`).reverse();
  };

  it('autorizar, renombrar y quitar el permiso a un equipo, y marcar revisada una venta, dejan quién, la cara y el antes y después', async () => {
    const s = await crearTienda(t, { nombreTienda: 'Tienda El Equipo' });
    const dueno = 'Cuenta de la tienda | tienda';
    // The owner's own device, authorised on asking.
    const propio = await pedir(s.token, claveNueva());
    const { cajero, equipo, d } = await cajeroConEquipo(s);
    expect((await req('PATCH', `/api/sin-red/equipos/${equipo.id}`, s.token, { nombre: 'Caja 2' })).statusCode).toBe(200);
    // Renamed to the same name: nothing changed, nothing logged.
    expect((await req('PATCH', `/api/sin-red/equipos/${equipo.id}`, s.token, { nombre: 'Caja 2' })).statusCode).toBe(200);
    const cli = await req('POST', '/api/clientes', s.token, { documento: '52000444', tipoDocumento: 'CC', nombre: 'Luz', apellido: 'Mar', fiado: true, cupo: 1_000 });
    expect(cli.statusCode, cli.body).toBe(201);
    const id = await productoCon(s, 10, 'Panela');
    const v = await req('POST', '/api/sin-red/ventas', cajero, venta(d, 1, id, 2, { metodoPagoId: 7, montoRecibido: 0, documentoCliente: '52000444' }));
    expect(v.statusCode, v.body).toBe(201);
    const recibo = v.json() as TRecibo;
    expect((await req('POST', `/api/sin-red/equipos/${equipo.id}/revocar`, s.token)).statusCode).toBe(200);
    const item = ((await req('GET', '/api/sin-red/revisar', s.token)).json() as TVentasRevisar).items.find((i) => i.ventaId === recibo.id)!;
    expect((await req('POST', `/api/sin-red/revisar/${item.id}/revisada`, s.token)).statusCode).toBe(200);
    // A refused second mark leaves no entry.
    expect((await req('POST', `/api/sin-red/revisar/${item.id}/revisada`, s.token)).statusCode).toBe(409);

    expect(await entradas(s.token)).toEqual([
      `${dueno} | Autorizó el equipo sin red «Equipo de Tienda El Equipo» (#${propio.id}): estado: — → Autorizado`,
      `${dueno} | Autorizó el equipo sin red «Equipo de Ana Pérez» (#${equipo.id}): estado: Pide permiso → Autorizado`,
      `${dueno} | Renombró el equipo sin red «Caja 2» (#${equipo.id}): nombre: Equipo de Ana Pérez → Caja 2`,
      `${dueno} | Quitó el permiso al equipo sin red «Caja 2» (#${equipo.id}): estado: Autorizado → Sin permiso`,
      `${dueno} | Marcó revisada la venta sin red #${recibo.numero} (${d.prefijo}-1) del equipo «Caja 2»: revisada: no → sí`,
    ]);
  });
});

describe('el cupo de fiado sin red se mide con el saldo que vio el equipo (issue #51 punto 5, ADR 041)', () => {
  async function escenario() {
    const s = await crearTienda(t);
    const eq = await cajeroConEquipo(s);
    const id = await productoCon(s, 100, 'Harina');
    const cli = await req('POST', '/api/clientes', s.token, { documento: '52000555', tipoDocumento: 'CC', nombre: 'Eva', apellido: 'Paz', fiado: true, cupo: 20_000 });
    expect(cli.statusCode, cli.body).toBe(201);
    const fiadoEnLinea = async (cantidad: number) => {
      const r = await req('POST', '/api/ventas', s.token, { clave: randomUUID(), lineas: [{ productoId: id, cantidad }], metodoPagoId: 7, montoRecibido: 0, documentoCliente: '52000555' });
      expect(r.statusCode, r.body).toBe(201);
    };
    /** The device's download, as the offline till does it: it names its prefix. */
    const descargar = async () => expect((await req('GET', `/api/sin-red/datos?dispositivoId=${eq.d.id}`, eq.cajero)).statusCode).toBe(200);
    const fiadoSinRed = async (n: number, cantidad: number, saldoCliente?: number) => {
      const cuerpo = venta(eq.d, n, id, cantidad, { metodoPagoId: 7, montoRecibido: 0, documentoCliente: '52000555' });
      const r = await req('POST', '/api/sin-red/ventas', eq.cajero, { ...cuerpo, sinRed: { ...cuerpo.sinRed, ...(saldoCliente === undefined ? {} : { saldoCliente }) } });
      expect(r.statusCode, r.body).toBe(201);
      return (r.json() as TRecibo).id;
    };
    const motivos = async (ventaId: number) => ((await req('GET', '/api/sin-red/revisar?todas=1', s.token)).json() as TVentasRevisar).items.find((i) => i.ventaId === ventaId)?.motivos ?? [];
    const saldo = async () => ((await req('GET', '/api/clientes?q=52000555', s.token)).json() as { items: { credito?: { saldo: number } }[] }).items[0]?.credito?.saldo ?? 0;
    return { s, eq, fiadoEnLinea, descargar, fiadoSinRed, motivos, saldo };
  }

  it('una venta dentro del cupo cuando se hizo, que al llegar lo pasa porque entró otra venta entre tanto, no queda en Revisar por el cupo', async () => {
    const e = await escenario();
    await e.descargar(); // the device sees a balance of 0
    await e.fiadoEnLinea(6); // $ 15.000 on credit at the counter meanwhile
    const id = await e.fiadoSinRed(1, 4, 0); // $ 10.000 offline: 0 + 10.000 ≤ 20.000 as the device saw it
    expect(await e.motivos(id)).toEqual([]);
    // Recorded all the same: the customer owes both.
    expect(await e.saldo()).toBe(25_000);
  });

  it('una venta que pasa el cupo según lo que vio el propio equipo sí queda en Revisar, y un equipo que dice haber visto menos no engaña', async () => {
    const e = await escenario();
    await e.fiadoEnLinea(6); // $ 15.000 before the download
    await e.descargar(); // the device sees 15.000
    const honesta = await e.fiadoSinRed(1, 4, 15_000);
    expect(await e.motivos(honesta)).toEqual([S.motivoFiado('Eva Paz', '$ 10.000', '$ 5.000')]);
    // A device claiming it saw 0 is held to what it downloaded (15.000) and to its own sale since (10.000).
    const mentirosa = await e.fiadoSinRed(2, 1, 0);
    expect(await e.motivos(mentirosa)).toEqual([S.motivoFiado('Eva Paz', '$ 2.500', '$ 0')]);
  });

  it('dos ventas sin red del mismo equipo suman aunque el equipo no las cuente; sin descarga anotada vale el saldo al llegar', async () => {
    const e = await escenario();
    await e.descargar();
    expect(await e.motivos(await e.fiadoSinRed(1, 5, 0))).toEqual([]); // 12.500
    expect(await e.motivos(await e.fiadoSinRed(2, 4))).toEqual([S.motivoFiado('Eva Paz', '$ 10.000', '$ 7.500')]); // 12.500 + 10.000

    // A device that never named itself on a download: the balance when the sale arrives.
    const otra = await escenario();
    await otra.fiadoEnLinea(6);
    expect(await otra.motivos(await otra.fiadoSinRed(1, 4, 0))).toEqual([S.motivoFiado('Eva Paz', '$ 10.000', '$ 5.000')]);
  });

  it('el saldo que dice el equipo se valida: fuera de rango o con decimales, 400 en español y nada se registra', async () => {
    const e = await escenario();
    for (const saldoCliente of [1.5, 2e12, '100']) {
      const cuerpo = venta(e.eq.d, 1, 1, 1, { metodoPagoId: 7, montoRecibido: 0, documentoCliente: '52000555' });
      const r = await req('POST', '/api/sin-red/ventas', e.eq.cajero, { ...cuerpo, sinRed: { ...cuerpo.sinRed, saldoCliente } });
      expect(r.statusCode, r.body).toBe(400);
      expect(r.body).toContain(S.saldoClienteInvalido);
    }
    expect(await e.saldo()).toBe(0);
  });
});

describe('ventas que esperaban en un equipo de antes de la autorización (issue #51)', () => {
  it('se rechazan diciendo qué hacer, sin registrarse; el equipo conserva su número y, autorizado, las mismas ventas entran', async () => {
    const s = await crearTienda(t);
    const cajero = await crearEmpleado(t, s.codigo, { rol: ROL.EMPLEADO });
    const [u] = await db().select({ id: usuario.idUsuario }).from(usuario).where(eq(usuario.correo, cajero.email));
    // A prefix taken before devices needed the owner's authorisation: no device behind it.
    const [viejo] = await db().insert(dispositivoVenta).values({ tiendaId: s.id, usuarioId: u!.id, prefijo: 'D1' }).returning();
    const d = { id: viejo!.idDispositivo, prefijo: 'D1' };
    const id = await productoCon(s, 10, 'Café');
    const guardada = venta(d, 7, id, 2);
    const r = await req('POST', '/api/sin-red/ventas', cajero.token, guardada);
    expect(r.statusCode, r.body).toBe(403);
    expect(r.json().error).toMatchObject({ message: S.ventasEsperanAutorizacion, datos: { equipo: 'sin-autorizar' } });
    expect(S.ventasEsperanAutorizacion).toContain('Pídale al dueño que lo autorice en Inicio › Equipos sin red');
    expect(await stockDe(id)).toBe(10);

    // The device asks and keeps its prefix (another account cannot take it).
    const clave = claveNueva();
    const equipo = await pedir(cajero.token, clave);
    const otro = (await crearEmpleado(t, s.codigo, { rol: ROL.EMPLEADO })).token;
    const claveOtro = claveNueva();
    await pedir(otro, claveOtro);
    const ajeno = await req('POST', '/api/sin-red/dispositivos', otro, { clave: claveOtro, dispositivoId: d.id });
    expect(ajeno.statusCode, ajeno.body).toBe(201);
    expect(ajeno.json().prefijo).not.toBe('D1');
    const mismo = await req('POST', '/api/sin-red/dispositivos', cajero.token, { clave, dispositivoId: d.id });
    expect(mismo.statusCode, mismo.body).toBe(201);
    expect(mismo.json()).toEqual(d);
    // Still waiting for the owner.
    expect((await req('POST', '/api/sin-red/ventas', cajero.token, guardada)).statusCode).toBe(403);
    expect((await req('POST', `/api/sin-red/equipos/${equipo.id}/autorizar`, s.token)).statusCode).toBe(200);
    const ok = await req('POST', '/api/sin-red/ventas', cajero.token, guardada);
    expect(ok.statusCode, ok.body).toBe(201);
    expect((ok.json() as TRecibo).sinRed?.numero).toBe('D1-7');
    expect(await stockDe(id)).toBe(8);
  });
});
