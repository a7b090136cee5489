import { expect, test, type Page } from '@playwright/test';
import { api } from './support/api';
import { expectToast, unique } from './support/fixtures';
import { abrirSucursal, cambiarDeTienda, entrarComo, nuevaTienda } from './crud-support';
import { captura } from './support/capturas';

/**
 * Transfers between stores of one empresa (issue #56 point 3, ADR 056): the owner sends 10 units from the
 * main store to a branch (Sucursales → Traslados, a new transfer, dispatch), switches to the branch and
 * receives 9 closing the transfer with a reason; the stock of both stores and each store's ledger say so.
 * Screenshots of the list and the transfer at 1366 and 390 px go to SHOTS_DIR.
 */
const SHOTS = process.env.SHOTS_DIR;
const CAFE = 'Café Sello Rojo 250 g';

async function fotos(page: Page, nombre: string) {
  if (!SHOTS) return;
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await captura(page, { path: `${SHOTS}/${nombre}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

type Producto = { id: number; nombre: string; stock: number };
type Movimiento = { producto: string | null; entradas: number; salidas: number; stockDespues: number; motivo: string };

test('el dueño envía 10 unidades a la sucursal; la sucursal recibe 9 con un motivo; existencias y movimientos en las dos', async ({ page }) => {
  test.setTimeout(120_000);
  const tienda = await nuevaTienda(page.request);
  const dueno = { authorization: `Bearer ${tienda.token}` };
  expect((await page.request.post('/api/productos', { headers: dueno, data: { nombre: CAFE, precio: 9_800, cantidad: 20, codigoBarras: `77${Date.now()}`.slice(0, 13) } })).status()).toBe(201);
  const { nombre: norte } = await abrirSucursal(page.request, tienda);

  // From Sucursales to Traslados; a new transfer to the branch.
  await entrarComo(page, tienda);
  await page.goto('/sucursales');
  await page.getByRole('link', { name: 'Traslados' }).click();
  await expect(page).toHaveURL(/\/traslados$/);
  await expect(page.getByText('Todavía no hay traslados de esta tienda.')).toBeVisible();
  await expect(page.getByLabel('Llega a')).toHaveValue(/\d+/);
  await expect(page.getByLabel('Llega a').locator('option:checked')).toHaveText(norte);
  await page.getByLabel('Buscar un producto de esta tienda').fill('cafe sello');
  await page.getByRole('button', { name: new RegExp(`^Agregar: ${CAFE}`) }).click();
  await page.getByLabel(`Cantidad ${CAFE}`).fill('10');
  await page.getByRole('button', { name: 'Crear traslado' }).click();
  await expectToast(page, /^Traslado TR-1 creado/);
  await expect(page).toHaveURL(/\/traslados\/\d+$/);
  await expect(page.getByRole('heading', { name: 'TR-1', level: 1 })).toBeVisible();

  // Dispatch: 10 leave the main store and are in transit.
  await expect(page.getByLabel(`Despacha ${CAFE}`)).toHaveValue('10');
  await page.getByRole('button', { name: 'Despachar', exact: true }).click();
  await expectToast(page, /^TR-1 despachado/);
  await expect(page.locator('.tr-remision .tr-estado')).toHaveText('En tránsito');
  await expect(page.getByRole('button', { name: 'Imprimir remisión' })).toBeVisible();
  await fotos(page, 'traslado-despachado');

  // The owner enters the branch from the top bar and receives 9: one arrived broken.
  await cambiarDeTienda(page, norte);
  await page.goto('/traslados');
  await expect(page.getByRole('table', { name: 'Traslados' }).getByRole('row')).toHaveCount(2);
  await page.getByRole('link', { name: 'TR-1' }).click();
  await expect(page.getByLabel(`Recibe ahora ${CAFE}`)).toHaveValue('10');
  await page.getByLabel(`Recibe ahora ${CAFE}`).fill('9');
  await page.getByLabel('No llegará más: cerrar el traslado con la diferencia').check();
  await page.getByLabel('Motivo de la diferencia').fill('Una unidad llegó rota');
  await page.getByRole('button', { name: 'Recibir', exact: true }).click();
  await expectToast(page, 'TR-1 recibido.');
  await expect(page.locator('.tr-remision .tr-estado')).toHaveText('Recibido');
  const fila = page.locator('.tr-remision').getByRole('row').nth(1);
  await expect(fila).toContainText('10');
  await expect(fila).toContainText('9');
  await expect(page.locator('.tr-historial')).toContainText('Motivo: Una unidad llegó rota');
  await fotos(page, 'traslado-recibido');

  // Stock and ledger of the branch, then of the main store.
  const stockDe = async () => (await api<{ items: Producto[] }>(page, 'GET', '/api/productos')).items.find((p) => p.nombre === CAFE)!.stock;
  const libro = async () =>
    (await api<{ items: Movimiento[] }>(page, 'GET', '/api/movimientos?pageSize=50')).items
      .filter((m) => m.motivo.startsWith('Traslado'))
      .map((m) => [m.entradas, m.salidas, m.stockDespues, m.motivo]);
  expect(await stockDe()).toBe(9);
  expect(await libro()).toEqual([[9, 0, 9, `Traslado TR-1 desde ${tienda.nombre}`]]);
  await page.goto('/traslados');
  await fotos(page, 'traslados-lista');
  await cambiarDeTienda(page, tienda.nombre);
  expect(await stockDe()).toBe(10);
  expect(await libro()).toEqual([[0, 10, 10, `Traslado TR-1 a ${norte}`]]);
});

test('una droguería traslada un medicamento con lotes: salen los que vencen antes y la sucursal los recibe lote por lote', async ({ page }) => {
  test.setTimeout(120_000);
  const AMOX = 'Amoxicilina 500 mg cápsulas';
  const tienda = await nuevaTienda(page.request);
  const dueno = { authorization: `Bearer ${tienda.token}` };
  const post = async (url: string, data: object, metodo: 'post' | 'put' = 'post') => {
    const r = await page.request[metodo](url, { headers: dueno, data });
    expect(r.status(), await r.text()).toBeLessThan(300);
    return r.json();
  };
  const proveedor = (await post('/api/proveedores', { nombre: 'Distribuidora Salud', telefono: '3104567890', email: `${unique('p')}@e2e.co` })).proveedor.id as number;
  const amox = (await post('/api/productos', { nombre: AMOX, precio: 1_200, cantidad: 0 })).producto.id as number;
  await post(`/api/productos/${amox}`, { nombre: AMOX, precio: 1_200, stock: 0, stockMin: 0, manejaLotes: true }, 'put');
  const dias = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  const dma = (iso: string) => iso.split('-').reverse().join('/');
  const [corto, largo] = [dias(20), dias(200)];
  await post('/api/compras/recepciones', {
    proveedorId: proveedor,
    lineas: [{ productoId: amox, cantidad: 10, costoUnit: 500, lotes: [{ codigo: 'L-LARGO', vence: largo, cantidad: 6 }, { codigo: 'L-CORTO', vence: corto, cantidad: 4 }] }],
  });
  const norte = `Droguería Norte ${unique('n').slice(-5)}`;
  await post('/api/sucursales', { nombreTienda: norte });

  // Six leave: the four that expire first, then two of the other lot; the remisión names each lot.
  await entrarComo(page, tienda);
  await page.goto('/traslados');
  await expect(page.getByLabel('Llega a').locator('option:checked')).toHaveText(norte);
  await page.getByLabel('Buscar un producto de esta tienda').fill('amoxicilina');
  await page.getByRole('button', { name: new RegExp(`^Agregar: ${AMOX}`) }).click();
  await page.getByLabel(`Cantidad ${AMOX}`).fill('6');
  await page.getByRole('button', { name: 'Crear traslado' }).click();
  await expectToast(page, /^Traslado TR-1 creado/);
  await page.getByRole('button', { name: 'Despachar', exact: true }).click();
  await expectToast(page, /^TR-1 despachado/);
  const lotes = page.getByRole('list', { name: `Lotes ${AMOX}` });
  await expect(lotes.getByRole('listitem')).toHaveText([`Lote L-CORTO · vence ${dma(corto)}: 4`, `Lote L-LARGO · vence ${dma(largo)}: 2`]);

  // The branch: the four of the first lot arrived; the other two are still on the way.
  await cambiarDeTienda(page, norte);
  await page.goto('/traslados');
  await page.getByRole('link', { name: 'TR-1' }).click();
  await expect(page.getByLabel(`Recibe ahora ${AMOX} Lote L-CORTO · vence ${dma(corto)}`)).toHaveValue('4');
  await page.getByLabel(`Recibe ahora ${AMOX} Lote L-LARGO · vence ${dma(largo)}`).fill('0');
  await page.getByRole('button', { name: 'Recibir', exact: true }).click();
  await expectToast(page, 'TR-1 recibido en parte; lo demás sigue en tránsito.');
  await expect(lotes.getByRole('listitem')).toHaveText([`Lote L-CORTO · vence ${dma(corto)}: 4 · Recibido 4`, `Lote L-LARGO · vence ${dma(largo)}: 2`]);
  await fotos(page, 'traslado-lotes');

  // The branch's copy now holds that lot, with its date.
  const copia = (await api<{ items: Producto[] }>(page, 'GET', '/api/productos')).items.find((p) => p.nombre === AMOX)!;
  const suyos = await api<{ lotes: { codigo: string | null; vence: string | null; cantidad: number }[] }>(page, 'GET', `/api/lotes/producto/${copia.id}`);
  expect(suyos.lotes.map((l) => [l.codigo, l.vence, l.cantidad])).toEqual([['L-CORTO', corto, 4]]);
});
