import { Link, useParams } from 'react-router';
import { formatCantidad, parseCantidad, porUnidad } from '#shared/cantidad';
import { comun } from '#shared/messages/comun';
import { conteos } from '#shared/messages/conteos';
import { formatPesos } from '#shared/money';
import { isoADdMmAaaa } from '#shared/fecha-texto';
import type { TDiferencia, TLineaConteo, TLoteInforme } from '#shared/schemas/conteo';
import { PageHeader } from '../../components/page-header';
import { LoadFailed, Skeleton } from '../../components/ui/list-state';
import { TablaDatos } from '../../components/ui/tabla-datos';
import { paths } from '../../config/paths';
import { alertFailure, alertWarning, confirmAction, promptText, toastSuccess } from '../../lib/alerts';
import { descargarArchivo } from '../../lib/descargar';
import { useConteo, useCerrarConteo, useInforme, useRegistrarLinea } from './api/conteos';
import { ContarPanel } from './contar-panel';
import { alcanceDe } from './conteos-page';
import { useEncargaConteos } from './permiso';
import './conteos.css';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { comun, conteos };
const C = M.conteos.columnas;

const signo = (texto: string, n: number) => (n > 0 ? `+${texto}` : texto);
const pesos = (v: number) => (v < 0 ? `-${formatPesos(-v)}` : formatPesos(v));

/** A row of the report: a product, or one of its lots under it (counted per lot, issue #58 point 2). */
type FilaInforme = { d: TDiferencia; lote?: TLoteInforme };
const filasDe = (lineas: TDiferencia[]): FilaInforme[] => lineas.flatMap((d) => [{ d }, ...(d.lotes ?? []).map((lote) => ({ d, lote }))]);
const nombreLote = (l: TLoteInforme) => (l.codigo == null ? M.conteos.loteResto : l.vence ? M.conteos.loteVenceEl(l.codigo, isoADdMmAaaa(l.vence)) : M.conteos.loteDeLinea(l.codigo));

/** The variance report (managers only): by product, totals, shrinkage; recount, approve, cancel, export. */
function Informe({ id, abierto }: { id: number; abierto: boolean }) {
  const informe = useInforme(id, true);
  const cerrar = useCerrarConteo(id);
  const recontar = useRegistrarLinea(id);

  if (informe.isPending) return <Skeleton label={M.comun.cargando} rows={4} />;
  if (informe.isError) return <LoadFailed message={M.conteos.cargaFallida} onRetry={() => informe.refetch()} />;
  const { lineas, totales, sinContar } = informe.data;

  const onRecontar = async (d: TDiferencia) => {
    const texto = await promptText(M.conteos.reconteoDe(d.producto), { label: M.conteos.reconteoTexto, confirmButtonText: M.conteos.reconteo, maxLength: 9 });
    if (texto == null) return;
    const m = parseCantidad(texto);
    if (m === null || (porUnidad(d.unidad) && m % 1000 !== 0)) return void alertWarning(M.conteos.cantidadInvalida);
    try {
      const res = await recontar.mutateAsync({ productoId: d.productoId, cantidad: m / 1000, reconteo: true });
      toastSuccess(res.message);
    } catch (err) {
      alertFailure(err);
    }
  };

  const onAprobar = async () => {
    if (!(await confirmAction(M.conteos.aprobarTitulo, M.conteos.aprobarTexto(totales.conDiferencia)))) return;
    try {
      toastSuccess((await cerrar.mutateAsync('aprobar')).message);
    } catch (err) {
      alertFailure(err);
    }
  };

  const onCancelar = async () => {
    if (!(await confirmAction(M.conteos.cancelarTitulo, M.conteos.cancelarTexto))) return;
    try {
      toastSuccess((await cerrar.mutateAsync('cancelar')).message);
    } catch (err) {
      alertFailure(err);
    }
  };

  const onExportar = () => descargarArchivo(`/conteos/${id}/csv`, undefined, { fallo: M.conteos.cargaFallida, nombre: M.conteos.csv.archivo(id) }).catch((err) => alertFailure(err));

  return (
    <section className="conteo-informe" aria-labelledby="conteo-informe-titulo">
      <h2 id="conteo-informe-titulo">{M.conteos.informe}</h2>
      <dl className="conteo-totales" data-testid="conteo-totales">
        <div>
          <dt>{M.conteos.faltante}</dt>
          <dd>{formatPesos(totales.faltante)}</dd>
        </div>
        <div>
          <dt>{M.conteos.sobrante}</dt>
          <dd>{formatPesos(totales.sobrante)}</dd>
        </div>
        <div>
          <dt>{M.conteos.neto}</dt>
          <dd>{totales.neto < 0 ? `-${formatPesos(-totales.neto)}` : formatPesos(totales.neto)}</dd>
        </div>
        <div title={M.conteos.mermaNota}>
          <dt>{M.conteos.merma}</dt>
          <dd data-testid="conteo-merma">{totales.merma == null ? '—' : `${String(totales.merma).replace('.', ',')} %`}</dd>
        </div>
      </dl>
      {sinContar > 0 ? <p className="conteo-nota">{M.conteos.sinContar(sinContar)}</p> : null}
      <TablaDatos<FilaInforme>
        caption={M.conteos.informe}
        rows={filasDe(lineas)}
        rowKey={({ d, lote }) => (lote ? `${d.productoId}-${lote.loteId ?? 'resto'}` : d.productoId)}
        rowClassName={({ d, lote }) => (lote ? (lote.diferencia !== 0 ? 'conteo-fila--lote conteo-fila--diferencia' : 'conteo-fila--lote') : d.diferencia !== 0 ? 'conteo-fila--diferencia' : undefined)}
        // The difference next to the name: on a phone the table scrolls sideways and the first columns show.
        columns={[
          { header: C.producto, cell: ({ d, lote }) => (lote ? nombreLote(lote) : d.producto) },
          { header: C.diferencia, num: true, cell: ({ d, lote }) => signo(formatCantidad((lote ?? d).diferencia, d.unidad), (lote ?? d).diferencia) },
          { header: C.contado, num: true, cell: ({ d, lote }) => formatCantidad((lote ?? d).contado, d.unidad) },
          { header: C.sistema, num: true, cell: ({ d, lote }) => formatCantidad((lote ?? d).sistema, d.unidad) },
          { header: C.valor, num: true, cell: ({ d, lote }) => (d.costo == null ? M.conteos.sinCosto : pesos((lote ?? d).valor)) },
          // A plain last column, not a pinned action: pinned, it covered the difference on a phone.
          ...(abierto
            ? [
                {
                  header: M.comun.acciones,
                  cell: ({ d, lote }: FilaInforme) =>
                    lote ? null : (
                      <button type="button" className="btn btn--ghost btn--sm" onClick={() => onRecontar(d)} aria-label={M.conteos.reconteoDe(d.producto)}>
                        {M.conteos.reconteo}
                      </button>
                    ),
                },
              ]
            : []),
        ]}
      />
      <div className="conteo-acciones">
        <button type="button" className="btn btn--ghost" onClick={onExportar}>
          {M.conteos.exportar}
        </button>
        {abierto ? (
          <>
            <button type="button" className="btn btn--ghost" onClick={onCancelar} disabled={cerrar.isPending}>
              {M.conteos.cancelar}
            </button>
            <button type="button" className="btn" onClick={onAprobar} disabled={cerrar.isPending || lineas.length === 0}>
              {M.conteos.aprobar}
            </button>
          </>
        ) : (
          <Link className="btn" to={paths.movimientos}>
            {M.conteos.verMovimientos}
          </Link>
        )}
      </div>
    </section>
  );
}

