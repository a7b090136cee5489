import { expect, test, type Page } from '@playwright/test';
import { documento, unique } from './support/fixtures';
import {
  buscar,
  CLAVE,
  confirmarEliminar,
  crearFila,
  entrarComo,
  fila,
  leerFila,
  llenar,
  nuevaTienda,
  operacion,
  operador,
  registroExitoso,
} from './crud-support';

/**
 * Each of the twelve back-office areas, as a person uses it: register → appears in the list →
 * modify → the change shows → delete → gone. A fresh store per journey; the global catalogues
 * and stores themselves are the platform operator's.
 */
interface Recorrido {
  lista: string;
  titulo: string;
  datos: Record<string, string>;
  boton?: string;
  registrado: string;
  q: string;
  enLista: (string | RegExp)[];
  cambios: Record<string, string>;
  tituloActualizar: string;
  actualizado: string;
  trasCambio: (string | RegExp)[];
  eliminado: string;
  /** A ledger (issue #27): its rows are never changed nor deleted; the journey ends at the list. */
  soloAgregar?: boolean;
  /** Checks between the steps (stock after a delivery, say). */
  trasRegistro?: () => Promise<void>;
  trasActualizar?: () => Promise<void>;
  trasEliminar?: () => Promise<void>;
}

async function recorrer(page: Page, r: Recorrido) {
  await page.goto(r.lista);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(r.titulo);
  await page.getByRole('link', { name: 'registrar', exact: true }).click();
  await llenar(page, r.datos);
  await page.getByRole('button', { name: 'registrar', exact: true }).click();
  await registroExitoso(page, r.boton);
  await expect(page).toHaveURL(new RegExp(`${r.lista}$`));
  await expect(operacion(page)).toHaveText(r.registrado);
  await r.trasRegistro?.();

  await buscar(page, r.q);
  const row = fila(page, r.q);
  await expect(row).toHaveCount(1);
  for (const t of r.enLista) await expect(row).toContainText(t);
  if (r.soloAgregar) {
    await expect(row.getByRole('button', { name: /^Modificar/ })).toBeDisabled();
    await expect(row.getByRole('button', { name: /^Eliminar/ })).toBeDisabled();
    await expect(page.getByText('Los movimientos no se modifican ni se eliminan: una corrección se registra como un movimiento nuevo.')).toBeVisible();
    return;
  }

  await row.getByRole('button', { name: /^Modificar/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(r.tituloActualizar);
  await llenar(page, r.cambios);
  await page.getByRole('button', { name: 'Actualizar', exact: true }).click();
  await expect(operacion(page)).toHaveText(r.actualizado);
  await r.trasActualizar?.();
  await buscar(page, r.q);
  for (const t of r.trasCambio) await expect(fila(page, r.q)).toContainText(t);

  await fila(page, r.q).getByRole('button', { name: /^Eliminar/ }).click();
  await confirmarEliminar(page);
  await expect(operacion(page)).toHaveText(r.eliminado);
  await expect(fila(page, r.q)).toHaveCount(0);
  await r.trasEliminar?.();
}

test.describe('como administrador de una tienda nueva', () => {
  test('usuarios', async ({ page, request }) => {
    const t = await nuevaTienda(request);
    await entrarComo(page, t);
    const doc = documento();
    await recorrer(page, {
      lista: '/crud/usuarios',
      titulo: 'Lista de usuarios',
      datos: { Documento: doc, Nombre: 'Camila', Apellido: 'Torres', Correo: `${unique('u')}@e2e.co`, Contraseña: CLAVE, 'Id Rol': '2' },
      boton: 'Iniciar sesión',
      registrado: 'Usuario registrado',
      q: doc,
      enLista: ['Camila', 'Torres', '••••••••', t.codigo],
      cambios: { Nombre: 'Camilo', 'Id Rol': '3' },
      tituloActualizar: 'Actualizar usuario',
      actualizado: 'Usuario actualizado',
      trasCambio: ['Camilo'],
      eliminado: 'Usuario eliminado',
    });
  });

  test('productos', async ({ page, request }) => {
    const t = await nuevaTienda(request);
    await entrarComo(page, t);
    const nombre = unique('Panela');
    await recorrer(page, {
      lista: '/crud/producto',
      titulo: 'Lista de productos',
      datos: { Nombre: nombre, 'Precio unitario': '3200', Stock: '12', 'Stock mínimo': '3', 'Marca (opcional)': 'La Molienda' },
      registrado: 'Producto registrado',
      q: nombre,
      enLista: ['$ 3.200', 'La Molienda', 'Disponible'],
      cambios: { 'Precio unitario': '3500', Stock: '15', Estado: '0' },
      tituloActualizar: 'Actualizar producto',
      actualizado: 'Producto actualizado',
      trasCambio: ['$ 3.500', '15', 'No disponible'],
      eliminado: 'Producto eliminado',
    });
  });

  test('facturas', async ({ page, request }) => {
    const t = await nuevaTienda(request);
    const productoId = await crearFila(request, t, 'producto', { nombre: 'Arroz 500 g', precioUnit: 2800, stock: 10, stockMin: 1 });
    // A sale still open: a completed sale's lines are never removed (issue #51).
    const ventaId = await crearFila(request, t, 'ventas', { fecha: '2024-05-02', hora: '10:30', estado: 'Pendiente', metodoPagoId: 5 });
    await entrarComo(page, t);
    await recorrer(page, {
      lista: '/crud/factura',
      titulo: 'Lista de facturas',
      datos: { 'Venta ID': String(ventaId), 'Producto ID': String(productoId), Cantidad: '2', Precio: '2800', Estado: 'Pendiente' },
      registrado: 'Factura registrada',
      q: 'Arroz',
      // A line's state follows its sale's (issue #27): the open sale's new line is Pendiente.
      // The sale by its receipt's number and the product by its name, its id beside it (issue #52).
      enLista: ['N.º 1', `Arroz 500 g ${productoId}`, '$ 2.800', 'Pendiente'],
      cambios: { Cantidad: '3' },
      tituloActualizar: 'Actualizar factura',
      actualizado: 'Factura actualizada',
      trasCambio: [new RegExp(`500 g ${productoId}3\\$ 2\\.800Pendiente`)],
      eliminado: 'Factura eliminada',
    });
  });

  test('clientes', async ({ page, request }) => {
    const t = await nuevaTienda(request);
    await entrarComo(page, t);
    await page.goto('/crud/cliente');
    await expect(operacion(page)).toHaveText('Bienvenido a la lista de clientes');
    const doc = documento();
    await recorrer(page, {
      lista: '/crud/cliente',
      titulo: 'Lista de clientes',
      datos: { Documento: doc, Nombre: 'Luis', Apellido: 'Mora', 'Tipo de documento': 'TI' },
      registrado: 'Cliente registrado',
      q: doc,
      enLista: ['Luis', 'Mora', 'TI'],
      cambios: { Apellido: 'Mora Ríos', 'Correo (opcional)': 'luis@correo.co' },
      tituloActualizar: 'Actualizar cliente',
      actualizado: 'Cliente actualizado',
      trasCambio: ['Mora Ríos', 'luis@correo.co'],
      eliminado: 'Cliente eliminado',
    });
  });

  test('proveedores', async ({ page, request }) => {
    const t = await nuevaTienda(request);
    await entrarComo(page, t);
    const nombre = unique('Lácteos');
    await recorrer(page, {
      lista: '/crud/proveedor',
      titulo: 'Lista de proveedores',
      datos: { Nombre: nombre, Teléfono: '6015551234', Email: 'ventas@norte.co' },
      registrado: 'Proveedor registrado',
      q: nombre,
      enLista: ['6015551234', 'ventas@norte.co', String(t.id)],
      cambios: { Teléfono: '6015559999' },
      tituloActualizar: 'Actualizar proveedor',
      actualizado: 'Proveedor actualizado',
      trasCambio: ['6015559999'],
      eliminado: 'Proveedor eliminado',
    });
  });

  test('movimientos', async ({ page, request }) => {
    const t = await nuevaTienda(request);
    const inventarioId = await crearFila(request, t, 'inventario', { cantidadInventario: 0, fechaModificacion: '2024-05-01', estadoRevision: 'Pendiente', idTienda: t.id });
    await entrarComo(page, t);
    const estado = unique('Conteo');
    await recorrer(page, {
      lista: '/crud/movimiento',
      titulo: 'Lista de movimientos',
      datos: { 'Cantidad después': '40', 'Fecha del movimiento': '2024-06-01', 'Estado después': estado, 'ID del Inventario': String(inventarioId) },
      registrado: 'Movimiento registrado',
      q: estado,
      enLista: ['40', '01/06/2024'],
      cambios: {},
      tituloActualizar: 'Actualizar movimiento',
      actualizado: 'Movimiento actualizado',
      trasCambio: [],
      eliminado: 'Movimiento eliminado',
      soloAgregar: true,
    });
  });

  test('entregas de pedidos: su cantidad entra al stock y sale al eliminarla', async ({ page, request }) => {
    const t = await nuevaTienda(request);
    const productoId = await crearFila(request, t, 'producto', { nombre: 'Café 250 g', precioUnit: 9500, stock: 4, stockMin: 1 });
    const proveedorId = await crearFila(request, t, 'proveedor', { nombre: 'Distribuidora El Sol', telefono: '3104567890', email: 'sol@e2e.co', idTienda: t.id });
    const stock = async () => (await leerFila<{ stock: number }>(request, t, 'producto', productoId)).stock;
    await entrarComo(page, t);
    await recorrer(page, {
      lista: '/crud/entrega_pedidos',
      titulo: 'Lista de entregas de pedidos',
      datos: { 'ID del Proveedor': String(proveedorId), 'ID del producto': String(productoId), Cantidad: '6' },
      registrado: 'Entrega registrada: el stock del producto aumentó',
      q: 'Café',
      enLista: ['Distribuidora El Sol', '6'],
      trasRegistro: async () => expect(await stock()).toBe(10),
      cambios: { Cantidad: '8' },
      tituloActualizar: 'Actualizar entrega de pedido',
      actualizado: 'Entrega actualizada',
      trasActualizar: async () => expect(await stock()).toBe(12),
      trasCambio: ['8'],
      eliminado: 'Entrega eliminada: el stock del producto se descontó',
      trasEliminar: async () => expect(await stock()).toBe(4),
    });
  });

  test('inventario', async ({ page, request }) => {
    const t = await nuevaTienda(request);
    await entrarComo(page, t);
    const estado = unique('En revisión');
    await recorrer(page, {
      lista: '/crud/inventario',
      titulo: 'Lista de inventarios',
      datos: { 'Cantidad Inventario': '120', 'Fecha de modificación': '2024-07-01', 'Estado de revisión': estado },
      registrado: 'Inventario registrado',
      q: estado,
      enLista: ['120', '01/07/2024', String(t.id)],
      cambios: { 'Cantidad Inventario': '118', 'Fecha de modificación': '2024-07-02' },
      tituloActualizar: 'Actualizar inventario',
      actualizado: 'Inventario actualizado',
      trasCambio: ['118', '02/07/2024'],
      eliminado: 'Inventario eliminado',
    });
  });

  test('ventas', async ({ page, request }) => {
    const t = await nuevaTienda(request);
    const doc = documento();
    await crearFila(request, t, 'cliente', { documento: doc, nombre: 'María', apellido: 'Gómez' });
    await entrarComo(page, t);
    await recorrer(page, {
      lista: '/crud/ventas',
      titulo: 'Lista de ventas',
      datos: { 'Fecha de la Venta': '2024-08-15', 'Hora de Venta': '18:45', 'Id del metodo de Pago': '3', 'Documento del cliente (opcional)': doc },
      registrado: 'Venta registrada',
      q: doc,
      enLista: ['15/08/2024', /6:45/, 'Pendiente', 'María Gómez', t.nombre],
      // Still open, so it may be deleted (issue #51: a completed or annulled sale never is).
      cambios: { 'Hora de Venta': '19:05' },
      tituloActualizar: 'Actualizar venta',
      actualizado: 'Venta actualizada',
      trasCambio: ['Pendiente', /7:05/],
      eliminado: 'Venta eliminada',
    });
  });

  test('tienda: ve y actualiza solo la suya; crear o eliminar tiendas es del operador', async ({ page, request }) => {
    const t = await nuevaTienda(request);
    await entrarComo(page, t);
    await page.goto('/crud/tienda');
    await expect(page.getByText('Solo el operador de la plataforma puede crear o eliminar tiendas.')).toBeVisible();
    const rows = page.getByRole('row').filter({ has: page.getByRole('button', { name: /^Modificar/ }) });
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(t.nombre);
    await expect(rows.getByRole('button', { name: /^Eliminar/ })).toBeDisabled();
    await rows.getByRole('button', { name: /^Modificar/ }).click();
    await llenar(page, { 'Nombre de la tienda': `${t.nombre} Centro`, 'Teléfono (opcional)': '6017654321' });
    await page.getByRole('button', { name: 'Actualizar', exact: true }).click();
    await expect(operacion(page)).toHaveText('Tienda actualizada');
    await expect(rows).toContainText(`${t.nombre} Centro`);
    await expect(rows).toContainText('6017654321');
    await page.goto('/crud/registrar_tienda');
    await expect(page.getByText('Solo el operador de la plataforma puede crear o eliminar tiendas.')).toBeVisible();
  });
});

test.describe('como operador de la plataforma', () => {
  test('tiendas', async ({ page, request }) => {
    await entrarComo(page, await operador(request));
    const correo = `${unique('tienda')}@e2e.co`;
    await recorrer(page, {
      lista: '/crud/tienda',
      titulo: 'Lista de tiendas',
      datos: { 'Nombre de la tienda': 'Minimercado Los Pinos', Correo: correo, Contraseña: CLAVE },
      registrado: 'Tienda registrada',
      q: correo,
      enLista: ['Minimercado Los Pinos', '••••••••', /[A-Z2-9]{4}-[A-Z2-9]{4}/],
      cambios: { 'Nombre de la tienda': 'Minimercado Los Pinos 2', 'Dirección (opcional)': 'Calle 5 # 4-3' },
      tituloActualizar: 'Actualizar tienda',
      actualizado: 'Tienda actualizada',
      trasCambio: ['Minimercado Los Pinos 2', 'Calle 5 # 4-3'],
      eliminado: 'Tienda eliminada',
    });
  });

  test('roles', async ({ page, request }) => {
    await entrarComo(page, await operador(request));
    const id = String(100 + Math.floor(Math.random() * 900_000));
    const nombre = unique('Auditor');
    await recorrer(page, {
      lista: '/crud/roles',
      titulo: 'Lista de roles',
      datos: { 'Id del Rol': id, 'Nombre del Rol': nombre, Descripción: 'Revisa los inventarios.' },
      registrado: 'Rol registrado',
      q: nombre,
      enLista: [id, 'Revisa los inventarios.'],
      cambios: { 'Descripción del Rol': 'Revisa los inventarios cada mes.' },
      tituloActualizar: 'Actualizar rol',
      actualizado: 'Rol actualizado',
      trasCambio: ['Revisa los inventarios cada mes.'],
      eliminado: 'Rol eliminado',
    });
  });

  test('métodos de pago (la actualización vuelve por /crud/metodos_pago)', async ({ page, request }) => {
    await entrarComo(page, await operador(request));
    const id = String(100 + Math.floor(Math.random() * 900_000));
    const nombre = unique('Bono');
    await recorrer(page, {
      lista: '/crud/metodosdepago',
      titulo: 'Lista de métodos de pago',
      datos: { 'Id Metodo de Pago': id, 'Nombre del Metodo de Pago': nombre },
      registrado: 'Método de pago registrado',
      q: nombre,
      enLista: [id],
      cambios: { 'Nombre del Metodo de Pago': `${nombre} regalo` },
      tituloActualizar: 'Actualizar método de pago',
      actualizado: 'Método de pago actualizado',
      trasActualizar: async () => expect(page).toHaveURL(/\/crud\/metodosdepago$/),
      trasCambio: [`${nombre} regalo`],
      eliminado: 'Método de pago eliminado',
    });
  });
});
