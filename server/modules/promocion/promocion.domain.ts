/**
 * Promotions (issue #59 points 2 and 5, ADR 052): the one owner of the tables `promocion` and
 * `promocion_producto`, and of what the till and the device read to price a cart. How a cart is priced
 * is shared/promociones.ts's (the engine); the checkout calls it through promocion.venta.ts.
 *
 * Who: the `promociones` permission (role 1 always; roles 2 and 3 when the owner gives it). A refusal
 * is a 403 recorded in the activity log as an attempt. Every change is an activity-log entry
 * `promocion` with each field before and after, in the change's own transaction.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { formatPesos } from '#shared/money';
import { ZONA_HORARIA } from '#shared/zona-horaria';
import type { TPromocion, TPromocionesCaja } from '#shared/schemas/promociones';
import type { ZPromocionRequest } from '#shared/schemas/promociones';
import type { TCopiaEnTienda } from '#shared/schemas/sucursal';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { siRepetido } from '../../db/pg-error';
import { producto, promocion, promocionProducto, tienda } from '../../db/schema';
import { registrarPor, type Autor } from '../actividad/actividad.domain';
import { paresEnTienda } from '../producto/sucursal-catalogo';
import { denegado, puede, registrarRechazo } from '../tienda/permisos';
import { copiarATiendas, type CopiaATiendas } from '../tienda/empresa';

const P = M.promociones;
type Entrada = z.output<typeof ZPromocionRequest>;
type Cambio = { campo: string; antes: string | null; despues: string | null };

const noExiste = () => new AppError('NOT_FOUND', P.noExiste);
const campo = (code: 'VALIDATION' | 'CONFLICT' | 'NOT_FOUND', field: string, message: string) => new AppError(code, message, { fields: { [field]: message } });

/** Refuses (403; recorded as an attempt when it would have written) unless the author has `promociones`. */
export async function verificarPromociones(db: Db, tiendaId: number, autor: Autor, escritura: boolean): Promise<void> {
  if (await puede(db, tiendaId, autor, 'promociones')) return;
  const err = denegado(tiendaId, autor, 'promociones');
  throw escritura ? await registrarRechazo(db, err) : err;
}

// ── Reads ───────────────────────────────────────────────────────────────────────────────────

/**
 * The store's promotions (all, the active ones, or one) as one JSON array of `TPromocion`, by name,
 * each with its combo's products and their names: one expression, for a statement that may read more
 * (the till's and the checkout's read, `cajaSql`).
 */
const promocionesSql = (tiendaId: number, filtro: { id?: number; activas?: boolean }): SQL => sql`coalesce((
  select json_agg(json_build_object(
      'id', p.id_promocion, 'nombre', p.nombre, 'tipo', p.tipo, 'lleve', p.lleve, 'pague', p.pague, 'precio', p.precio,
      'porcentaje', p.porcentaje, 'valor', p.valor, 'minimo', p.minimo, 'productoId', p.producto_id, 'producto', pr.nombre,
      'categoria', p.categoria,
      'productos', coalesce((
        select json_agg(json_build_object('productoId', pp.producto_id, 'producto', x.nombre, 'cantidad', pp.cantidad) order by pp.producto_id)
        from ${promocionProducto} pp join ${producto} x on x.id_producto = pp.producto_id
        where pp.tienda_id = ${tiendaId} and pp.promocion_id = p.id_promocion), '[]'::json),
      'bajoCosto', p.bajo_costo, 'desde', p.desde::text, 'hasta', p.hasta::text, 'dias', p.dias,
      'horaDesde', substr(p.hora_desde::text, 1, 5), 'horaHasta', substr(p.hora_hasta::text, 1, 5), 'activa', p.activa)
    order by lower(p.nombre), p.id_promocion)
  from ${promocion} p left join ${producto} pr on pr.id_producto = p.producto_id and pr.tienda_id = ${tiendaId}
  where p.tienda_id = ${tiendaId}${filtro.id != null ? sql` and p.id_promocion = ${filtro.id}` : sql``}${filtro.activas ? sql` and p.activa` : sql``}), '[]'::json)`;

