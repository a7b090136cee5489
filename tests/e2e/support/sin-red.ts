import { expect, type Page } from '@playwright/test';

/** What the offline till (issue #34, ADR 029) keeps on the device, read straight from IndexedDB by the journeys. */

/** The outbox of this device's local database, read straight from IndexedDB. */
export async function salida(page: Page): Promise<{ numero: string; estado: string }[]> {
  return page.evaluate(async () => {
    const dbs = (await indexedDB.databases()).filter((d) => d.name?.startsWith('adax-sin-red:'));
    const filas: { numero: string; estado: string }[] = [];
    for (const d of dbs) {
      const db = await new Promise<IDBDatabase>((ok, mal) => {
        const r = indexedDB.open(d.name!);
        r.onsuccess = () => ok(r.result);
        r.onerror = () => mal(r.error);
      });
      if (db.objectStoreNames.contains('salida'))
        filas.push(
          ...(await new Promise<{ numero: string; estado: string }[]>((ok) => {
            const r = db.transaction('salida').objectStore('salida').getAll();
            r.onsuccess = () => ok(r.result as { numero: string; estado: string }[]);
          })),
        );
      db.close();
    }
    return filas;
  });
}
export async function productosLocales(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const d = (await indexedDB.databases()).find((x) => x.name?.startsWith('adax-sin-red:'));
    if (!d) return 0;
    const db = await new Promise<IDBDatabase>((ok) => {
      const r = indexedDB.open(d.name!);
      r.onsuccess = () => ok(r.result);
    });
    if (!db.objectStoreNames.contains('productos')) return (db.close(), 0);
    const n = await new Promise<number>((ok) => {
      const r = db.transaction('productos').objectStore('productos').count();
      r.onsuccess = () => ok(r.result);
    });
    db.close();
    return n;
  });
}


/**
 * Online, before the network drops (the offline journeys' common start): on the till, the service
 * worker in control, and the store's `productos` products in the device's catalogue.
 */
export async function cajaConCatalogo(page: Page, productos: number, opciones: { buscador?: boolean } = {}) {
  await page.goto('/ventas');
  if (opciones.buscador !== false) await expect(page.getByLabel('Buscar producto')).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 30_000 });
  await expect.poll(() => productosLocales(page), { timeout: 30_000 }).toBe(productos);
}

/** A product for `venderEnCaja`: by name (its row's Agregar button) or by code (typed and Enter, as a scanner does). */
export interface ItemCaja {
  buscar: string;
  nombre: string;
  escanear?: boolean;
}

/** Adds products on the till, online or offline: the same steps (issue #53). */
export async function agregarEnCaja(page: Page, items: ItemCaja[]) {
  const buscador = page.getByLabel('Buscar producto');
  for (const it of items) {
    await buscador.fill(it.buscar);
    if (it.escanear) {
      await buscador.press('Enter');
      // Enter takes the product and empties the box.
      await expect(buscador).toHaveValue('');
    } else {
      await expect(page.locator('.pos__productos [aria-busy="true"]')).toHaveCount(0);
      await page.getByRole('row').filter({ hasText: it.nombre }).getByRole('button', { name: `Agregar ${it.nombre}`, exact: true }).first().click();
    }
  }
}

/**
 * Pays on the payment page, online or offline the same steps (issue #53): the method, the amount
 * received, the customer for fiado, then Confirmar pago; the receipt opens.
 */
export async function cobrarEnCaja(page: Page, pago: { metodo: string; recibido?: string; documento?: string; referencia?: string; autorizarSobreCupo?: boolean }) {
  await page.getByRole('button', { name: 'Generar pago' }).click();
  const radio = page.getByRole('radio', { name: pago.metodo });
  // A CI run keeps no screenshot of a second tab: when the method never shows, the failure says what the page showed instead.
  await expect(radio).toBeVisible({ timeout: 30_000 }).catch(async (err: Error) => {
    const texto = await page.locator('main').innerText({ timeout: 2_000 }).catch(() => '(sin main)');
    throw new Error(`${err.message}\n${page.url()} mostraba: ${texto.replace(/\s+/g, ' ').slice(0, 1200)}`);
  });
  await radio.check();
  if (pago.recibido) await page.getByLabel('Monto recibido').fill(pago.recibido);
  if (pago.referencia) await page.getByLabel(/^Referencia/).fill(pago.referencia);
  if (pago.documento) await page.getByLabel(/^Documento del cliente/).fill(pago.documento);
  await page.getByRole('button', { name: 'Confirmar pago' }).click();
  if (pago.autorizarSobreCupo) {
    // Past the customer's limit (as the device knows it) the owner authorises it, as online.
    const autorizar = page.getByRole('button', { name: 'Sí, autorizar' });
    await expect(page.getByTestId('recibo-id').or(autorizar)).toBeVisible();
    if (await autorizar.isVisible()) await autorizar.click();
  }
  await expect(page.getByTestId('recibo-id')).toBeVisible();
}

/** The network goes: the page comes back from the device alone and its band says so. */
export async function cortarRed(page: Page) {
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByTestId('banner-sin-red')).toContainText('SIN CONEXIÓN');
}

/** The offline receipt's number as printed (the device's, `D1-3`), read from the receipt's title. */
export async function numeroDelRecibo(page: Page): Promise<string> {
  await expect(page.getByTestId('recibo-sin-red-numero')).toContainText('Pendiente de envío al servidor');
  return (await page.getByTestId('recibo-id').textContent())!.replace(/^.* N\.º /, '').trim();
}

/** One sale on the till offline: products, payment, receipt; answers its number and starts the next sale. */
export async function venderSinRed(page: Page, items: ItemCaja[], pago: Parameters<typeof cobrarEnCaja>[1]): Promise<string> {
  await agregarEnCaja(page, items);
  await cobrarEnCaja(page, pago);
  const numero = await numeroDelRecibo(page);
  await page.getByRole('button', { name: 'Nueva venta' }).click();
  await expect(page.getByLabel('Buscar producto')).toBeVisible();
  return numero;
}

/** One of the device's settings (`tienda`, `fiscal`…), read straight from IndexedDB; undefined until the sync keeps it. */
export async function ajusteLocal(page: Page, clave: string): Promise<unknown> {
  return page.evaluate(async (clave) => {
    const d = (await indexedDB.databases()).find((x) => x.name?.startsWith('adax-sin-red:'));
    if (!d) return undefined;
    const db = await new Promise<IDBDatabase>((ok) => {
      const r = indexedDB.open(d.name!);
      r.onsuccess = () => ok(r.result);
    });
    if (!db.objectStoreNames.contains('ajustes')) return (db.close(), undefined);
    const fila = await new Promise<{ valor: unknown } | undefined>((ok) => {
      const r = db.transaction('ajustes').objectStore('ajustes').get(clave);
      r.onsuccess = () => ok(r.result as { valor: unknown } | undefined);
    });
    db.close();
    return fila?.valor;
  }, clave);
}
