/**
 * The two steps of an import (issue #33 point 1, ADR 024), whatever it imports: the preview reads
 * the file and plans each row, writing nothing; the apply reads and plans it again (the server keeps
 * no file between requests) and hands the rows that pass to the kind's domain module, which owns the
 * writes and their rules. Each kind's planner is its own file: importar-productos.ts,
 * importar-clientes.ts, importar-proveedores.ts.
 */
import type { TEntidadImportacion, TMapeo, TVistaPrevia } from '#shared/schemas/importacion';
import type { Db } from '../../db/client';
import type { Autor } from '../actividad/actividad.domain';
import { conRechazos, exigirPermiso } from '../tienda/permisos';
import { bytesDe, importacionDe, vistaDe, type Importacion } from './importacion.comun';
import { escribirClientes, planificarClientes } from './importar-clientes';
import { escribirProductos, planificarProductos } from './importar-productos';
import { escribirProveedores, planificarProveedores } from './importar-proveedores';
import { leerArchivo } from './leer-archivo';

interface Pedido {
  db: Db;
  tiendaId: number;
  autor: Autor;
  archivo: string;
  mapeo?: TMapeo;
  /** The preview's page (issue #52 point 6); the apply reads every row. */
  pagina?: number;
  porPagina?: number;
}

/** The file's rows planned by the kind's planner, and the kind's write of those that pass. */
async function planDe(entidad: TEntidadImportacion, p: Pedido) {
  const tabla = await leerArchivo(bytesDe(p.archivo));
  const quien = { db: p.db, tiendaId: p.tiendaId, autor: p.autor };
  switch (entidad) {
    case 'clientes': {
      const plan = await planificarClientes({ ...p, tabla });
      return { plan, importacion: () => importacionDe(plan.filas, escribirClientes(quien)) };
    }
    case 'proveedores': {
      const plan = await planificarProveedores({ ...p, tabla });
      return { plan, importacion: () => importacionDe(plan.filas, escribirProveedores(quien)) };
    }
    case 'productos': {
      const plan = await planificarProductos({ ...p, tabla });
      return { plan, importacion: () => importacionDe(plan.filas, escribirProductos(quien)) };
    }
  }
}

/** What importing the file would do, row by row; nothing is written. */
export async function vistaPrevia(entidad: TEntidadImportacion, p: Pedido): Promise<TVistaPrevia> {
  return vistaDe((await planDe(entidad, p)).plan, p);
}

/**
 * Reads and checks the file (a refusal of the file itself is thrown before anything is written),
 * then returns the write to run: the rows that pass, in one transaction of the kind's domain.
 */
export async function prepararImportacion(entidad: TEntidadImportacion, p: Pedido): Promise<Importacion> {
  // Who may not create or edit products is refused at once (403, recorded), not row by row.
  if (entidad === 'productos') await conRechazos(p.db, () => exigirPermiso(p.db, p.tiendaId, p.autor, 'productos', { entidad: 'producto' }));
  return (await planDe(entidad, p)).importacion();
}
