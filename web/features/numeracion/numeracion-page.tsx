import { useState } from 'react';
import { comun } from '#shared/messages/comun';
import { numeracion } from '#shared/messages/numeracion';
import { ZPuntoVentaRequest, ZRangoRequest, type TPuntoVenta, type TRango, type TRangoRequest } from '#shared/schemas/numeracion';
import { PageHeader } from '../../components/page-header';
import { Field } from '../../components/ui/field';
import { paths } from '../../config/paths';
import { alertFailure, toastSuccess } from '../../lib/alerts';
import { useFechas } from '../../lib/fechas';
import { useValidatedForm } from '../../lib/use-validated-form';
import { AvisosNumeracion } from '../../components/avisos-numeracion';
import './numeracion.css';
import { useCrearCaja, useNumeracion, useRegistrarRango } from './api';
import { EstadoCarga } from '../../components/ui/list-state';
import { BotonEnviar } from '../../components/ui/boton-enviar';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { comun, numeracion };
const N = M.numeracion;

/** dd/mm/aaaa (as typed) → aaaa-mm-dd; anything else is sent as typed and refused by the schema. */
const aIso = (s: string) => {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s.trim());
  return m ? `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}` : s.trim();
};
const aDmy = (iso: string) => iso.split('-').reverse().join('/');
type TTipoRango = NonNullable<TRangoRequest['tipo']>;

