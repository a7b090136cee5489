/**
 * The store's lists as files (issue #33 point 2): products, customers, suppliers, sales and stock
 * movements, as CSV for Excel in Spanish or XLSX (server/lib/exportar.ts). Each export reads its rows
 * through the list's own function with the list's own filters — the same tenancy, search and range as
 * the screen — so "the current filter" is the query the screen sends, and no query means the whole
 * store (up to EXPORT_MAX_FILAS rows). Instants are written in the store's time zone.
 */
import { eq } from 'drizzle-orm';
import { M } from '#shared/messages';
import type { TFacturasFiltros } from '#shared/schemas/factura';
import type { TMovimientosFiltros } from '#shared/schemas/movimiento';
import type { TFormatoExport } from '#shared/schemas/exportacion';
import type { TProductoListItem } from '#shared/schemas/producto';
import type { Db } from '../../db/client';
import { tienda } from '../../db/schema';
import { EXPORT_MAX_FILAS, exportarTabla, type ColumnaExport } from '../../lib/exportar';
import { listarClientes } from '../cliente/cliente.service';
import { listarFacturas } from '../factura/factura.service';
import { listarMovimientos } from '../movimiento/movimiento.service';
import { impuestosYCostos } from '../producto/producto.domain';
import { listarProductos } from '../producto/producto.service';
import type { LectorFacturas } from '../factura/factura.service';
import { listarProveedores } from '../proveedor/proveedor.service';
import { requireDueno, type Alcance } from '../tienda/alcance';
import { tiendasDeLaEmpresa } from '../tienda/empresa';

const ME = M.exportacion;
export type EntidadExport = keyof typeof ME.hojas;

