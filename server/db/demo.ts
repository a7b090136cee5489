import { eq } from 'drizzle-orm';
import { ROL } from '#shared/roles';
import { M } from '#shared/messages';
import { hashPassword } from '../lib/password';
import type { Db } from './client';
import { cliente, factura, inventario, movimiento, producto, proveedor, tienda, usuario, venta } from './schema';

/** Demo accounts, printed at start-up when demo data is on (README "Probar la demo"). */
export const DEMO = {
  tienda: { email: 'tienda@demo.adax.co', contrasena: 'Demo2024', nombre: 'Tienda La Esquina', codigo: 'DEMO-2024' },
  admin: { email: 'admin@demo.adax.co', contrasena: 'Demo2024', documento: '1000000001' },
  empleado: { email: 'empleado@demo.adax.co', contrasena: 'Demo2024', documento: '1000000002' },
  encargado: { email: 'encargado@demo.adax.co', contrasena: 'Demo2024', documento: '1000000003' },
} as const;

const PRODUCTOS: [nombre: string, marca: string, categoria: string, presentacion: string, precio: number, stock: number, min: number][] = [
  ['Arroz blanco 500 g', 'Diana', 'Granos', 'Bolsa', 2800, 60, 10],
  ['Aceite de girasol 1 L', 'Premier', 'Aceites', 'Botella', 11900, 25, 5],
  ['Leche entera 1 L', 'Alquería', 'Lácteos', 'Bolsa', 4600, 40, 12],
  ['Huevos AA x12', 'Kikes', 'Huevos', 'Cubeta', 9800, 18, 6],
  ['Pan tajado 600 g', 'Bimbo', 'Panadería', 'Paquete', 7200, 15, 5],
  ['Café molido 250 g', 'Sello Rojo', 'Bebidas calientes', 'Bolsa', 9500, 30, 6],
  ['Azúcar blanca 1 kg', 'Manuelita', 'Endulzantes', 'Bolsa', 4900, 35, 8],
  ['Panela redonda 500 g', 'La Molienda', 'Endulzantes', 'Unidad', 3200, 28, 8],
  ['Chocolate de mesa 250 g', 'Corona', 'Bebidas calientes', 'Caja', 6800, 20, 5],
  ['Gaseosa 1,5 L', 'Postobón', 'Bebidas', 'Botella', 4500, 48, 12],
  ['Coca-Cola 1,5 L', 'Coca-Cola', 'Bebidas', 'Botella', 6200, 36, 12],
  ['Agua 600 ml', 'Cristal', 'Bebidas', 'Botella', 1800, 72, 24],
  ['Jabón de barra 300 g', 'Rey', 'Aseo', 'Unidad', 3900, 22, 6],
  ['Detergente en polvo 1 kg', 'Fab', 'Aseo', 'Bolsa', 12500, 14, 4],
  ['Papel higiénico x4', 'Familia', 'Aseo', 'Paquete', 8900, 20, 6],
  ['Crema dental 100 ml', 'Colgate', 'Cuidado personal', 'Tubo', 5600, 16, 5],
  ['Champú 400 ml', 'Sedal', 'Cuidado personal', 'Frasco', 13900, 9, 4],
  ['Atún en aceite 170 g', "Van Camp's", 'Enlatados', 'Lata', 6400, 30, 8],
  ['Lentejas 500 g', 'Diana', 'Granos', 'Bolsa', 3600, 26, 8],
  ['Fríjol cargamanto 500 g', 'La Cosecha', 'Granos', 'Bolsa', 6900, 4, 6],
  ['Pasta spaghetti 500 g', 'Doria', 'Pastas', 'Paquete', 3400, 40, 10],
  ['Galletas de chocolate x12', 'Festival', 'Pasabocas', 'Paquete', 5200, 24, 6],
  ['Chocolatina 12 g', 'Jet', 'Dulces', 'Unidad', 1200, 100, 20],
  ['Papas fritas 110 g', 'Margarita', 'Pasabocas', 'Bolsa', 4800, 32, 8],
  ['Cerveza lata 330 ml', 'Águila', 'Bebidas', 'Lata', 3300, 60, 24],
  ['Salchichas x10', 'Zenú', 'Carnes frías', 'Paquete', 9900, 12, 4],
  ['Queso campesino 500 g', 'Colanta', 'Lácteos', 'Bloque', 12800, 3, 4],
  ['Mantequilla 250 g', 'Alpina', 'Lácteos', 'Barra', 7600, 10, 3],
  ['Harina de maíz 1 kg', 'P.A.N.', 'Harinas', 'Bolsa', 5900, 22, 6],
  ['Sal refinada 1 kg', 'Refisal', 'Condimentos', 'Bolsa', 2400, 30, 6],
];