/** /numeracion (role 1, issue #30 point 5): the store's tills, their DIAN ranges and the inhabilitados. */
export default function NumeracionPage() {
  const { data, isError } = useNumeracion();
  const fechas = useFechas();
  return (
    <>
      <PageHeader title={N.titulo} backTo={paths.inicio} backLabel={M.comun.volverInicio} />
      <p>{N.subtitulo}</p>
      <AvisosNumeracion />
      {data ? (
        <>
          {data.puntos.length === 0 ? <p className="state">{N.sinCajas}</p> : null}
          {data.puntos.map((p) => (
            <Caja key={p.id} p={p} />
          ))}
          {data.puntos[0] ? <Soporte rango={data.soporte} puntoVentaId={data.soporte?.puntoVentaId ?? data.puntos[0].id} /> : null}
          <NuevaCaja />
          <section className="card numeracion-card" aria-labelledby="inhabilitados-titulo" style={{ overflowX: 'auto' }}>
            <h2 id="inhabilitados-titulo">{N.inhabilitados}</h2>
            {data.inhabilitados.length === 0 ? (
              <p>{N.sinInhabilitados}</p>
            ) : (
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">{N.caja}</th>
                    <th scope="col">{N.numero}</th>
                    <th scope="col">{N.motivo}</th>
                    <th scope="col">{N.fecha}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.inhabilitados.map((i) => (
                    <tr key={`${i.prefijo}-${i.numero}`}>
                      <td>{i.caja}</td>
                      <td>
                        {i.prefijo}
                        {i.numero}
                      </td>
                      <td>{i.motivo}</td>
                      <td>{fechas.fechaHora(i.fecha)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        </>
      ) : (
        <EstadoCarga error={isError} />
      )}
    </>
  );
}

function Caja({ p }: { p: TPuntoVenta }) {
  const [abierto, setAbierto] = useState<TTipoRango | null>(null);
  return (
    <section className="card numeracion-card" aria-labelledby={`caja-${p.id}`} data-testid={`caja-${p.id}`}>
      <h2 id={`caja-${p.id}`}>
        {p.nombre} <small>· {p.ubicacion}</small> {p.activo ? null : <span className="badge">{N.inactiva}</span>}
      </h2>
      {p.rango ? <Rango r={p.rango} testId={`siguiente-${p.id}`} /> : <p>{N.sinRango}</p>}
      {abierto === 'pos' ? (
        <RangoForm puntoVentaId={p.id} tipo="pos" onListo={() => setAbierto(null)} />
      ) : (
        <button type="button" className="btn btn--ghost" onClick={() => setAbierto('pos')}>
          {N.nuevoRango}
        </button>
      )}
      {/* The till's range of facturas electrónicas de venta (issue #57): its state, never its technical key. */}
      <div className="numeracion-factura" data-testid={`factura-${p.id}`}>
        <h3>{N.rangoFacturaTitulo}</h3>
        {p.rangoFactura ? <Rango r={p.rangoFactura} testId={`siguiente-factura-${p.id}`} /> : <p>{N.sinRangoFactura}</p>}
        {abierto === 'factura' ? (
          <RangoForm puntoVentaId={p.id} tipo="factura" onListo={() => setAbierto(null)} />
        ) : (
          <button type="button" className="btn btn--ghost" onClick={() => setAbierto('factura')}>
            {N.nuevoRangoFactura}
          </button>
        )}
      </div>
    </section>
  );
}

/** The store's one documento soporte range (ADR 055): its state, never its technical key; registered at a till like the invoice range. */
function Soporte({ rango, puntoVentaId }: { rango: TRango | null; puntoVentaId: number }) {
  const [abierto, setAbierto] = useState(false);
  return (
    <section className="card numeracion-card" aria-labelledby="soporte-titulo" data-testid="soporte">
      <h2 id="soporte-titulo">{N.soporteTitulo}</h2>
      <p>{N.soporteAyuda}</p>
      {rango ? <Rango r={rango} testId="siguiente-soporte" /> : <p>{N.soporteSinRango}</p>}
      {abierto ? (
        <RangoForm puntoVentaId={puntoVentaId} tipo="soporte" onListo={() => setAbierto(false)} />
      ) : (
        <button type="button" className="btn btn--ghost" onClick={() => setAbierto(true)}>
          {N.soporteRegistrar}
        </button>
      )}
    </section>
  );
}

/** A range's numbers, resolution, validity, next number and use. */
function Rango({ r, testId }: { r: TRango; testId: string }) {
  return (
    <dl className="numeracion-rango">
      <div>
        <dt>{N.rango}</dt>
        <dd>
          {r.prefijo}
          {r.desde} – {r.prefijo}
          {r.hasta}
        </dd>
      </div>
      <div>
        <dt>{N.resolucion}</dt>
        <dd>{r.resolucion}</dd>
      </div>
      <div>
        <dt>{N.fechaDesde}</dt>
        <dd>{aDmy(r.fechaDesde)}</dd>
      </div>
      <div>
        <dt>{N.fechaHasta}</dt>
        <dd>{aDmy(r.fechaHasta)}</dd>
      </div>
      <div>
        <dt>{N.siguiente}</dt>
        <dd data-testid={testId}>{r.siguiente > r.hasta ? '—' : `${r.prefijo}${r.siguiente}`}</dd>
      </div>
      <div>
        <dt>{N.usados(r.usados, r.total)}</dt>
        <dd>
          <progress max={r.total} value={r.usados} aria-label={N.usados(r.usados, r.total)} />
        </dd>
      </div>
    </dl>
  );
}

function NuevaCaja() {
  const crear = useCrearCaja();
  const { formRef, setValues, bind, onSubmit } = useValidatedForm({
    schema: ZPuntoVentaRequest,
    initial: { nombre: '', ubicacion: '' },
    submit: async (values) => {
      toastSuccess((await crear.mutateAsync(values)).message);
      setValues({ nombre: '', ubicacion: '' });
    },
    onFailure: alertFailure,
  });
  return (
    <form ref={formRef} className="card form-grid numeracion-card" onSubmit={(e) => void onSubmit(e)} noValidate aria-label={N.agregarCaja}>
      <h2 className="span-2">{N.agregarCaja}</h2>
      <Field label={N.nombre} autoComplete="off" {...bind('nombre')} />
      <Field label={N.ubicacion} autoComplete="off" {...bind('ubicacion')} />
      <div className="span-2">
        <BotonEnviar enviando={crear.isPending} texto={N.guardarCaja} />
      </div>
    </form>
  );
}

const VACIO_RANGO = { prefijo: '', desde: '', hasta: '', resolucion: '', fechaDesde: '', fechaHasta: '', claveTecnica: '' };

function RangoForm({ puntoVentaId, tipo, onListo }: { puntoVentaId: number; tipo: TTipoRango; onListo: () => void }) {
  const registrar = useRegistrarRango();
  // An invoice or DS range carries its technical key (ADR 044, 055).
  const factura = tipo !== 'pos';
  const cuerpo = (v: typeof VACIO_RANGO) => ({
    ...v,
    desde: v.desde.trim() === '' ? NaN : Number(v.desde.replace(/\./g, '')),
    hasta: v.hasta.trim() === '' ? NaN : Number(v.hasta.replace(/\./g, '')),
    fechaDesde: aIso(v.fechaDesde),
    fechaHasta: aIso(v.fechaHasta),
    tipo,
    // Only an invoice range carries the technical key (the server refuses it on a POS range).
    claveTecnica: factura ? v.claveTecnica : undefined,
  });
  const { formRef, setErrors, bind, onSubmit } = useValidatedForm({
    schema: ZRangoRequest,
    initial: VACIO_RANGO,
    toBody: cuerpo,
    submit: async (values) => {
      toastSuccess((await registrar.mutateAsync({ puntoVentaId, ...cuerpo(values) })).message);
      onListo();
    },
    onFailure: alertFailure,
  });
  const campo = (name: keyof typeof VACIO_RANGO) => {
    const b = bind(name);
    return {
      ...b,
      autoComplete: 'off',
      onChange: (e: { target: { value: string } }) => {
        b.onChange(e);
        // A corrected field loses its message at once.
        setErrors(({ [name]: _corregido, ...resto }) => resto);
      },
    };
  };
  return (
    <form ref={formRef} className="form-grid" onSubmit={(e) => void onSubmit(e)} noValidate aria-label={factura ? N.nuevoRangoFactura : N.nuevoRango}>
      <Field label={N.prefijo} maxLength={4} {...campo('prefijo')} />
      <Field label={N.resolucion} inputMode="numeric" {...campo('resolucion')} />
      <Field label={N.desde} inputMode="numeric" {...campo('desde')} />
      <Field label={N.hasta} inputMode="numeric" {...campo('hasta')} />
      <Field label={N.fechaDesde} inputMode="numeric" placeholder={M.comun.fechaPlaceholder} {...campo('fechaDesde')} />
      <Field label={N.fechaHasta} inputMode="numeric" placeholder={M.comun.fechaPlaceholder} {...campo('fechaHasta')} />
      {factura ? <Field label={N.claveTecnica} spellCheck={false} wrapperClassName="span-2" hint={N.claveTecnicaAyuda} {...campo('claveTecnica')} /> : null}
      <div className="span-2">
        <button type="submit" className="btn" disabled={registrar.isPending}>
          {factura ? N.guardarRangoFactura : N.guardarRango}
        </button>
      </div>
    </form>
  );
}
