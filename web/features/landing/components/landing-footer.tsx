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

        <section aria-labelledby="equipo-titulo">
          <h2 id="equipo-titulo" className="lp-footer__title">
            {T.footer.team}
          </h2>
          <ul className="lp-footer__list" data-testid="equipo">
            {TEAM.map((m) => (
              <li key={m.email}>
                <IconUser className="lp-footer__icon" />
                <span>
                  <span className="lp-footer__name">{m.name}</span>
                  <span className="lp-footer__role">{m.role}</span>
                </span>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="contacto-titulo">
          <h2 id="contacto-titulo" className="lp-footer__title">
            {T.footer.contact}
          </h2>
          <ul className="lp-footer__list" data-testid="contactos">
            {TEAM.map((m) => (
              <li key={m.email}>
                <IconMail className="lp-footer__icon" />
                <span>
                  <span className="lp-footer__role">{m.role}</span>
                  <a href={`mailto:${m.email}`}>{m.email}</a>
                </span>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <div className="lp-footer__bottom">
        <p className="lp-container">
          {T.footer.copyright(T.footer.year, product)}. {T.footer.rights}
        </p>
      </div>
    </footer>
  );
}
