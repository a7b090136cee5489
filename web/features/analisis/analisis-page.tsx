import { formatCantidad } from '#shared/cantidad';
import { analisis } from '#shared/messages/analisis';
import { MEDIDAS, unidadDeMedida, type TMedida } from '#shared/unidades';
import { ListState } from '../../components/ui/list-state';
import { Pager } from '../../components/ui/pager';
import { RangoFechas, validarRango } from '../../components/ui/rango-fechas';
import { TablaDatos } from '../../components/ui/tabla-datos';
import { useListaPaginada } from '../../lib/use-lista-paginada';
import { analisisQuery } from './api/get-analisis';
import { PopularidadChart } from './components/popularidad-chart';
import { ESTILO_CLASE, formatPromedio } from './components/popularidad';
import { PageHeader } from '../../components/page-header';
import './analisis.css';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { analisis };

const A = M.analisis;
const PAGE_SIZE = 50;

/** Sales popularity (spec §2 /analisis, §4): each product's units sold against the mean. */
export default function AnalisisPage() {
  const lista = useListaPaginada({
    query: ({ desde, hasta, page, pageSize }) => analisisQuery({ desde, hasta, page, pageSize }),
    pageSize: PAGE_SIZE,
    filters: { desde: '', hasta: '' },
    enabled: (p) => validarRango(p.desde, p.hasta, A).valido,
  });
  const { desde, hasta } = lista.filtros;
  const page = lista.page;

  return (
    <>
      <PageHeader title={A.titulo} className="analisis-header" />
      <p className="analisis-intro">{A.subtitulo}</p>

      <form className="toolbar analisis-filtros" role="search" aria-label={A.filtrar} onSubmit={(e) => e.preventDefault()}>
        <RangoFechas desde={desde} hasta={hasta} errores={validarRango(desde, hasta, A)} onChange={lista.setFiltros} />
        {lista.filtrado ? (
          <button type="button" className="btn btn--ghost" onClick={lista.limpiar}>
            {A.quitarFechas}
          </button>
        ) : null}
      </form>

      <ListState
        lista={lista}
        loading={A.cargando}
        failed={A.cargaFallida}
        empty={lista.filtrado ? A.vacioRango : A.vacio}
        isEmpty={(data) => data.total === 0}
        emptyTestId="analisis-vacio"
      >
        {(items, data) => (
          <>
            <section className="analisis-resumen" aria-label={A.resumen}>
              <div className="card analisis-stat">
                <span className="analisis-stat__label">{A.promedio}</span>
                <strong className="analisis-stat__value" data-testid="analisis-promedio">
                  {formatPromedio(data.promedio)}
                </strong>
              </div>
              <div className="card analisis-stat">
                <span className="analisis-stat__label">{A.productosVendidos}</span>
                <strong className="analisis-stat__value">{data.total}</strong>
              </div>
              <div className="card analisis-stat">
                <span className="analisis-stat__label">{A.unidadesVendidas}</span>
                <strong className="analisis-stat__value" data-testid="analisis-unidades">{formatCantidad(data.unidades, '94')}</strong>
              </div>
              {MEDIDAS.filter((m) => m !== 'unidades' && data[m] > 0).map((m) => (
                <div key={m} className="card analisis-stat">
                  <span className="analisis-stat__label">{A[`${m as Exclude<TMedida, 'unidades'>}Vendidos`]}</span>
                  <strong className="analisis-stat__value" data-testid={`analisis-${m}`}>
                    {formatCantidad(data[m], unidadDeMedida(m))}
                  </strong>
                </div>
              ))}
              <div className="card analisis-stat">
                <span className="analisis-stat__label">{A.clasificacion}</span>
                <ul className="analisis-stat__clases">
                  <li>
                    <span className={`badge ${ESTILO_CLASE[A.clases.popular].badge}`}>{A.clases.popular}</span> {data.resumen.popular}
                  </li>
                  <li>
                    <span className={`badge ${ESTILO_CLASE[A.clases.medio].badge}`}>{A.clases.medio}</span> {data.resumen.medio}
                  </li>
                  <li>
                    <span className={`badge ${ESTILO_CLASE[A.clases.noPopular].badge}`}>{A.clases.noPopular}</span> {data.resumen.noPopular}
                  </li>
                </ul>
              </div>
            </section>

            <div className="analisis-grid">
              <section className="card" aria-labelledby="grafico-titulo">
                <h2 id="grafico-titulo" className="analisis-section-title">
                  {A.graficoTitulo}
                </h2>
                {data.total > data.items.length ? (
                  <p className="analisis-muted">{A.graficoPagina((page - 1) * PAGE_SIZE + 1, (page - 1) * PAGE_SIZE + data.items.length, data.total)}</p>
                ) : null}
                <PopularidadChart
                  items={data.items}
                  promedio={data.promedio}
                  alt={A.graficoAlt(data.total, formatPromedio(data.promedio), data.resumen.popular, data.resumen.medio, data.resumen.noPopular)}
                />
              </section>

              <section aria-labelledby="tabla-titulo">
                <h2 id="tabla-titulo" className="visually-hidden">
                  {A.tablaTitulo}
                </h2>
                <TablaDatos
                  caption={A.tabla}
                  rows={items}
                  rowKey={(item) => item.id}
                  busy={lista.query.isFetching}
                  columns={[
                    { header: A.columnas.producto, cell: (item) => item.nombre },
                    { header: A.columnas.cantidad, num: true, cell: (item) => formatCantidad(item.cantidadVendida, item.unidad) },
                    { header: A.columnas.popularidad, cell: (item) => <span className={`badge ${ESTILO_CLASE[item.clase].badge}`}>{item.clase}</span> },
                  ]}
                />
                {lista.pager ? <Pager {...lista.pager} /> : null}
              </section>
            </div>
          </>
        )}
      </ListState>
    </>
  );
}
