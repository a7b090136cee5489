// npm run bench:data -- --products 100000 --lines 1000000 [--reset]
// npm run bench:data -- --stores 1000 --products 1000 --lines 300   (a fleet: N stores fleet<i>@adax.co, per store)
// Generates a realistic benchmark store into the configured database (BENCH_DATA_DIR, default
// ./data/bench, or DATABASE_URL): products with names, brands, categories, prices and stock,
// suppliers, customers, and a year of sales with their invoice lines. Set-based SQL (generate_series)
// with a fixed random seed, so it is fast and the same every time.
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { abrirBase } from './open-db';
import { RESUMEN_DIA } from '../server/db/backup';
import { seedCatalogos } from '../server/db/setup';
import { loadEnv } from '../server/env';
import { hashPassword } from '../server/lib/password';
import { M } from '../shared/messages';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const PRODUCTS = arg('products', 100_000);
const LINES = arg('lines', 1_000_000);
const argText = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : fallback;
};
/** A fleet (issue #20): this many stores, each with --products products and --lines invoice lines. */
const STORES = arg('stores', 0);
const BENCH_ACCOUNT = { email: argText('account', 'bench@adax.co'), password: 'Bench2024', code: argText('code', 'BNCH-2024') };

const env = loadEnv({ ...process.env, DATA_DIR: process.env.BENCH_DATA_DIR ?? path.join(process.env.DATA_DIR ?? './data', 'bench') });
const database = await abrirBase(env);
const db = database.db;
const t0 = Date.now();
await database.migrate();
await seedCatalogos(db);

const exists = (await db.execute(sql`select id_tienda from tienda where correo = ${BENCH_ACCOUNT.email}`)) as unknown as { rows: { id_tienda: number }[] };
if (exists.rows[0] && STORES === 0) {
  if (!process.argv.includes('--reset')) {
    console.log(`La tienda de benchmark ya existe en ${env.DATABASE_URL ? 'PostgreSQL' : env.DATA_DIR}; usa --reset para regenerarla.`);
    await database.close();
    process.exit(0);
  }
  await db.execute(sql`delete from tienda where id_tienda = ${exists.rows[0].id_tienda}`);
}

const hash = await hashPassword(BENCH_ACCOUNT.password);
const step = async (label: string, q: ReturnType<typeof sql>) => {
  const s = Date.now();
  await db.execute(q);
  console.log(`  ${label}: ${((Date.now() - s) / 1000).toFixed(1)} s`);
};

if (STORES > 0) {
  await generateFleet();
  await database.close();
  process.exit(0);
}

console.log(`Generando ${PRODUCTS} productos y ${LINES} líneas de factura…`);
await db.execute(sql`select setseed(0.42)`);
const created = (await db.execute(sql`
  insert into tienda (nombre_tienda, correo, contrasena_hash, codigo_invitacion, direccion, telefono)
  values (${`Tienda Benchmark ${BENCH_ACCOUNT.code}`}, ${BENCH_ACCOUNT.email}, ${hash}, ${BENCH_ACCOUNT.code}, 'Carrera 7 # 1-1', '6010000000')
  returning id_tienda`)) as unknown as { rows: { id_tienda: number }[] };
const tid = created.rows[0]!.id_tienda;
await db.execute(sql`
  insert into usuario (documento, tipo_doc, nombre1, apellido1, correo, contrasena_hash, rol_id, tienda_id)
  values (${String(9000000000 + tid)}, 'CC', 'Cajero', 'Benchmark', ${`cajero.${tid}.bench@adax.co`}, ${hash}, 2, ${tid})
  on conflict do nothing`);

await step('proveedores', sql`
  insert into proveedor (tienda_id, nombre, telefono, email)
  select ${tid}, 'Proveedor ' || g, (3000000000 + g)::text, 'proveedor' || g || '@bench.example' from generate_series(1, 200) g`);
