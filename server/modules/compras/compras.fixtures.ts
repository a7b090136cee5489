/** Test helpers of the purchase tests (not a test file itself): a store that buys from one supplier. */
import { expect } from 'vitest';
import { crearTienda, peticion, type Tienda } from '../../../tests/helpers/factories';
import type { TestApp } from '../../../tests/helpers/test-app';

export type TiendaConProveedor = Tienda & { proveedor: number };

/** A new store (its till open) and one supplier of it, made through the API; `proveedor` is its id. */
export async function tiendaConProveedor(t: TestApp, nombre: string, email: string): Promise<TiendaConProveedor> {
  const st = await crearTienda(t);
  const res = await peticion(t)('POST', '/api/proveedores', st.token, { nombre, telefono: '3104567890', email });
  expect(res.statusCode, res.body).toBe(201);
  return { ...st, proveedor: res.json().proveedor.id as number };
}