const PROVEEDORES = [
  { nombre: 'Distribuidora El Sol', telefono: '3104567890', email: 'pedidos@elsol.example' },
  { nombre: 'Lácteos del Valle', telefono: '3187654321', email: 'ventas@lacteosvalle.example' },
  { nombre: 'Aseo Total S.A.S.', telefono: '6014445566', email: 'contacto@aseototal.example' },
  { nombre: 'Bebidas Andinas', telefono: '3001112233', email: 'comercial@bebidasandinas.example' },
  { nombre: 'Panificadora La Espiga', telefono: '3015558899', email: 'pedidos@laespiga.example' },
  { nombre: 'Mecato Express', telefono: '3126667788', email: 'ventas@mecatoexpress.example' },
];

/**
 * Who supplies each category (issue #36 point 10): groceries from the wholesaler, the cold chain from
 * the dairy distributor, cleaning and personal care from the cleaning supplier, drinks from the drinks
 * distributor, bread from the bakery and snacks and sweets from the snack route.
 */
export const PROVEEDOR_POR_CATEGORIA: Record<string, (typeof PROVEEDORES)[number]['nombre']> = {
  Granos: 'Distribuidora El Sol',
  Aceites: 'Distribuidora El Sol',
  Endulzantes: 'Distribuidora El Sol',
  'Bebidas calientes': 'Distribuidora El Sol',
  Enlatados: 'Distribuidora El Sol',
  Pastas: 'Distribuidora El Sol',
  Harinas: 'Distribuidora El Sol',
  Condimentos: 'Distribuidora El Sol',
  Lácteos: 'Lácteos del Valle',
  Huevos: 'Lácteos del Valle',
  'Carnes frías': 'Lácteos del Valle',
  Aseo: 'Aseo Total S.A.S.',
  'Cuidado personal': 'Aseo Total S.A.S.',
  Bebidas: 'Bebidas Andinas',
  Panadería: 'Panificadora La Espiga',
  Pasabocas: 'Mecato Express',
  Dulces: 'Mecato Express',
};

const CLIENTES = [
  { documento: '1020304050', tipoDocumento: 'CC', nombre: 'María', apellido: 'Gómez', correo: 'maria.gomez@correo.example' },
  { documento: '1098765432', tipoDocumento: 'CC', nombre: 'Carlos', apellido: 'Rodríguez', correo: 'carlos.r@correo.example' },
  // Two neighbours who buy on credit (fiado, issue #17), as a tienda's notebook would have them: adults
  // (a cédula), never a minor's tarjeta de identidad (issue #36 point 10).
  { documento: '1122334455', tipoDocumento: 'CC', nombre: 'Luisa', apellido: 'Martínez', correo: null, telefono: '3104567890', fiado: true, cupo: 100_000 },
  { documento: '1001001001', tipoDocumento: 'CC', nombre: 'Andrés', apellido: 'López', correo: null, telefono: '3209876543', fiado: true, cupo: 50_000 },
  { documento: '5566778899', tipoDocumento: 'CE', nombre: 'Valentina', apellido: 'Pérez', correo: 'valen.perez@correo.example' },
];

