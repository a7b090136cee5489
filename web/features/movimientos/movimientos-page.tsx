import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { AppError } from '#shared/errors';
import { formatCantidad } from '#shared/cantidad';
import { movimientos } from '#shared/messages/movimientos';
import { roles } from '#shared/messages/roles';
import { ROL } from '#shared/roles';
import { FiltrosLista, SearchField } from '../../components/ui/list-state';
import { RangoFechas, validarRango } from '../../components/ui/rango-fechas';
import { TablaFiltrada } from '../../components/ui/tabla-filtrada';
import { paths } from '../../config/paths';
import { alertFailure, alertWarning } from '../../lib/alerts';
import { useFechas } from '../../lib/fechas';
import { useSession } from '../../lib/session';
import { useListaPaginada } from '../../lib/use-lista-paginada';
import { movimientosQuery } from './api/get-movimientos';
import { PageHeader } from '../../components/page-header';
import { ExportarLista } from '../../components/exportar-lista';
import './movimientos.css';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { movimientos, roles };

const T = M.movimientos;
const C = T.columnas;
const PAGE_SIZE = 20;

/** The store's stock ledger (spec §2 /movimientos). Role 3 may not open it (spec §6). */
export default function MovimientosPage() {
  const session = useSession();
  const navigate = useNavigate();
  const denied = session?.rol === ROL.ENCARGADO;
  const refused = useRef(false);

  const fechas = useFechas();
  const lista = useListaPaginada({
    query: ({ productoId, ...p }) => movimientosQuery({ ...p, productoId: Number(productoId) || undefined }),
    pageSize: PAGE_SIZE,
    filters: { desde: '', hasta: '', productoId: '' },
    enabled: (p) => validarRango(p.desde, p.hasta, T).valido && !denied,
  });
  const { desde, hasta } = lista.filtros;
  const rango = validarRango(desde, hasta, T);
  const query = lista.query;

  // Role 3, known from the session or told by the server: the spec's message, back to /inicio.
  const forbidden = denied || (query.error instanceof AppError && query.error.code === 'FORBIDDEN');
  useEffect(() => {
    if (!forbidden || refused.current) return;
    refused.current = true;
    if (query.error instanceof AppError) void alertFailure(query.error, T.denegadoTitulo);
    else void alertWarning(T.denegadoTitulo, M.roles.denyMovimientos);
    navigate(paths.inicio, { replace: true });
  }, [forbidden, query.error, navigate]);
  if (forbidden) return null;


  return (
    <>
      <PageHeader title={T.titulo} className="movimientos-header">
        <ExportarLista ruta="/movimientos/exportar" query={{ q: lista.q, desde, hasta }} />
      </PageHeader>
      <p className="movimientos-intro">{T.subtitulo}</p>

      <FiltrosLista label={T.filtrar} className="movimientos-filtros" lista={lista} quitar={T.quitarFiltros}>
        <SearchField label={C.producto} name="q" placeholder={T.buscarPlaceholder} lista={lista} />
        <RangoFechas desde={desde} hasta={hasta} errores={rango} onChange={lista.setFiltros} />
      </FiltrosLista>

      <TablaFiltrada
        lista={lista}
        textos={T}
        clase="movimientos"
        rowKey={(m) => m.id}
        columns={[
          { header: C.id, num: true, className: 'movimientos-c-id', cell: (m) => m.id },
          { header: C.producto, label: false, className: 'movimientos-c-producto', cell: (m) => m.producto ?? <em className="movimientos-muted">{T.productoEliminado}</em> },
          { header: C.stockAntes, num: true, className: 'movimientos-c-antes', cell: (m) => formatCantidad(m.stockAntes, m.unidad) },
          {
            header: C.entradas,
            num: true,
            className: 'movimientos-c-entradas',
            cellProps: (m) => ({ className: m.entradas ? 'movimientos-entrada' : 'movimientos-cero' }),
            cell: (m) => (m.entradas ? `+${formatCantidad(m.entradas, m.unidad)}` : '0'),
          },
          {
            header: C.salidas,
            num: true,
            className: 'movimientos-c-salidas',
            cellProps: (m) => ({ className: m.salidas ? 'movimientos-salida' : 'movimientos-cero' }),
            cell: (m) => (m.salidas ? `−${formatCantidad(m.salidas, m.unidad)}` : '0'),
          },
          { header: C.stockDespues, num: true, className: 'movimientos-c-despues', cell: (m) => <strong>{formatCantidad(m.stockDespues, m.unidad)}</strong> },
          { header: C.fecha, label: false, className: 'movimientos-fecha movimientos-c-fecha', cell: (m) => fechas.fechaMedia(m.fecha) },
          { header: C.motivo, label: false, className: 'movimientos-c-motivo', cell: (m) => m.motivo },
        ]}
      />
    </>
  );
}
