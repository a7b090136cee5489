/**
 * A store with data of every shape the product allows (issue #49): products sold by weight with a
 * 0,05 kg sale, a pack (presentación) sold, IVA by category for two categories, a purchase order
 * sent and one received, a credit (fiado) sale, a return, and a product and a supplier deleted after
 * they left history behind (price changes, the activity log). Built through the API as a store would.
 */
import { expect } from 'vitest';
import { perfilFiscal } from '../../server/db/schema';
import { crearTienda, peticion, type Tienda } from './factories';
import type { TestApp } from './test-app';

let seq = 0;

export async function crearTiendaCompleta(t: TestApp) {
  const s: Tienda = await crearTienda(t);
  const req = peticion(t);
  const ok = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, status = method === 'POST' ? 201 : 200) => {
    const r = await req(method, url, s.token, payload);
    expect(r.statusCode, `${method} ${url}: ${r.body}`).toBe(status);
    return r.json();
  };
  const n = ++seq;
  await t.database.db.insert(perfilFiscal).values({ tiendaId: s.id, razonSocial: 'Tienda SAS', tipoPersona: 'juridica', nit: '900123456', dv: 8, responsableIva: true, departamento: '11', municipio: '11001', direccion: 'Calle 1', correo: 'f@t.co' });

  const proveedor = async (nombre: string) => (await ok('POST', '/api/proveedores', { nombre, telefono: '3104567890', email: `p${n}-${nombre.length}@prov.co` })).proveedor.id as number;
  const conOrden = await proveedor('Distribuidora El Sol');
  const conRecepcion = await proveedor('Abarrotes Ana');
  const borrado = await proveedor('Proveedor Viejo');

  const producto = async (body: Record<string, unknown>) => (await ok('POST', '/api/productos', { precio: 3000, cantidad: 100, ...body })).producto.id as number;
  const queso = await producto({ nombre: 'Queso campesino', precio: 12_000, cantidad: 5, unidad: 'KGM', categoria: 'Lácteos', idProveedor: conRecepcion });
  const gaseosa = await producto({ nombre: 'Gaseosa 400 ml', categoria: 'Bebidas', idProveedor: conOrden });
  const arroz = await producto({ nombre: 'Arroz 500 g', precio: 2_800, categoria: 'Granos', idProveedor: conRecepcion });
  const viejo = await producto({ nombre: 'Producto retirado', idProveedor: borrado });

  await ok('PUT', '/api/impuestos/categorias', { categoria: 'Bebidas', impuesto: 'iva19' });
  await ok('PUT', '/api/impuestos/categorias', { categoria: 'Granos', impuesto: 'iva5' });
  const paca = (await ok('POST', `/api/productos/${gaseosa}/presentaciones`, { nombre: 'Paca x12', factor: 12, codigoBarras: `77000${String(100_000 + n).slice(-6)}1`, precio: 33_000 })).presentacion.id as number;

  const orden = (await ok('POST', '/api/compras/ordenes', { proveedorId: conOrden, lineas: [{ productoId: gaseosa, cantidad: 5, costoUnit: 2_000 }] })).id as number | undefined;
  await ok('POST', '/api/compras/recepciones', {
    proveedorId: conRecepcion,
    lineas: [
      { productoId: arroz, cantidad: 10, costoUnit: 2_100 },
      { productoId: queso, cantidad: 2, costoUnit: 9_000 },
    ],
  });

  const vender = (body: Record<string, unknown>) => ok('POST', '/api/ventas', { metodoPagoId: 5, montoRecibido: 1_000_000, ...body });
  const peso = await vender({ lineas: [{ productoId: queso, cantidad: 0.05 }] });
  const conPaca = await vender({
    lineas: [
      { productoId: gaseosa, cantidad: 1, unidadVentaId: paca },
      { productoId: arroz, cantidad: 3 },
    ],
  });
  const cliente = await ok('POST', '/api/clientes', { documento: String(70_000_000 + n * 13 + (Date.now() % 1_000_000)), tipoDocumento: 'CC', nombre: 'Rosa', apellido: 'Fiada', fiado: true, cupo: 100_000 });
  const fiado = await vender({ lineas: [{ productoId: arroz, cantidad: 2 }], metodoPagoId: 7, montoRecibido: 0, aCredito: true, documentoCliente: cliente.cliente.documento });

  const devolubles = (await req('GET', `/api/ventas/${conPaca.id}/devoluciones`, s.token)).json() as { lineas: { facturaId: number; productoId: number }[] };
  const lineaArroz = devolubles.lineas.find((l) => l.productoId === arroz)!;
  await ok('POST', `/api/ventas/${conPaca.id}/devoluciones`, { metodoPagoId: 5, motivo: 'Producto vencido', lineas: [{ facturaId: lineaArroz.facturaId, cantidad: 1, destino: 'inventario' }] });

  // History left by what is then deleted: a price change of the product, the supplier named by it.
  await ok('PUT', `/api/productos/${viejo}`, { nombre: 'Producto retirado', precio: 3_500, stock: 100, stockMin: 0 });
  await ok('DELETE', `/api/productos/${viejo}`);
  await ok('DELETE', `/api/proveedores/${borrado}`);

  return { ...s, proveedores: { conOrden, conRecepcion, borrado }, productos: { queso, gaseosa, arroz, viejo }, paca, orden, clienteId: cliente.cliente.id as number, ventas: { peso: peso.id as number, conPaca: conPaca.id as number, fiado: fiado.id as number } };
}
