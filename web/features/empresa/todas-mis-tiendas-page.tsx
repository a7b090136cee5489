import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { comun } from '#shared/messages/comun';
import { empresa } from '#shared/messages/empresa';
import { reportes } from '#shared/messages/reportes';
import { formatCentavos } from '#shared/impuestos';
import { formatNumber, formatPesos } from '#shared/money';
import { PERIODOS, type TPeriodo } from '#shared/periodo';
import type { TCierreEmpresa, TCifrasTienda, TResumenEmpresa, TResumenEmpresaQuery, TTiendaResumen } from '#shared/schemas/empresa';
import type { TIndicador } from '#shared/schemas/reportes';
import { PageHeader } from '../../components/page-header';
import { Field, SelectField } from '../../components/ui/field';
import { RangoFechas, validarRango } from '../../components/ui/rango-fechas';
import { paths } from '../../config/paths';
import { alertFailure } from '../../lib/alerts';
import { useFechas, type Fechas } from '../../lib/fechas';
import { useUrlFilters } from '../../lib/use-url-filters';
import { cierreEmpresaQuery, descargarCierre, descargarResumen, resumenEmpresaQuery } from './api/empresa';
import { InformesEmpresa } from './informes-empresa';
import './todas-mis-tiendas.css';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { comun, empresa, reportes };
const E = M.empresa;
const C = E.columnas;
const R = M.reportes;

const diaCorto = (dia: string) => (/^\d{4}-\d{2}-\d{2}$/.test(dia) ? `${dia.slice(8, 10)}/${dia.slice(5, 7)}/${dia.slice(0, 4)}` : dia);

/** The figures shown per store and for the total, in order: the table's columns and each card's lines. */
const CIFRAS: { clave: string; titulo: string; valor: (x: TCifrasTienda) => string }[] = [
  { clave: 'neto', titulo: C.neto, valor: (x) => formatPesos(x.neto) },
  { clave: 'margen', titulo: C.margen, valor: (x) => formatPesos(x.margen) },
  { clave: 'tickets', titulo: C.tickets, valor: (x) => formatNumber(x.tickets) },
  { clave: 'ticketPromedio', titulo: C.ticketPromedio, valor: (x) => formatPesos(x.ticketPromedio) },
  { clave: 'impuestos', titulo: C.impuestos, valor: (x) => formatCentavos(x.impuestos) },
  { clave: 'devuelto', titulo: C.devuelto, valor: (x) => formatPesos(x.devuelto) },
];

/** The daily close's figures shown per store (the keys of the one-store close's figures). */
const CIERRE = ['neto', 'tickets', 'anuladas', 'devuelto', 'fiadoDado', 'fiadoCobrado', 'diferencia'] as const;
const valorIndicador = (inds: TIndicador[], clave: string) => inds.find((i) => i.clave === clave);
const formatoIndicador = (i: TIndicador | undefined) => (i == null ? '—' : i.tipo === 'dinero' ? formatPesos(i.valor) : i.tipo === 'centavos' ? formatCentavos(i.valor) : formatNumber(i.valor));

/**
 * *Todas mis tiendas* (issue #56 point 4): the empresa's owner sees every store side by side and the
 * total — net sales, margin, tickets, average ticket, taxes, per method — and now: each store's sales of
 * today and its open tills; per product, per person and per tax rate (informes-empresa.tsx); then the daily close of every store. A table with a total row on a wide
 * screen, a card per store on a phone. Both export as CSV or Excel with the store on every row.
 */
