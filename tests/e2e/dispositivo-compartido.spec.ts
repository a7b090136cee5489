import { expect, test } from '@playwright/test';
import { CLAVE, nuevaTienda } from './crud-support';
import { cerrarSesion, documento, signIn, unique } from './support/fixtures';

/**
 * Issue #28 finding M2: on a shared phone or PC, store B's cashier signing in on the same tab right
 * after store A's owner saw A's name, invitation code, products and customers until a reload. Every
 * render's text is collected (a MutationObserver installed before the app's scripts) and none of
 * B's may name anything of A.
 */
test('la cajera de otra tienda que entra en la misma pestaña nunca ve nada de la tienda anterior', async ({ page, request }) => {
  // Store A with a product and a customer; store B with a cashier and a product of its own.
  const a = await nuevaTienda(request);
  const productoA = unique('Yogur Alfa');
  const clienteA = unique('Clementina');
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  expect((await request.post('/api/productos', { headers: auth(a.token), data: { nombre: productoA, precio: 4000, cantidad: 5 } })).status()).toBe(201);
  expect((await request.post('/api/clientes', { headers: auth(a.token), data: { documento: documento(), tipoDocumento: 'CC', nombre: clienteA, apellido: 'Ruiz' } })).status()).toBe(201);
  const b = await nuevaTienda(request);
  const productoB = unique('Arepa Beta');
  expect((await request.post('/api/productos', { headers: auth(b.token), data: { nombre: productoB, precio: 2500, cantidad: 5 } })).status()).toBe(201);
  expect((await request.put('/api/tienda/invitacion', { headers: auth(b.token), data: { aprobar_empleados: false } })).status()).toBe(200);
  const cajera = `${unique('cajera-b')}@e2e.co`;
  const reg = await request.post('/api/usuarios/registro', {
    data: { nombre: 'Beatriz', apellido: 'Caja', documento: documento(), tipoDoc: 'CC', email: cajera, contrasena: CLAVE, codigo_invitacion: b.codigo },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  const sesionCajera = await request.post('/api/sesion/login', { data: { tipo: 'empleado', email: cajera, contrasena: CLAVE } });
  expect((await request.post('/api/caja/turnos', { headers: auth((await sesionCajera.json()).token), data: { fondoInicial: 0 } })).status()).toBe(201);

  // Every text the page shows, at each change of the document, by phase.
  const textos: Record<'A' | 'B', string[]> = { A: [], B: [] };
  let fase: 'A' | 'B' = 'A';
  await page.exposeFunction('__textoVisto', (t: string) => void textos[fase].push(t));
  await page.addInitScript(() => {
    const enviar = () => (window as unknown as { __textoVisto: (t: string) => void }).__textoVisto(`${document.title}\n${document.body?.textContent ?? ''}`);
    new MutationObserver(enviar).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  });

  // A's owner works: the start page (name and code in the footer), products, customers.
  await signIn(page, 'Tienda', a.email, CLAVE, { caja: false });
  await expect(page.getByTestId('footer-tienda')).toHaveText(a.nombre);
  await page.getByRole('link', { name: /^Gestionar Productos/ }).click();
  await expect(page.getByRole('link', { name: productoA })).toBeVisible();
  await page.getByRole('link', { name: 'Gestionar clientes' }).click();
  await expect(page.getByText(clienteA)).toBeVisible();
  await cerrarSesion(page);
  // What A saw was collected (the observer works): A's name, code, product and customer.
  const vistoA = textos.A.join('\n');
  for (const cosa of [a.nombre, a.codigo, productoA, clienteA]) expect(vistoA, cosa).toContain(cosa);

  // B's cashier signs in on the same page, without a reload, and opens the till.
  await expect(page.getByRole('button', { name: /^Ingresar/ })).toBeVisible();
  fase = 'B';
  await page.getByRole('button', { name: 'Empleado', exact: true }).click();
  await page.getByLabel('Correo electrónico').fill(cajera);
  await page.getByLabel('Contraseña').fill(CLAVE);
  await page.getByRole('button', { name: /^Ingresar/ }).click();
  await expect(page).toHaveURL(/\/inicio$/);
  await expect(page.getByTestId('footer-tienda')).toHaveText(b.nombre);
  await page.getByRole('link', { name: /^Ventas/ }).click();
  await expect(page.getByText(productoB).first()).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/inicio$/);
  await expect(page.getByTestId('footer-tienda')).toHaveText(b.nombre);

  expect(textos.B.length).toBeGreaterThan(0);
  for (const texto of textos.B) for (const cosa of [a.nombre, a.codigo, productoA, clienteA]) expect(texto, `B vio «${cosa}»`).not.toContain(cosa);
});
