import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DOC_MAYOR_DE_EDAD } from '#shared/roles';
import { errorDocumentoPorTipo } from '#shared/documento';
import { PROVEEDOR_POR_CATEGORIA } from './demo';
import { baseDemo } from './demo.fixtures';
import { cliente, producto, proveedor } from './schema';

const demo = baseDemo();

describe('los datos de la demo tienen sentido (issue #36 punto 10)', () => {
  it('cada producto viene del proveedor de su categoría: ni fríjol de Bebidas Andinas ni leche de Aseo Total', async () => {
    const filas = await demo.database.db
      .select({ nombre: producto.nombre, categoria: producto.categoria, proveedor: proveedor.nombre })
      .from(producto)
      .leftJoin(proveedor, eq(proveedor.idProveedor, producto.proveedorId));
    expect(filas.length).toBeGreaterThan(20);
    for (const p of filas) expect({ producto: p.nombre, proveedor: p.proveedor }).toEqual({ producto: p.nombre, proveedor: PROVEEDOR_POR_CATEGORIA[p.categoria!] });
    expect(filas.find((p) => p.nombre.startsWith('Fríjol'))!.proveedor).toBe('Distribuidora El Sol');
    expect(filas.find((p) => p.nombre.startsWith('Leche'))!.proveedor).toBe('Lácteos del Valle');
  });

  it('el fiado es solo de clientes con documento de adulto, y cada documento cabe en su tipo', async () => {
    const clientes = await demo.database.db.select().from(cliente);
    expect(clientes.some((c) => c.fiado)).toBe(true);
    for (const c of clientes.filter((x) => x.fiado)) expect([c.nombre, c.tipoDocumento, DOC_MAYOR_DE_EDAD.includes(c.tipoDocumento)]).toEqual([c.nombre, c.tipoDocumento, true]);
    for (const c of clientes) expect(errorDocumentoPorTipo(c.tipoDocumento, c.documento)).toBeNull();
  });
});