await step('clientes', sql`
  insert into cliente (tienda_id, documento, tipo_documento, nombre, apellido, correo)
  select ${tid}, (1000000000 + g)::text, 'CC',
    (array['María','Carlos','Luisa','Andrés','Valentina','Jorge','Camila','Diego','Paula','Felipe'])[1 + (g % 10)],
    (array['Gómez','Rodríguez','Martínez','López','Pérez','García','Díaz','Torres','Ramírez','Vargas'])[1 + ((g / 10) % 10)],
    null from generate_series(1, 5000) g`);
await step('productos', sql`
  insert into producto (tienda_id, nombre, precio_unit, descripcion, marca, categoria, presentacion, stock, stock_min, estado, codigo_barras, proveedor_id)
  select ${tid},
    (array['Arroz','Aceite','Leche','Café','Azúcar','Panela','Chocolate','Gaseosa','Agua','Jabón','Detergente','Papel higiénico','Crema dental','Champú','Atún','Lentejas','Fríjol','Pasta','Galletas','Papas','Cerveza','Salchichas','Queso','Mantequilla','Harina','Sal','Avena','Yogur','Jugo','Pan'])[1 + floor(random() * 30)::int]
      || ' ' || (array['Diana','Premier','Alquería','Sello Rojo','Manuelita','Corona','Postobón','Cristal','Rey','Fab','Familia','Colgate','Sedal','Van Camps','Doria','Festival','Margarita','Águila','Zenú','Colanta','Alpina','P.A.N.','Refisal','Quaker','Hit','Bimbo','Nestlé','Ramo','Noel','Fruco'])[1 + floor(random() * 30)::int]
      || ' ' || (array['250 g','500 g','1 kg','1 L','600 ml','1,5 L','x6','x12','400 ml','170 g'])[1 + floor(random() * 10)::int]
      || ' ' || g,
    (500 + floor(random() * 60) * 500)::bigint,
    'Producto de prueba ' || g,
    null,
    (array['Granos','Lácteos','Bebidas','Aseo','Enlatados','Pasabocas','Panadería','Carnes frías','Condimentos','Cuidado personal'])[1 + floor(random() * 10)::int],
    (array['Bolsa','Botella','Caja','Lata','Paquete','Unidad'])[1 + floor(random() * 6)::int],
    (10 + floor(random() * 500))::int,
    5,
    case when random() < 0.97 then 1 else 0 end,
    -- EAN-13 with Colombia's prefix: 770, the product number, and the check digit (weights 1, 3, 1, 3… from the left).
    b.cuerpo || ((10 - (select sum(substr(b.cuerpo, i, 1)::int * (case when i % 2 = 0 then 3 else 1 end)) from generate_series(1, 12) i) % 10) % 10)::text,
    null
  from generate_series(1, ${PRODUCTS}) g, lateral (select (770000000000 + g)::text as cuerpo) b`);
await step('marcas y proveedores de productos', sql`
  update producto p set marca = split_part(p.nombre, ' ', 2),
    proveedor_id = (select min(id_proveedor) from proveedor where tienda_id = ${tid}) + (p.id_producto % 200)
  where p.tienda_id = ${tid}`);
