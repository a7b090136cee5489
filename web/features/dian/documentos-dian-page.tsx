import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { AppError, type FieldErrors } from '#shared/errors';
import { comun, generic } from '#shared/messages/comun';
import { dian } from '#shared/messages/dian';
import { ZArchivoDianQuery, type TDocumentoDian } from '#shared/schemas/dian';
import { PageHeader } from '../../components/page-header';
import { Field, SelectField } from '../../components/ui/field';
import { paths } from '../../config/paths';
import { alertFailure, toastSuccess } from '../../lib/alerts';
import { descargarArchivo } from '../../lib/descargar';
import { validate } from '../../lib/form-errors';
import { useFechas } from '../../lib/fechas';
import { useDocumentosDian, useEnviarPendientes } from './api';
import { EstadoCarga } from '../../components/ui/list-state';
import './dian.css';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { comun, generic, dian };
const D = M.dian;
const ESTADOS = ['pendiente', 'enviado', 'aceptado', 'rechazado', 'contingencia'] as const;

/** 48-hour countdown of a contingency document. */
function cuentaRegresiva(d: TDocumentoDian): string | null {
  if (d.minutosRestantes == null) return null;
  if (d.minutosRestantes < 0) return D.contingenciaVencida;
  return D.contingenciaRestante(Math.floor(d.minutosRestantes / 60), d.minutosRestantes % 60);
}

/** /documentos_dian (role 1, issue #31 points 4, 5 and 9): the outbox, its contingency countdown and the archive. */
export default function DocumentosDianPage() {
  const [page, setPage] = useState(1);
  const [estado, setEstado] = useState('');
  const { data, isError } = useDocumentosDian(page, estado);
  const enviar = useEnviarPendientes();
  const fechas = useFechas();
  const paginas = data ? Math.max(1, Math.ceil(data.total / 20)) : 1;
  const onEnviar = async () => {
    try {
      await enviar.mutateAsync();
      toastSuccess(D.reintentado);
    } catch (err) {
      await alertFailure(err);
    }
  };
  return (
    <>
      <PageHeader title={D.panelTitulo} backTo={paths.documentoElectronico} backLabel={M.comun.volver} />
      {data && data.alertas > 0 ? (
        <p className="dian-alerta" role="alert" data-testid="alerta-contingencia">
          {D.alertaContingencia(data.alertas)}
        </p>
      ) : null}
      <div className="dian-barra">
        <SelectField
          label={D.estado}
          name="estado"
          value={estado}
          options={[{ value: '', label: D.todos }, ...ESTADOS.map((e) => ({ value: e, label: D.estados[e]! }))]}
          onChange={(e) => {
            setEstado(e.target.value);
            setPage(1);
          }}
        />
        <button type="button" className="btn" onClick={() => void onEnviar()} disabled={enviar.isPending}>
          {D.reintentar}
        </button>
      </div>
      {!data ? (
        <EstadoCarga error={isError} />
      ) : data.items.length === 0 ? (
        <p className="state">{D.sinDocumentos}</p>
      ) : (
        <div className="card dian-tabla">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{D.numero}</th>
                <th scope="col">{D.tipo}</th>
                <th scope="col">{D.fecha}</th>
                <th scope="col">{D.estado}</th>
                <th scope="col">{D.respuesta}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((d) => (
                <tr key={d.id} data-testid={`documento-${d.numero}`}>
                  <td>
                    <span className="dian-numero">{d.numero}</span>
                    <small className="dian-cude" title={d.cude}>
                      {d.tipo === '01' ? D.cufe : D.cude} {d.cude.slice(0, 12)}…
                    </small>
                  </td>
                  <td>{D.tipos[d.tipo] ?? d.tipo}</td>
                  <td>{fechas.fechaHora(d.creadoEn)}</td>
                  <td>
                    <span className={`badge dian-estado dian-estado--${d.estado}`} data-testid="documento-estado">
                      {D.estados[d.estado] ?? d.estado}
                    </span>
                    {d.estado === 'contingencia' && d.contingencia ? (
                      <small className="dian-plazo" data-testid="documento-contingencia">
                        {D.tipoContingencia[d.contingencia] ?? d.contingencia}
                      </small>
                    ) : null}
                    {cuentaRegresiva(d) ? <small className={d.alerta ? 'dian-plazo dian-plazo--alerta' : 'dian-plazo'}>{cuentaRegresiva(d)}</small> : null}
                  </td>
                  <td>{d.regla || d.mensaje ? `${d.regla ?? ''} ${d.mensaje ?? ''}`.trim() : (d.descripcion ?? '—')}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {paginas > 1 ? (
            <nav className="dian-paginas" aria-label={D.panelTitulo}>
              <button type="button" className="btn btn--ghost" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                ‹
              </button>
              <span>
                {page} / {paginas}
              </span>
              <button type="button" className="btn btn--ghost" disabled={page >= paginas} onClick={() => setPage((p) => p + 1)}>
                ›
              </button>
            </nav>
          ) : null}
        </div>
      )}
      <Archivo />
      <p>
        <Link to={paths.documentoElectronico}>{D.titulo}</Link>
      </p>
    </>
  );
}

const hoy = () => new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);

function Archivo() {
  const [v, setV] = useState({ desde: hoy().slice(0, 8) + '01', hasta: hoy() });
  const [errors, setErrors] = useState<FieldErrors>({});
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const r = validate(ZArchivoDianQuery, v);
    if (r.errors) return setErrors(r.errors);
    setErrors({});
    try {
      await descargarArchivo('/dian/archivo', v, { fallo: M.generic.errorText, nombre: `documentos-dian-${v.desde}-a-${v.hasta}.zip` });
    } catch (err) {
      if (err instanceof AppError && err.fields) setErrors(err.fields);
      await alertFailure(err);
    }
  };
  return (
    <form className="card form-grid dian-card" onSubmit={(e) => void onSubmit(e)} noValidate aria-label={D.archivo}>
      <h2 className="span-2">{D.archivo}</h2>
      <Field label={D.archivoDesde} name="desde" type="date" value={v.desde} error={errors.desde} onChange={(e) => setV((x) => ({ ...x, desde: e.target.value }))} />
      <Field label={D.archivoHasta} name="hasta" type="date" value={v.hasta} error={errors.hasta} onChange={(e) => setV((x) => ({ ...x, hasta: e.target.value }))} />
      <div className="span-2">
        <button type="submit" className="btn btn--ghost">
          {D.descargarArchivo}
        </button>
      </div>
    </form>
  );
}
