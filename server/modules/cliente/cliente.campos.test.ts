/**
 * The customer's field list, as a property (issue #29): random partial edits through random faces
 * (the store API, the back-office, the legacy `actualizar`). A field a face does not send — or does
 * not carry at all, as the back-office and the legacy calls the store's fiado fields — keeps its
 * value; what one face writes, every face reads back the same (the store's list, the back-office's
 * row, the legacy application's and back-office's lists) and the table holds. The fields come
 * from CAMPOS_DEL_CLIENTE, so a new field is covered as soon as it has a generator below — and the
 * test fails until it has one. Which fields an edit must send is each face's schema's, not a list here.
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { nombreEn, type Campo, type Cara } from '#shared/campos';
import { CAMPOS_DEL_CLIENTE, ZLegacyClienteRequest, ZUpdateClienteRequest } from '#shared/schemas/cliente';
import { ZCrudUpdateClienteRequest } from '#shared/schemas/crud';
import { cliente } from '../../db/schema';
import { usarApp } from '../../../tests/helpers/test-app';
import { correo, cuerpoEn, enTabla, escribibles, leidoEnCara, palabra, propiedadDeCampos, tiendaDePrueba, type Estado, type TiendaDePrueba, type Valor } from '../../../tests/helpers/propiedad-campos';
import { legacy } from '../../legacy/test-client';

const t = usarApp({ OPERADOR_EMAIL: 'operador@adax.co', OPERADOR_PASSWORD: 'Operador2024' });

type Tienda = TiendaDePrueba;

/**
 * A value generator for each field of the list, under the domain's name, as the faces store it.
 * Adults' documents only: fiado is an adult's (issue #36 point 10), and digits fit every type.
 */
const GENERADORES: Record<string, fc.Arbitrary<Valor>> = {
  documento: fc.stringMatching(/^[1-9][0-9]{5,9}$/),
  tipoDocumento: fc.constantFrom('CC', 'CE', 'PA'),
  nombre: palabra,
  apellido: palabra,
  correo: fc.option(correo, { nil: null }),
  telefono: fc.option(fc.stringMatching(/^3[0-9]{9}$/), { nil: null }),
  fiado: fc.boolean(),
  cupo: fc.integer({ min: 0, max: 5_000_000 }),
  plazoFiado: fc.integer({ min: 1, max: 365 }),
};

const campo = (k: string) => (CAMPOS_DEL_CLIENTE as Record<string, Campo>)[k]!;

/** The faces that edit a customer, and the schema each reads an edit with. */
type CaraQueEdita = Extract<Cara, 'tienda' | 'administracion' | 'heredada'>;
const ESQUEMAS = { tienda: ZUpdateClienteRequest, administracion: ZCrudUpdateClienteRequest, heredada: ZLegacyClienteRequest };
/** A field the face's edit must send (its schema refuses it missing); the rest may be left out. */
const requeridoEn = (cara: CaraQueEdita, k: string) => {
  const s = (ESQUEMAS[cara].shape as Record<string, { safeParse(v: unknown): { success: boolean } }>)[k];
  return !!s && !s.safeParse(undefined).success;
};

/** Sends an edit through a face: `cambios` under the domain's names, renamed to the face's keys. */
async function editar(s: Tienda, cara: CaraQueEdita, id: number, cambios: Estado) {
  const cuerpo = cuerpoEn(CAMPOS_DEL_CLIENTE, cara, cambios, cara === 'heredada' ? '' : null);
  switch (cara) {
    case 'tienda': {
      const r = await t.request({ method: 'PUT', url: `/api/clientes/${id}`, token: s.token, payload: cuerpo });
      return { ok: r.statusCode === 200, body: r.body };
    }
    case 'administracion': {
      const r = await s.crud.put(`/cliente/${id}`, cuerpo);
      return { ok: r.status === 200, body: JSON.stringify(r.body) };
    }
    case 'heredada': {
      const r = await legacy(t).json('PUT', 'cliente', { actualizar: true, ...cuerpo }, s.token);
      return { ok: r.body?.success === true, body: JSON.stringify(r.body) };
    }
  }
}

/** What every face reads back, each reduced to the domain's names. */
async function leer(s: Tienda, id: number) {
  const [fila] = await t.database.db.select().from(cliente).where(eq(cliente.idCliente, id));
  const tabla = enTabla(CAMPOS_DEL_CLIENTE, fila);
  const administracion = leidoEnCara(CAMPOS_DEL_CLIENTE, 'administracion', (await s.crud.get(`/cliente/${id}`)).body as Record<string, Valor>);
  const lista = (await t.request({ method: 'GET', url: `/api/clientes?q=${fila!.documento}&pageSize=100`, token: s.token })).json() as { items: Record<string, Valor>[] };
  const tienda = leidoEnCara(CAMPOS_DEL_CLIENTE, 'tienda', lista.items.find((c) => c.id === id)!);
  const L = legacy(t);
  // The old contract's positional rows (legacy/controllers/cliente.ts): they never grow.
  const posicional = (r: Valor[]) => ({ documento: r[0], tipoDocumento: r[1], nombre: r[2], apellido: r[3], correo: r[4] });
  const app = ((await L.get('cliente', { listarClientesTienda: true }, s.token)).body as Valor[][]).find((r) => r[0] === fila!.documento)!;
  const admin = ((await L.get('cliente', { listar: true }, s.token)).body as Valor[][]).find((r) => r[0] === fila!.documento)!;
  return { tabla, caras: { administracion, tienda, heredada: posicional(app), 'heredada (administración)': posicional(admin) } };
}

let tiendaA: Tienda;
beforeAll(async () => {
  tiendaA = await tiendaDePrueba(t);
});

describe('la lista de campos del cliente, a través de sus caras', () => {
  it('cada campo escribible tiene un generador (un campo nuevo entra en esta prueba)', () => {
    expect(escribibles(CAMPOS_DEL_CLIENTE).filter((k) => !GENERADORES[k])).toEqual([]);
  });

  it('un campo que una cara no envía conserva su valor; lo que una cara escribe, todas lo leen igual', async () => {
    const s = tiendaA;
    let n = 0;
    await propiedadDeCampos<CaraQueEdita>(
      {
        campos: CAMPOS_DEL_CLIENTE,
        generadores: GENERADORES,
        caras: Object.keys(ESQUEMAS) as CaraQueEdita[],
        clave: (cara, k) => nombreEn(k, campo(k), cara),
        requerido: requeridoEn,
        // A customer with every field set; the documento is unique in the store.
        crear: async (inicial) => {
          const [creado] = await t.database.db
            .insert(cliente)
            .values({ ...inicial, documento: `${inicial.documento}${++n}`, tiendaId: s.id } as typeof cliente.$inferInsert)
            .returning();
          return { id: creado!.idCliente, fila: creado as unknown as Estado };
        },
        ajustar: (cara, cambios, esperado) => {
          if (cambios.documento !== undefined) cambios.documento = `${cambios.documento}${++n}`;
          // The legacy call names the customer by its documento: it sends the one it has.
          if (cara === 'heredada') cambios.documento = esperado.documento!;
        },
        editar: (cara, id, cambios) => editar(s, cara, id, cambios),
        leer: (id) => leer(s, id),
      },
      10,
    );
  });
});
