import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { AppError, type FieldErrors } from '#shared/errors';
import { comun } from '#shared/messages/comun';
import { dian } from '#shared/messages/dian';
import { ZCertificadoDianRequest, ZConfiguracionDianRequest, ZHabilitacionTipoRequest, type TConfiguracionDian, type THabilitacionTipo, type TResultadoHabilitacion } from '#shared/schemas/dian';
import { PageHeader } from '../../components/page-header';
import { Field, SelectField } from '../../components/ui/field';
import { paths } from '../../config/paths';
import { alertFailure, toastSuccess } from '../../lib/alerts';
import { validate } from '../../lib/form-errors';
import { useValidatedForm } from '../../lib/use-validated-form';
import { useFechas } from '../../lib/fechas';
import { useSession } from '../../lib/session';
import { useConfiguracionDian, useConsultarSetPruebas, useConsultarSetTipo, useEnviarSetPruebas, useEnviarSetTipo, useGuardarCertificado, useGuardarConfiguracionDian, useGuardarTipo } from './api';
import { EstadoCarga } from '../../components/ui/list-state';
import './dian.css';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { comun, dian };
const D = M.dian;

/** /documento_electronico (role 1, issue #31 point 8): the store's electronic POS document, its certificate and habilitación. */
export default function DocumentoElectronicoPage() {
  const { data, isError } = useConfiguracionDian();
  const session = useSession();
  // The certificate and the software (the POS document's and each other type's) are the empresa's (ADR
  // 069 and its addendum): in an empresa of several stores only its owner (the store login) changes them;
  // the server refuses anyone else anyway.
  const deEmpresa = !!data && data.tiendasEmpresa > 1;
  const soloLectura = deEmpresa && session?.tipo !== 'tienda';
  return (
    <>
      <PageHeader title={D.titulo} backTo={paths.datosFiscales} backLabel={M.comun.volver} />
      <p>{D.subtitulo}</p>
      {deEmpresa ? (
        <p className="card dian-empresa" role="note" data-testid="dian-de-empresa">
          {soloLectura ? D.deEmpresaSucursal : D.deEmpresaDueno(data?.tiendasEmpresa ?? 0)}
        </p>
      ) : null}
      {data ? (
        <>
          <div className="dian-grid">
            <ConfiguracionForm inicial={data} soloLectura={soloLectura} />
            <div className="dian-columna">
              <Certificado config={data} soloLectura={soloLectura} />
              <Habilitacion config={data} />
              <p>
                <Link to={paths.documentosDian}>{D.panelTitulo}</Link>
              </p>
            </div>
          </div>
          <section className="dian-tipos" aria-labelledby="tipos-titulo">
            <h2 id="tipos-titulo">{D.habilitacionTipos}</h2>
            <p>{!deEmpresa ? D.habilitacionTiposExplica : soloLectura ? D.habilitacionTiposSucursal : D.habilitacionTiposEmpresa(data.tiendasEmpresa)}</p>
            <div className="dian-grid">
              {data.tipos.map((t) => (
                <HabilitacionTipo key={t.tipo} tipo={t} ambiente={data.ambiente} soloLectura={soloLectura} />
              ))}
            </div>
          </section>
        </>
      ) : (
        <EstadoCarga error={isError} />
      )}
    </>
  );
}

const AMBIENTES = [
  { value: 'habilitacion', label: D.habilitacion },
  { value: 'produccion', label: D.produccion },
];
const TRANSPORTES = [
  { value: 'dian', label: D.transporteDian },
  { value: 'proveedor', label: D.transporteProveedor },
];

