import { z } from 'zod';

/** What the page *Teléfonos de la tienda* shows (issue #34 point 1): GET /api/red-local. */
export const ZRedLocal = z.object({
  /** Whether the server listens with HTTPS for the shop's network (HTTPS_PORT). */
  activo: z.boolean(),
  /** Whether phones can reach it at all (HOST is not a loopback address). */
  alcanzable: z.boolean(),
  /** The operator brought its own certificate (TLS_CERT): nothing to install. */
  certificadoPropio: z.boolean(),
  /** One entry per address of this computer on the shop's network. */
  direcciones: z.array(
    z.object({
      direccion: z.string(),
      /** The app over HTTPS on that address, and its QR code (an SVG data URL). */
      app: z.object({ url: z.string(), qr: z.string() }),
      /** The authority's certificate over plain HTTP on that address (the phone does not trust HTTPS yet), and its QR code. */
      autoridad: z.object({ url: z.string(), qr: z.string() }).nullable(),
    }),
  ),
  /** SHA-256 of the authority's certificate, as phones show it. */
  huella: z.string().nullable(),
});
export type TRedLocal = z.infer<typeof ZRedLocal>;
