import type { ComponentType, SVGProps } from 'react';

export interface Feature {
  title: string;
  text: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
}

/** A titled section of four cards, each with an icon, a title and a sentence. */
export function FeatureSection({
  id,
  title,
  intro,
  features,
  tone = 'light',
}: {
  id: string;
  title: string;
  intro: string;
  features: readonly Feature[];
  tone?: 'light' | 'tinted';
}) {
  const headingId = `${id}-titulo`;
  return (
    <section id={id} className={`lp-section lp-section--${tone}`} aria-labelledby={headingId}>
      <div className="lp-container">
        <header className="lp-section__head">
          <h2 id={headingId}>{title}</h2>
          <p>{intro}</p>
        </header>
        <ul className="lp-cards">
          {features.map(({ title: cardTitle, text, Icon }) => (
            <li key={cardTitle} className="lp-card">
              <span className="lp-card__icon">
                <Icon />
              </span>
              <h3>{cardTitle}</h3>
              <p>{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
