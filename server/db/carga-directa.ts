import { sql, type SQL } from 'drizzle-orm';

/**
 * Rows written with every trigger off (`session_replication_role = replica`), for loads too large to
 * go through the domain: the big-store backup test and `npm run bench:reportes`. With the triggers off
 * nothing fills what they would, so these statements write it as they would: a store's empresa
 * (tienda_empresa), a product's own catalogue entry (producto_catalogo: its id, from the identity's
 * sequence), a customer's empresa (cliente_empresa). A new NOT NULL column that a trigger fills is
 * added here, once, for every such load.
 */

/** A store and its own empresa, both named `nombre`; answers `id_tienda`. */
export const tiendaConEmpresa = (t: { nombre: string; correo: string; codigo: string }): SQL =>
  sql`with e as (insert into empresa (nombre) values (${t.nombre}) returning id_empresa)
    insert into tienda (nombre_tienda, correo, contrasena_hash, codigo_invitacion, empresa_id) select ${t.nombre}, ${t.correo}, 'x', ${t.codigo}, id_empresa from e returning id_tienda`;

/** The `columnas` of each row: SQL expressions over `g`, the row's number from 1 to `cuantos`. */
type Columnas = Record<string, string>;

const lista = (columnas: Columnas) => ({ nombres: sql.raw(Object.keys(columnas).join(', ')), valores: sql.raw(Object.values(columnas).join(', ')) });

/** `cuantos` products of a store, each its own catalogue entry as producto_catalogo would give it. */
export function productosDeTienda(tiendaId: number, cuantos: number, columnas: Columnas): SQL {
  const { nombres, valores } = lista(columnas);
  return sql`insert into producto (id_producto, catalogo_id, tienda_id, ${nombres})
    overriding system value
    select n, n, ${tiendaId}, ${valores}
    from (select nextval(pg_get_serial_sequence('producto', 'id_producto')) as n, g from generate_series(1, ${cuantos}) g) s`;
}

/** `cuantos` customers of a store, each the store's empresa's as cliente_empresa would make it. */
export function clientesDeTienda(tiendaId: number, cuantos: number, columnas: Columnas): SQL {
  const { nombres, valores } = lista(columnas);
  return sql`insert into cliente (tienda_id, empresa_id, ${nombres})
    select ${tiendaId}, (select empresa_id from tienda where id_tienda = ${tiendaId}), ${valores} from generate_series(1, ${cuantos}) g`;
}
