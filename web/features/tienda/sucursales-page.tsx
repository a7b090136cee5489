import { Link, useNavigate } from 'react-router';
import { AppError } from '#shared/errors';
import { comun, generic } from '#shared/messages/comun';
import { sucursales } from '#shared/messages/sucursales';
import { traslados } from '#shared/messages/traslados';
import { empresa } from '#shared/messages/empresa';
import { ZONA_HORARIA } from '#shared/zona-horaria';
import { ZCrearSucursalRequest, type TSucursal } from '#shared/schemas/sucursal';
import { PageHeader } from '../../components/page-header';
import { Field } from '../../components/ui/field';
import { ListState, razonOFallo } from '../../components/ui/list-state';
import { TablaDatos } from '../../components/ui/tabla-datos';
import { paths } from '../../config/paths';
import { alertError, alertSuccess } from '../../lib/alerts';
import { useValidatedForm } from '../../lib/use-validated-form';
import { cambiarDeTienda, useCrearSucursal, useSucursales } from './api/sucursales';
import { PersonasSucursales } from './components/personas-sucursales';
import { ZonaHorariaField } from './components/zona-horaria-field';
import { ZONAS_FRECUENTES } from './zonas-horarias';
import './sucursales.css';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { comun, generic, sucursales, traslados, empresa };
const S = M.sucursales;

const nombreZona = (zona: string) => ZONAS_FRECUENTES.find((z) => z.zona === zona)?.nombre ?? zona.replaceAll('_', ' ');

/**
 * /sucursales (issue #56 step 3): the empresa's owner lists its stores and opens a new one, which starts
 * with this store's products at stock 0 and its own invitation code; "Entrar" switches to it. The
 * server refuses anyone else (`M.sucursales.soloDueno`), and the screen says so. Below, each store's
 * people with their role: the owner gives or takes a person's access to a store (PersonasSucursales).
 */
export default function SucursalesPage() {
  const lista = useSucursales();
  const navigate = useNavigate();
  const entrar = async (t: TSucursal) => {
    try {
      await cambiarDeTienda(t.idTienda);
      navigate(paths.inicio, { replace: true });
      window.scrollTo(0, 0);
    } catch (err) {
      await alertError(M.generic.errorTitle, err instanceof AppError ? err.message : M.generic.errorText);
    }
  };
  return (
    <div className="sucursales">
      <PageHeader title={S.titulo} titleClassName="sucursales-header__title">
        <Link className="btn btn--ghost" to={paths.todasMisTiendas}>
          {M.empresa.enlace}
        </Link>
        <Link className="btn btn--ghost" to={paths.traslados}>
          {M.traslados.enlace}
        </Link>
      </PageHeader>
      <p className="sucursales__intro">{S.intro}</p>
      <section aria-labelledby="sucursales-lista" className="card sucursales__lista">
        <h2 id="sucursales-lista">
          {S.lista}
        </h2>
        <ListState query={lista} loading={S.cargando} failed={razonOFallo(S.errorCarga)}>
          {(items) => (
            <TablaDatos<TSucursal>
              caption={S.lista}
              className="sucursales__tabla"
              rows={items}
              rowKey={(t) => t.idTienda}
              columns={[
                { header: S.columnas.nombre, label: false, className: 'sucursales__nombre', cell: (t) => (t.actual ? <strong>{t.nombreTienda}</strong> : t.nombreTienda) },
                { header: S.columnas.direccion, cell: (t) => t.direccion ?? '—' },
                { header: S.columnas.telefono, cell: (t) => t.telefono ?? '—' },
                { header: S.columnas.zona, cell: (t) => nombreZona(t.zonaHoraria) },
                { header: S.columnas.codigo, cell: (t) => <span className="code-badge">{t.codigoInvitacion}</span> },
                { header: S.columnas.productos, num: true, cell: (t) => t.productos.toLocaleString('es-CO') },
              ]}
              acciones={[
                {
                  width: '9rem',
                  className: 'sucursales__accion',
                  cell: (t) =>
                    t.actual ? (
                      <span className="badge">{S.actual}</span>
                    ) : (
                      <button type="button" className="btn btn--sm" aria-label={S.entrarA(t.nombreTienda)} onClick={() => void entrar(t)}>
                        {S.entrar}
                      </button>
                    ),
                },
              ]}
            />
          )}
        </ListState>
      </section>
      {lista.data ? <PersonasSucursales tiendas={lista.data.items} /> : null}
      {lista.isError ? null : <NuevaSucursal />}
    </div>
  );
}

const vacio = { nombreTienda: '', direccion: '', telefono: '', zonaHoraria: ZONA_HORARIA };

function NuevaSucursal() {
  const crear = useCrearSucursal();
  const { formRef, values: v, set, setValues, errors, bind, onSubmit } = useValidatedForm({
    schema: ZCrearSucursalRequest,
    initial: vacio,
    submit: async (values) => {
      const creada = await crear.mutateAsync(values);
      setValues(vacio);
      await alertSuccess(S.creadaTitulo, creada.message);
    },
    onFailure: (err) => (err instanceof AppError && err.fields ? undefined : alertError(M.generic.errorTitle, err instanceof AppError ? err.message : M.generic.errorText)),
  });
  return (
    <form ref={formRef} className="card sucursales__form" onSubmit={onSubmit} noValidate aria-labelledby="sucursal-nueva">
      <h2 id="sucursal-nueva">{S.nueva}</h2>
      <p className="field__hint">
        {S.catalogoAyuda}
      </p>
      <Field label={S.nombre} autoComplete="off" required {...bind('nombreTienda')} />
      <Field label={S.direccion} autoComplete="off" {...bind('direccion')} />
      <Field label={S.telefono} inputMode="tel" autoComplete="off" {...bind('telefono')} />
      <ZonaHorariaField id="sucursal-zona" label={S.zona} value={v.zonaHoraria} inicial={ZONA_HORARIA} onChange={(zona) => set('zonaHoraria', zona)} error={errors.zonaHoraria} />
      <div>
        <button type="submit" className="btn" disabled={crear.isPending}>
          {crear.isPending ? S.creando : S.crear}
        </button>
      </div>
    </form>
  );
}