/** /conteos/:id: count (blind), what has been counted, and for managers the differences. */
export default function ConteoPage() {
  const id = Number(useParams().id);
  const encarga = useEncargaConteos();
  const conteo = useConteo(id);

  if (conteo.isPending) return <Skeleton label={M.comun.cargando} rows={4} />;
  if (conteo.isError) return <LoadFailed message={conteo.error.message || M.conteos.cargaFallida} onRetry={() => conteo.refetch()} />;
  const c = conteo.data;
  const abierto = c.estado === 'abierto';

  return (
    <>
      <PageHeader title={M.conteos.tituloConteo(c.id)} backTo={paths.conteos} backLabel={M.conteos.titulo} />
      <p className="conteo-cabecera">
        <span>{alcanceDe(c)}</span> · <span className={`conteo-estado conteo-estado--${c.estado}`}>{M.conteos.estados[c.estado]}</span>
      </p>
      {abierto ? <ContarPanel conteoId={c.id} /> : null}
      <section className="conteo-lineas" aria-labelledby="conteo-lineas-titulo">
        <h2 id="conteo-lineas-titulo">{M.conteos.lineas}</h2>
        {c.lineas.length === 0 ? (
          <p className="state">{M.conteos.sinLineas}</p>
        ) : (
          <TablaDatos<TLineaConteo>
            caption={M.conteos.lineas}
            rows={c.lineas}
            rowKey={(l) => l.id}
            columns={[
              { header: C.producto, cell: (l) => `${l.factor > 1 ? M.conteos.presentacionDe(l.producto, l.factor) : l.producto}${l.lote ? ` · ${M.conteos.loteDeLinea(l.lote)}` : ''}` },
              { header: C.cantidad, num: true, cell: (l) => formatCantidad(l.cantidad, l.unidad) },
              { header: C.quien, cell: (l) => l.contadoPor },
            ]}
          />
        )}
      </section>
      {encarga ? <Informe id={c.id} abierto={abierto} /> : null}
    </>
  );
}
