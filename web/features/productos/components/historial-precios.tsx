import { productos } from '#shared/messages/productos';
import { formatPesos } from '#shared/money';
import { TablaDatos } from '../../../components/ui/tabla-datos';
import { useFechas } from '../../../lib/fechas';
import { useHistorialPrecios } from '../api/get-historial-precios';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { productos };
const H = M.productos.historial;

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
            { header: H.columnas.campo, cell: (h) => H.campo[h.campo] ?? h.campo },
            { header: H.columnas.anterior, num: true, cell: (h) => (h.anterior == null ? H.inicial : formatPesos(h.anterior)) },
            { header: H.columnas.nuevo, num: true, cell: (h) => (h.nuevo == null ? '—' : formatPesos(h.nuevo)) },
          ]}
        />
      )}
    </section>
  );
}