/** `soloLectura`: the empresa's software, shown to a branch, not changed there (ADR 069). */
function ConfiguracionForm({ inicial, soloLectura }: { inicial: TConfiguracionDian; soloLectura: boolean }) {
  const guardar = useGuardarConfiguracionDian();
  const { formRef, values: v, set, setValues, bind, onSubmit } = useValidatedForm({
    schema: ZConfiguracionDianRequest,
    initial: {
      habilitado: inicial.habilitado,
      ambiente: inicial.ambiente as string,
      softwareId: inicial.softwareId ?? '',
      softwarePin: '',
      testSetId: inicial.testSetId ?? '',
      transporte: inicial.transporte as string,
      proveedorUrl: inicial.proveedorUrl ?? '',
      proveedorToken: '',
    },
    submit: async (values) => {
      await guardar.mutateAsync(values as never);
      setValues((x) => ({ ...x, softwarePin: '', proveedorToken: '' }));
      toastSuccess(D.guardado);
    },
    onFailure: alertFailure,
  });
  const campo = (name: 'proveedorUrl' | 'proveedorToken') => ({ ...bind(name), autoComplete: 'off' });
  return (
    <form ref={formRef} className="card form-grid dian-card" onSubmit={(e) => void onSubmit(e)} noValidate aria-label={D.titulo}>
      <label className="span-2 dian-interruptor">
        <input type="checkbox" checked={v.habilitado} onChange={(e) => set('habilitado', e.target.checked)} /> {D.habilitado}
      </label>
      <SelectField label={D.ambiente} options={AMBIENTES} {...bind('ambiente')} />
      <SelectField label={D.transporte} options={TRANSPORTES} {...bind('transporte')} />
      <CamposSoftware bind={bind} pinGuardado={inicial.pinGuardado} soloLectura={soloLectura} />
      {v.transporte === 'proveedor' ? (
        <>
          <Field label={D.proveedorUrl} type="url" wrapperClassName="span-2" {...campo('proveedorUrl')} />
          <Field label={D.proveedorToken} type="password" wrapperClassName="span-2" hint={inicial.tokenGuardado ? D.proveedorTokenGuardado : undefined} {...campo('proveedorToken')} autoComplete="new-password" />
        </>
      ) : null}
      <div className="span-2">
        <button type="submit" className="btn" disabled={guardar.isPending}>
          {D.guardar}
        </button>
      </div>
    </form>
  );
}

/** The software DIAN gave the store (or one document type): its id, its PIN (never shown back, only "saved"), its test set. */
function CamposSoftware(props: {
  bind: (name: 'softwareId' | 'softwarePin' | 'testSetId') => { name: string; value: string; error?: string; onChange: (e: { target: { value: string } }) => void };
  pinGuardado: boolean;
  /** The empresa's software, shown to a branch, not changed there (ADR 069). */
  soloLectura?: boolean;
}) {
  const campo = (name: 'softwareId' | 'softwarePin' | 'testSetId') => ({ ...props.bind(name), autoComplete: 'off' });
  return (
    <>
      <Field label={D.softwareId} wrapperClassName="span-2" spellCheck={false} {...campo('softwareId')} readOnly={props.soloLectura} />
      <Field
        label={D.softwarePin}
        type="password"
        inputMode="numeric"
        hint={props.pinGuardado && !props.soloLectura ? D.softwarePinGuardado : undefined}
        {...campo('softwarePin')}
        autoComplete="new-password"
        disabled={props.soloLectura}
      />
      <Field label={D.testSetId} wrapperClassName="span-2" spellCheck={false} {...campo('testSetId')} />
    </>
  );
}

/** Reads a chosen file as base64 (without the data URL's prefix). */
const enBase64 = (f: File) =>
  new Promise<string>((ok, mal) => {
    const r = new FileReader();
    r.onload = () => ok(String(r.result).replace(/^data:[^,]*,/, ''));
    r.onerror = () => mal(r.error);
    r.readAsDataURL(f);
  });

