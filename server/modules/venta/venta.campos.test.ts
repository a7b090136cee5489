/**
 * The sale header's field list, as a property (issue #29): random edits of a sale's header through
 * the faces that change it — the back-office's edit (every field; the customer and the cashier only
 * when sent), the old controller API's step 3 (`modificarEstado`) and the store's receipt buttons
 * (`/completar`, `/anular`), which change the state only. A field a face does not send keeps its
 * value; what a face writes, every face reads back the same (the back-office's row, the legacy
 * list's positional row, the store's receipt) and the table holds. The fields come from
 * CAMPOS_DE_LA_VENTA, so a new field is covered as soon as it has a generator below — and the test
 * fails until it has one. Which fields the back-office must send is the field list's (`requerido`).
 *
 * The domain's rules are kept, not tested here: no method 7 (fiado) outside the till, so the
 * sales are not fiado and keep no credit; they have no shift, so their method may change; the state
 * moves only as the till moves it (Pendiente → Completada → Anulada, never back), and each sale has
 * one line, which step 3 needs to complete it and an annulment gives back to stock.
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { nombreEn, requerido, type Campo } from '#shared/campos';
import { CAMPOS_DE_LA_VENTA } from '#shared/schemas/crud';
import type { TRecibo } from '#shared/schemas/venta';
import { cliente, factura, usuario, venta } from '../../db/schema';
import { crearEmpleado, crearTienda } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';
import { escribibles, propiedadDeCampos, type Estado, type Valor } from '../../../tests/helpers/propiedad-campos';
import { legacy } from '../../legacy/test-client';
import { client, crear as crearPorCrud, type Client } from '../crud/crud.fixtures';
import { instanteBogota, partesBogota } from '../tienda/alcance';

const t = usarApp({ OPERADOR_EMAIL: 'operador@adax.co', OPERADOR_PASSWORD: 'Operador2024' });

interface Tienda {
  id: number;
  token: string;
  crud: Client;
  productoId: number;
  /** Documents of the store's customers and cashiers, by id. */
  clientes: Map<string, number>;
  usuarios: Map<string, number>;
}

const campo = (k: string) => (CAMPOS_DE_LA_VENTA as Record<string, Campo>)[k]!;

