import { useState } from 'react';
import { useNavigate } from 'react-router';
import { generic } from '#shared/messages/comun';
import { sucursales } from '#shared/messages/sucursales';
import { AppError } from '#shared/errors';
import { paths } from '../../../config/paths';
import { alertError } from '../../../lib/alerts';
import { useTiendasDeSesion } from '../../../lib/sesion-servidor';
import { cambiarDeTienda } from '../api/sucursales';
import './selector-tienda.css';

// This component's texts only: the shell loads it (issue #20).
const M = { generic, sucursales };

/**
 * The top bar's store switcher (issue #56 step 2): shown only to a session with two or more stores
 * (the empresa's owner, a cashier of two shops). Choosing one asks the server for a session in it and
 * starts at its Inicio; a one-store shop sees nothing.
 */
export function SelectorTienda() {
  const lista = useTiendasDeSesion();
  const navigate = useNavigate();
  const [cambiando, setCambiando] = useState(false);
  if (lista.length < 2) return null;
  const actual = lista.find((t) => t.actual);
  const elegir = async (id: number) => {
    if (id === actual?.idTienda) return;
    setCambiando(true);
    try {
      await cambiarDeTienda(id);
      navigate(paths.inicio, { replace: true });
      // Another store's Inicio starts at its top, wherever the last screen was scrolled.
      window.scrollTo(0, 0);
    } catch (err) {
      await alertError(M.generic.errorTitle, err instanceof AppError ? err.message : M.generic.errorText);
    } finally {
      setCambiando(false);
    }
  };
  return (
    <div className="selector-tienda" role="region" aria-label={M.sucursales.selectorAyuda}>
      <div className="selector-tienda__inner">
        <label htmlFor="selector-tienda">{M.sucursales.selector}</label>
        <select id="selector-tienda" value={actual?.idTienda ?? ''} disabled={cambiando} aria-busy={cambiando || undefined} onChange={(e) => void elegir(Number(e.target.value))}>
          {lista.map((t) => (
            <option key={t.idTienda} value={t.idTienda}>
              {t.nombreTienda}
            </option>
          ))}
        </select>
        {cambiando ? <span role="status">{M.sucursales.cambiando}</span> : null}
      </div>
    </div>
  );
}