function Certificado({ config, soloLectura }: { config: TConfiguracionDian; soloLectura: boolean }) {
  const guardar = useGuardarCertificado();
  const fechas = useFechas();
  const [archivo, setArchivo] = useState<File | null>(null);
  const [clave, setClave] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const c = config.certificado;
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const cuerpo = { p12: archivo && archivo.size <= 100_000 ? await enBase64(archivo) : '', clave };
    const r = validate(ZCertificadoDianRequest, cuerpo);
    if (r.errors) return setErrors(r.errors);
    setErrors({});
    try {
      await guardar.mutateAsync(cuerpo);
      setClave('');
      toastSuccess(D.certificadoGuardado);
    } catch (err) {
      if (err instanceof AppError && err.fields) setErrors(err.fields);
      await alertFailure(err);
    }
  };
  return (
    <form className="card form-grid dian-card" onSubmit={(e) => void onSubmit(e)} noValidate aria-label={D.certificado}>
      <h2 className="span-2">{D.certificado}</h2>
      {c ? (
        <dl className="span-2 dian-resumen" data-testid="certificado-resumen">
          <div>
            <dt>{D.sujeto}</dt>
            <dd>{c.sujeto}</dd>
          </div>
          <div>
            <dt>{D.emisorCertificado}</dt>
            <dd>{c.emisor}</dd>
          </div>
          <div>
            <dt>{D.serial}</dt>
            <dd>{c.serial}</dd>
          </div>
          <div>
            <dt>{D.vigencia}</dt>
            <dd>{D.vigenciaDe(fechas.fecha(c.validoDesde), fechas.fecha(c.validoHasta))}</dd>
          </div>
        </dl>
      ) : (
        <p className="span-2">{D.sinCertificado}</p>
      )}
      {soloLectura ? null : (
        <>
          <Field label={D.archivoP12} name="p12" type="file" accept=".p12,.pfx,application/x-pkcs12" wrapperClassName="span-2" error={errors.p12} onChange={(e) => setArchivo(e.target.files?.[0] ?? null)} />
          <Field label={D.claveCertificado} name="clave" type="password" wrapperClassName="span-2" autoComplete="off" value={clave} error={errors.clave} onChange={(e) => setClave(e.target.value)} />
          <div className="span-2">
            <button type="submit" className="btn" disabled={guardar.isPending}>
              {D.subirCertificado}
            </button>
          </div>
        </>
      )}
    </form>
  );
}

function Habilitacion({ config }: { config: TConfiguracionDian }) {
  const enviar = useEnviarSetPruebas();
  const consultar = useConsultarSetPruebas();
  const fechas = useFechas();
  return (
    <section className="card dian-card" aria-labelledby="habilitacion-titulo">
      <h2 id="habilitacion-titulo">{D.setPruebas}</h2>
      <p>{D.setPruebasExplica}</p>
      <p role="status" data-testid="habilitacion-estado">
        <strong>{config.habilitacionSuperadaEn ? D.habilitacionSuperada(fechas.fechaHora(config.habilitacionSuperadaEn)) : D.habilitacionPendiente}</strong>
      </p>
      <ResultadoSet
        resultado={config.habilitacion}
        de={(r) => r.habilitacion}
        aceptado={D.setPruebasAceptado}
        avisoEnProceso
        enviar={enviar}
        consultar={consultar}
        textoEnviar={D.enviarSetPruebas}
        puedeEnviar={config.ambiente === 'habilitacion'}
      />
    </section>
  );
}

type AccionSet = { mutateAsync: () => Promise<TConfiguracionDian>; isPending: boolean };

/**
 * A test set's answers from DIAN and its actions (the POS card's and each type's): ask DIAN again
 * while it validates, send the set; each answer said in a toast. `children` go first in the actions.
 */
