import { expect, type Page } from '@playwright/test';
import { ventaDelRecibo } from './fixtures';

/**
 * One till, online or not (issue #53): the steps the one spec runs in both modes that differ only in
 * where the till records (tests/e2e/una-caja.spec.ts). Everything else is the till's own steps
 * (support/sin-red.ts: agregarEnCaja, cobrarEnCaja).
 */
export type Modo = 'con red' | 'sin red';

/** The receipt's sale: online its server id; offline the device's number (`D1-2`), which names it after the sync. */
export async function reciboEnModo(page: Page, modo: Modo): Promise<{ id?: number; numero: string }> {
  if (modo === 'con red') {
    const v = await ventaDelRecibo(page);
    return { id: v.id, numero: String(v.numero) };
  }
  await expect(page.getByTestId('recibo-sin-red-numero')).toContainText('Pendiente de envío al servidor');
  return { numero: (await page.getByTestId('recibo-id').textContent())!.replace(/^.* N\.º /, '').trim() };
}

export interface Cambio {
  devuelve: { nombre: string; cantidad: string };
  lleva: { buscar: string; nombre: string; cantidad: string };
  motivo: string;
  /** What the form says the difference is, e.g. 'El cliente paga' and '$ 500'. */
  diferencia: [string, string];
}

/**
 * An exchange of a sale, the online exchange's steps in both modes: online from the sale's detail
 * (Hacer un cambio), offline from the device's sales under the till (Cambiar). The same form parts:
 * how much comes back, what the customer takes (searched and added), the reason, the difference.
 */
export async function cambiarEnModo(page: Page, modo: Modo, venta: { id?: number; numero: string }, c: Cambio, antesDeConfirmar?: () => Promise<void>) {
  if (modo === 'con red') {
    await page.goto(`/detalle_factura?id=${venta.id}`);
    await page.getByRole('button', { name: 'Hacer un cambio' }).click();
  } else {
    await page.getByRole('button', { name: `Cambiar productos de la venta ${venta.numero}` }).click();
  }
  const form = page.getByRole('form', { name: 'Cambio: el cliente devuelve productos y se lleva otros' });
  await form.getByLabel(modo === 'con red' ? `Devuelve: ${c.devuelve.nombre}` : new RegExp(`^Cantidad de ${c.devuelve.nombre} a devolver`)).fill(c.devuelve.cantidad);
  await form.getByLabel('Buscar producto').fill(c.lleva.buscar);
  await form.getByRole('button', { name: new RegExp(`^Agregar ${c.lleva.nombre} \\(`) }).click();
  await form.getByLabel(`Cantidad que se lleva: ${c.lleva.nombre}`).fill(c.lleva.cantidad);
  await form.getByLabel(modo === 'con red' ? 'Motivo' : 'Motivo de la devolución', { exact: true }).fill(c.motivo);
  await expect(form.getByTestId('cambio-cuentas')).toContainText(c.diferencia[0]);
  await expect(form.getByTestId('cambio-diferencia')).toHaveText(c.diferencia[1]);
  if (antesDeConfirmar) await antesDeConfirmar();
  await form.getByRole('button', { name: modo === 'con red' ? 'Registrar cambio' : 'Dejar el cambio pendiente' }).click();
  if (modo === 'con red') await expect(page.getByText('Cambio registrado').first()).toBeVisible();
  else await expect(page.getByTestId('venta-equipo').filter({ has: page.getByText(venta.numero, { exact: true }) }).getByTestId('operacion-sin-red')).toContainText('Cambio pendiente de envío');
}
