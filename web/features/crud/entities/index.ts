import { cliente } from './cliente';
import { credito } from './credito';
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

import type { AnyEntityConfig } from './types';

/** The twelve areas in the spec's order (spec §2 'Lists'), then the fiado ledger (read-only, issue #17). */
export const ENTITIES: AnyEntityConfig[] = [usuarios, tienda, producto, factura, cliente, proveedor, movimiento, roles, entregaPedidos, inventario, metodosdepago, ventas, credito];

export type { AnyEntityConfig, EntityConfig, FieldDef, FormValues, OptionsSource, ReadOnlyEntityConfig } from './types';
