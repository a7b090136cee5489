import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from './support/fixtures';
import { crearFila, entrarComo, iniciarSesion, nuevaTienda, operador } from './crud-support';

const h1 = (page: import('@playwright/test').Page) => page.getByRole('heading', { level: 1 });

test('las rutas raras del sistema anterior llevan a su pantalla (sin callejones sin salida)', async ({ page, request }) => {
  const t = await nuevaTienda(request);
  const productoId = await crearFila(request, t, 'producto', { nombre: 'Arroz 500 g', precioUnit: 2800, stock: 10, stockMin: 1 });
  const ventaId = await crearFila(request, t, 'ventas', { fecha: '2024-05-02', hora: '10:30', estado: 'Completada', metodoPagoId: 5 });
  const facturaId = await crearFila(request, t, 'factura', { ventaId, productoId, cantidad: 2, precio: 2800, estado: 'Pendiente' });
  await entrarComo(page, t);

  for (const [from, to, title] of [
    ['/crud/entrega_productos', '/crud/entrega_pedidos', 'Lista de entregas de pedidos'],
    ['/crud/metodos_pago', '/crud/metodosdepago', 'Lista de métodos de pago'],
    ['/crud/proveedores', '/crud/proveedor', 'Lista de proveedores'],
    ['/crud', '/crud/usuarios', 'Lista de usuarios'],
    ['/crud/no_existe', '/crud/usuarios', 'Lista de usuarios'],
  ] as const) {
    await page.goto(from);
    await expect(page).toHaveURL(new RegExp(`${to}$`));
    await expect(h1(page)).toHaveText(title);
  }

  for (const [path, title] of [
    ['/crud/registrar_usuarios', 'Registrar usuario'],
    ['/crud/registrar_producto', 'Registrar producto'],
    ['/crud/registrar_factura', 'Registrar factura'],
    ['/crud/registrar_cliente', 'Registrar cliente'],
    ['/crud/registrar_proveedor', 'Registrar proveedor'],
    ['/crud/registrar_Movimiento', 'Registrar movimiento'],
    ['/crud/registrar_movimiento', 'Registrar movimiento'],
    ['/crud/registrar_entrega_pedidos', 'Registrar entrega de pedido'],
    ['/crud/registrar_inventario', 'Registrar inventario'],
    ['/crud/registrar_ventas', 'Registrar venta'],
    // Operator-only areas answer with a notice and a way back, never a dead end.
    ['/crud/registrar_tienda', 'Registrar tienda'],
    ['/crud/registrar_metodosdepago', 'Registrar método de pago'],
    ['/crud/registrar_rol', 'Registrar rol'],
  ] as const) {
    await page.goto(path);
    await expect(h1(page), path).toHaveText(title);
  }

  // The invoice update route carries the row's id: opened directly it loads the row.
  await page.goto(`/crud/actualizar/actualizarFactura/${facturaId}`);
  await expect(h1(page)).toHaveText('Actualizar factura');
  await expect(page.getByLabel('Venta ID')).toHaveValue(String(ventaId));
  await expect(page.getByLabel('Cantidad')).toHaveValue('2');
  // Another form opened afresh, by ?id=.
  await page.goto(`/crud/actualizar/actualizarProducto?id=${productoId}`);
  await expect(page.getByLabel('Nombre', { exact: true })).toHaveValue('Arroz 500 g');
  await page.goto('/crud/actualizar/actualizarCliente');
  await expect(page.getByText('Elija un registro de la lista para modificarlo.')).toBeVisible();
  await page.getByRole('link', { name: /Volver a la lista de clientes/ }).click();
  await expect(page).toHaveURL(/\/crud\/cliente$/);
});

test('el registro de roles responde con las dos grafías', async ({ page, request }) => {
  await entrarComo(page, await operador(request));
  for (const path of ['/crud/registrar_rol', '/crud/registrar_Rol']) {
    await page.goto(path);
    await expect(h1(page)).toHaveText('Registrar rol');
    await expect(page.getByLabel('Id del Rol')).toBeVisible();
  }
});

test('la barra superior: menús por área, usuario, cerrar sesión y operación', async ({ page, request }) => {
  const t = await nuevaTienda(request);
  await entrarComo(page, t);
  await page.goto('/crud/usuarios');
  await expect(page.getByRole('link', { name: 'ADAX Store Manager' })).toBeVisible();
  await expect(page.getByTestId('crud-usuario')).toHaveText(t.sesion.usuario);
  await expect(page.getByText('Operacion:')).toBeVisible();

  const nav = page.getByRole('navigation', { name: 'Áreas de administración' });
  const productos = nav.getByRole('button', { name: 'Productos' });
  await expect(productos).toHaveAttribute('aria-expanded', 'false');
  await productos.click();
  await expect(productos).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'lista de productos' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(productos).toHaveAttribute('aria-expanded', 'false');
  await expect(productos).toBeFocused();
  await page.keyboard.press('Enter');
  await nav.getByRole('link', { name: 'registrar en productos' }).click();
  await expect(h1(page)).toHaveText('Registrar producto');
  await nav.getByRole('button', { name: 'Clientes' }).click();
  await nav.getByRole('link', { name: 'lista de clientes' }).click();
  await expect(page.getByTestId('crud-operacion')).toHaveText('Bienvenido a la lista de clientes');

  // 'cerrar sesión' goes to /inicio and keeps the session (spec §2).
  await page.getByRole('button', { name: 'cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/inicio$/);
  await expect(page.getByRole('link', { name: 'CRUD' })).toBeVisible();
  await page.getByRole('link', { name: 'CRUD' }).click();
  await expect(h1(page)).toHaveText('Lista de usuarios');
});

test('un empleado (rol 2) no entra al área de administración', async ({ page, request }) => {
  await entrarComo(page, await iniciarSesion(request, 'empleado', DEMO.empleado, DEMO_PASSWORD));
  await page.goto('/crud/usuarios');
  await expect(page).toHaveURL(/\/inicio$/);
});

test('en el teléfono, las áreas se abren desde un botón de menú', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await entrarComo(page, await nuevaTienda(request));
  await page.goto('/crud/producto');
  const toggle = page.getByRole('button', { name: 'Áreas de administración' });
  const nav = page.getByRole('navigation', { name: 'Áreas de administración' });
  await expect(nav.getByRole('button', { name: 'Ventas' })).toBeHidden();
  await toggle.click();
  await nav.getByRole('button', { name: 'Ventas' }).click();
  await nav.getByRole('link', { name: 'lista de ventas' }).click();
  await expect(h1(page)).toHaveText('Lista de ventas');
  await expect(nav.getByRole('button', { name: 'Ventas' })).toBeHidden();
});

test('lista, registro y actualización pasan la revisión de accesibilidad (axe)', async ({ page, request }) => {
  const t = await nuevaTienda(request);
  const productoId = await crearFila(request, t, 'producto', { nombre: 'Arroz 500 g', precioUnit: 2800, stock: 10, stockMin: 1 });
  await entrarComo(page, t);
  for (const path of ['/crud/producto', '/crud/registrar_usuarios', `/crud/actualizar/actualizarProducto?id=${productoId}`]) {
    await page.goto(path);
    await expect(h1(page)).toBeVisible();
    await expect(page.getByText('Cargando…')).toHaveCount(0);
    expect((await new AxeBuilder({ page }).analyze()).violations, path).toEqual([]);
  }
  await page.getByRole('navigation', { name: 'Áreas de administración' }).getByRole('button', { name: 'Ventas' }).click();
  expect((await new AxeBuilder({ page }).analyze()).violations, 'menú abierto').toEqual([]);
});