/** The store's promotions (all, or one), with their products' names, by name: one statement. */
async function leer(db: Db | Tx, tiendaId: number, filtro: { id?: number; activas?: boolean } = {}): Promise<TPromocion[]> {
  const { rows } = (await db.execute(sql`select ${promocionesSql(tiendaId, filtro)} as p`)) as unknown as { rows: [{ p: TPromocion[] }] };
  return rows[0].p;
}

export const listarPromociones = (options: { db: Db; tiendaId: number }) => leer(options.db, options.tiendaId);

export async function obtenerPromocion(options: { db: Db | Tx; tiendaId: number; id: number }): Promise<TPromocion> {
  const [p] = await leer(options.db, options.tiendaId, { id: options.id });
  if (!p) throw noExiste();
  return p;
}

/**
 * What the till and the device price a cart with (ADR 052): the active promotions (the engine checks
 * their dates, days and hours at the sale's moment in the store's zone), the store's zone and, of every
 * product they may touch, its cost (the engine's floor) and category. A minimum purchase without
 * `bajoCosto` may touch any product: then every product. As columns `promociones`, `zona` and
 * `productos` of one statement (`deCaja` reads them), so the checkout adds its own reads to the same
 * statement (promocion.venta.ts).
 */
export const cajaSql = (tiendaId: number): SQL => sql`
  c.promociones, (select t.zona_horaria from ${tienda} t where t.id_tienda = ${tiendaId}) as zona,
  coalesce((
    select json_agg(json_build_object('productoId', x.id_producto, 'costo', coalesce(x.costo_promedio, 0)::float8, 'categoria', x.categoria) order by x.id_producto)
    from ${producto} x
    where x.tienda_id = ${tiendaId} and json_array_length(c.promociones) > 0 and (
      exists (select 1 from json_array_elements(c.promociones) e where e->>'tipo' = 'minimo' and not (e->>'bajoCosto')::boolean)
      or x.id_producto in (
        select (e->>'productoId')::int from json_array_elements(c.promociones) e where e->>'productoId' is not null
        union all select (pe->>'productoId')::int from json_array_elements(c.promociones) e, json_array_elements(e->'productos') pe)
      or lower(trim(x.categoria)) in (select nullif(lower(trim(e->>'categoria')), '') from json_array_elements(c.promociones) e))), '[]'::json) as productos`;

/** The `from` of a statement that selects `cajaSql`'s columns. */
export const cajaDesde = (tiendaId: number): SQL => sql`(select ${promocionesSql(tiendaId, { activas: true })} as promociones) c`;

/** `cajaSql`'s columns as the till gets them. */
export const deCaja = (r: { promociones: TPromocion[]; zona: string | null; productos: TPromocionesCaja['productos'] }): TPromocionesCaja => ({
  promociones: r.promociones,
  zona: r.zona ?? ZONA_HORARIA,
  productos: r.productos,
});

/** What the till prices a cart with (`cajaSql`), in one statement. */
export async function promocionesParaCaja(db: Db | Tx, tiendaId: number): Promise<TPromocionesCaja> {
  const { rows } = (await db.execute(sql`select ${cajaSql(tiendaId)} from ${cajaDesde(tiendaId)}`)) as unknown as { rows: [Parameters<typeof deCaja>[0]] };
  return deCaja(rows[0]);
}

/** Whether the store has any active promotion, as one boolean expression for a statement that reads more (the checkout's read before deciding, ADR 076). */
export const hayPromocionesSql = (tiendaId: number): SQL =>
  sql`exists (select 1 from ${promocion} where ${promocion.tiendaId} = ${tiendaId} and ${promocion.activa})`;

