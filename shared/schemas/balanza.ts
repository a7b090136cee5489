import { z } from 'zod';
import { largoValor } from '../balanza-largo';
import { ajustesTienda } from '../messages/tienda';

// Only this area's texts: a screen that loads this schema does not load the whole catalogue.
const B = ajustesTienda.balanzas;

/** A label scale's layout, a store setting (shared/balanza.ts reads the labels; issue #33 point 4). */
export const ZFormatoBalanza = z
  .object({
    prefijo: z.string({ error: B.prefijoInvalido }).regex(/^2[0-9]$/, B.prefijoInvalido),
    largoCodigo: z.number({ error: B.largoInvalido }).int(B.largoInvalido).min(4, B.largoInvalido).max(6, B.largoInvalido),
    contenido: z.enum(['peso', 'precio'], { error: B.contenidoInvalido }),
    decimales: z.number({ error: B.decimalesInvalidos }).int(B.decimalesInvalidos).min(0, B.decimalesInvalidos).max(3, B.decimalesInvalidos),
    digitoPrecio: z.boolean({ error: B.digitoInvalido }),
  })
  .strict()
  .refine((f) => !f.digitoPrecio || [4, 5].includes(largoValor(f)), {
    message: B.digitoSoloCuatroOCinco,
    path: ['digitoPrecio'],
  });
export type TFormatoBalanza = z.infer<typeof ZFormatoBalanza>;
