import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { comun } from '#shared/messages/comun';
import { reportes } from '#shared/messages/reportes';
import { PERIODOS, type TPeriodo } from '#shared/periodo';
import { INFORMES, periodoInicial, type TFila, type TInforme, type TReporteQuery } from '#shared/schemas/reportes';
import { PageHeader } from '../../components/page-header';
import { Field, SelectField } from '../../components/ui/field';
import { RangoFechas, validarRango } from '../../components/ui/rango-fechas';
import { TablaDatos } from '../../components/ui/tabla-datos';
import { paths } from '../../config/paths';
import { alertFailure } from '../../lib/alerts';
import { useFechas } from '../../lib/fechas';
import { useUrlFilters } from '../../lib/use-url-filters';
import { descargarReporte, opcionesReporteQuery, reporteQuery } from './api/get-reporte';
import { cambio, diaCorto, formatearCelda, formatearIndicador } from './components/formato';
import { GraficoReporte } from './components/grafico-reporte';
import './reportes.css';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { comun, reportes };
const R = M.reportes;

/** Reports whose figures a person or a shift narrows. */
const CON_PERSONA: readonly TInforme[] = ['ventas', 'medios-pago', 'productos', 'categorias', 'empleados', 'turnos', 'anulaciones-descuentos', 'mapa-calor', 'promociones', 'listas-precios'];

interface Fila {
  valores: TFila;
  i: number;
}

const esInforme = (v: string | undefined): v is TInforme => (INFORMES as readonly string[]).includes(v ?? '');

/** One report (issue #35): its filters in the address, its figures against the period before, a chart, its tables and exports. */
export default function ReportePage() {
  const { informe } = useParams();
  if (!esInforme(informe)) {
    return (
      <>
        <PageHeader title={R.titulo} backTo={paths.reportes} backLabel={R.volverReportes} />
        <p className="state">{R.informeDesconocido}</p>
      </>
    );
  }
  return <Reporte key={informe} informe={informe} />;
}