/** Whether the store has any active promotion (the checkout skips the engine otherwise). */
export async function hayPromociones(db: Db | Tx, tiendaId: number): Promise<boolean> {
  const [r] = await db.select({ id: promocion.idPromocion }).from(promocion).where(and(eq(promocion.tiendaId, tiendaId), eq(promocion.activa, true))).limit(1);
  return !!r;
}

// ── Writes ──────────────────────────────────────────────────────────────────────────────────

/** What the log shows of each field (before → after). */
function describir(p: TPromocion | null): Record<string, string | null> {
  if (!p) return {};
  const f = P.campos;
  return {
    [f.tipo]: P.tipos[p.tipo],
    [f.lleve]: p.lleve == null ? null : String(p.lleve),
    [f.pague]: p.pague == null ? null : String(p.pague),
    [f.precio]: p.precio == null ? null : formatPesos(p.precio),
    [f.porcentaje]: p.porcentaje == null ? null : `${p.porcentaje} %`,
    [f.valor]: p.valor == null ? null : formatPesos(p.valor),
    [f.minimo]: p.minimo == null ? null : formatPesos(p.minimo),
    [f.producto]: p.producto,
    [f.categoria]: p.categoria,
    [f.productos]: p.productos.length ? p.productos.map((x) => `${x.cantidad} × ${x.producto}`).join(', ') : null,
    [f.bajoCosto]: p.bajoCosto ? 'Sí' : 'No',
    [f.dias]: P.cuandoDe({ desde: p.desde, hasta: p.hasta, dias: p.dias, horaDesde: p.horaDesde, horaHasta: p.horaHasta }),
    [f.activa]: p.activa ? 'Sí' : 'No',
  };
}

function cambiosEntre(antes: TPromocion | null, despues: TPromocion | null): Cambio[] {
  const a = describir(antes);
  const d = describir(despues);
  const campos: string[] = [];
  if ((antes?.nombre ?? null) !== (despues?.nombre ?? null)) campos.push(P.campos.nombre);
  const out: Cambio[] = campos.map((c) => ({ campo: c, antes: antes?.nombre ?? null, despues: despues?.nombre ?? null }));
  for (const k of new Set([...Object.keys(a), ...Object.keys(d)])) if ((a[k] ?? null) !== (d[k] ?? null)) out.push({ campo: k, antes: a[k] ?? null, despues: d[k] ?? null });
  return out;
}

/** Only the fields its kind uses are kept (a 3×2 keeps no % nor combo). */
function filaDe(input: Entrada) {
  const usa = {
    nxm: ['lleve', 'pague', 'productoId'],
    nxprecio: ['lleve', 'precio', 'productoId'],
    porcentaje: ['porcentaje', 'productoId', 'categoria'],
    combo: ['precio'],
    minimo: ['minimo', 'porcentaje', 'valor'],
  }[input.tipo];
  const de = <K extends 'lleve' | 'pague' | 'precio' | 'porcentaje' | 'valor' | 'minimo' | 'productoId' | 'categoria'>(k: K) => (usa.includes(k) ? input[k] : null);
  // A % off a product names the product; the category is only for a % without one.
  const productoId = de('productoId');
  return {
    nombre: input.nombre,
    tipo: input.tipo,
    lleve: de('lleve'),
    pague: de('pague'),
    precio: de('precio'),
    porcentaje: de('porcentaje'),
    // A minimum purchase gives a % or pesos: the % wins when both are written.
    valor: input.tipo === 'minimo' && input.porcentaje != null ? null : de('valor'),
    minimo: de('minimo'),
    productoId,
    categoria: productoId == null ? de('categoria') : null,
    bajoCosto: input.bajoCosto,
    desde: input.desde,
    hasta: input.hasta,
    dias: input.dias,
    horaDesde: input.horaDesde,
    horaHasta: input.horaHasta,
    activa: input.activa,
  };
}

