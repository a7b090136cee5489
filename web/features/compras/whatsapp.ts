import { compras } from '#shared/messages/compras';
import { formatCantidad } from '#shared/cantidad';
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
    // A pack line in packs (ADR 036): "5 × Cerveza (Paca x12)"; by measure "10,25 kg × Queso".
    orden.items.map((l) => (l.empaque ? M.compras.lineaWhatsapp(String(l.empaque.empaques), `${l.nombre} (${l.empaque.nombre})`) : M.compras.lineaWhatsapp(formatCantidad(l.cantidad, l.unidad), l.nombre))),
  );
  return `https://wa.me/${numero}?text=${encodeURIComponent(texto)}`;
}
