import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import type { TestApp } from '../../../tests/helpers/test-app';
import { client, crear, createCrudTestApp, nuevoDocumento, operadorToken, PASSWORD, seenBodies, tiendaConDatos, type Client } from './crud.fixtures';

let t: TestApp;
let s: Awaited<ReturnType<typeof tiendaConDatos>>;
let operador: Client;
/** A sale still open (Pendiente): only its lines may be removed (issue #51: a completed sale's never are). */
let ventaAbierta: number;

beforeAll(async () => {
  t = await createCrudTestApp();
  s = await tiendaConDatos(t);
  operador = client(t, await operadorToken(t));
  const abierta = await s.admin.post('/ventas', { fecha: '2024-05-02', hora: '11:00', estado: 'Pendiente', metodoPagoId: 5 });
  ventaAbierta = abierta.body.id as number;
});
afterAll(() => t?.close());

interface Case {
  path: string;
  /** Who may write this area: the store admin, or only the platform operator (global catalogues, stores). */
  writer: 'admin' | 'operador';
  create: () => object;
  update: () => object;
  /** What the list row shows after create / after update. */
  created: Record<string, unknown>;
  updated: Record<string, unknown>;
  /** A search text that finds the new row. */
  q: (id: number) => string;
  idKey: string;
}

const doc = nuevoDocumento();
const docCliente = nuevoDocumento();
const correoTienda = `tienda-nueva-${Date.now()}@prueba.co`;

