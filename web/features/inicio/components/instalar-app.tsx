import { useState } from 'react';
import { inicio } from '#shared/messages/inicio';
import { useInstalacion } from '../../../lib/instalacion';

const M = { inicio };
const I = M.inicio.instalar;
/** The person said "Ahora no" on this device (not store data: it survives a sign-out). */
const CLAVE_DESCARTADO = 'adax:instalar-descartado';

/** Home screen: offers to install the app on this device (issue #34 point 2), or says how on an iPhone. */
export function InstalarApp() {
  const { estado, instalar } = useInstalacion();
  const [descartado, setDescartado] = useState(() => window.localStorage.getItem(CLAVE_DESCARTADO) === '1');
  if (descartado || estado === 'instalada' || estado === 'no-disponible') return null;
  const ahoraNo = () => {
    window.localStorage.setItem(CLAVE_DESCARTADO, '1');
    setDescartado(true);
  };
  return (
    <section className="card instalar-app" aria-labelledby="instalar-app-titulo">
      <div>
        <h2 id="instalar-app-titulo">{I.titulo}</h2>
        <p>{estado === 'ios' ? I.ios : I.texto}</p>
      </div>
      <div className="instalar-app__acciones">
        {estado === 'ofrecida' ? (
          <button type="button" className="btn" onClick={() => void instalar()}>
            {I.boton}
          </button>
        ) : null}
        <button type="button" className="btn btn--ghost" onClick={ahoraNo}>
          {I.ahoraNo}
        </button>
      </div>
    </section>
  );
}
