import { useState } from 'react';
import { comun, generic } from '#shared/messages/comun';
import { permisos } from '#shared/messages/permisos';
import { formatNumber, parsePesos } from '#shared/money';
import { PERMISOS, ROLES_CON_PERMISOS, type TPermiso, type TPermisosTienda } from '#shared/schemas/permisos';
import { PageHeader } from '../../components/page-header';
import { MoneyField } from '../../components/ui/money-field';
import { paths } from '../../config/paths';
import { alertFailure, toastSuccess } from '../../lib/alerts';
import { useGuardarPermisos, usePermisosTienda } from './api/permisos';
import './permisos.css';
import { BotonEnviar } from '../../components/ui/boton-enviar';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { comun, generic, permisos };
const P = M.permisos;

/** What no setting gives role 3 (spec §6): shown ticked off and not changeable. */
const FIJO: Partial<Record<number, readonly TPermiso[]>> = { 3: ['eliminarProductos', 'eliminarClientesProveedores'] };
const fijo = (rol: number, p: TPermiso) => FIJO[rol]?.includes(p) ?? false;

/** /permisos (role 1, issue #27 point 1): what role 2 and role 3 may do in the store, and the cash threshold. */
export default function PermisosPage() {
  const { data, isError, refetch } = usePermisosTienda();
  return (
    <>
      <PageHeader title={P.titulo} backTo={paths.inicio} backLabel={M.comun.volverInicio} />
      <p className="permisos-intro">{P.subtitulo}</p>
      {data ? (
        <PermisosForm inicial={data} />
      ) : (
        <div className="card state" role={isError ? 'alert' : 'status'}>
          {isError ? (
            <>
              <p>{P.cargaFallida}</p>
              <button type="button" className="btn" onClick={() => void refetch()}>
                {M.comun.reintentar}
              </button>
            </>
          ) : (
            P.cargando
          )}
        </div>
      )}
    </>
  );
}

function PermisosForm({ inicial }: { inicial: TPermisosTienda }) {
  const [roles, setRoles] = useState(inicial.roles);
  const [umbral, setUmbral] = useState(inicial.umbralCaja == null ? '' : formatNumber(inicial.umbralCaja));
  const guardar = useGuardarPermisos();
  const umbralError = umbral !== '' && parsePesos(umbral) == null ? P.umbralInvalido : undefined;

  const cambiar = (rol: 2 | 3, p: TPermiso, v: boolean) => setRoles((r) => ({ ...r, [rol]: { ...r[rol], [p]: v } }));

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (umbralError) return;
    try {
      const r = await guardar.mutateAsync({ roles, umbralCaja: umbral === '' ? null : parsePesos(umbral) });
      setRoles(r.roles);
      toastSuccess(P.guardados);
    } catch (err) {
      await alertFailure(err);
    }
  };

  return (
    <form className="card permisos" onSubmit={(e) => void onSubmit(e)} noValidate aria-label={P.titulo}>
      <table className="permisos-tabla">
        <caption className="visually-hidden">{P.tabla}</caption>
        <thead>
          <tr>
            <th scope="col">{P.columnaPermiso}</th>
            {ROLES_CON_PERMISOS.map((rol) => (
              <th key={rol} scope="col">
                {P.roles[rol]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {PERMISOS.map((p) => (
            <tr key={p}>
              <th scope="row">
                {P.permiso[p]}
                {p === 'anular' ? <small className="permisos-nota">{P.notaAnular}</small> : null}
              </th>
              {ROLES_CON_PERMISOS.map((rol) => (
                <td key={rol}>
                  <input
                    type="checkbox"
                    aria-label={`${P.roles[rol]}: ${P.permiso[p]}`}
                    checked={fijo(rol, p) ? false : roles[rol][p]}
                    disabled={fijo(rol, p)}
                    title={fijo(rol, p) ? P.reglaFija : undefined}
                    onChange={(e) => cambiar(rol, p, e.target.checked)}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="permisos-nota">{P.reglaFija}</p>
      <div className="form-grid">
        <MoneyField label={P.umbral} hint={P.umbralAyuda} name="umbralCaja" value={umbral} onValue={setUmbral} error={umbralError} />
      </div>
      <div className="permisos-acciones">
        <BotonEnviar enviando={guardar.isPending} texto={P.guardar} enviandoTexto={P.guardando} />
      </div>
    </form>
  );
}