/** The store's products named by the promotion exist (another store's is not found). */
async function comprobarProductos(tx: Tx, tiendaId: number, input: Entrada) {
  const fila = filaDe(input);
  const ids = [...new Set([fila.productoId, ...(input.tipo === 'combo' ? input.productos.map((x) => x.productoId) : [])].filter((x): x is number => x != null))];
  if (!ids.length) return;
  const hay = await tx.select({ id: producto.idProducto }).from(producto).where(and(eq(producto.tiendaId, tiendaId), inArray(producto.idProducto, ids)));
  if (hay.length !== ids.length) throw campo('NOT_FOUND', input.tipo === 'combo' ? 'productos' : 'productoId', P.productoNoExiste);
}

async function guardarCombo(tx: Tx, tiendaId: number, id: number, input: Entrada) {
  await tx.delete(promocionProducto).where(and(eq(promocionProducto.promocionId, id), eq(promocionProducto.tiendaId, tiendaId)));
  if (input.tipo === 'combo' && input.productos.length)
    await tx.insert(promocionProducto).values(input.productos.map((x) => ({ promocionId: id, tiendaId, productoId: x.productoId, cantidad: x.cantidad })));
}

async function bloquear(tx: Tx, tiendaId: number, id: number) {
  const [p] = await tx.select({ id: promocion.idPromocion }).from(promocion).where(and(eq(promocion.idPromocion, id), eq(promocion.tiendaId, tiendaId))).for('update');
  if (!p) throw noExiste();
  return obtenerPromocion({ db: tx, tiendaId, id });
}

/** A name the store already uses for another: 409 on the field. */
const nombreUnico = <T>(fn: () => Promise<T>) => siRepetido('promocion_tienda_nombre_uq', () => campo('CONFLICT', 'nombre', P.nombreRepetido), fn);

export async function crearPromocion(options: { db: Db; tiendaId: number; autor: Autor; input: Entrada }): Promise<TPromocion> {
  const { db, tiendaId, autor, input } = options;
  return nombreUnico(() =>
    db.transaction(async (tx) => {
      await comprobarProductos(tx, tiendaId, input);
      const [p] = await tx.insert(promocion).values({ tiendaId, ...filaDe(input) }).returning({ id: promocion.idPromocion });
      await guardarCombo(tx, tiendaId, p!.id, input);
      const nueva = await obtenerPromocion({ db: tx, tiendaId, id: p!.id });
      await registrarPor(tx, tiendaId, autor, { tipo: 'promocion', detalle: { accion: 'creada', promocionId: nueva.id, promocion: nueva.nombre, cambios: cambiosEntre(null, nueva) } });
      return nueva;
    }),
  );
}

export async function cambiarPromocion(options: { db: Db; tiendaId: number; autor: Autor; id: number; input: Entrada }): Promise<TPromocion> {
  const { db, tiendaId, autor, id, input } = options;
  return nombreUnico(() =>
    db.transaction(async (tx) => {
      const antes = await bloquear(tx, tiendaId, id);
      await comprobarProductos(tx, tiendaId, input);
      await tx.update(promocion).set(filaDe(input)).where(and(eq(promocion.idPromocion, id), eq(promocion.tiendaId, tiendaId)));
      await guardarCombo(tx, tiendaId, id, input);
      const despues = await obtenerPromocion({ db: tx, tiendaId, id });
      const cambios = cambiosEntre(antes, despues);
      if (cambios.length) await registrarPor(tx, tiendaId, autor, { tipo: 'promocion', detalle: { accion: 'cambiada', promocionId: id, promocion: despues.nombre, cambios } });
      return despues;
    }),
  );
}

/** Deletes a promotion: past sales keep what it saved them (venta_promocion keeps its name). */
export async function eliminarPromocion(options: { db: Db; tiendaId: number; autor: Autor; id: number }): Promise<void> {
  const { db, tiendaId, autor, id } = options;
  await db.transaction(async (tx) => {
    const antes = await bloquear(tx, tiendaId, id);
    await tx.delete(promocion).where(and(eq(promocion.idPromocion, id), eq(promocion.tiendaId, tiendaId)));
    await registrarPor(tx, tiendaId, autor, { tipo: 'promocion', detalle: { accion: 'eliminada', promocionId: id, promocion: antes.nombre, cambios: cambiosEntre(antes, null) } });
  });
}

