import { Link } from 'react-router';
import { comun } from '#shared/messages/comun';
import { compras } from '#shared/messages/compras';
import { ESTADOS_ORDEN, type TOrdenResumen } from '#shared/schemas/compras';
import { PageHeader } from '../../components/page-header';
import { SelectField } from '../../components/ui/field';
import { ListState } from '../../components/ui/list-state';
import { TablaDatos } from '../../components/ui/tabla-datos';
import { paths } from '../../config/paths';
import { useFechas } from '../../lib/fechas';
import { useListaPaginada } from '../../lib/use-lista-paginada';
import { ordenesQuery } from './api/compras';
import { claseEstado } from './estado';
import { rutaOrden } from './rutas';
import { valorOrden } from './valor';
import './compras.css';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { comun, compras };
const C = M.compras.columnas;

/** /ordenes_compra (issue #32 point 4): the store's purchase orders, newest first, by state. */
export default function OrdenesPage() {
  const fechas = useFechas();
  const lista = useListaPaginada({ query: ordenesQuery, pageSize: 20, filters: { estado: '' } });
  return (
    <>
      <PageHeader title={M.compras.ordenesTitulo} backTo={paths.porPedir} backLabel={M.compras.verPorPedir}>
        <Link className="btn btn--ghost" to={paths.porPedir}>
          {M.compras.verPorPedir}
        </Link>
        <Link className="btn" to={paths.nuevaOrdenCompra}>
          {M.compras.nuevaOrden}
        </Link>
      </PageHeader>
      <div className="toolbar">
        <SelectField
          label={M.compras.filtroEstado}
          value={lista.filtros.estado}
          onChange={(e) => lista.setFiltros({ estado: e.target.value })}
          options={[{ value: '', label: M.compras.todas }, ...ESTADOS_ORDEN.map((e) => ({ value: e, label: M.compras.estados[e]! }))]}
        />
      </div>
      <ListState lista={lista} loading={M.compras.ordenesCargando} failed={M.compras.ordenesFallido} empty={M.compras.ordenesVacio}>
        {(items) => (
          <TablaDatos<TOrdenResumen>
            caption={M.compras.tablaOrdenes}
            rows={items}
            rowKey={(o) => o.id}
            busy={lista.query.isFetching}
            columns={[
              {
                header: C.numero,
                cell: (o) => (
                  <Link to={rutaOrden(o.id)} aria-label={M.compras.verOrden(o.numero)}>
                    {M.compras.ordenNumero(o.numero)}
                  </Link>
                ),
              },
              { header: C.proveedor, cell: (o) => o.proveedor },
              { header: C.fecha, cell: (o) => fechas.fecha(o.creadaEn) },
              { header: C.estado, cell: (o) => <span className={claseEstado(o.estado)}>{M.compras.estados[o.estado]}</span> },
              { header: C.total, num: true, cell: (o) => (o.total != null ? valorOrden({ total: o.total }) : '—') },
            ]}
          />
        )}
      </ListState>
    </>
  );
}