const CASES: Case[] = [
  {
    path: 'usuarios',
    writer: 'admin',
    idKey: 'idUsuario',
    create: () => ({
      documento: doc,
      tipoDoc: 'CC',
      nombre: 'Pedro',
      apellido: 'Suárez',
      email: `pedro-${doc}@prueba.co`,
      contrasena: PASSWORD,
      codigo_invitacion: s.codigo,
      idRol: 2,
    }),
    update: () => ({
      documento: doc,
      tipoDoc: 'CE',
      nombre: 'Pedro',
      nombre2: 'José',
      apellido: 'Suárez',
      email: `pedro-${doc}@prueba.co`,
      contrasena: '',
      codigo_invitacion: '',
      idRol: 3,
    }),
    created: { documento: doc, nombre: 'Pedro', idRol: 2, idTienda: 0, codigoInvitacion: '' },
    updated: { tipoDoc: 'CE', nombre2: 'José', idRol: 3 },
    q: () => doc,
  },
  {
    path: 'tienda',
    writer: 'operador',
    idKey: 'idTienda',
    create: () => ({ nombreTienda: 'Tienda Nueva', correo: correoTienda, contrasena: PASSWORD, telefono: '3009998877' }),
    update: () => ({ nombreTienda: 'Tienda Renovada', correo: correoTienda, direccion: 'Carrera 7 # 1-2' }),
    created: { nombreTienda: 'Tienda Nueva', telefono: '3009998877', direccion: null },
    updated: { nombreTienda: 'Tienda Renovada', direccion: 'Carrera 7 # 1-2', telefono: null },
    q: () => correoTienda,
  },
  {
    path: 'producto',
    writer: 'admin',
    idKey: 'idProducto',
    create: () => ({ nombre: 'Panela 500 g', precioUnit: '3200', stock: '12', stockMin: '3', estado: '1', marca: 'La Molienda' }),
    // The form sends every field, an emptied one as '' (an absent key keeps its value: issue #29).
    update: () => ({ nombre: 'Panela 1 kg', precioUnit: 6100, stock: 7, stockMin: 2, estado: 0, fechaVencimiento: '2025-12-31', marca: '' }),
    created: { nombre: 'Panela 500 g', precioUnit: 3200, stock: 12, estado: 1, marca: 'La Molienda' },
    updated: { nombre: 'Panela 1 kg', precioUnit: 6100, stock: 7, estado: 0, fechaVencimiento: '2025-12-31', marca: null },
    q: () => 'Panela',
  },
  {
    path: 'factura',
    writer: 'admin',
    idKey: 'idFactura',
    create: () => ({ ventaId: ventaAbierta, productoId: s.productoId, cantidad: 2, precio: 2800, estado: 'Pendiente' }),
    update: () => ({ ventaId: ventaAbierta, productoId: s.productoId, cantidad: 3, precio: 2700, estado: 'Pagado' }),
    // A line's state follows its sale's (issue #27: lines are the sale's, written by its owner).
    created: { cantidad: 2, precio: 2800, productoNombre: 'Arroz 500 g' },
    updated: { cantidad: 3, precio: 2700 },
    q: () => String(ventaAbierta),
  },
  {
    path: 'cliente',
    writer: 'admin',
    idKey: 'idCliente',
    create: () => ({ documento: docCliente, tipoDocumento: 'TI', nombre: 'Luis', apellido: 'Mora', correo: '' }),
    update: () => ({ documento: docCliente, tipoDocumento: 'CC', nombre: 'Luis', apellido: 'Mora Ríos', correo: 'Luis@Correo.co' }),
    created: { documento: docCliente, tipoDocumento: 'TI', correo: null },
    updated: { tipoDocumento: 'CC', apellido: 'Mora Ríos', correo: 'luis@correo.co' },
    q: () => docCliente,
  },
  {
    path: 'proveedor',
    writer: 'admin',
    idKey: 'idProveedor',
    create: () => ({ nombre: 'Lácteos del Norte', telefono: '6015551234', email: 'ventas@norte.co', idTienda: s.id }),
    update: () => ({ nombre: 'Lácteos del Norte S.A.S.', telefono: '6015559999', email: 'ventas@norte.co' }),
    created: { nombre: 'Lácteos del Norte', telefono: '6015551234' },
    updated: { nombre: 'Lácteos del Norte S.A.S.', telefono: '6015559999' },
    q: () => 'Norte',
  },
  {
    path: 'movimiento',
    writer: 'admin',
    idKey: 'idMovimiento',
    create: () => ({ cantidadDespues: 40, fechaMovimiento: '2024-06-01', fechaModificacion: '2024-06-02', estadoDespues: 'Conteo físico', inventarioId: s.inventarioId }),
    update: () => ({ cantidadDespues: 38, fechaMovimiento: '2024-06-01', fechaModificacion: '2024-06-03', estadoDespues: 'Recontado', inventarioId: s.inventarioId }),
    created: { cantidadDespues: 40, estadoDespues: 'Conteo físico', inventarioId: 0 },
    updated: { cantidadDespues: 38, estadoDespues: 'Recontado' },
    q: () => 'cont',
  },
  {
    path: 'roles',
    writer: 'operador',
    idKey: 'idRol',
    create: () => ({ idRol: 7, nombreRol: 'Auditor', descripcion: 'Revisa los inventarios.' }),
    update: () => ({ idRol: 8, nombreRol: 'Auditor externo', descripcion: 'Revisa los inventarios cada mes.' }),
    created: { idRol: 7, nombreRol: 'Auditor' },
    updated: { idRol: 8, nombreRol: 'Auditor externo' },
    q: () => 'Auditor',
  },
  {
    path: 'entrega_pedidos',
    writer: 'admin',
    idKey: 'idEntrega',
    create: () => ({ proveedorId: s.proveedorId, productoId: s.productoId, fechaEntrega: '2024-06-10', cantidad: 5 }),
    update: () => ({ proveedorId: s.proveedorId, productoId: s.productoId, fechaEntrega: '2024-06-11', cantidad: 4 }),
    created: { cantidad: 5, fechaEntrega: '2024-06-10', productoNombre: 'Arroz 500 g', proveedorNombre: 'Distribuidora Base' },
    updated: { cantidad: 4, fechaEntrega: '2024-06-11' },
    q: () => 'Arroz',
  },
  {
    path: 'inventario',
    writer: 'admin',
    idKey: 'idInventario',
    create: () => ({ cantidadInventario: 120, fechaModificacion: '2024-07-01', estadoRevision: 'En revisión', idTienda: s.id }),
    update: () => ({ cantidadInventario: 118, fechaModificacion: '2024-07-02', estadoRevision: 'Revisado' }),
    created: { cantidadInventario: 120, estadoRevision: 'En revisión', fechaModificacion: '2024-07-01' },
    updated: { cantidadInventario: 118, estadoRevision: 'Revisado', fechaModificacion: '2024-07-02' },
    q: () => 'revis',
  },
  {
    path: 'metodosdepago',
    writer: 'operador',
    idKey: 'idMetPago',
    create: () => ({ idMetPago: 9, nombre: 'Transferencia' }),
    update: () => ({ nombre: 'Transferencia bancaria' }),
    created: { idMetPago: 9, nombre: 'Transferencia' },
    updated: { nombre: 'Transferencia bancaria' },
    q: () => 'Transfer',
  },
  {
    path: 'ventas',
    writer: 'admin',
    idKey: 'idVenta',
    create: () => ({ fecha: '2024-08-15', hora: '18:45', estado: 'Pendiente', metodoPagoId: 3, clienteDocumento: s.clienteDocumento }),
    // Still open, so it may be deleted (issue #51: an annulled or completed sale never is).
    update: () => ({ fecha: '2024-08-15', hora: '19:05', estado: 'Pendiente', metodoPagoId: 2, clienteDocumento: '' }),
    created: { estado: 'Pendiente', metodoPagoId: 3, fecha: '2024-08-15T23:45:00.000Z', clienteDocumento: '', clienteNombre: 'María Gómez' },
    updated: { estado: 'Pendiente', metodoPagoId: 2, fecha: '2024-08-16T00:05:00.000Z', clienteDocumento: null },
    q: () => 'Pendiente',
  },
];

