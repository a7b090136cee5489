import { useEffect, useState } from 'react';
import { PRODUCT_NAME } from '#shared/product';
import { landing as T } from '#shared/messages/landing';
import { paths } from '../../config/paths';
import { type Feature, FeatureSection } from './components/feature-section';
import { HeroCarousel } from './components/hero-carousel';
import { LandingFooter } from './components/landing-footer';
import { LandingHeader } from './components/landing-header';
import {
  IconArrowRight,
  IconCashFlow,
  IconCheck,
  IconClock,
  IconDevices,
  IconInventory,
  IconMerchandise,
  IconRegister,
  IconReport,
  IconSpark,
} from './components/landing-icons';
import { SECTION } from './sections';
import './landing.css';
import './landing-hero.css';
import './landing-secciones.css';

const SERVICIOS: readonly Feature[] = [
  { ...T.servicios.cards.ventas, Icon: IconRegister },
  { ...T.servicios.cards.inventario, Icon: IconInventory },
  { ...T.servicios.cards.mercancia, Icon: IconMerchandise },
  { ...T.servicios.cards.caja, Icon: IconCashFlow },
];

const BENEFICIOS: readonly Feature[] = [
  { ...T.beneficios.cards.tiempo, Icon: IconClock },
  { ...T.beneficios.cards.control, Icon: IconDevices },
  { ...T.beneficios.cards.reportes, Icon: IconReport },
  { ...T.beneficios.cards.tecnologia, Icon: IconSpark },
];

/**
 * The public face of the product (spec §1, §2 'Landing page'), at `/` and at every unknown path.
 * It is rendered without React Router (see web/main.tsx), so its links are plain anchors.
 */
export default function LandingPage() {
  const product = PRODUCT_NAME;
  // The built page arrives already rendered (web/main.tsx): until React has hydrated it, the menu
  // toggle and the carousel's buttons are inert. `data-listo` says when they answer, for the journeys
  // (a tap before it is lost, as on any server-rendered page).
  const [listo, setListo] = useState(false);
  useEffect(() => setListo(true), []);
  return (
    <div className="lp" data-listo={listo ? '' : undefined}>
      <a className="lp-skip" href="#contenido">
        {T.skipToContent}
      </a>
      <LandingHeader product={product} />

      <main id="contenido" tabIndex={-1}>
        <section id={SECTION.inicio} className="lp-hero" aria-labelledby="que-es-titulo">
          <div className="lp-container lp-hero__grid">
            <div id={SECTION.queEs} className="lp-intro">
              <p className="lp-eyebrow">{T.hero.eyebrow}</p>
              <h1 id="que-es-titulo">{T.hero.title(product)}</h1>
              <p className="lp-intro__text">{T.hero.text(product)}</p>
              <div className="lp-intro__actions">
                <a className="btn lp-btn-lg" href={paths.registro}>
                  {T.hero.primary}
                </a>
                <a className="btn btn--ghost lp-btn-lg" href={`#${SECTION.servicios}`}>
                  {T.hero.secondary}
                </a>
              </div>
              <ul className="lp-points">
                {T.hero.points.map((point) => (
                  <li key={point}>
                    <IconCheck /> {point}
                  </li>
                ))}
              </ul>
            </div>
            <HeroCarousel product={product} />
          </div>
        </section>

        <FeatureSection id={SECTION.servicios} title={T.servicios.title} intro={T.servicios.intro} features={SERVICIOS} />
        <FeatureSection
          id={SECTION.beneficios}
          title={T.beneficios.title}
          intro={T.beneficios.intro}
          features={BENEFICIOS}
          tone="tinted"
        />

        <section className="lp-cta" aria-labelledby="cta-titulo">
          <div className="lp-container lp-cta__inner">
            <div>
              <h2 id="cta-titulo">{T.cta.title}</h2>
              <p>{T.cta.text}</p>
            </div>
            <div className="lp-cta__actions">
              <a className="btn lp-btn-lg lp-btn-light" href={paths.iniciarSesion}>
                {T.cta.button} <IconArrowRight />
              </a>
              <p>
                {T.cta.noAccount} <a href={paths.registro}>{T.cta.register}</a>
              </p>
            </div>
          </div>
        </section>
      </main>

      <LandingFooter product={product} />
    </div>
  );
}