/** An instant as the store's wall time, 'YYYY-MM-DD HH:MM:SS' (exportar.ts writes it dd/mm/aaaa). */
async function relojDeTienda(db: Db, tiendaId: number): Promise<(iso: string) => string> {
  const [t] = await db.select({ zona: tienda.zonaHoraria }).from(tienda).where(eq(tienda.idTienda, tiendaId)).limit(1);
  const f = new Intl.DateTimeFormat('en-CA', { timeZone: t?.zona ?? 'America/Bogota', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
  return (iso) => {
    const p = Object.fromEntries(f.formatToParts(new Date(iso)).map((x) => [x.type, x.value]));
    return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
  };
}

const hoy = (reloj: (iso: string) => string) => reloj(new Date().toISOString()).slice(0, 10);
const siNo = (v: boolean) => (v ? ME.si : ME.no);
const todo = { page: 1, pageSize: EXPORT_MAX_FILAS };

/** A tax as the screens name it ("IVA 19 %"), which the import reads back. */
const nombreImpuesto = (imp: string | null | undefined) => (imp ? ((M.impuestos.nombres as Record<string, string>)[imp] ?? imp) : null);

type ExtraProducto = Awaited<ReturnType<typeof impuestosYCostos>>['porId'] extends Map<number, infer V> ? V : never;

/** The product list's columns, the store's export and the empresa's (which puts the store first). */
function columnasProductos<T extends TProductoListItem>(conCostos: boolean, extra: (p: T) => ExtraProducto | undefined): ColumnaExport<T>[] {
  const C = ME.columnas.productos;
  return [
    { titulo: C.id, tipo: 'numero', valor: (p) => p.id },
    { titulo: C.codigo, valor: (p) => p.codigoBarras },
    { titulo: C.nombre, valor: (p) => p.nombre },
    { titulo: C.marca, valor: (p) => p.marca },
    { titulo: C.categoria, valor: (p) => p.categoria },
    { titulo: C.ubicacion, valor: (p) => extra(p)?.ubicacion ?? null },
    { titulo: C.precio, tipo: 'numero', valor: (p) => p.precio },
    // Costs only for who may see them: for anyone else the column is not there at all.
    ...(conCostos ? [{ titulo: C.costo, tipo: 'numero', valor: (p) => extra(p)?.costo ?? null } satisfies ColumnaExport<T>] : []),
    { titulo: C.impuesto, valor: (p) => nombreImpuesto(extra(p)?.impuesto) },
    { titulo: C.unidad, valor: (p) => M.impuestos.unidades[extra(p)?.unidadDian ?? '94'] ?? null },
    { titulo: C.stock, tipo: 'numero', valor: (p) => p.stock },
    { titulo: C.stockMin, tipo: 'numero', valor: (p) => p.stockMin },
    { titulo: C.estado, valor: (p) => siNo(p.estado === 1) },
    { titulo: C.manejaLotes, valor: (p) => siNo(extra(p)?.manejaLotes ?? false) },
    { titulo: C.registroInvima, valor: (p) => extra(p)?.registroInvima ?? null },
    { titulo: C.principioActivo, valor: (p) => extra(p)?.principioActivo ?? null },
    { titulo: C.bajoFormula, valor: (p) => siNo(extra(p)?.bajoFormula ?? false) },
    { titulo: C.proveedor, valor: (p) => p.proveedor },
  ];
}

/**
 * The empresa's catalogue as one file (issue #56 point 2, "export at either level"): every store's
 * products, each row starting with its store and saying whether the store sells at its own price or the
 * empresa's, read store by store through the same list and columns as a store's own export (its search
 * too), up to EXPORT_MAX_FILAS rows in all. The empresa's owner only.
 */
export async function exportarCatalogoEmpresa(options: { db: Db; alcance: Alcance; lector: LectorFacturas; formato: TFormatoExport; q?: string }) {
  const { db, formato } = options;
  const { empresaId, tiendaId } = requireDueno(options.alcance, M.empresa.soloDueno);
  const tiendas = await tiendasDeLaEmpresa(db, empresaId);
  type Fila = TProductoListItem & { tienda: string; extra: ExtraProducto | undefined };
  const filas: Fila[] = [];
  let conCostos = true;
  for (const t of tiendas) {
    const cabe = EXPORT_MAX_FILAS - filas.length;
    if (cabe <= 0) break;
    const [{ items }, costos] = await Promise.all([
      listarProductos({ db, tiendaId: t.id, lector: options.lector, q: options.q ?? '', page: 1, pageSize: cabe }),
      impuestosYCostos(db, t.id, options.lector),
    ]);
    conCostos &&= costos.conCostos;
    filas.push(...items.map((p) => ({ ...p, tienda: t.nombre, extra: costos.porId.get(p.id) })));
  }
  const columnas: ColumnaExport<Fila>[] = [
    { titulo: ME.columnas.tienda, valor: (p) => p.tienda },
    ...columnasProductos<Fila>(conCostos, (p) => p.extra),
    { titulo: ME.columnas.precioPropio, valor: (p) => siNo(p.extra?.precioPropio ?? false) },
  ];
  const reloj = await relojDeTienda(db, tiendaId);
  return exportarTabla({ formato, nombre: ME.archivo(ME.archivos.catalogo, hoy(reloj)), hoja: ME.hojas.productos, columnas, filas });
}

export async function exportarLista(options: {
  db: Db;
  tiendaId: number;
  /** Who exports: the product list's costs are read only by whoever may see them (issue #27), other employees' sales likewise (issue #51 point 8). */
  lector: LectorFacturas;
  entidad: EntidadExport;
  formato: TFormatoExport;
  q?: string;
  facturas?: TFacturasFiltros;
  movimientos?: TMovimientosFiltros;
}) {
  const { db, tiendaId, entidad, formato } = options;
  const reloj = await relojDeTienda(db, tiendaId);
  const base = { formato, nombre: ME.archivo(ME.archivos[entidad], hoy(reloj)), hoja: ME.hojas[entidad] };
  const q = options.q ?? '';
  switch (entidad) {
    case 'productos': {
      const [{ items }, { conCostos, porId: extras }] = await Promise.all([listarProductos({ db, tiendaId, lector: options.lector, q, ...todo }), impuestosYCostos(db, tiendaId, options.lector)]);
      return exportarTabla({ ...base, columnas: columnasProductos<(typeof items)[number]>(conCostos, (p) => extras.get(p.id)), filas: items });
    }
    case 'clientes': {
      const C = ME.columnas.clientes;
      const { items } = await listarClientes({ db, tiendaId, q, ...todo });
      const columnas: ColumnaExport<(typeof items)[number]>[] = [
        { titulo: C.documento, valor: (c) => c.documento },
        { titulo: C.tipo, valor: (c) => c.tipoDocumento },
        { titulo: C.nombre, valor: (c) => c.nombre },
        { titulo: C.apellido, valor: (c) => c.apellido },
        { titulo: C.correo, valor: (c) => c.correo },
        { titulo: C.telefono, valor: (c) => c.telefono },
        { titulo: C.fiado, valor: (c) => siNo(c.fiado) },
        { titulo: C.cupo, tipo: 'numero', valor: (c) => c.cupo },
        { titulo: C.plazo, tipo: 'numero', valor: (c) => c.plazoFiado },
        { titulo: C.saldo, tipo: 'numero', valor: (c) => c.credito?.saldo ?? 0 },
      ];
      return exportarTabla({ ...base, columnas, filas: items });
    }
    case 'proveedores': {
      const C = ME.columnas.proveedores;
      const { items } = await listarProveedores({ db, tiendaId, q, ...todo });
      const columnas: ColumnaExport<(typeof items)[number]>[] = [
        { titulo: C.id, tipo: 'numero', valor: (p) => p.id },
        { titulo: C.nombre, valor: (p) => p.nombre },
        { titulo: C.telefono, valor: (p) => p.telefono },
        { titulo: C.email, valor: (p) => p.email },
        { titulo: C.documento, valor: (p) => p.documento },
        { titulo: C.direccion, valor: (p) => p.direccion },
        { titulo: C.productos, tipo: 'numero', valor: (p) => p.productos },
      ];
      return exportarTabla({ ...base, columnas, filas: items });
    }
    case 'ventas': {
      const C = ME.columnas.ventas;
      const { items } = await listarFacturas({ db, tiendaId, lector: options.lector, query: { q: '', estado: undefined, ...options.facturas, ...todo } as TFacturasFiltros });
      const columnas: ColumnaExport<(typeof items)[number]>[] = [
        // The number the receipt printed (issue #52), as the screen's list shows it.
        { titulo: C.id, tipo: 'numero', valor: (v) => v.numero },
        { titulo: C.fecha, tipo: 'fecha', valor: (v) => reloj(v.fecha) },
        { titulo: C.estado, valor: (v) => v.estado },
        { titulo: C.lineas, tipo: 'numero', valor: (v) => v.lineas },
        { titulo: C.unidades, tipo: 'numero', valor: (v) => v.unidades },
        { titulo: C.kilos, tipo: 'numero', valor: (v) => v.kilos },
        { titulo: C.litros, tipo: 'numero', valor: (v) => v.litros },
        { titulo: C.metros, tipo: 'numero', valor: (v) => v.metros },
        { titulo: C.metrosCuadrados, tipo: 'numero', valor: (v) => v.metrosCuadrados },
        { titulo: C.galones, tipo: 'numero', valor: (v) => v.galones },
        { titulo: C.total, tipo: 'numero', valor: (v) => v.total },
        { titulo: C.metodo, valor: (v) => v.metodoPago },
        { titulo: C.cliente, valor: (v) => v.cliente },
        { titulo: C.cajero, valor: (v) => v.cajero },
      ];
      return exportarTabla({ ...base, columnas, filas: items });
    }
    case 'movimientos': {
      const C = ME.columnas.movimientos;
      const { items } = await listarMovimientos({ db, tiendaId, query: { q: '', ...options.movimientos, ...todo } as TMovimientosFiltros });
      const columnas: ColumnaExport<(typeof items)[number]>[] = [
        { titulo: C.id, tipo: 'numero', valor: (m) => m.id },
        { titulo: C.fecha, tipo: 'fecha', valor: (m) => reloj(m.fecha) },
        { titulo: C.producto, valor: (m) => m.producto ?? M.movimientos.productoEliminado },
        // The quantities' unit, named as the product export names it (issue #52 point 3).
        { titulo: C.unidad, valor: (m) => (m.unidad ? (M.impuestos.unidades[m.unidad] ?? m.unidad) : null) },
        { titulo: C.antes, tipo: 'numero', valor: (m) => m.stockAntes },
        { titulo: C.entradas, tipo: 'numero', valor: (m) => m.entradas },
        { titulo: C.salidas, tipo: 'numero', valor: (m) => m.salidas },
        { titulo: C.despues, tipo: 'numero', valor: (m) => m.stockDespues },
        { titulo: C.motivo, valor: (m) => m.motivo },
      ];
      return exportarTabla({ ...base, columnas, filas: items });
    }
  }
}