await step('costo promedio', sql`update producto set costo_promedio = round(precio_unit * (0.6 + random() * 0.25)) where tienda_id = ${tid}`);
const ventas = Math.ceil(LINES / 3);
// Bulk load: the count triggers (migration 0016), the summaries' and the store's numbering
// (venta_numerar, which updates the store's counter at every sale: 333 000 updates of one row in one
// transaction never finish) are switched off; the numbers are written here, in date order, and the
// counts and summaries rebuilt once afterwards (resumen_dia_reconstruir, as a restore does).
await db.execute(sql`alter table venta disable trigger venta_conteo`);
await db.execute(sql`alter table venta disable trigger venta_numerar`);
await db.execute(sql`alter table venta_producto_resumen disable trigger venta_producto_resumen_cantidad`);
await resumenesDiarios('disable');
if (ventas > 0) {
await step('ventas', sql`
  insert into venta (tienda_id, numero, fecha, estado, cliente_id, metodo_pago_id, usuario_id, total, monto_recibido)
  select ${tid}, row_number() over (order by s.fecha), s.fecha, s.estado, null, s.metodo, null, 0, null
  from (select now() - (random() * interval '365 days') as fecha,
          case when random() < 0.02 then 'Anulada' else 'Completada' end as estado, 1 + floor(random() * 5)::int as metodo
        from generate_series(1, ${ventas}) g) s
  order by s.fecha`);
await db.execute(sql`insert into venta_contador (tienda_id, ultimo_numero) select ${tid}, coalesce(max(numero), 0) from venta where tienda_id = ${tid}
  on conflict (tienda_id) do update set ultimo_numero = excluded.ultimo_numero`);
// A shop's share of its catalogue (issue #55 point 1): 80 % of the lines are of its best sellers (the
// first 5 % of the products, skewed), the rest of the first 60 % evenly; the other 40 % never sell
// (*sin ventas*). About a fifth of the catalogue sells in a month, as the checkout writes a line:
// the product's price and its average cost at the time (costo_unit).
await step('líneas de factura', sql`
  with pmin as (select min(id_producto) as lo, max(id_producto) - min(id_producto) + 1 as n from producto where tienda_id = ${tid}),
       v as (select id_venta, estado, row_number() over (order by id_venta) as rn from venta where tienda_id = ${tid}),
       l as (
         select v.id_venta, v.estado, k,
           pmin.lo + (case when random() < 0.8 then floor(power(random(), 2) * pmin.n * 0.05) else floor(random() * pmin.n * 0.6) end)::int as producto_id
         from v cross join pmin cross join generate_series(1, 3) k
         where (v.rn - 1) * 3 + k <= ${LINES}
       )
  insert into factura (tienda_id, venta_id, producto_id, cantidad, precio, costo_unit, estado)
  select ${tid}, l.id_venta, l.producto_id, 1 + floor(random() * 4)::int, p.precio_unit, p.costo_promedio,
    case when l.estado = 'Anulada' then 'Anulada' else 'Pagado' end
  from l join producto p on p.id_producto = l.producto_id
  order by l.id_venta, l.k`);
await step('totales de las ventas', sql`
  update venta v set total = s.total, monto_recibido = s.total
  from (select venta_id, sum(cantidad * precio) as total from factura where tienda_id = ${tid} group by venta_id) s
  where s.venta_id = v.id_venta`);
}
// The stock ledger as the checkout writes it: one exit per product of each sale (an annulled sale
// took none), after an initial entry of today's stock plus every unit sold, so stock = its ledger.
await step('movimientos de inventario', sql`
  with s as (
    select f.producto_id, f.venta_id, v.fecha, v.numero, sum(f.cantidad * f.factor) as q
    from factura f join venta v on v.id_venta = f.venta_id
    where f.tienda_id = ${tid} and v.estado <> 'Anulada' group by 1, 2, 3, 4
  ), r as (
    select s.*, sum(q) over (partition by producto_id order by fecha, venta_id) as acum, sum(q) over (partition by producto_id) as vendido from s
  ), inicial as (
    insert into movimiento (tienda_id, producto_id, stock_antes, entradas, salidas, cantidad_despues, estado_despues, motivo, fecha_movimiento, fecha_modificacion)
    select p.tienda_id, p.id_producto, 0, p.stock + coalesce(t.vendido, 0), 0, p.stock + coalesce(t.vendido, 0), 'Entrada', 'Inventario inicial', now() - interval '366 days', now() - interval '366 days'
    from producto p left join (select producto_id, sum(q) as vendido from s group by 1) t on t.producto_id = p.id_producto
    where p.tienda_id = ${tid}
  )
  insert into movimiento (tienda_id, producto_id, venta_id, stock_antes, entradas, salidas, cantidad_despues, estado_despues, motivo, fecha_movimiento, fecha_modificacion)
  select ${tid}, r.producto_id, r.venta_id, p.stock + r.vendido - r.acum + r.q, 0, r.q, p.stock + r.vendido - r.acum, 'Salida', replace(${M.ventas.motivoVenta('{id}')}, '{id}', r.numero::text), r.fecha, r.fecha
  from r join producto p on p.id_producto = r.producto_id
  order by r.fecha, r.venta_id, r.producto_id`);
