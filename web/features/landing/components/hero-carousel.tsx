import { useEffect, useRef, useState } from 'react';
import { landing as T } from '#shared/messages/landing';
import { IconChevronLeft, IconChevronRight, IconPause, IconPlay } from './landing-icons';
// The first slide's picture is the landing page's largest paint: written into the page itself (a
// data: URL, ~5 KB), it paints with the HTML instead of a round trip later (issue #20, LCP on 3G).
import ventas from '../assets/ventas.svg?inline';
// The other two come later, as files with a content hash (cached for a year).
import inventario from '../assets/inventario.svg?url';
import reportes from '../assets/reportes.svg?url';

/** Spec §2 and §9: the carousel moves on every 3 seconds. */
export const CAROUSEL_INTERVAL_MS = 3000;
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

const SLIDES = T.carousel.slides;
const IMAGES = [ventas, inventario, reportes];

function prefersReducedMotion() {
  return typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches;
}

/**
 * Three slides (an illustration and a caption) that rotate by themselves, following the WAI-ARIA
 * carousel pattern: rotation stops while the pointer is over it or focus is inside it, and does not
 * start for people who ask for reduced motion; a button pauses and resumes it; previous, next and
 * one button per slide move by hand; the slides are announced politely only when not rotating.
 */
export function HeroCarousel({ product }: { product: string }) {
  const [index, setIndex] = useState(0);
  // Playing at first, as the page pre-rendered at build time shows it (issue #20: React takes that
  // markup over and keeps its attributes); a person who asks for reduced motion stops it at once.
  const [playing, setPlaying] = useState(true);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const rotationRef = useRef<HTMLButtonElement>(null);
  const rotating = playing && !hovered && !focused;

  // One timer per slide shown: moving by hand also restarts the count.
  useEffect(() => {
    if (!rotating) return;
    const id = window.setTimeout(() => setIndex((i) => (i + 1) % SLIDES.length), CAROUSEL_INTERVAL_MS);
    return () => window.clearTimeout(id);
  }, [rotating, index]);

  // Reduced motion asked for, from the start or while the page is open: stop at once.
  useEffect(() => {
    if (prefersReducedMotion()) setPlaying(false);
    if (typeof window.matchMedia !== 'function') return;
    const mq = window.matchMedia(REDUCED_MOTION);
    const onChange = () => mq.matches && setPlaying(false);
    mq.addEventListener('change', onChange);
    return () => mq.removeEventListener('change', onChange);
  }, []);

  const go = (i: number) => setIndex((i + SLIDES.length) % SLIDES.length);

  return (
    <section
      className="lp-carousel"
      aria-roledescription={T.carousel.roleDescription}
      aria-label={T.carousel.label(product)}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      // Focus on the pause/play button itself does not stop the rotation it controls.
      onFocus={(e) => setFocused(e.target !== rotationRef.current)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="lp-carousel__slides" aria-live={rotating ? 'off' : 'polite'}>
        {SLIDES.map((slide, i) => (
          <div
            key={slide.title}
            className={`lp-slide${i === index ? ' is-active' : ''}`}
            role="group"
            aria-roledescription={T.carousel.slideRoleDescription}
            aria-label={T.carousel.slideLabel(i + 1, SLIDES.length)}
            aria-hidden={i === index ? undefined : true}
          >
            <div className="lp-slide__art">
              {/* The first picture is in the page itself; the others load when shown, never on the
                  application's paths, whose boot script removes this markup before any layout. */}
              <img src={IMAGES[i]} alt={slide.alt} width={480} height={340} decoding="async" loading={i === 0 ? undefined : 'lazy'} />
            </div>
            <div className="lp-slide__caption">
              <p className="lp-slide__title">{slide.title}</p>
              <p className="lp-slide__text">{slide.text}</p>
            </div>
          </div>
        ))}
      </div>

      <div className="lp-carousel__controls">
        <button
          ref={rotationRef}
          type="button"
          className="lp-round-btn"
          aria-label={playing ? T.carousel.pause : T.carousel.play}
          onClick={() => setPlaying((p) => !p)}
        >
          {playing ? <IconPause /> : <IconPlay />}
        </button>
        <div className="lp-carousel__dots">
          {SLIDES.map((slide, i) => (
            <button
              key={slide.title}
              type="button"
              className="lp-dot"
              aria-label={T.carousel.goTo(i + 1, slide.title)}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => go(i)}
            />
          ))}
        </div>
        <div className="lp-carousel__arrows">
          <button type="button" className="lp-round-btn" aria-label={T.carousel.previous} onClick={() => go(index - 1)}>
            <IconChevronLeft />
          </button>
          <button type="button" className="lp-round-btn" aria-label={T.carousel.next} onClick={() => go(index + 1)}>
            <IconChevronRight />
          </button>
        </div>
      </div>
    </section>
  );
}