/** A value generator for each field of the list, under the domain's name, as the faces keep it; `s` gives the store's rows. */
const GENERADORES: Record<string, (s: Tienda) => fc.Arbitrary<Valor>> = {
  fecha: () =>
    fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  hora: () => fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`),
  estado: () => fc.constantFrom('Pendiente', 'Completada', 'Anulada'),
  clienteDocumento: (s) => fc.constantFrom(null, ...s.clientes.keys()),
  // Fiado (7) is the till's only (metodoFueraDeCaja).
  metodoPagoId: () => fc.integer({ min: 1, max: 6 }),
  usuarioDocumento: (s) => fc.constantFrom(null, ...s.usuarios.keys()),
};

/** The faces that change a sale's header: the back-office's edit, the legacy step 3, the store's receipt buttons. */
type CaraQueEdita = 'administracion' | 'heredada' | 'tienda';
/** The face's key for a field: the back-office carries every field, the other two the state only. */
const clave = (cara: CaraQueEdita, k: string) =>
  cara === 'administracion' ? nombreEn(k, campo(k), cara) : k !== 'estado' ? null : cara === 'heredada' ? 'EstadoVenta' : 'estado';

/** A line's state for its sale's (as the till leaves it). */
const estadoDeLinea = (estado: Valor) => (estado === 'Completada' ? 'Pagado' : estado === 'Anulada' ? 'Anulada' : 'Pendiente');

/** Sends an edit through a face: `cambios` under the domain's names. */
async function editar(s: Tienda, cara: CaraQueEdita, id: number, cambios: Estado) {
  switch (cara) {
    case 'administracion': {
      const r = await s.crud.put(`/ventas/${id}`, cambios);
      return { ok: r.status === 200, body: JSON.stringify(r.body) };
    }
    case 'heredada': {
      const r = await legacy(t).json('POST', 'venta', { modificarEstado: true, id_Venta: id, EstadoVenta: cambios.estado! }, s.token);
      return { ok: r.body?.status === 'success' && r.body?.EstadoVenta === cambios.estado, body: JSON.stringify(r.body) };
    }
    case 'tienda': {
      const accion = cambios.estado === 'Completada' ? 'completar' : 'anular';
      const r = await t.request({ method: 'POST', url: `/api/ventas/${id}/${accion}`, token: s.token });
      return { ok: r.statusCode === 200 && (r.json() as { estado: string }).estado === cambios.estado, body: r.body };
    }
  }
}

/** An instant as the header's day and time (HH:MM) in Bogotá. */
const diaYHora = (instante: Date | string) => partesBogota(new Date(instante));

/** What every face reads back, each reduced to the domain's names. */
async function leer(s: Tienda, id: number) {
  const [fila] = await t.database.db
    .select({ fecha: venta.fecha, estado: venta.estado, clienteDocumento: cliente.documento, metodoPagoId: venta.metodoPagoId, usuarioDocumento: usuario.documento })
    .from(venta)
    .leftJoin(cliente, eq(cliente.idCliente, venta.clienteId))
    .leftJoin(usuario, eq(usuario.idUsuario, venta.usuarioId))
    .where(eq(venta.idVenta, id));
  const { fecha, ...resto } = fila!;
  const tabla = { ...diaYHora(fecha), ...resto };

  const row = (await s.crud.get(`/ventas/${id}`)).body as Record<string, Valor>;
  const administracion = {
    ...diaYHora(row.fecha as string),
    estado: row.estado,
    clienteDocumento: row.clienteDocumento,
    metodoPagoId: row.metodoPagoId,
    usuarioDocumento: row.usuarioDocumento,
  };
  // The old contract's positional row (legacy/controllers/venta.ts `listar`): it never grows.
  const r = ((await legacy(t).get('venta', { listar: true }, s.token)).body as Valor[][]).find((v) => v[0] === id)!;
  const heredada = { fecha: r[1], hora: (r[2] as string).slice(0, 5), estado: r[3], clienteDocumento: r[4], metodoPagoId: r[6], usuarioDocumento: r[7] };
  // The store's receipt names the cashier, not their document.
  const recibo = (await t.request({ method: 'GET', url: `/api/ventas/${id}`, token: s.token })).json() as TRecibo;
  const tienda = { ...diaYHora(recibo.fecha), estado: recibo.estado, clienteDocumento: recibo.cliente?.documento ?? null, metodoPagoId: recibo.metodoPago.id };
  return { tabla, caras: { administracion, heredada, tienda } };
}

let tiendaA: Tienda;
beforeAll(async () => {
  const s = await crearTienda(t);
  const crud = client(t, s.token);
  const productoId = await crearPorCrud(crud, 'producto', { nombre: 'Arroz 500 g', precioUnit: 2800, stock: 5000, stockMin: 0 });
  const clientes = await t.database.db
    .insert(cliente)
    .values([
      { tiendaId: s.id, documento: '52123456', tipoDocumento: 'CC', nombre: 'María', apellido: 'Gómez' },
      { tiendaId: s.id, documento: '80987654', tipoDocumento: 'CC', nombre: 'Jorge', apellido: 'Ruiz' },
    ])
    .returning({ id: cliente.idCliente, documento: cliente.documento });
  const usuarios = [await crearEmpleado(t, s.codigo, { sinCaja: true }), await crearEmpleado(t, s.codigo, { sinCaja: true })];
  const ids = await t.database.db
    .select({ id: usuario.idUsuario, documento: usuario.documento })
    .from(usuario)
    .where(eq(usuario.tiendaId, s.id));
  tiendaA = {
    id: s.id,
    token: s.token,
    crud,
    productoId,
    clientes: new Map(clientes.map((c) => [c.documento, c.id])),
    usuarios: new Map(ids.filter((u) => usuarios.some((e) => e.documento === u.documento)).map((u) => [u.documento!, u.id])),
  };
});

describe('la lista de campos de la cabecera de la venta, a través de sus caras', () => {
  it('cada campo escribible tiene un generador (un campo nuevo entra en esta prueba)', () => {
    expect(escribibles(CAMPOS_DE_LA_VENTA).filter((k) => !GENERADORES[k])).toEqual([]);
  });

  it('un campo que una cara no envía conserva su valor; lo que una cara escribe, todas lo leen igual', { timeout: 120_000 }, async () => {
    const s = tiendaA;
    await propiedadDeCampos<CaraQueEdita>(
      {
        campos: CAMPOS_DE_LA_VENTA,
        generadores: Object.fromEntries(Object.entries(GENERADORES).map(([k, g]) => [k, g(s)])),
        // The back-office twice as often: it is the face that writes every field.
        caras: ['administracion', 'administracion', 'heredada', 'tienda'],
        clave,
        // The state is what step 3 and the receipt's buttons send; the back-office sends what its schema requires.
        requerido: (cara, k) => (cara === 'administracion' ? requerido(campo(k)) : k === 'estado'),
        // A sale with every field set and one line (as the till leaves it in that state), without a shift.
        crear: async (inicial) => {
          const [v] = await t.database.db
            .insert(venta)
            .values({
              tiendaId: s.id,
              fecha: instanteBogota(inicial.fecha as string, inicial.hora as string),
              estado: inicial.estado as string,
              clienteId: inicial.clienteDocumento == null ? null : s.clientes.get(inicial.clienteDocumento as string)!,
              metodoPagoId: inicial.metodoPagoId as number,
              usuarioId: inicial.usuarioDocumento == null ? null : s.usuarios.get(inicial.usuarioDocumento as string)!,
              total: 2800,
            })
            .returning({ id: venta.idVenta });
          await t.database.db
            .insert(factura)
            .values({ tiendaId: s.id, ventaId: v!.id, productoId: s.productoId, cantidad: 1, precio: 2800, estado: estadoDeLinea(inicial.estado!) });
          return { id: v!.id, fila: (await leer(s, v!.id)).tabla as Estado };
        },
        // Only the till's transitions: never back to Pendiente, nothing out of Anulada; step 3 and
        // the buttons complete or annul.
        ajustar: (cara, cambios, esperado) => {
          if (esperado.estado === 'Anulada') cambios.estado = 'Anulada';
          else if (cambios.estado === 'Pendiente' && (cara !== 'administracion' || esperado.estado === 'Completada')) cambios.estado = 'Completada';
        },
        editar: (cara, id, cambios) => editar(s, cara, id, cambios),
        leer: (id) => leer(s, id),
      },
      25,
    );
  });
});
