import { useState, type FormEvent } from 'react';
import { AppError } from '#shared/errors';
import { generic } from '#shared/messages/comun';
import { sucursales } from '#shared/messages/sucursales';
import { ROL, ROLES_SEED } from '#shared/roles';
import type { TPersonaDeEmpresa, TSucursal } from '#shared/schemas/sucursal';
import { alertError, confirmAction, toastSuccess } from '../../../lib/alerts';
import { usePersonasDeEmpresa, useRolEnTienda } from '../api/sucursales';
import { BotonEnviar } from '../../../components/ui/boton-enviar';
import { ErrorCampo } from '../../../components/ui/field';

// This component's texts only: the catalogue splits per screen (issue #20).
const M = { generic, sucursales };
const S = M.sucursales;

const nombreRol = (rol: number) => ROLES_SEED.find((r) => r.id === rol)?.nombre ?? String(rol);

const fallo = async (err: unknown) => alertError(M.generic.errorTitle, err instanceof AppError ? err.message : M.generic.errorText);

/**
 * Sucursales' people (issue #56 step 3, ADR 049): for each store of the empresa, the people with a role
 * in it; the owner gives a person of another of its stores a role here ("Dar acceso") or takes it away
 * ("Quitar acceso", confirmed). A person's home store role is Usuarios' and only shown here.
 */
export function PersonasSucursales({ tiendas }: { tiendas: TSucursal[] }) {
  const personas = usePersonasDeEmpresa();
  return (
    <section aria-labelledby="sucursales-personas" className="card sucursales__personas">
      <h2 id="sucursales-personas">{S.personas}</h2>
      <p className="field__hint">{S.personasIntro}</p>
      {personas.isPending ? (
        <p role="status">{S.cargandoPersonas}</p>
      ) : personas.isError ? (
        <p role="alert">{S.errorPersonas}</p>
      ) : (
        <div className="sucursales__tiendas">
          {tiendas.map((t) => (
            <PersonasDeTienda key={t.idTienda} tienda={t} tiendas={tiendas} personas={personas.data} />
          ))}
        </div>
      )}
    </section>
  );
}

function PersonasDeTienda({ tienda, tiendas, personas }: { tienda: TSucursal; tiendas: TSucursal[]; personas: TPersonaDeEmpresa[] }) {
  const cambiar = useRolEnTienda();
  const nombreTienda = (id: number) => tiendas.find((t) => t.idTienda === id)?.nombreTienda ?? '';
  const aqui = personas.flatMap((p) => {
    const r = p.roles.find((x) => x.idTienda === tienda.idTienda);
    return r ? [{ persona: p, rol: r.rol, principal: p.tiendaPrincipal === tienda.idTienda }] : [];
  });
  // Whoever works in another store of the empresa (with a role here already: the role is changed).
  const candidatos = personas.filter((p) => p.tiendaPrincipal !== tienda.idTienda);
  const quitar = async (p: TPersonaDeEmpresa) => {
    if (!(await confirmAction(S.quitarTitulo, S.quitarTexto(p.nombre, tienda.nombreTienda), S.quitarAcceso))) return;
    try {
      const r = await cambiar.mutateAsync({ idTienda: tienda.idTienda, idUsuario: p.idUsuario, rol: null });
      toastSuccess(r.message);
    } catch (err) {
      await fallo(err);
    }
  };
  const titulo = `sucursal-personas-${tienda.idTienda}`;
  return (
    <section className="sucursales__tienda" aria-labelledby={titulo}>
      <h3 id={titulo}>{tienda.nombreTienda}</h3>
      {aqui.length === 0 ? (
        <p className="sucursales__vacio">{S.sinPersonas}</p>
      ) : (
        <ul className="sucursales__gente" aria-label={S.personasDe(tienda.nombreTienda)}>
          {aqui.map(({ persona, rol, principal }) => (
            <li key={persona.idUsuario}>
              <span className="sucursales__quien">
                <span className="sucursales__persona">{persona.nombre}</span> <span className="sucursales__rol">{nombreRol(rol)}</span>
              </span>
              {principal ? (
                <span className="badge">{S.principal}</span>
              ) : (
                <button
                  type="button"
                  className="btn btn--sm btn--ghost"
                  aria-label={S.quitarAccesoA(persona.nombre, tienda.nombreTienda)}
                  disabled={cambiar.isPending}
                  onClick={() => void quitar(persona)}
                >
                  {S.quitarAcceso}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {candidatos.length === 0 ? (
        <p className="field__hint">{S.sinCandidatos}</p>
      ) : (
        <DarAcceso tienda={tienda} candidatos={candidatos} nombreTienda={nombreTienda} />
      )}
    </section>
  );
}

function DarAcceso({ tienda, candidatos, nombreTienda }: { tienda: TSucursal; candidatos: TPersonaDeEmpresa[]; nombreTienda: (id: number) => string }) {
  const cambiar = useRolEnTienda();
  const [persona, setPersona] = useState('');
  const [rol, setRol] = useState<number>(ROL.EMPLEADO);
  const [error, setError] = useState<string | null>(null);
  const id = `sucursal-${tienda.idTienda}`;
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!persona) return setError(S.personaRequerida);
    setError(null);
    try {
      const r = await cambiar.mutateAsync({ idTienda: tienda.idTienda, idUsuario: Number(persona), rol });
      setPersona('');
      toastSuccess(r.message);
    } catch (err) {
      await fallo(err);
    }
  };
  return (
    <form className="sucursales__dar" onSubmit={onSubmit} noValidate aria-label={S.darAccesoEn(tienda.nombreTienda)}>
      <div className={`field${error ? ' field--invalid' : ''}`}>
        <label htmlFor={`${id}-persona`}>{S.persona}</label>
        <select id={`${id}-persona`} value={persona} onChange={(e) => setPersona(e.target.value)} aria-invalid={error ? true : undefined}>
          <option value="">{S.elegirPersona}</option>
          {candidatos.map((p) => (
            <option key={p.idUsuario} value={p.idUsuario}>
              {S.deTienda(p.nombre, nombreTienda(p.tiendaPrincipal))}
            </option>
          ))}
        </select>
        <ErrorCampo error={error} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-rol`}>{S.rol}</label>
        <select id={`${id}-rol`} value={rol} onChange={(e) => setRol(Number(e.target.value))}>
          {ROLES_SEED.map((r) => (
            <option key={r.id} value={r.id}>
              {r.nombre}
            </option>
          ))}
        </select>
      </div>
      <div className="sucursales__dar-boton">
        <BotonEnviar className="btn btn--sm" enviando={cambiar.isPending} texto={S.darAcceso} enviandoTexto={S.dandoAcceso} />
      </div>
    </form>
  );
}