export default function TodasMisTiendasPage() {
  const fechas = useFechas();
  const [params, update] = useUrlFilters();
  const periodo = (PERIODOS as readonly string[]).includes(params.get('periodo') ?? '') ? (params.get('periodo') as TPeriodo) : 'hoy';
  const desde = params.get('desde') ?? '';
  const hasta = params.get('hasta') ?? '';
  const fecha = params.get('fecha') ?? '';
  const rango = validarRango(desde, hasta, R);
  const fechaValida = fecha === '' || /^\d{4}-\d{2}-\d{2}$/.test(fecha);
  const query: TResumenEmpresaQuery = { periodo, ...(periodo === 'rango' ? { desde: desde || undefined, hasta: hasta || undefined } : {}) };
  const resumen = useQuery({ ...resumenEmpresaQuery(query), enabled: rango.valido });
  const cierre = useQuery({ ...cierreEmpresaQuery(fecha), enabled: fechaValida });
  const [exportando, setExportando] = useState<string | null>(null);
  const exportar = async (que: 'resumen' | 'cierre', formato: 'csv' | 'xlsx') => {
    setExportando(`${que}-${formato}`);
    try {
      await (que === 'resumen' ? descargarResumen(query, formato) : descargarCierre(fecha, formato));
    } catch (err) {
      alertFailure(err, E.errorCarga);
    } finally {
      setExportando(null);
    }
  };
  const botones = (que: 'resumen' | 'cierre', listo: boolean) => (
    <div className="empresa__exportar">
      <button type="button" className="btn btn--ghost btn--sm" onClick={() => void exportar(que, 'csv')} disabled={exportando != null || !listo}>
        {exportando === `${que}-csv` ? R.exportar.descargando : E.exportarCsv}
      </button>
      <button type="button" className="btn btn--ghost btn--sm" onClick={() => void exportar(que, 'xlsx')} disabled={exportando != null || !listo}>
        {exportando === `${que}-xlsx` ? R.exportar.descargando : E.exportarXlsx}
      </button>
    </div>
  );

  return (
    <div className="empresa">
      <PageHeader title={E.titulo} backTo={paths.sucursales} backLabel={M.comun.volver} />
      <p className="empresa__intro">{E.intro}</p>
      {resumen.isError ? (
        <div className="state state--error" role="alert">
          <p>{resumen.error instanceof Error && resumen.error.message ? resumen.error.message : E.errorCarga}</p>
          <button type="button" className="btn" onClick={() => resumen.refetch()}>
            {M.comun.reintentar}
          </button>
        </div>
      ) : !resumen.data ? (
        <div className="state" role="status">
          {E.cargando}
        </div>
      ) : (
        <Ahora res={resumen.data} fechas={fechas} />
      )}

      <section className="card empresa__seccion" aria-labelledby="empresa-ventas">
        <div className="empresa__cabeza">
          <h2 id="empresa-ventas">{E.ventas}</h2>
          {botones('resumen', !!resumen.data)}
        </div>
        <form className="toolbar empresa__filtros" role="search" aria-label={E.periodo} onSubmit={(e) => e.preventDefault()}>
          <SelectField label={R.filtros.periodo} value={periodo} onChange={(e) => update({ periodo: e.target.value })} options={PERIODOS.map((p) => ({ value: p, label: R.periodos[p] }))} />
          {periodo === 'rango' ? <RangoFechas desde={desde} hasta={hasta} errores={rango} onChange={(c) => update(c as Record<string, string>)} labels={{ desde: R.filtros.desde, hasta: R.filtros.hasta }} /> : null}
        </form>
        {resumen.data ? (
          <>
            <p className="empresa__periodo" data-testid="empresa-periodo">
              {R.periodoTexto(diaCorto(resumen.data.periodo.desde), diaCorto(resumen.data.periodo.hasta))}
            </p>
            <div aria-busy={resumen.isFetching}>
              <VentasPorTienda res={resumen.data} />
            </div>
          </>
        ) : null}
      </section>

      <InformesEmpresa query={query} habilitado={rango.valido} />

      <section className="card empresa__seccion" aria-labelledby="empresa-cierre">
        <div className="empresa__cabeza">
          <h2 id="empresa-cierre">{E.cierre}</h2>
          {botones('cierre', !!cierre.data)}
        </div>
        <form className="toolbar empresa__filtros" onSubmit={(e) => e.preventDefault()}>
          <Field label={E.fecha} type="date" value={fecha || cierre.data?.fecha || ''} onChange={(e) => update({ fecha: e.target.value })} error={fechaValida ? undefined : E.fechaInvalida} />
        </form>
        {cierre.isError ? (
          <p className="state state--error" role="alert">
            {cierre.error instanceof Error && cierre.error.message ? cierre.error.message : E.errorCarga}
          </p>
        ) : cierre.data ? (
          <CierrePorTienda res={cierre.data} />
        ) : (
          <p className="state" role="status">
            {E.cargando}
          </p>
        )}
      </section>
    </div>
  );
}