function ResultadoSet(props: {
  resultado: TResultadoHabilitacion | null;
  /** This set's result in the configuration the server answers with. */
  de: (r: TConfiguracionDian) => TResultadoHabilitacion | null | undefined;
  aceptado: string;
  enviar: AccionSet;
  consultar: AccionSet;
  textoEnviar: string;
  puedeEnviar: boolean;
  /** Says "DIAN is validating" under the answers. */
  avisoEnProceso?: boolean;
  span?: boolean;
  children?: ReactNode;
}) {
  const h = props.resultado;
  const enValidacion = !!h?.documentos.some((d) => d.estado === 'en_proceso');
  const accion = (m: AccionSet) => async () => {
    try {
      const x = props.de(await m.mutateAsync());
      toastSuccess(x?.aceptado ? props.aceptado : x?.documentos.some((d) => d.estado === 'en_proceso') ? D.setPruebasEnProceso : D.setPruebasRechazado);
    } catch (err) {
      await alertFailure(err);
    }
  };
  const span = props.span ? 'span-2 ' : '';
  return (
    <>
      {h ? (
        <ul className={`${span}dian-respuestas`} aria-label={D.respuesta}>
          {h.documentos.map((d) => (
            <li key={d.numero}>
              {d.numero}: {D.estados[d.estado] ?? d.estado} — {d.descripcion}
              {d.reglas.map((r) => ` · ${r.codigo} ${r.mensaje}`).join('')}
            </li>
          ))}
        </ul>
      ) : null}
      {props.avisoEnProceso && enValidacion ? <p className="muted">{D.setPruebasEnProceso}</p> : null}
      <div className={`${span}dian-acciones`}>
        {props.children}
        {enValidacion ? (
          <button type="button" className="btn" onClick={() => void accion(props.consultar)()} disabled={props.consultar.isPending}>
            {D.consultarSetPruebas}
          </button>
        ) : null}
        <button type="button" className="btn btn--ghost" onClick={() => void accion(props.enviar)()} disabled={props.enviar.isPending || !props.puedeEnviar}>
          {props.textoEnviar}
        </button>
      </div>
    </>
  );
}

/**
 * One other document type's habilitación (issue #57 point 5): its software and test set, its set sent,
 * DIAN's answers. `soloLectura`: the type's software is the empresa's (ADR 069's addendum), shown to a
 * branch, not changed there; its test set is the branch's own.
 */
export function HabilitacionTipo({ tipo: t, ambiente, soloLectura = false }: { tipo: THabilitacionTipo; ambiente: TConfiguracionDian['ambiente']; soloLectura?: boolean }) {
  const guardar = useGuardarTipo(t.tipo);
  const enviar = useEnviarSetTipo(t.tipo);
  const consultar = useConsultarSetTipo(t.tipo);
  const fechas = useFechas();
  const nombre = D.tiposHabilitacion[t.tipo]!;
  const { formRef, setValues, bind, onSubmit } = useValidatedForm({
    schema: ZHabilitacionTipoRequest,
    initial: { softwareId: t.softwareId ?? '', softwarePin: '', testSetId: t.testSetId ?? '' },
    submit: async (values) => {
      await guardar.mutateAsync(values);
      setValues((x) => ({ ...x, softwarePin: '' }));
      toastSuccess(D.tipoGuardado);
    },
    onFailure: alertFailure,
  });
  return (
    <form ref={formRef} className="card form-grid dian-card" onSubmit={(e) => void onSubmit(e)} noValidate aria-label={nombre} data-testid={`tipo-${t.tipo}`}>
      <h3 className="span-2">{nombre}</h3>
      <p className="span-2 muted">{D.setDelTipo(D.setDocumentos[t.tipo]!)}</p>
      <p className="span-2" role="status" data-testid={`tipo-${t.tipo}-estado`}>
        <span className={`dian-estado dian-estado--${t.estado}`}>{D.estadosHabilitacion[t.estado]}</span>
        {t.habilitadoEn ? ` · ${D.habilitadoDesdeEl(fechas.fechaHora(t.habilitadoEn))}` : null}
      </p>
      <CamposSoftware bind={bind} pinGuardado={t.pinGuardado} soloLectura={soloLectura} />
      <ResultadoSet
        resultado={t.resultado}
        de={(r) => r.tipos.find((y) => y.tipo === t.tipo)?.resultado}
        aceptado={D.setTipoAceptado(nombre)}
        span
        enviar={enviar}
        consultar={consultar}
        textoEnviar={D.enviarSetTipo}
        puedeEnviar={ambiente === 'habilitacion' && t.estado !== 'sin_configurar'}
      >
        <button type="submit" className="btn" disabled={guardar.isPending}>
          {D.guardarTipo}
        </button>
      </ResultadoSet>
    </form>
  );
}
