import { productos } from '#shared/messages/productos';
import { formatPesos } from '#shared/money';
import type { TCambioPrecio } from '#shared/schemas/permisos';
import { TablaDatos } from '../../../components/ui/tabla-datos';
import { useFechas } from '../../../lib/fechas';
import { useHistorialPrecios } from '../api/get-historial-precios';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { productos };
const H = M.productos.historial;

/** A pack's name and units, or the units the price is per (issue #51 point 4). */
function detalle(d: TCambioPrecio['detalle']): string {
  if (!d) return '';
  if (d.presentacion) return H.presentacionDe(d.presentacion, d.factorAnterior, d.factorNuevo);
  if (d.unidadNueva) return H.unidadDe(M.productos.unidades[d.unidadAnterior ?? ''] ?? d.unidadAnterior ?? '—', M.productos.unidades[d.unidadNueva] ?? d.unidadNueva);
  return '';
}

/** *Historial de precios* (issue #27 point 2): every price the product had, who set it, when and through which face. */
export function HistorialPrecios({ id }: { id: number }) {
  const historial = useHistorialPrecios(id);
  const fechas = useFechas();
  return (
    <section className="card gp-historial" aria-labelledby="historial-precios-titulo">
      <h2 id="historial-precios-titulo">{H.titulo}</h2>
      {historial.isPending ? (
        <p role="status">{H.cargando}</p>
      ) : historial.isError ? (
        <p role="alert">{H.cargaFallida}</p>
      ) : historial.data.items.length === 0 ? (
        <p>{H.vacio}</p>
      ) : (
        <TablaDatos
          caption={H.titulo}
          rows={historial.data.items}
          rowKey={(h) => h.id}
          columns={[
            { header: H.columnas.fecha, cell: (h) => fechas.fechaMedia(h.fecha) },
            { header: H.columnas.persona, cell: (h) => h.persona },
            { header: H.columnas.cara, cell: (h) => H.cara[h.cara] ?? h.cara },
            { header: H.columnas.campo, cell: (h) => [H.campo[h.campo] ?? h.campo, detalle(h.detalle)].filter(Boolean).join(' · ') },
            { header: H.columnas.anterior, num: true, cell: (h) => (h.anterior == null ? H.inicial : formatPesos(h.anterior)) },
            { header: H.columnas.nuevo, num: true, cell: (h) => (h.nuevo == null ? '—' : formatPesos(h.nuevo)) },
          ]}
        />
      )}
    </section>
  );
}