/** Now: each store's sales of its own today and its open tills (who, since when, the cash expected). */
function Ahora({ res, fechas }: { res: TResumenEmpresa; fechas: Fechas }) {
  return (
    <section className="empresa__seccion" aria-labelledby="empresa-ahora">
      <h2 id="empresa-ahora">{E.ahora}</h2>
      <p className="empresa__nota">{E.ahoraIntro}</p>
      <ul className="empresa__ahora">
        {res.tiendas.map((t) => (
          <li key={t.idTienda} className="card empresa__ahora-tienda" data-testid={`ahora-${t.idTienda}`}>
            <h3>
              {t.nombreTienda}
              {t.actual ? <span className="badge">{E.actual}</span> : null}
            </h3>
            <p className="empresa__hoy">
              <span>{C.hoy}</span>
              <strong>{formatPesos(t.hoy.neto)}</strong>
              <span className="empresa__nota">{E.ventasN(t.hoy.tickets)}</span>
            </p>
            <p className="empresa__nota">{t.cajas.length ? E.cajasAbiertas(t.cajas.length) : E.sinCajas}</p>
            {t.cajas.length ? (
              <ul className="empresa__cajas">
                {t.cajas.map((c) => (
                  <li key={c.idTurno}>
                    <span>
                      <strong>{c.cajero}</strong>
                      {c.caja ? ` · ${c.caja}` : ''} · {E.desde(fechas.fechaHora(c.abiertoEn))}
                    </span>
                    <span className="nowrap" title={E.esperadoEnCaja}>
                      {formatPesos(c.esperado)}
                    </span>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
      <p className="empresa__total-ahora">
        <strong>{E.total}:</strong> {formatPesos(res.total.hoy.neto)} · {E.ventasN(res.total.hoy.tickets)} · {E.cajasAbiertas(res.total.cajas)}
      </p>
    </section>
  );
}

type Cifra<F> = { clave: string; titulo: string; valor: (fila: F) => string };

/** A figure per store and column, the total row last (wide screens); `fila` prefixes each row's test id. */
function TablaPorTienda<F extends { clave: string; nombre: string; total: boolean }>(props: { titulo: string; testid: string; fila: string; columnas: Cifra<F>[]; filas: F[] }) {
  return (
    <div className="table-wrap empresa__tabla">
      <table className="table" data-testid={props.testid}>
        <caption className="visually-hidden">{props.titulo}</caption>
        <thead>
          <tr>
            <th scope="col">{C.tienda}</th>
            {props.columnas.map((c) => (
              <th key={c.clave} scope="col" className="num">
                {c.titulo}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.filas.map((f) => (
            <tr key={f.clave} className={f.total ? 'empresa__fila-total' : undefined} data-testid={`${props.fila}-${f.clave}`}>
              <th scope="row">{f.nombre}</th>
              {props.columnas.map((c) => (
                <td key={c.clave} className="num">
                  {c.valor(f)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The period's figures: a table with a total row (wide screens), a card per store and one for the total (phones). */
function VentasPorTienda({ res }: { res: TResumenEmpresa }) {
  const medios = res.total.medios;
  const filas: { clave: string; nombre: string; x: TCifrasTienda; t?: TTiendaResumen; total: boolean }[] = [...res.tiendas.map((t) => ({ clave: String(t.idTienda), nombre: t.nombreTienda, x: t, t, total: false })), { clave: 'total', nombre: E.total, x: res.total, total: true }];
  const monto = (x: TCifrasTienda, id: number) => {
    const m = x.medios.find((y) => y.id === id);
    return m ? formatPesos(m.monto + m.abonos) : '—';
  };
  const columnas: Cifra<(typeof filas)[number]>[] = [
    ...CIFRAS.map((c) => ({ clave: c.clave, titulo: c.titulo, valor: (f: (typeof filas)[number]) => c.valor(f.x) })),
    ...medios.map((m) => ({ clave: `medio-${m.id}`, titulo: m.medio, valor: (f: (typeof filas)[number]) => monto(f.x, m.id) })),
  ];
  return (
    <>
      <TablaPorTienda titulo={E.ventas} testid="empresa-tabla" fila="fila" columnas={columnas} filas={filas} />
      {res.total.costoConocido != null && res.total.costoConocido < 100 ? <p className="empresa__nota empresa__nota--tabla">{`${C.margen}: ${E.costoConocido(res.total.costoConocido)}`}</p> : null}
      <ul className="empresa__tarjetas" aria-label={E.ventas}>
        {filas.map((f) => (
          <li key={f.clave} className={`empresa__tarjeta${f.t ? '' : ' empresa__tarjeta--total'}`} data-testid={`tarjeta-${f.clave}`}>
            <h3>{f.nombre}</h3>
            <dl>
              {CIFRAS.map((c) => (
                <div key={c.clave}>
                  <dt>{c.titulo}</dt>
                  <dd>{c.valor(f.x)}</dd>
                </div>
              ))}
              {f.x.medios.map((m) => (
                <div key={m.id}>
                  <dt>{m.medio}</dt>
                  <dd>{formatPesos(m.monto + m.abonos)}</dd>
                </div>
              ))}
            </dl>
            {f.x.costoConocido != null && f.x.costoConocido < 100 ? <p className="empresa__nota">{E.costoConocido(f.x.costoConocido)}</p> : null}
          </li>
        ))}
      </ul>
    </>
  );
}

/** The daily close of every store: each store's own close's figures and their total. */
function CierrePorTienda({ res }: { res: TCierreEmpresa }) {
  const titulo = (clave: string) => valorIndicador(res.total, clave)?.titulo ?? clave;
  const filas = [...res.tiendas.map((t) => ({ clave: String(t.idTienda), nombre: t.nombreTienda, inds: t.indicadores, total: false })), { clave: 'total', nombre: E.total, inds: res.total, total: true }];
  const columnas: Cifra<(typeof filas)[number]>[] = CIERRE.map((k) => ({ clave: k, titulo: titulo(k), valor: (f) => formatoIndicador(valorIndicador(f.inds, k)) }));
  return (
    <>
      <p className="empresa__periodo">{R.periodoTexto(diaCorto(res.fecha), diaCorto(res.fecha))}</p>
      <TablaPorTienda titulo={E.cierre} testid="cierre-tabla" fila="cierre" columnas={columnas} filas={filas} />
      <ul className="empresa__tarjetas" aria-label={E.cierre}>
        {filas.map((f) => (
          <li key={f.clave} className={`empresa__tarjeta${f.total ? ' empresa__tarjeta--total' : ''}`}>
            <h3>{f.nombre}</h3>
            <dl>
              {CIERRE.map((k) => (
                <div key={k}>
                  <dt>{titulo(k)}</dt>
                  <dd>{formatoIndicador(valorIndicador(f.inds, k))}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
