import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { cantidadColumna } from './columna-cantidad';
import { producto } from './producto';
import { empresa, tienda } from './tienda';
import { usuario } from './usuario';

export const ESTADOS_TRASLADO = ['pedido', 'despachado', 'parcial', 'recibido', 'cancelado'] as const;
export const EVENTOS_TRASLADO = ['pedido', 'despacho', 'recepcion', 'cancelacion'] as const;

/**
 * A transfer of stock between two stores of one empresa (issue #56 point 3, ADR 056, migration 0077):
 * pedido → despachado (the origin's stock left into *en tránsito*) → parcial → recibido, or cancelado
 * before dispatch. Numbered per empresa (TR-1, TR-2…). `version` grows with every leg: a leg names the
 * version it saw and updates the row only if it is still that one, so two receipts at once apply one.
 * Written only by server/modules/traslado/traslado.domain.ts.
 */
export const traslado = pgTable(
  'traslado',
  {
    idTraslado: integer('id_traslado').primaryKey().generatedByDefaultAsIdentity(),
    empresaId: integer('empresa_id').notNull().references(() => empresa.idEmpresa, { onDelete: 'cascade' }),
    numero: integer('numero').notNull(),
    origenId: integer('origen_id').notNull().references(() => tienda.idTienda, { onDelete: 'cascade' }),
    destinoId: integer('destino_id').notNull().references(() => tienda.idTienda, { onDelete: 'cascade' }),
    estado: text('estado').notNull().default('pedido').$type<(typeof ESTADOS_TRASLADO)[number]>(),
    nota: text('nota'),
    version: integer('version').notNull().default(1),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('traslado_estado_valido', sql`${t.estado} in ('pedido', 'despachado', 'parcial', 'recibido', 'cancelado')`),
    check('traslado_tiendas_distintas', sql`${t.origenId} <> ${t.destinoId}`),
    uniqueIndex('traslado_numero_uq').on(t.empresaId, t.numero),
    index('traslado_origen_idx').on(t.origenId, t.idTraslado),
    index('traslado_destino_idx').on(t.destinoId, t.idTraslado),
  ],
);

/**
 * One product of a transfer: its row in each store (matched when asked, ADR 056), the units asked, sent,
 * received and recorded as missing at the close. *En tránsito* is despachada − recibida − faltante.
 */
export const trasladoLinea = pgTable(
  'traslado_linea',
  {
    idLinea: integer('id_linea').primaryKey().generatedByDefaultAsIdentity(),
    trasladoId: integer('traslado_id').notNull().references(() => traslado.idTraslado, { onDelete: 'cascade' }),
    productoOrigenId: integer('producto_origen_id').references(() => producto.idProducto, { onDelete: 'set null' }),
    productoDestinoId: integer('producto_destino_id').references(() => producto.idProducto, { onDelete: 'set null' }),
    nombre: text('nombre').notNull(),
    cantidad: cantidadColumna('cantidad').notNull(),
    despachada: cantidadColumna('despachada'),
    recibida: cantidadColumna('recibida').notNull().default(0),
    faltante: cantidadColumna('faltante').notNull().default(0),
    /**
     * What one unit cost the origin when it left (its average cost, else its last cost; ADR 056
     * addendum): at each receipt the destination's average cost takes the units in at this cost, so
     * goods keep their value as they move. Null: dispatched before migration 0109, or no cost known.
     */
    costoUnit: bigint('costo_unit', { mode: 'number' }),
  },
  (t) => [
    check('traslado_linea_cantidades', sql`${t.cantidad} > 0 and ${t.recibida} >= 0 and ${t.faltante} >= 0 and ${t.recibida} + ${t.faltante} <= coalesce(${t.despachada}, 0)`),
    uniqueIndex('traslado_linea_producto_uq').on(t.trasladoId, t.productoOrigenId),
  ],
);

/**
 * The lots that left with a line of a product that tracks lots (ADR 056 addendum, migration 0113): each
 * lot's code and expiry as the origin had them (both null: units of no known lot) and its units
 * dispatched, received and missing; in transit = despachada − recibida − faltante. The receipt enters
 * each at the destination under the same code and expiry. Written only by the transfer's domain.
 */
export const trasladoLote = pgTable(
  'traslado_lote',
  {
    idTrasladoLote: integer('id_traslado_lote').primaryKey().generatedByDefaultAsIdentity(),
    lineaId: integer('linea_id').notNull().references(() => trasladoLinea.idLinea, { onDelete: 'cascade' }),
    codigo: text('codigo'),
    vence: date('vence', { mode: 'string' }),
    despachada: cantidadColumna('despachada').notNull(),
    recibida: cantidadColumna('recibida').notNull().default(0),
    faltante: cantidadColumna('faltante').notNull().default(0),
  },
  (t) => [
    check('traslado_lote_codigo_y_vence', sql`(${t.codigo} IS NULL) = (${t.vence} IS NULL)`),
    check('traslado_lote_cantidades', sql`${t.despachada} > 0 AND ${t.recibida} >= 0 AND ${t.faltante} >= 0 AND ${t.recibida} + ${t.faltante} <= ${t.despachada}`),
    uniqueIndex('traslado_lote_linea_codigo_uq').on(t.lineaId, sql`coalesce(${t.codigo}, '')`),
  ],
);

/**
 * Each leg of a transfer as it happened: where (the store it touched), who (name copied), through which
 * face, when, why (a difference's reason) and the units of each line (`lineas`: [{ lineaId, cantidad, faltante }]).
 */
export const trasladoEvento = pgTable(
  'traslado_evento',
  {
    idEvento: integer('id_evento').primaryKey().generatedByDefaultAsIdentity(),
    trasladoId: integer('traslado_id').notNull().references(() => traslado.idTraslado, { onDelete: 'cascade' }),
    tiendaId: integer('tienda_id').notNull().references(() => tienda.idTienda, { onDelete: 'cascade' }),
    tipo: text('tipo').notNull().$type<(typeof EVENTOS_TRASLADO)[number]>(),
    usuarioId: integer('usuario_id').references(() => usuario.idUsuario, { onDelete: 'set null' }),
    usuarioNombre: text('usuario_nombre').notNull(),
    rolId: smallint('rol_id').notNull(),
    cara: text('cara').notNull().default('tienda'),
    motivo: text('motivo'),
    lineas: jsonb('lineas').notNull().default(sql`'[]'::jsonb`).$type<{ lineaId: number; cantidad: number; faltante?: number }[]>(),
    fecha: timestamp('fecha', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('traslado_evento_tipo_valido', sql`${t.tipo} in ('pedido', 'despacho', 'recepcion', 'cancelacion')`),
    check('traslado_evento_cara_valida', sql`${t.cara} in ('tienda', 'crud', 'legacy')`),
    index('traslado_evento_traslado_idx').on(t.trasladoId, t.idEvento),
  ],
);
