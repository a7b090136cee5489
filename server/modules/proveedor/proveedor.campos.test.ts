/**
 * The supplier's field list, as a property (issue #29): random partial edits through random faces
 * that edit a supplier (the back-office, the legacy back-office's `actualizar`; the store's screens
 * only add and delete). A field a face does not send keeps its value; what one face writes, every
 * face reads back the same (the store's list, the back-office's row, the legacy application's list,
 * the legacy back-office's list) and the table holds. The fields come from CAMPOS_DEL_PROVEEDOR,
 * so a new field is covered as soon as it has a generator below — and the test fails until it has
 * one. Which fields an edit must send is the field list's (`requerido`), not a list here.
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { nombreEn, requerido, type Campo, type Cara } from '#shared/campos';
import { CAMPOS_DEL_PROVEEDOR } from '#shared/schemas/proveedor';
import { proveedor } from '../../db/schema';
import { usarApp } from '../../../tests/helpers/test-app';
import { correo, cuerpoEn, enTabla, escribibles, leidoEnCara, palabra, propiedadDeCampos, tiendaDePrueba, type Estado, type TiendaDePrueba, type Valor } from '../../../tests/helpers/propiedad-campos';
import { legacy } from '../../legacy/test-client';

const t = usarApp({ OPERADOR_EMAIL: 'operador@adax.co', OPERADOR_PASSWORD: 'Operador2024' });

type Tienda = TiendaDePrueba;

/** A value generator for each field of the list, under the domain's name, as the faces store it. */
const GENERADORES: Record<string, fc.Arbitrary<Valor>> = {
  nombre: palabra,
  telefono: fc.stringMatching(/^[0-9]{7,15}$/),
  email: correo,
  documento: fc.oneof(fc.constant(null), fc.stringMatching(/^[0-9]{5,15}$/)),
  direccion: fc.oneof(fc.constant(null), palabra),
  // Not invoicing needs the documento soporte's data as a whole (exigirDatosSoporte, ADR 055): tested in documento-soporte.api.test.ts.
  obligadoFacturar: fc.constant(true),
  tipoIdentificacion: fc.constantFrom(null, 'CC', 'CE'),
  municipio: fc.oneof(fc.constant(null), fc.stringMatching(/^[0-9]{5}$/)),
};

const campo = (k: string) => (CAMPOS_DEL_PROVEEDOR as Record<string, Campo>)[k]!;

/** The faces that edit a supplier. */
type CaraQueEdita = Extract<Cara, 'administracion' | 'heredada2'>;

/** Sends an edit through a face: `cambios` under the domain's names, renamed to the face's keys. */
async function editar(s: Tienda, cara: CaraQueEdita, id: number, cambios: Estado) {
  const cuerpo = cuerpoEn(CAMPOS_DEL_PROVEEDOR, cara, cambios, cara === 'heredada2' ? '' : null);
  if (cara === 'administracion') {
    const r = await s.crud.put(`/proveedor/${id}`, cuerpo);
    return { ok: r.status === 200, body: JSON.stringify(r.body) };
  }
  const r = await legacy(t).json('POST', 'proveedor', { actualizar: true, idproveedor: id, ...cuerpo, id_tienda: s.id }, s.token);
  return { ok: r.body?.respuesta === true, body: JSON.stringify(r.body) };
}

/** What every face reads back, each reduced to the domain's names. */
async function leer(s: Tienda, id: number) {
  const [fila] = await t.database.db.select().from(proveedor).where(eq(proveedor.idProveedor, id));
  const tabla = enTabla(CAMPOS_DEL_PROVEEDOR, fila);
  const administracion = leidoEnCara(CAMPOS_DEL_PROVEEDOR, 'administracion', (await s.crud.get(`/proveedor/${id}`)).body as Record<string, Valor>);
  const lista = (await t.request({ method: 'GET', url: '/api/proveedores?pageSize=100', token: s.token })).json() as { items: Record<string, Valor>[] };
  const tienda = leidoEnCara(CAMPOS_DEL_PROVEEDOR, 'tienda', lista.items.find((p) => p.id === id)!);
  const L = legacy(t);
  // The old contract's positional rows (legacy/controllers/proveedor.ts): they never grow.
  const app = ((await L.get('proveedor', { listarPorTienda: true }, s.token)).body as Valor[][]).find((r) => r[3] === id)!;
  const admin = ((await L.get('proveedor', { listar: true }, s.token)).body as Valor[][]).find((r) => r[0] === id)!;
  const caras = {
    administracion,
    tienda,
    heredada: { nombre: app[0], telefono: app[1], email: app[2] },
    'heredada (administración)': { nombre: admin[1], telefono: admin[2], email: admin[3] },
  };
  return { tabla, caras };
}

let tiendaA: Tienda;
beforeAll(async () => {
  tiendaA = await tiendaDePrueba(t);
});

describe('la lista de campos del proveedor, a través de sus caras', () => {
  it('cada campo escribible tiene un generador (un campo nuevo entra en esta prueba)', () => {
    expect(escribibles(CAMPOS_DEL_PROVEEDOR).filter((k) => !GENERADORES[k])).toEqual([]);
  });

  it('un campo que una cara no envía conserva su valor; lo que una cara escribe, todas lo leen igual', async () => {
    const s = tiendaA;
    await propiedadDeCampos<CaraQueEdita>(
      {
        campos: CAMPOS_DEL_PROVEEDOR,
        generadores: GENERADORES,
        caras: ['administracion', 'heredada2'],
        clave: (cara, k) => nombreEn(k, campo(k), cara),
        requerido: (_cara, k) => requerido(campo(k)),
        crear: async (inicial) => {
          const [creado] = await t.database.db
            .insert(proveedor)
            .values({ ...inicial, tiendaId: s.id } as typeof proveedor.$inferInsert)
            .returning();
          return { id: creado!.idProveedor, fila: creado as unknown as Estado };
        },
        editar: (cara, id, cambios) => editar(s, cara, id, cambios),
        leer: (id) => leer(s, id),
      },
      10,
    );
  });
});