/** `0` and `''` in the expectations stand for "the store's id" and "the store's code / client document". */
function expected(e: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(e)) {
    if (v === 0 && (k === 'idTienda' || k === 'inventarioId')) out[k] = k === 'idTienda' ? s.id : s.inventarioId;
    else if (v === '' && k === 'codigoInvitacion') out[k] = s.codigo;
    else if (v === '' && k === 'clienteDocumento') out[k] = s.clienteDocumento;
    else out[k] = v;
  }
  return out;
}

describe('cada área: registrar → aparece en la lista → modificar → eliminar', () => {
  it.each(CASES.filter((c) => c.path !== 'movimiento'))('$path', async (c) => {
    const who = c.writer === 'admin' ? s.admin : operador;
    const created = await who.post(`/${c.path}`, c.create());
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.message).toBe(M.crud.registrado[c.path as keyof typeof M.crud.registrado]);
    let id = created.body.id as number;

    // The store admin's list shows it (global catalogues and its own store included).
    const findIn = async (q: string) => {
      for (const part of q.split('|')) {
        const list = await (c.path === 'tienda' ? operador : s.admin).get(`/${c.path}`, { q: part, pageSize: 100 });
        expect(list.status).toBe(200);
        const row = list.body.items.find((r: Record<string, unknown>) => r[c.idKey] === id);
        if (row) return row;
      }
      return undefined;
    };
    expect(await findIn(c.q(id))).toMatchObject(expected(c.created));
    const one = await who.get(`/${c.path}/${id}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject(expected(c.created));

    const updated = await who.put(`/${c.path}/${id}`, c.update());
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.message).toContain(M.crud.actualizado[c.path as keyof typeof M.crud.actualizado]);
    if (c.path === 'roles') id = 8;
    expect(await findIn(c.q(id))).toMatchObject(expected(c.updated));

    const deleted = await who.del(`/${c.path}/${id}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body.message).toBe(M.crud.eliminado[c.path as keyof typeof M.crud.eliminado]);
    expect(await findIn(c.q(id))).toBeUndefined();
    expect((await who.get(`/${c.path}/${id}`)).status).toBe(404);
  });

  it('movimiento: se registra y aparece; modificarlo o eliminarlo se niega (el libro solo agrega, issue #27)', async () => {
    const c = CASES.find((x) => x.path === 'movimiento')!;
    const created = await s.admin.post('/movimiento', c.create());
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as number;
    const antes = await s.admin.get(`/movimiento/${id}`);
    expect(antes.body).toMatchObject(expected(c.created));
    const updated = await s.admin.put(`/movimiento/${id}`, c.update());
    expect(updated.status).toBe(409);
    expect(updated.body.error.message).toBe(M.movimientos.soloLectura);
    const deleted = await s.admin.del(`/movimiento/${id}`);
    expect(deleted.status).toBe(409);
    expect(deleted.body.error.message).toBe(M.movimientos.soloLectura);
    expect((await s.admin.get(`/movimiento/${id}`)).body).toEqual(antes.body);
  });

  it('ventas: el formulario enviado dos veces con la misma clave registra una sola venta', async () => {
    const clave = crypto.randomUUID();
    const body = { fecha: '2024-08-15', hora: '18:45', estado: 'Pendiente', metodoPagoId: 3, clave };
    const total = async () => (await s.admin.get('/ventas', { pageSize: 1 })).body.total as number;
    const antes = await total();
    const [a, b] = await Promise.all([s.admin.post('/ventas', body), s.admin.post('/ventas', body)]);
    const c = await s.admin.post('/ventas', body);
    expect([a.status, b.status, c.status]).toEqual([201, 201, 201]);
    expect(b.body.id).toBe(a.body.id);
    expect(c.body.id).toBe(a.body.id);
    expect(await total()).toBe(antes + 1);
    expect((await s.admin.del(`/ventas/${a.body.id}`)).status).toBe(200);
  });

  it('factura: cada línea nombra la venta por el número de su recibo, el producto por su nombre, y la cantidad en su unidad (issue #52)', async () => {
    const venta = (await s.admin.get(`/ventas/${ventaAbierta}`)).body as { idVenta: number; numero: number };
    const quesoId = await crear(s.admin, 'producto', { nombre: 'Queso campesino', precioUnit: 12_000, stock: 10, stockMin: 0, estado: 1, unidadDian: 'KGM' });
    const linea = await crear(s.admin, 'factura', { ventaId: ventaAbierta, productoId: quesoId, cantidad: '0,375', precio: 12_000, estado: 'Pendiente' });
    const fila = (await s.admin.get(`/factura/${linea}`)).body;
    expect(fila).toMatchObject({ ventaId: ventaAbierta, ventaNumero: venta.numero, productoNombre: 'Queso campesino', cantidad: 0.375, unidad: 'KGM' });
    // The list is searched by the number the receipt printed, as a person reads it.
    const lista = (await s.admin.get('/factura', { q: String(venta.numero) })).body as { items: { idFactura: number }[] };
    expect(lista.items.map((x) => x.idFactura)).toContain(linea);
    expect((await s.admin.del(`/factura/${linea}`)).status).toBe(200);
  });

  it('movimiento: el stock de un producto por peso llega con su unidad (issue #52 punto 3)', async () => {
    const id = await crear(s.admin, 'producto', { nombre: 'Ñame importado', precioUnit: 4_800, stock: 12.5, stockMin: 0, estado: 1, unidadDian: 'KGM' });
    const { items } = (await s.admin.get('/movimiento', { pageSize: 100 })).body as { items: { productoId: number | null; cantidadDespues: number; unidad: string | null }[] };
    expect(items.find((m) => m.productoId === id)).toMatchObject({ cantidadDespues: 12.5, unidad: 'KGM' });
    expect(items.find((m) => m.productoId === s.productoId)).toMatchObject({ unidad: '94' });
  });

  it('producto por metro (issue #58 punto 3): la administración lo crea con 25,5 m, una línea de 1,25 m llega en MTR; una unidad que la regla no tiene, no', async () => {
    const cable = await crear(s.admin, 'producto', { nombre: 'Cable dúplex', precioUnit: 3_900, stock: '25,5', stockMin: 0, estado: 1, unidadDian: 'MTR' });
    expect((await s.admin.get(`/producto/${cable}`)).body).toMatchObject({ stock: 25.5, unidadDian: 'MTR' });
    const linea = await crear(s.admin, 'factura', { ventaId: ventaAbierta, productoId: cable, cantidad: '1,25', precio: 3_900, estado: 'Pendiente' });
    expect((await s.admin.get(`/factura/${linea}`)).body).toMatchObject({ cantidad: 1.25, unidad: 'MTR' });
    expect((await s.admin.del(`/factura/${linea}`)).status).toBe(200);
    const yarda = await s.admin.post('/producto', { nombre: 'Tela', precioUnit: 5_000, stock: 1, stockMin: 0, estado: 1, unidadDian: 'YRD' });
    expect(yarda.status).toBe(400);
  });

  it('ninguna respuesta contiene una contraseña ni su hash', () => {
    expect(seenBodies.length).toBeGreaterThan(50);
    for (const body of seenBodies) {
      expect(body).not.toContain('scrypt$');
      expect(body).not.toContain(PASSWORD);
      expect(body).not.toMatch(/contrasena_?hash/i);
    }
  });
});
