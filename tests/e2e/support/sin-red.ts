import type { Page } from '@playwright/test';

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

