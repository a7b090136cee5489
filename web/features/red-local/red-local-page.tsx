import { useQuery } from '@tanstack/react-query';
import { comun } from '#shared/messages/comun';
import { redLocal } from '#shared/messages/red-local';
import type { TRedLocal } from '#shared/schemas/red-local';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { api } from '../../lib/api-client';
import { EstadoCarga } from '../../components/ui/list-state';
import './red-local.css';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { comun, redLocal };
const R = M.redLocal;

/** /telefonos (role 1): how the shop's phones reach this computer over HTTPS (issue #34 point 1). */
export default function RedLocalPage() {
  const { data, isError } = useQuery({ queryKey: ['red-local'], queryFn: () => api<TRedLocal>('/red-local') });
  return (
    <>
      <PageHeader title={R.titulo} backTo={paths.inicio} backLabel={M.comun.volverInicio} />
      <div className="red-local">
        <p className="red-local__intro">{R.intro}</p>
        {!data ? (
          <EstadoCarga error={isError} className="state card" />
        ) : (
          <Contenido info={data} />
        )}
      </div>
    </>
  );
}

function Contenido({ info }: { info: TRedLocal }) {
  if (!info.activo)
    return (
      <section className="card red-local__aviso" role="status">
        <h2>{R.apagado}</h2>
        <p>{R.comoEncender}</p>
      </section>
    );
  if (!info.alcanzable) return <p className="card red-local__aviso" role="status">{R.soloEsteComputador}</p>;
  if (info.direcciones.length === 0) return <p className="card red-local__aviso" role="status">{R.sinDirecciones}</p>;
  return (
    <>
      {info.certificadoPropio ? <p className="card red-local__aviso">{R.propio}</p> : null}
      {info.direcciones.length > 1 ? <p className="red-local__nota">{R.variasDirecciones}</p> : null}
      {info.direcciones.map((d) => (
        <div className="red-local__direccion" key={d.direccion} data-testid="red-local-direccion">
          {d.autoridad ? (
            <section className="card red-local__paso" aria-labelledby={`paso1-${d.direccion}`}>
              <h2 id={`paso1-${d.direccion}`}>{R.paso1}</h2>
              <p>{R.paso1Texto}</p>
              <img className="red-local__qr" src={d.autoridad.qr} alt={d.autoridad.url} width={200} height={200} />
              <p className="red-local__url">
                <a href={d.autoridad.url}>{d.autoridad.url}</a>
              </p>
              {info.huella ? (
                <p className="red-local__huella">
                  {R.huella}: <code>{info.huella}</code>
                </p>
              ) : null}
              <div className="red-local__so">
                <div>
                  <h3>{R.android}</h3>
                  <ol>
                    {R.androidPasos.map((p) => (
                      <li key={p}>{p}</li>
                    ))}
                  </ol>
                </div>
                <div>
                  <h3>{R.ios}</h3>
                  <ol>
                    {R.iosPasos.map((p) => (
                      <li key={p}>{p}</li>
                    ))}
                  </ol>
                </div>
              </div>
            </section>
          ) : null}
          <section className="card red-local__paso" aria-labelledby={`paso2-${d.direccion}`}>
            <h2 id={`paso2-${d.direccion}`}>{R.paso2}</h2>
            <p>{R.paso2Texto}</p>
            <img className="red-local__qr" src={d.app.qr} alt={d.app.url} width={200} height={200} />
            <p className="red-local__url">{R.direccion(d.app.url)}</p>
          </section>
        </div>
      ))}
    </>
  );
}