function Reporte({ informe }: { informe: TInforme }) {
  const fechas = useFechas();
  const [params, update] = useUrlFilters();
  const periodo = (PERIODOS as readonly string[]).includes(params.get('periodo') ?? '') ? (params.get('periodo') as TPeriodo) : periodoInicial(informe);
  const desde = params.get('desde') ?? '';
  const hasta = params.get('hasta') ?? '';
  const usuarioId = params.get('usuarioId') ?? '';
  const turnoId = params.get('turnoId') ?? '';
  const dias = params.get('dias') ?? '30';
  const productoId = params.get('productoId') ?? '';
  const puntoVentaId = params.get('puntoVentaId') ?? '';
  const rango = validarRango(desde, hasta, R);
  const diasValidos = /^\d{1,4}$/.test(dias) && Number(dias) >= 1 && Number(dias) <= 3650;
  const query: TReporteQuery = {
    periodo,
    ...(periodo === 'rango' ? { desde: desde || undefined, hasta: hasta || undefined } : {}),
    ...(usuarioId !== '' && CON_PERSONA.includes(informe) ? { usuarioId: Number(usuarioId) } : {}),
    ...(turnoId && CON_PERSONA.includes(informe) ? { turnoId: Number(turnoId) } : {}),
    ...(informe === 'sin-ventas' && diasValidos ? { dias: Number(dias) } : {}),
    ...(informe === 'kardex' && /^\d+$/.test(productoId) ? { productoId: Number(productoId) } : {}),
    ...(informe === 'cierre-diario' && /^\d+$/.test(puntoVentaId) ? { puntoVentaId: Number(puntoVentaId) } : {}),
  };
  const lista = useQuery({ ...reporteQuery(informe, query), enabled: rango.valido });
  const opciones = useQuery({ ...opcionesReporteQuery(), enabled: CON_PERSONA.includes(informe) || informe === 'cierre-diario' });
  const [exportando, setExportando] = useState<'csv' | 'xlsx' | null>(null);
  const rep = lista.data;

  const exportar = async (formato: 'csv' | 'xlsx') => {
    setExportando(formato);
    try {
      await descargarReporte(informe, query, formato);
    } catch (err) {
      alertFailure(err, R.exportar.fallo);
    } finally {
      setExportando(null);
    }
  };

  return (
    <div className="reporte">
      <PageHeader title={rep?.titulo ?? R.informes[informe].titulo} backTo={paths.reportes} backLabel={R.volverReportes} className="reporte-header" actionsClassName="reporte-exportar">
        <button type="button" className="btn btn--ghost" onClick={() => exportar('csv')} disabled={exportando != null || !rep}>
          {exportando === 'csv' ? R.exportar.descargando : R.exportar.csv}
        </button>
        <button type="button" className="btn btn--ghost" onClick={() => exportar('xlsx')} disabled={exportando != null || !rep}>
          {exportando === 'xlsx' ? R.exportar.descargando : R.exportar.xlsx}
        </button>
        <button type="button" className="btn btn--ghost" onClick={() => window.print()} disabled={!rep}>
          {R.exportar.pdf}
        </button>
      </PageHeader>

      <form className="toolbar reporte-filtros" role="search" aria-label={R.filtros.titulo} onSubmit={(e) => e.preventDefault()}>
        {informe !== 'inventario' ? (
          <SelectField label={R.filtros.periodo} value={periodo} onChange={(e) => update({ periodo: e.target.value })} options={PERIODOS.map((p) => ({ value: p, label: R.periodos[p] }))} />
        ) : null}
        {periodo === 'rango' && informe !== 'inventario' ? <RangoFechas desde={desde} hasta={hasta} errores={rango} onChange={(c) => update(c as Record<string, string>)} labels={{ desde: R.filtros.desde, hasta: R.filtros.hasta }} /> : null}
        {CON_PERSONA.includes(informe) ? (
          <>
            <SelectField
              label={R.filtros.persona}
              value={usuarioId}
              onChange={(e) => update({ usuarioId: e.target.value })}
              options={[{ value: '', label: R.filtros.todas }, ...(opciones.data?.personas ?? []).map((p) => ({ value: String(p.id), label: p.nombre }))]}
            />
            <SelectField
              label={R.filtros.turno}
              value={turnoId}
              onChange={(e) => update({ turnoId: e.target.value })}
              options={[{ value: '', label: R.filtros.todos }, ...(opciones.data?.turnos ?? []).map((t) => ({ value: String(t.id), label: t.nombre }))]}
            />
          </>
        ) : null}
        {informe === 'cierre-diario' ? (
          <SelectField
            label={R.filtros.caja}
            value={puntoVentaId}
            onChange={(e) => update({ puntoVentaId: e.target.value })}
            options={[{ value: '', label: R.filtros.todas }, ...(opciones.data?.cajas ?? []).map((c) => ({ value: String(c.id), label: c.nombre }))]}
          />
        ) : null}
        {informe === 'sin-ventas' ? <Field label={R.filtros.dias} type="number" min={1} max={3650} value={dias} onChange={(e) => update({ dias: e.target.value })} error={diasValidos ? undefined : R.filtroInvalido} /> : null}
        {informe === 'kardex' ? <Field label={R.filtros.producto} inputMode="numeric" value={productoId} onChange={(e) => update({ productoId: e.target.value.replace(/\D/g, '') })} /> : null}
      </form>

      {rep ? (
        <p className="reporte-periodo" data-testid="reporte-periodo">
          {informe !== 'inventario' ? R.periodoTexto(diaCorto(rep.periodo.desde), diaCorto(rep.periodo.hasta)) : null}
          {rep.anterior ? ` · ${R.comparadoCon(R.periodoTexto(diaCorto(rep.anterior.desde), diaCorto(rep.anterior.hasta)))}` : null}
        </p>
      ) : null}

      {lista.isError ? (
        <div className="state state--error" role="alert">
          <p>{lista.error instanceof Error && lista.error.message ? lista.error.message : R.cargaFallida}</p>
          <button type="button" className="btn" onClick={() => lista.refetch()}>
            {M.comun.reintentar}
          </button>
        </div>
      ) : !rep ? (
        <div className="state" role="status">
          {R.cargando}
        </div>
      ) : (
        <div aria-busy={lista.isFetching}>
          {rep.indicadores.length ? (
            <section className="reporte-indicadores" aria-label={R.titulo}>
              {rep.indicadores.map((i) => {
                const c = cambio(i.valor, i.anterior);
                return (
                  <div key={i.clave} className="card reporte-indicador" data-testid={`indicador-${i.clave}`}>
                    <span className="reporte-indicador__titulo">{i.titulo}</span>
                    <strong className="reporte-indicador__valor">{formatearIndicador(i, i.valor, fechas)}</strong>
                    {i.detalle ? <span className="reporte-indicador__detalle">{i.detalle}</span> : null}
                    {i.anterior != null ? (
                      <span className={`reporte-indicador__cambio${c ? (c.sube ? ' sube' : ' baja') : ''}`}>
                        {R.graficos.anterior}: <span className="nowrap">{formatearIndicador(i, i.anterior, fechas)}</span> {c ? <strong>{c.texto}</strong> : null}
                      </span>
                    ) : null}
                  </div>
                );
              })}
            </section>
          ) : null}
          {rep.nota ? <p className="reporte-nota">{rep.nota}</p> : null}
          {rep.grafico && rep.grafico.series.some((s) => s.datos.some((v) => v !== 0)) ? (
            <section className="card reporte-seccion" aria-labelledby="grafico-titulo">
              <h2 id="grafico-titulo">{rep.grafico.titulo}</h2>
              <GraficoReporte grafico={rep.grafico} />
            </section>
          ) : null}
          {rep.tablas.map((t, n) => (
            <section key={n} className="reporte-seccion" aria-labelledby={`tabla-${n}`}>
              <h2 id={`tabla-${n}`}>{t.titulo}</h2>
              {t.filas.length === 0 ? (
                <p className="state">{R.vacio}</p>
              ) : (
                <TablaDatos<Fila>
                  caption={t.titulo}
                  rows={t.filas.map((valores, i) => ({ valores, i }))}
                  rowKey={(f) => f.i}
                  columns={t.columnas.map((c) => ({ header: c.titulo, num: c.tipo === 'dinero' || c.tipo === 'entero' || c.tipo === 'porcentaje' || c.tipo === 'centavos', cell: (f: Fila) => formatearCelda(c, f.valores, fechas) }))}
                />
              )}
              {t.total > t.filas.length ? <p className="reporte-nota">{R.notas.limite(t.filas.length)}</p> : null}
            </section>
          ))}
          <p className="reporte-nota reporte-solo-impresion">{R.generado(fechas.fechaHora(Date.now()))}</p>
          <p className="reporte-pie">
            <Link to={paths.reportes}>{R.volverReportes}</Link>
          </p>
        </div>
      )}
    </div>
  );
}
