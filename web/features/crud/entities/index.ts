import { cliente } from './cliente';
import { entregaPedidos } from './entrega-pedidos';
import { factura } from './factura';
import { inventario } from './inventario';
import { metodosdepago } from './metodosdepago';
import { movimiento } from './movimiento';
import { producto } from './producto';
import { proveedor } from './proveedor';
import { roles } from './roles';
import { tienda } from './tienda';
import { usuarios } from './usuarios';
import { ventas } from './ventas';

/** The twelve areas in the spec's order (spec §2 'Lists'). */
export const ENTITIES = [usuarios, tienda, producto, factura, cliente, proveedor, movimiento, roles, entregaPedidos, inventario, metodosdepago, ventas];

export type { EntityConfig, FieldDef, FormValues, OptionsSource } from './types';