await db.execute(sql`alter table venta enable trigger venta_numerar`);
await rebuildCounts(sql`(${tid})`);
await step('estadísticas', sql`vacuum analyze`);
await database.close();
console.log(`Listo en ${((Date.now() - t0) / 1000).toFixed(1)} s. Tienda: ${BENCH_ACCOUNT.email} / ${BENCH_ACCOUNT.password}`);

/**
 * The fleet: STORES stores (fleet1@adax.co … fleetN@adax.co, password Bench2024), each with PRODUCTS
 * products and LINES invoice lines, in a few set-based statements over all stores at once.
 */
async function generateFleet() {
  const first = (await db.execute(sql`select count(*)::int as n from tienda where correo like 'fleet%@adax.co'`)) as unknown as { rows: { n: number }[] };
  if (first.rows[0]!.n >= STORES && !process.argv.includes('--reset')) {
    console.log(`La flota de ${first.rows[0]!.n} tiendas ya existe; usa --reset para regenerarla.`);
    return;
  }
  if (first.rows[0]!.n > 0) await step('borrar la flota anterior', sql`delete from tienda where correo like 'fleet%@adax.co'`);
  console.log(`Generando ${STORES} tiendas de ${PRODUCTS} productos y ${LINES} líneas cada una…`);
  await db.execute(sql`select setseed(0.42)`);
  await step('tiendas', sql`
    insert into tienda (nombre_tienda, correo, contrasena_hash, codigo_invitacion, direccion, telefono)
    select 'Tienda Flota ' || g, 'fleet' || g || '@adax.co', ${hash}, 'FLT-' || lpad(g::text, 5, '0'), 'Calle ' || g, (6010000000 + g)::text
    from generate_series(1, ${STORES}) g`);
  const fleet = sql`(select id_tienda from tienda where correo like 'fleet%@adax.co')`;
  await step('productos', sql`
    insert into producto (tienda_id, nombre, precio_unit, descripcion, marca, categoria, presentacion, stock, stock_min, estado, codigo_barras, proveedor_id)
    select t.id_tienda,
      (array['Arroz','Aceite','Leche','Café','Azúcar','Panela','Chocolate','Gaseosa','Agua','Jabón','Detergente','Papel higiénico','Crema dental','Champú','Atún','Lentejas','Fríjol','Pasta','Galletas','Papas','Cerveza','Salchichas','Queso','Mantequilla','Harina','Sal','Avena','Yogur','Jugo','Pan'])[1 + floor(random() * 30)::int]
        || ' ' || (array['Diana','Premier','Alquería','Sello Rojo','Manuelita','Corona','Postobón','Cristal','Rey','Fab','Familia','Colgate','Sedal','Van Camps','Doria','Festival','Margarita','Águila','Zenú','Colanta','Alpina','P.A.N.','Refisal','Quaker','Hit','Bimbo','Nestlé','Ramo','Noel','Fruco'])[1 + floor(random() * 30)::int]
        || ' ' || (array['250 g','500 g','1 kg','1 L','600 ml','1,5 L','x6','x12','400 ml','170 g'])[1 + floor(random() * 10)::int]
        || ' ' || g,
      (500 + floor(random() * 60) * 500)::bigint, 'Producto de prueba ' || g, null,
      (array['Granos','Lácteos','Bebidas','Aseo','Enlatados','Pasabocas','Panadería','Carnes frías','Condimentos','Cuidado personal'])[1 + floor(random() * 10)::int],
      (array['Bolsa','Botella','Caja','Lata','Paquete','Unidad'])[1 + floor(random() * 6)::int],
      -- Stock for a long mixed load: every store sells all through the measure.
      (100000 + floor(random() * 500))::int, 5, 1,
      (7700000000000 + g)::text, null
    from tienda t cross join generate_series(1, ${PRODUCTS}) g
    where t.id_tienda in ${fleet}
    order by t.id_tienda, g`);
  await step('marcas', sql`update producto p set marca = split_part(p.nombre, ' ', 2) where p.tienda_id in ${fleet}`);
  await step('movimientos de inventario inicial', sql`
    insert into movimiento (tienda_id, producto_id, stock_antes, entradas, salidas, cantidad_despues, estado_despues, motivo, fecha_movimiento, fecha_modificacion)
    select tienda_id, id_producto, 0, stock, 0, stock, 'Entrada', 'Inventario inicial', now() - interval '366 days', now() - interval '366 days'
    from producto where tienda_id in ${fleet}`);
  const ventasPorTienda = Math.ceil(LINES / 3);
  await db.execute(sql`alter table venta disable trigger venta_conteo`);
  await db.execute(sql`alter table venta_producto_resumen disable trigger venta_producto_resumen_cantidad`);
  await resumenesDiarios('disable');
  if (ventasPorTienda > 0) {
    await step('ventas', sql`
      insert into venta (tienda_id, fecha, estado, cliente_id, metodo_pago_id, usuario_id, total, monto_recibido)
      select t.id_tienda, now() - (random() * interval '365 days'), case when random() < 0.02 then 'Anulada' else 'Completada' end,
        null, 1 + floor(random() * 5)::int, null, 0, null
      from tienda t cross join generate_series(1, ${ventasPorTienda}) g where t.id_tienda in ${fleet}`);
    await step('líneas de factura', sql`
      with pr as (select tienda_id, min(id_producto) as lo, max(id_producto) as hi from producto where tienda_id in ${fleet} group by tienda_id),
           v as (select id_venta, tienda_id, estado, row_number() over (partition by tienda_id order by id_venta) as rn from venta where tienda_id in ${fleet})
      insert into factura (tienda_id, venta_id, producto_id, cantidad, precio, estado)
      select v.tienda_id, v.id_venta, pr.lo + floor(power(random(), 2) * (pr.hi - pr.lo + 1))::int, 1 + floor(random() * 4)::int, 0,
        case when v.estado = 'Anulada' then 'Anulada' else 'Pagado' end
      from v join pr on pr.tienda_id = v.tienda_id cross join generate_series(1, 3) k
      where (v.rn - 1) * 3 + k <= ${LINES}`);
    await step('precios de las líneas', sql`update factura f set precio = p.precio_unit from producto p where p.id_producto = f.producto_id and f.tienda_id in ${fleet}`);
    await step('totales de las ventas', sql`
      update venta v set total = s.total, monto_recibido = s.total
      from (select venta_id, sum(cantidad * precio) as total from factura where tienda_id in ${fleet} group by venta_id) s
      where s.venta_id = v.id_venta`);
  }
  await rebuildCounts(fleet);
  await step('estadísticas', sql`vacuum analyze`);
  console.log(`Listo en ${((Date.now() - t0) / 1000).toFixed(1)} s. Tiendas: fleet1…fleet${STORES}@adax.co / ${BENCH_ACCOUNT.password}`);
}

/** The per-day summaries' triggers (issue #35 point 3, migration resumen_diario) off for a bulk load, or back on. */
async function resumenesDiarios(accion: 'enable' | 'disable') {
  for (const [tabla, trigger] of RESUMEN_DIA) {
    await db.execute(sql.raw(`alter table ${tabla} ${accion} trigger ${trigger}`));
  }
}

/** The counts of migration 0016 and the per-day summaries for the stores just loaded (their triggers were off), then the triggers back on. */
async function rebuildCounts(stores: ReturnType<typeof sql>) {
  await db.execute(sql`alter table venta enable trigger venta_conteo`);
  await db.execute(sql`alter table venta_producto_resumen enable trigger venta_producto_resumen_cantidad`);
  await resumenesDiarios('enable');
  // Every summary and counter, venta_producto_resumen and its histogram among them (server/db/resumenes.ts).
  await step('resúmenes y conteos (reportes, análisis y paginador)', sql`select resumen_dia_reconstruir(id_tienda) from tienda where id_tienda in ${stores}`);
}
