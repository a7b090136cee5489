import { useEffect, useRef, useState } from 'react';
import { landing as T } from '#shared/messages/landing';
import { paths } from '../../../config/paths';
import { SECTION } from '../sections';
import { IconBars, IconClose } from './landing-icons';

const MENU_ID = 'menu-movil';
// Must match the breakpoint of `.lp-nav` / `.lp-menu-toggle` in landing.css.
const DESKTOP_QUERY = '(min-width: 960px)';

/**
 * Logo and title, anchor links to every section and the 'Inicia Aquí' button (spec §2). On small
 * screens a toggle (bars ↔ close) opens a dropdown with the sections and a button to /registro.
 * Links are plain anchors: the landing page runs without the application's router.
 */
export function LandingHeader({ product }: { product: string }) {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    // A tap outside the header closes the dropdown, as people expect of a menu.
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!menuRef.current?.contains(target) && !toggleRef.current?.contains(target)) setOpen(false);
    };
    // Growing to the desktop layout hides the toggle: the dropdown must not stay open behind it.
    const desktop = window.matchMedia(DESKTOP_QUERY);
    const onResize = () => desktop.matches && setOpen(false);
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    desktop.addEventListener('change', onResize);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
      desktop.removeEventListener('change', onResize);
    };
  }, [open]);

  const close = () => setOpen(false);

  return (
    <header className="lp-header">
      <div className="lp-header__inner lp-container">
        <a className="lp-brand" href={`#${SECTION.inicio}`} aria-label={T.homeLink(product)}>
          <img src="/logo.svg" alt="" width={40} height={40} />
          <span className="lp-brand__text" aria-hidden="true">
            <span className="lp-brand__name">{product.split(' ')[0]}</span>
            <span className="lp-brand__sub">{product.split(' ').slice(1).join(' ')}</span>
          </span>
        </a>

        <nav className="lp-nav" aria-label={T.nav.label}>
          <ul>
            <li>
              <a href={`#${SECTION.inicio}`}>{T.nav.inicio}</a>
            </li>
            <li>
              <a href={`#${SECTION.queEs}`}>{T.nav.queEs}</a>
            </li>
            <li>
              <a href={`#${SECTION.servicios}`}>{T.nav.servicios}</a>
            </li>
            <li>
              <a href={`#${SECTION.beneficios}`}>{T.nav.beneficios}</a>
            </li>
            <li>
              <a href={`#${SECTION.contacto}`}>{T.nav.contacto}</a>
            </li>
          </ul>
        </nav>

        <div className="lp-header__actions">
          <a className="btn lp-btn-login" href={paths.iniciarSesion}>
            {T.nav.iniciaAqui}
          </a>
          <button
            ref={toggleRef}
            type="button"
            className="lp-menu-toggle"
            aria-expanded={open}
            aria-controls={MENU_ID}
            aria-label={open ? T.nav.closeMenu : T.nav.openMenu}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? <IconClose /> : <IconBars />}
          </button>
        </div>
      </div>

      <div ref={menuRef} id={MENU_ID} className="lp-menu" hidden={!open}>
        <nav aria-label={T.nav.mobileLabel} className="lp-container">
          <ul>
            <li>
              <a href={`#${SECTION.queEs}`} onClick={close}>
                {T.nav.queEs}
              </a>
            </li>
            <li>
              <a href={`#${SECTION.servicios}`} onClick={close}>
                {T.nav.servicios}
              </a>
            </li>
            <li>
              <a href={`#${SECTION.beneficios}`} onClick={close}>
                {T.nav.beneficios}
              </a>
            </li>
            <li>
              <a href={`#${SECTION.contacto}`} onClick={close}>
                {T.nav.contacto}
              </a>
            </li>
          </ul>
          <a className="btn btn--block" href={paths.registro} onClick={close}>
            {T.nav.registrate}
          </a>
        </nav>
      </div>
    </header>
  );
}