/**
 * An EAN-13 barcode from its first 12 digits: the check digit weighs the digits 1, 3, 1, 3… from
 * the left. The demo's start with 770, Colombia's prefix (770 2001 00001 2, …).
 */
export function ean13(doce: string): string {
  const suma = [...doce].reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return `${doce}${(10 - (suma % 10)) % 10}`;
}

/** A small deterministic generator so the demo looks the same on every machine. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** One demo store with products, suppliers, customers, employees and a month of past sales. */
export async function seedDemo(db: Db): Promise<void> {
  const [hTienda, hUser] = await Promise.all([hashPassword(DEMO.tienda.contrasena), hashPassword(DEMO.admin.contrasena)]);
  const rand = rng(2024);
  const day = 24 * 60 * 60 * 1000;
  const now = Date.now();

  await db.transaction(async (tx) => {
    const [t] = await tx
      .insert(tienda)
      .values({
        nombreTienda: DEMO.tienda.nombre,
        direccion: 'Calle 10 # 5-23, Bogotá',
        telefono: '6013456789',
        correo: DEMO.tienda.email,
        contrasenaHash: hTienda,
        codigoInvitacion: DEMO.tienda.codigo,
        // The demo admits its visitors' sign-ups at once; a real new store approves them (issue #28).
        aprobarEmpleados: false,
      })
      .returning();
    const tiendaId = t!.idTienda;

    const users = await tx
      .insert(usuario)
      .values([
        { documento: DEMO.admin.documento, nombre1: 'Ana', apellido1: 'Restrepo', correo: DEMO.admin.email, rolId: ROL.ADMIN },
        { documento: DEMO.empleado.documento, nombre1: 'Juan', apellido1: 'Pérez', correo: DEMO.empleado.email, rolId: ROL.EMPLEADO },
        { documento: DEMO.encargado.documento, nombre1: 'Laura', apellido1: 'Díaz', correo: DEMO.encargado.email, rolId: ROL.ENCARGADO },
      ].map((u) => ({ ...u, tipoDoc: 'CC', contrasenaHash: hUser, tiendaId })))
      .returning({ id: usuario.idUsuario });

    const [inv] = await tx
      .insert(inventario)
      .values({ tiendaId, cantidadInventario: 0, estadoRevision: 'Revisado' })
      .returning();
    const provs = await tx
      .insert(proveedor)
      .values(PROVEEDORES.map((p) => ({ ...p, tiendaId })))
      .returning({ id: proveedor.idProveedor, nombre: proveedor.nombre });
    const proveedorDe = (categoria: string) => provs.find((p) => p.nombre === PROVEEDOR_POR_CATEGORIA[categoria])!.id;
    const clientes = await tx
      .insert(cliente)
      .values(CLIENTES.map((c) => ({ ...c, tiendaId })))
      .returning({ id: cliente.idCliente });

    const start = new Date(now - 35 * day);
    const prods = await tx
      .insert(producto)
      .values(
        PRODUCTOS.map(([nombre, marca, categoria, presentacion, precio, stock, min], i) => ({
          tiendaId,
          nombre,
          marca,
          categoria,
          presentacion,
          precioUnit: precio,
          stock,
          stockMin: min,
          estado: nombre.startsWith('Champú') ? 0 : 1,
          codigoBarras: ean13(`7702001${String(i + 1).padStart(5, '0')}`),
          descripcion: `${nombre} ${marca}`,
          fechaVencimiento: ['Lácteos', 'Huevos', 'Panadería', 'Carnes frías'].includes(categoria)
            ? new Date(now + (10 + i) * day).toISOString().slice(0, 10)
            : null,
          inventarioId: inv!.idInventario,
          proveedorId: proveedorDe(categoria),
        })),
      )
      .returning();

    // Opening stock: what each product had before the month of sales below.
    const sold = new Map<number, number>();
    type Line = { productoId: number; cantidad: number; precio: number };
    const sales: { fecha: Date; lines: Line[]; estado: string; clienteId: number | null; metodo: number; usuarioId: number | null }[] = [];
    for (let s = 0; s < 28; s++) {
      const fecha = new Date(now - (30 - s) * day + Math.floor(rand() * 10 * 60 * 60 * 1000) + 8 * 60 * 60 * 1000);
      const nLines = 1 + Math.floor(rand() * 4);
      const lines: Line[] = [];
      for (let l = 0; l < nLines; l++) {
        // Skew towards the first products so that popularity has three classes.
        const p = prods[Math.floor(rand() ** 2 * prods.length)]!;
        if (p.estado !== 1 || lines.some((x) => x.productoId === p.idProducto)) continue;
        lines.push({ productoId: p.idProducto, cantidad: 1 + Math.floor(rand() * 3), precio: p.precioUnit });
      }
      if (lines.length === 0) continue;
      const estado = s === 7 ? 'Anulada' : 'Completada';
      if (estado !== 'Anulada') for (const l of lines) sold.set(l.productoId, (sold.get(l.productoId) ?? 0) + l.cantidad);
      sales.push({
        fecha,
        lines,
        estado,
        clienteId: rand() < 0.4 ? clientes[Math.floor(rand() * clientes.length)]!.id : null,
        metodo: 1 + Math.floor(rand() * 5),
        usuarioId: users[Math.floor(rand() * 2)]!.id,
      });
    }

    const running = new Map<number, number>();
    await tx.insert(movimiento).values(
      prods.map((p) => {
        const opening = p.stock + (sold.get(p.idProducto) ?? 0);
        running.set(p.idProducto, opening);
        return {
          tiendaId,
          productoId: p.idProducto,
          inventarioId: inv!.idInventario,
          stockAntes: 0,
          entradas: opening,
          salidas: 0,
          cantidadDespues: opening,
          estadoDespues: 'Entrada',
          motivo: M.movimientos.motivos.inicial,
          fechaMovimiento: start,
          fechaModificacion: start,
        };
      }),
    );

    for (const s of sales) {
      const total = s.lines.reduce((acc, l) => acc + l.cantidad * l.precio, 0);
      const [v] = await tx
        .insert(venta)
        .values({
          tiendaId,
          fecha: s.fecha,
          estado: s.estado,
          clienteId: s.clienteId,
          metodoPagoId: s.metodo,
          usuarioId: s.usuarioId,
          total,
          montoRecibido: s.metodo === 5 ? Math.ceil(total / 10000) * 10000 : total,
        })
        .returning({ id: venta.idVenta, numero: venta.numero });
      await tx.insert(factura).values(
        s.lines.map((l) => ({ tiendaId, ventaId: v!.id, productoId: l.productoId, cantidad: l.cantidad, precio: l.precio, estado: s.estado === 'Anulada' ? 'Anulada' : 'Pagado' })),
      );
      if (s.estado === 'Anulada') continue;
      await tx.insert(movimiento).values(
        s.lines.map((l) => {
          const before = running.get(l.productoId)!;
          running.set(l.productoId, before - l.cantidad);
          return {
            tiendaId,
            productoId: l.productoId,
            ventaId: v!.id,
            stockAntes: before,
            entradas: 0,
            salidas: l.cantidad,
            cantidadDespues: before - l.cantidad,
            estadoDespues: 'Salida',
            motivo: M.ventas.motivoVenta(v!.numero),
            fechaMovimiento: s.fecha,
            fechaModificacion: s.fecha,
          };
        }),
      );
    }
    await tx
      .update(inventario)
      .set({ cantidadInventario: prods.reduce((a, p) => a + p.stock, 0) })
      .where(eq(inventario.idInventario, inv!.idInventario));
  });
}
