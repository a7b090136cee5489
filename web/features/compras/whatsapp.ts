import { compras } from '#shared/messages/compras';
import type { TOrden } from '#shared/schemas/compras';

// This module's texts only: the catalogue splits per screen (issue #20).
const M = { compras };

/** The supplier's WhatsApp link with the order in words (a Colombian mobile gets the country code). */
export function enlaceWhatsapp(orden: TOrden, tienda: string): string {
  const digitos = orden.proveedorTelefono.replace(/\D/g, '');
  const numero = digitos.length === 10 && digitos.startsWith('3') ? `57${digitos}` : digitos;
  const texto = M.compras.mensajeWhatsapp(
    tienda,
    orden.numero,
    orden.items.map((l) => M.compras.lineaWhatsapp(l.cantidad, l.nombre)),
  );
  return `https://wa.me/${numero}?text=${encodeURIComponent(texto)}`;
}