// ── Copied to other stores of the empresa (issue #59 point 1) ───────────────────────────────

/**
 * The owner copies a promotion to other stores of the empresa: each gets it on its own products (the
 * same barcode, else the same name: `paresEnTienda`). A store that lacks one of its products gets
 * nothing (a 3×2 without its product would be another promotion) and says which. A store that already
 * has a promotion of that name gets it replaced. All stores or none; each store's log and the origin's
 * record it, field by field.
 */
export async function copiarPromocion(options: CopiaATiendas): Promise<TCopiaEnTienda[]> {
  return nombreUnico(() =>
    copiarATiendas(options, {
      bloquear: async (tx, tiendaId, id) => {
        const fuente = await bloquear(tx, tiendaId, id);
        const nombres = new Map<number, string>([...(fuente.productoId != null ? [[fuente.productoId, fuente.producto ?? ''] as const] : []), ...fuente.productos.map((x) => [x.productoId, x.producto] as const)]);
        return { promo: fuente, nombres };
      },
      copiarEn: async (tx, { id, fuente: { promo: fuente, nombres }, origen, destino: d, autor }) => {
        const pares = await paresEnTienda(tx, { deTienda: origen.id, aTienda: d.id, productoIds: [...nombres.keys()] });
        const sinPar = [...nombres].filter(([pid]) => !pares.has(pid)).map(([, n]) => n);
        if (sinPar.length) return { idTienda: d.id, nombreTienda: d.nombre, resultado: 'omitida', id: null, productos: 0, sinPar };
        const input: Entrada = {
          ...fuente,
          productoId: fuente.productoId != null ? pares.get(fuente.productoId)! : null,
          productos: fuente.productos.map((x) => ({ productoId: pares.get(x.productoId)!, cantidad: x.cantidad })),
        };
        const [igual] = await tx
          .select({ id: promocion.idPromocion })
          .from(promocion)
          .where(and(eq(promocion.tiendaId, d.id), sql`lower(${promocion.nombre}) = lower(${fuente.nombre})`))
          .for('update');
        let destinoId: number;
        let antes: TPromocion | null = null;
        if (igual) {
          destinoId = igual.id;
          antes = await obtenerPromocion({ db: tx, tiendaId: d.id, id: destinoId });
          await tx.update(promocion).set(filaDe(input)).where(and(eq(promocion.idPromocion, destinoId), eq(promocion.tiendaId, d.id)));
        } else {
          const [p] = await tx.insert(promocion).values({ tiendaId: d.id, ...filaDe(input) }).returning({ id: promocion.idPromocion });
          destinoId = p!.id;
        }
        await guardarCombo(tx, d.id, destinoId, input);
        const despues = await obtenerPromocion({ db: tx, tiendaId: d.id, id: destinoId });
        await registrarPor(tx, d.id, autor, {
          tipo: 'promocion',
          detalle: { accion: 'copiada', promocionId: destinoId, promocion: despues.nombre, cambios: [{ campo: M.sucursales.copia.campoDesde, antes: null, despues: origen.nombre }, ...cambiosEntre(antes, despues)] },
        });
        await registrarPor(tx, origen.id, autor, { tipo: 'promocion', detalle: { accion: 'copiada', promocionId: id, promocion: fuente.nombre, cambios: [{ campo: M.sucursales.copia.campoHacia, antes: null, despues: d.nombre }] } });
        return { idTienda: d.id, nombreTienda: d.nombre, resultado: igual ? 'actualizada' : 'creada', id: destinoId, productos: nombres.size, sinPar: [] };
      },
    }),
  );
}
