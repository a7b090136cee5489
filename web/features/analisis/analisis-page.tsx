import { M } from '#shared/messages';
import { isFechaDia } from '#shared/schemas/movimiento';
import { Field } from '../../components/ui/field';
import { Pager } from '../../components/ui/pager';
import { useUrlFilters } from '../../lib/use-url-filters';
import { useAnalisis } from './api/get-analisis';
import { PopularidadChart } from './components/popularidad-chart';
import { ESTILO_CLASE, formatPromedio } from './components/popularidad';
import { PageHeader } from '../../components/page-header';
import './analisis.css';

const A = M.analisis;
const PAGE_SIZE = 50;

/** Sales popularity (spec §2 /analisis, §4): each product's units sold against the mean. */
export default function AnalisisPage() {
  const [params, update] = useUrlFilters();
  const desde = params.get('desde') ?? '';
  const hasta = params.get('hasta') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);

  const fechaError = (v: string) => (v && !isFechaDia(v) ? A.fechaInvalida : undefined);
  const desdeError = fechaError(desde);
  const hastaError = fechaError(hasta) ?? (desde && hasta && desde > hasta ? A.rangoInvalido : undefined);
  const valid = !desdeError && !hastaError;

  const query = useAnalisis({ desde, hasta, page, pageSize: PAGE_SIZE }, valid);
  const data = query.data;
  const filtrado = Boolean(desde || hasta);

  return (
    <>
      <PageHeader title={A.titulo} className="analisis-header" />
      <p className="analisis-intro">{A.subtitulo}</p>

      <form className="toolbar analisis-filtros" role="search" aria-label="Filtrar por fechas" onSubmit={(e) => e.preventDefault()}>
        <Field label="Desde" type="date" name="desde" value={desde} max={hasta || undefined} error={desdeError} onChange={(e) => update({ desde: e.target.value })} />
        <Field label="Hasta" type="date" name="hasta" value={hasta} min={desde || undefined} error={hastaError} onChange={(e) => update({ hasta: e.target.value })} />
        {filtrado ? (
          <button type="button" className="btn btn--ghost" onClick={() => update({ desde: '', hasta: '' })}>
            Quitar fechas
          </button>
        ) : null}
      </form>

      {query.isPending && valid ? (
        <div className="state" role="status">
          Cargando…
        </div>
      ) : query.isError ? (
        <div className="card state" role="alert">
          <p>{A.cargaFallida}</p>
          <button type="button" className="btn" onClick={() => query.refetch()}>
            Reintentar
          </button>
        </div>
      ) : !data ? null : data.total === 0 ? (
        <div className="card state" data-testid="analisis-vacio">
          <p>{filtrado ? A.vacioRango : A.vacio}</p>
        </div>
      ) : (
        <>
          <section className="analisis-resumen" aria-label="Resumen">
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
              <strong className="analisis-stat__value">{data.unidades}</strong>
            </div>
            <div className="card analisis-stat">
              <span className="analisis-stat__label">Clasificación</span>
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
                Tabla de popularidad
              </h2>
              <div className="table-wrap">
                <table className="table">
                  <thead>
                    <tr>
                      <th scope="col">{A.columnas.producto}</th>
                      <th scope="col" className="num">
                        {A.columnas.cantidad}
                      </th>
                      <th scope="col">{A.columnas.popularidad}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.items.map((item) => (
                      <tr key={item.id}>
                        <td>{item.nombre}</td>
                        <td className="num">{item.cantidadVendida}</td>
                        <td>
                          <span className={`badge ${ESTILO_CLASE[item.clase].badge}`}>{item.clase}</span>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pager page={page} pageSize={PAGE_SIZE} total={data.total} onPage={(p) => update({ page: String(p) })} />
            </section>
          </div>
        </>
      )}
    </>
  );
}
