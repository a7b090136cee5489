import { expect, test, type Page } from '@playwright/test';
import { agregarAlCarrito, DEMO, documento, expectPopup, expectToast, signIn, unique } from './support/fixtures';
import { anchoPdf, authHeaders, cart, cobrar, conCodigo, pesos, SAL } from './support/mostrador';

// Issue #36, the counter's screens: every control at 390 px, the grid's order, Enter with several
// matches, the administration's columns at 1366 px, dates in an English browser. The sales' rules are
// in mostrador.spec.ts; the helpers of both in support/mostrador.ts.

/**
 * Every control of the page (issue #36 point 9) smaller than 44 × 44 px, as "what (w×h)": buttons,
 * links, fields, a radio's or checkbox's label (the part a thumb hits), the bar that stays on screen
 * though screen readers skip it. Hidden ones (display none, visually hidden 1 px) are left out.
 */
async function controlesPequenos(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const sel = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"]';
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(sel)) {
      let caja: Element = el;
      if (el instanceof HTMLInputElement && (el.type === 'radio' || el.type === 'checkbox'))
        caja = el.closest('label') ?? (el.id ? document.querySelector(`label[for="${el.id}"]`) : null) ?? el;
      const r = caja.getBoundingClientRect();
      const estilo = getComputedStyle(el);
      if (r.width <= 1 || r.height <= 1 || estilo.visibility === 'hidden' || el.closest('[inert]')) continue;
      if (r.width < 44 || r.height < 44) {
        const nombre = el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().slice(0, 30) ?? el.id;
        out.push(`${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ').join('.')}` : ''} «${nombre || (el as HTMLInputElement).name}» ${Math.round(r.width)}×${Math.round(r.height)}`);
      }
    }
    return out;
  });
}

test.describe('en un teléfono', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('9. cada control de la caja, el pago y la factura mide al menos 44 × 44 px a 390 px', async ({ page }) => {
    await signIn(page, 'Empleado', DEMO.admin, undefined, { ir: '/ventas' });
    // The grid with its chips, then a cart with a line and its − quantity + controls.
    await expect(page.locator('.rejilla__tile').first()).toBeVisible();
    expect(await controlesPequenos(page), 'la caja con la rejilla').toEqual([]);
    await agregarAlCarrito(page, SAL, 2);
    expect(await controlesPequenos(page), 'la caja con una búsqueda y el carrito').toEqual([]);
    await page.getByLabel('Buscar producto').fill('');
    // The grid is back in place of the search (the cart below it moved down) before the tap.
    await expect(page.locator('.rejilla__tile').first()).toBeVisible();
    await page.getByRole('button', { name: 'Generar pago' }).first().click();
    await expect(page).toHaveURL(/\/generar_pago$/);
    expect(await controlesPequenos(page), 'el pago').toEqual([]);
    await page.getByLabel('Efectivo').check();
    await expect(page.getByRole('button', { name: /^Cobrar pago exacto/ })).toBeVisible();
    expect(await controlesPequenos(page), 'el pago en efectivo con los billetes').toEqual([]);
    await page.getByLabel('Nequi').check();
    expect(await controlesPequenos(page), 'el pago con Nequi').toEqual([]);
    await page.getByLabel('Efectivo').check();
    await page.getByLabel('Monto recibido').fill('10.000');
    await page.getByRole('button', { name: 'Confirmar pago' }).click();
    await expect(page).toHaveURL(/\/factura$/);
    expect(await controlesPequenos(page), 'la factura').toEqual([]);
  });


  test('9. las tarjetas de clientes, el reporte Z y el estado de cuenta se leen enteros a 390 px; el Z y la cuenta se imprimen en la tirilla de la tienda, 80 o 58 mm', async ({ page }) => {
    await page.addInitScript(() => {
      window.print = () => {
        (window as unknown as { impresiones: number }).impresiones = ((window as unknown as { impresiones?: number }).impresiones ?? 0) + 1;
      };
    });
    await signIn(page, 'Empleado', DEMO.admin);
    // The customers' cards: the whole name on one line, no line starting with «·».
    await page.goto('/gestionar_clientes');
    const luisa = page.getByRole('row').filter({ hasText: '1122334455' });
    await expect(luisa).toBeVisible();
    const nombre = await luisa.evaluate((tr) => {
      const n = tr.querySelector('.gcl-nombre')!.getBoundingClientRect();
      const a = tr.querySelector('.gcl-apellido')!.getBoundingClientRect();
      return { mismaLinea: Math.abs(n.top - a.top) < 4 };
    });
    expect(nombre.mismaLinea).toBe(true);
    const lineas = await page.locator('.gcl-table tbody').evaluate((tb) => (tb as HTMLElement).innerText.split('\n').map((l) => l.trim()));
    expect(lineas.filter((l) => l.startsWith('·'))).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The Z report of the open shift: every figure inside the screen, «Diferencia» too.
    const headers = await authHeaders(page);
    const turno = ((await (await page.request.get('/api/caja/turno', { headers })).json()) as { turno: { id: number } }).turno;
    await page.goto(`/caja/turnos/${turno.id}`);
    const z = page.getByTestId('reporte-z');
    await expect(z.getByTestId('diferencia').first()).toBeVisible();
    const fuera = await z.evaluate((art) => {
      const borde = art.getBoundingClientRect().right;
      return [...art.querySelectorAll('td, th')].filter((c) => getComputedStyle(c).display !== 'none' && c.getBoundingClientRect().right > borde + 0.5).map((c) => c.textContent);
    });
    expect(fuera).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Printed on the 80 mm roll: a page 80 mm wide (226.77 pt).
    await page.getByRole('button', { name: 'Imprimir en tirilla (80 mm)' }).click();
    expect(await page.evaluate(() => (window as unknown as { impresiones: number }).impresiones)).toBe(1);
    expect(anchoPdf(await page.pdf({ preferCSSPageSize: true }))).toBeCloseTo(226.77, 0);

    // A store whose receipts print on 58 mm paper (issue #52 point 7): the Z report too, 58 mm wide (164.41 pt).
    const ajustes = (await (await page.request.get('/api/tienda/ajustes', { headers })).json()) as Record<string, unknown>;
    const conAncho = (anchoPapel: string) => ({ nit: ajustes.nit ?? null, direccion: ajustes.direccion ?? null, telefono: ajustes.telefono ?? null, pieRecibo: ajustes.pieRecibo ?? null, anchoPapel });
    expect((await page.request.put('/api/tienda/ajustes', { headers, data: conAncho('58') })).status()).toBe(200);
    try {
      await page.reload();
      await page.getByRole('button', { name: 'Imprimir en tirilla (58 mm)' }).click();
      expect(anchoPdf(await page.pdf({ preferCSSPageSize: true }))).toBeCloseTo(164.41, 0);
    } finally {
      expect((await page.request.put('/api/tienda/ajustes', { headers, data: conAncho(String(ajustes.anchoPapel)) })).status()).toBe(200);
    }

    // Luisa owes something: a sale on credit (the statement then has a movement, its value and its Saldo).
    const fiable = await conCodigo(page, 'a');
    const fiada = await page.request.post('/api/ventas', { headers, data: { lineas: [{ productoId: fiable.id, cantidad: 2 }], metodoPagoId: 7, montoRecibido: 0, documentoCliente: '1122334455' } });
    expect(fiada.status(), await fiada.text()).toBe(201);
    await page.goto('/gestionar_clientes');
    await luisa.getByRole('link', { name: /Estado de cuenta/ }).click();
    await expect(page).toHaveURL(/\/estado_de_cuenta/);
    // Every movement's Saldo inside the card at 390 px (issue #52 point 7: the column was cut).
    const cuenta = page.locator('.fiado-cuenta');
    await expect(cuenta.locator('tbody .fiado-movs__saldo').first()).toBeVisible();
    const cortadas = await cuenta.evaluate((art) => {
      const borde = art.getBoundingClientRect().right;
      return [...art.querySelectorAll('tbody td')].filter((c) => getComputedStyle(c).display !== 'none' && c.getBoundingClientRect().right > borde + 0.5).map((c) => c.textContent);
    });
    expect(cortadas).toEqual([]);
    await page.getByRole('button', { name: 'Imprimir en tirilla (80 mm)' }).click();
    expect(anchoPdf(await page.pdf({ preferCSSPageSize: true }))).toBeCloseTo(226.77, 0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('6. «Nueva venta» se ve en la factura sin desplazarse', async ({ page }) => {
    await signIn(page, 'Empleado', DEMO.admin);
    await cobrar(page, SAL, async (pg) => {
      await pg.getByLabel('Efectivo').check();
      await pg.getByLabel('Monto recibido').fill('10.000');
    });
    await expect(page.getByRole('button', { name: 'Nueva venta' })).toBeInViewport();
  });
});

test('11. Enter con varias coincidencias agrega la primera, la resaltada; el diálogo dice qué pasó', async ({ page }) => {
  await signIn(page, 'Empleado', DEMO.admin, undefined, { ir: '/ventas' });
  const buscar = page.getByLabel('Buscar producto');
  await buscar.fill('aceite');
  await expect(page.locator('.pos__productos [aria-busy="true"]')).toHaveCount(0);
  const filas = page.locator('.pos__tabla tbody tr');
  expect(await filas.count()).toBeGreaterThan(1);
  const primera = filas.first();
  await expect(primera).toHaveAttribute('aria-current', 'true');
  const nombre = (await primera.locator('.pos__nombre').textContent())!;
  await buscar.press('Enter');
  await expect(cart(page).getByText(nombre)).toBeVisible();
  await expect(page.getByText('Varios productos coinciden')).toHaveCount(0);
  await expect(buscar).toHaveValue('');

  // Paying short: the dialog's title says what happened, never «Oops...».
  await page.getByRole('button', { name: 'Generar pago' }).click();
  await page.getByLabel('Efectivo').check();
  await page.getByLabel('Monto recibido').fill('100');
  await page.getByRole('button', { name: 'Confirmar pago' }).click();
  await expectPopup(page, 'El dinero recibido no alcanza', 'La cantidad recibida es menor al total a pagar');
});

test('11. el dueño fija el orden de la rejilla: la caja lo conserva al recargar y puede volver a los más vendidos', async ({ page }) => {
  await signIn(page, 'Empleado', DEMO.admin, undefined, { ir: '/ventas' });
  const rejilla = page.getByRole('list', { name: 'Productos más vendidos' });
  await expect(rejilla.getByRole('button').nth(1)).toBeVisible();
  await page.getByRole('button', { name: 'Ordenar', exact: true }).click();
  const orden = page.getByRole('list', { name: 'Ordenar los productos de la caja' });
  // Ordering loads when asked for (issue #55 point 4): its list, then its names.
  await expect(orden).toBeVisible();
  const nombres = (await orden.locator('.rejilla__nombre').allTextContents()).map((t) => t.replace(/^\d+\.\s*/, ''));
  expect(nombres.length).toBeGreaterThan(1);
  const [primero, segundo] = nombres as [string, string];
  await page.getByRole('button', { name: `Mover ${segundo} antes`, exact: true }).click();
  await expect(orden.locator('.rejilla__nombre').first()).toHaveText(`1. ${segundo}`);
  await page.getByRole('button', { name: 'Guardar orden' }).click();
  await expectToast(page, 'Orden de la caja guardado.');

  const primeros = async () => (await rejilla.locator('.rejilla__nombre').allTextContents()).slice(0, 2);
  await expect.poll(primeros).toEqual([segundo, primero]);
  await expect(page.getByText('Orden fijo')).toBeVisible();
  await page.reload();
  await expect.poll(primeros).toEqual([segundo, primero]);

  // Back to the best sellers (other journeys sell meanwhile: only the fixed mark is compared).
  await page.getByRole('button', { name: 'Ordenar', exact: true }).click();
  await page.getByRole('button', { name: 'Volver a los más vendidos' }).click();
  await expectToast(page, 'La caja vuelve a mostrar los más vendidos.');
  await expect(page.getByText('Orden fijo')).toHaveCount(0);
});

test('12. una cantidad 0 quita la línea y «Deshacer» la devuelve; una cédula con letras no entra, un pasaporte sí', async ({ page }) => {
  await signIn(page, 'Empleado', DEMO.admin, undefined, { ir: '/ventas' });
  await agregarAlCarrito(page, SAL, 3);
  const cantidad = page.getByRole('textbox', { name: `Cantidad de ${SAL}`, exact: true });
  await expect(cantidad).toHaveValue('3');
  await cantidad.fill('0');
  await cantidad.press('Enter');
  await expect(cart(page)).toHaveCount(0);
  await expect(page.getByText(`Se quitó ${SAL} del carrito.`)).toBeVisible();
  await page.getByRole('button', { name: 'Deshacer' }).click();
  await expect(page.getByRole('textbox', { name: `Cantidad de ${SAL}`, exact: true })).toHaveValue('3');
  await expect(page.getByTestId('carrito-total')).toHaveText(pesos(3 * 2400));
  await expect(page.getByRole('button', { name: 'Deshacer' })).toHaveCount(0);

  // Documents by type, in the form and on the server.
  await page.goto('/gestionar_clientes');
  const form = page.locator('form.gcl-form');
  await form.getByLabel('Tipo de documento').selectOption({ label: 'Cédula de ciudadanía' });
  await form.getByLabel('Documento', { exact: true }).fill('abc123');
  await form.getByLabel('Nombre').fill('Pedro');
  await form.getByLabel('Apellido').fill(unique('Letras'));
  await page.getByRole('button', { name: 'Agregar cliente' }).click();
  await expect(page.getByText('El número de cédula de ciudadanía lleva solo números (sin letras ni guiones).').first()).toBeVisible();
  const headers = await authHeaders(page);
  const malo = await page.request.post('/api/clientes', { headers, data: { documento: 'ABC123', tipoDocumento: 'TI', nombre: 'Pedro', apellido: 'Pérez', correo: '' } });
  expect(malo.status()).toBe(400);
  expect((await malo.json()).error.message).toBe('El número de tarjeta de identidad lleva solo números (sin letras ni guiones).');
  const pasaporte = `AB${documento().slice(0, 7)}`;
  await form.getByLabel('Tipo de documento').selectOption({ label: 'Pasaporte' });
  await form.getByLabel('Documento', { exact: true }).fill(pasaporte);
  await page.getByRole('button', { name: 'Agregar cliente' }).click();
  await expectToast(page, 'Cliente registrado');
});

test.describe('a 1366 px', () => {
  test.use({ viewport: { width: 1366, height: 768 } });
  test('12. la administración titula sus columnas en español y sus acciones no tapan ningún dato', async ({ page }) => {
    await signIn(page, 'Empleado', DEMO.admin, undefined, { caja: false, ir: '/crud/producto' });
    const tabla = page.getByRole('table', { name: 'Lista de productos' });
    await expect(tabla.getByRole('row').nth(1)).toBeVisible();
    const cabezas = await tabla.getByRole('columnheader').allTextContents();
    expect(cabezas).toEqual(expect.arrayContaining(['Id', 'Nombre', 'Precio unitario', 'Stock mínimo', 'Estado', 'Proveedor']));
    // No old column name (nombre1, rol_id_Rol, Precio_unit): no underscores, no camelCase.
    expect(cabezas.filter((c) => /_|[a-z][A-Z]/.test(c))).toEqual([]);
    // Nothing lies over a value: each data cell of the first row is the element at its own centre.
    const tapados = await tabla.getByRole('row').nth(1).evaluate((tr) =>
      [...tr.querySelectorAll('td')].flatMap((td) => {
        const r = td.getBoundingClientRect();
        if (r.right > window.innerWidth || r.width === 0) return [];
        const arriba = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return arriba && (arriba === td || td.contains(arriba)) ? [] : [td.dataset.label ?? td.textContent];
      }),
    );
    expect(tapados).toEqual([]);
    await page.goto('/crud/usuarios');
    const tablaUsuarios = page.getByRole('table', { name: 'Lista de usuarios' });
    await expect(tablaUsuarios.getByRole('row').nth(1)).toBeVisible();
    const usuarios = await tablaUsuarios.getByRole('columnheader').allTextContents();
    expect(usuarios).toEqual(expect.arrayContaining(['Nombre', 'Rol', 'Tienda']));
    expect(usuarios).not.toContain('nombre1');
    expect(usuarios).not.toContain('rol_id_Rol');
  });
});

test.describe('un navegador en inglés', () => {
  test.use({ locale: 'en-US' });
  test('12. las fechas se escriben y se muestran dd/mm/aaaa aunque el navegador esté en inglés', async ({ page }) => {
    await signIn(page, 'Empleado', DEMO.admin, undefined, { caja: false });
    const headers = await authHeaders(page);
    const nombre = unique('Avena');
    const creado = await page.request.post('/api/productos', { headers, data: { nombre, precio: 3000, cantidad: 0, stockMin: 0 } });
    // No stock: no opening movement, so the ledger's journey sees its own newest rows.
    expect(creado.status(), await creado.text()).toBe(201);
    const id = ((await creado.json()) as { producto: { id: number } }).producto.id;

    await page.goto(`/detalle_producto?id=${id}`);
    const vence = page.getByLabel('Fecha de vencimiento');
    await expect(vence).toHaveAttribute('placeholder', 'dd/mm/aaaa');
    // Digits only: the slashes appear; day first.
    await vence.pressSequentially('15032030');
    await expect(vence).toHaveValue('15/03/2030');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expectToast(page, 'Producto actualizado');
    const guardado = await page.request.get(`/api/productos/${id}`, { headers });
    expect(JSON.stringify(await guardado.json())).toContain('2030-03-15');
    await page.reload();
    await expect(page.getByLabel('Fecha de vencimiento')).toHaveValue('15/03/2030');

    // An impossible date is refused, nothing saved.
    await page.getByLabel('Fecha de vencimiento').fill('31/02/2031');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page.locator('.field--invalid').getByLabel('Fecha de vencimiento')).toBeVisible();
    expect(JSON.stringify(await (await page.request.get(`/api/productos/${id}`, { headers })).json())).toContain('2030-03-15');

    // A list's filter: typed dd/mm/aaaa, sent as a date.
    await page.goto('/movimientos');
    await page.getByLabel('Desde').pressSequentially('01012099');
    await expect(page.getByLabel('Desde')).toHaveValue('01/01/2099');
    await expect(page.getByText('No hay movimientos que coincidan con los filtros.')).toBeVisible();
    await expect(page).toHaveURL(/desde=2099-01-01/);
  });
});
