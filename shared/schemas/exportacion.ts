import { z } from 'zod';
import { exportacion } from '../messages/exportacion';

// Only these areas' texts: a screen that loads this schema does not load the whole catalogue.
const M = { exportacion };

/** An export's format (issue #33 point 2), in the path: /api/productos/exportar/csv. */
export const ZExportarParams = z.object({ formato: z.enum(['csv', 'xlsx'], { error: M.exportacion.formatoInvalido }) });
export type TFormatoExport = z.infer<typeof ZExportarParams>['formato'];
