import { Link, useLocation, useNavigate } from 'react-router';
import { facturas } from '#shared/messages/facturas';
import { formatPesos } from '#shared/money';
import { ESTADOS_VENTA, type TEstadoVenta } from '#shared/schemas/factura';
import { SelectField } from '../../components/ui/field';
import { FiltrosLista, SearchField } from '../../components/ui/list-state';
import { TablaFiltrada } from '../../components/ui/tabla-filtrada';
import { paths } from '../../config/paths';
import { useFechas } from '../../lib/fechas';
import { useListaPaginada } from '../../lib/use-lista-paginada';
import { facturasQuery } from './api/get-facturas';
import { estadoBadge } from './components/formato';
import { PageHeader } from '../../components/page-header';
import { ExportarLista } from '../../components/exportar-lista';
import './facturas.css';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { facturas };

const F = M.facturas;
const C = F.columnas;
const PAGE_SIZE = 20;
const ESTADO_OPTIONS = [{ value: '', label: F.todos }, ...ESTADOS_VENTA.map((e) => ({ value: e, label: e }))];

const estadoValido = (v: string) => ((ESTADOS_VENTA as readonly string[]).includes(v) ? (v as TEstadoVenta) : '');

/** The store's sales and their invoices (spec §2 /gestionar_ventas, titled Gestionar Facturas). */
export default function GestionarVentasPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const lista = useListaPaginada({
    query: ({ q, estado, page, pageSize }) => facturasQuery({ q, estado: estadoValido(estado), page, pageSize }),
    pageSize: PAGE_SIZE,
    filters: { estado: '' },
  });
  const estado = estadoValido(lista.filtros.estado);
  const fechas = useFechas();

  /** The detail gets the id as navigation state (spec) and in the address, so a reload works. */
  const detalle = (idVenta: number) => ({
    pathname: paths.detalleFactura,
    search: `?id=${idVenta}`,
  });
  const abrir = (idVenta: number) => navigate(detalle(idVenta), { state: { idVenta, from: location.search } });


  return (
    <>
      <PageHeader title={F.titulo} className="facturas-header">
        <ExportarLista ruta="/facturas/exportar" query={{ q: lista.q, estado }} />
      </PageHeader>
      <p className="facturas-intro">{F.subtitulo}</p>

      <FiltrosLista label={F.buscarFacturas} lista={lista}>
        <SearchField label={F.buscar} name="q" inputMode="search" placeholder={F.buscarPlaceholder} lista={lista} />
        <SelectField label={F.estadoFiltro} name="estado" options={ESTADO_OPTIONS} value={estado} onChange={(e) => lista.setFiltros({ estado: e.target.value })} />
      </FiltrosLista>

      <TablaFiltrada
        lista={lista}
        textos={{ ...F, cargando: F.cargandoLista }}
        failed={F.cargaFallida}
        clase="facturas"
        rowKey={(f) => f.idVenta}
        rowClassName={() => 'facturas-row'}
        onRowClick={(f) => abrir(f.idVenta)}
        columns={[
          {
            header: C.venta,
            className: 'facturas-c-venta',
            cell: (f) => (
              <>
                <Link
                  to={detalle(f.idVenta)}
                  state={{ idVenta: f.idVenta, from: location.search }}
                  aria-label={F.verFactura(f.numero)}
                  onClick={(e) => e.stopPropagation()}
                >
                  #{f.numero}
                </Link>
                {f.numeroFactura ? (
                  <span className="facturas-sin-red" data-testid="facturas-numero-factura">
                    {F.numeroFactura(f.numeroFactura)}
                  </span>
                ) : null}
                {f.numeroDispositivo ? (
                  <span className="facturas-sin-red" title={F.numeroSinRedTitulo}>
                    {F.numeroSinRed(f.numeroDispositivo)}
                  </span>
                ) : null}
              </>
            ),
          },
          { header: C.fecha, className: 'facturas-nowrap facturas-c-fecha', cell: (f) => fechas.fechaMedia(f.fecha) },
          { header: C.productos, className: 'facturas-c-productos', cell: (f) => F.lineas(f.lineas, f) },
          { header: C.cliente, className: 'facturas-opcional', cell: (f) => f.cliente ?? <span className="facturas-muted">{F.clienteGeneral}</span> },
          { header: C.metodo, className: 'facturas-opcional', cell: (f) => f.metodoPago ?? '—' },
          { header: C.total, num: true, className: 'facturas-nowrap facturas-c-total', cell: (f) => <strong>{formatPesos(f.total)}</strong> },
          { header: C.estado, className: 'facturas-c-estado', cell: (f) => <span className={estadoBadge(f.estado)}>{f.estado}</span> },
        ]}
      />
    </>
  );
}
