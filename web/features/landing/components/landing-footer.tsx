import type { ReactNode } from 'react';
import { landing as T } from '#shared/messages/landing';
import { TEAM } from '../../../config/landing';
import { paths } from '../../../config/paths';
import { SECTION } from '../sections';
import { IconMail, IconUser } from './landing-icons';

/** Contact (spec §2): the year 2024, the five team members and their five contact addresses. */
export function LandingFooter({ product }: { product: string }) {
  return (
    <footer id={SECTION.contacto} className="lp-footer">
      <div className="lp-container lp-footer__grid">
        <div className="lp-footer__about">
          <p className="lp-footer__brand">
            <img src="/logo.svg" alt="" width={36} height={36} />
            <span>{product}</span>
          </p>
          <p>{T.footer.tagline}</p>
          <nav aria-label={T.footer.explore} className="lp-footer__links">
            <a href={paths.iniciarSesion}>{T.nav.iniciaAqui}</a>
            <a href={paths.registro}>{T.nav.registrate}</a>
          </nav>
        </div>

        <ListaEquipo id="equipo-titulo" titulo={T.footer.team} testId="equipo" icono={<IconUser className="lp-footer__icon" />}>
          {(m) => (
            <>
              <span className="lp-footer__name">{m.name}</span>
              <span className="lp-footer__role">{m.role}</span>
            </>
          )}
        </ListaEquipo>

        <ListaEquipo id="contacto-titulo" titulo={T.footer.contact} testId="contactos" icono={<IconMail className="lp-footer__icon" />}>
          {(m) => (
            <>
              <span className="lp-footer__role">{m.role}</span>
              <a href={`mailto:${m.email}`}>{m.email}</a>
            </>
          )}
        </ListaEquipo>
      </div>
      <div className="lp-footer__bottom">
        <p className="lp-container">
          {T.footer.copyright(T.footer.year, product)}. {T.footer.rights}
        </p>
      </div>
    </footer>
  );
}

/** One of the footer's two lists of the team (who they are, how to reach them): a titled section, a member a line with its icon. */
function ListaEquipo({ id, titulo, testId, icono, children }: { id: string; titulo: string; testId: string; icono: ReactNode; children: (m: (typeof TEAM)[number]) => ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="lp-footer__title">
        {titulo}
      </h2>
      <ul className="lp-footer__list" data-testid={testId}>
        {TEAM.map((m) => (
          <li key={m.email}>
            {icono}
            <span>{children(m)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
