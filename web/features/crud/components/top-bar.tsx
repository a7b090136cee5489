import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { crud } from '#shared/messages/crud';
import { IconBars, IconClose, IconLogout } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { crudPath } from '../crud-paths';
import { ENTITIES } from '../entities';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { crud };

/**
 * The top bar of the back-office (spec §2): brand, one disclosure menu per area with 'lista' and
 * 'registrar', 'Usuario: ' with the stored user, 'cerrar sesión' (to /inicio, the session stays), and
 * 'Operacion: ' with the last operation's message on the lists.
 */
export function TopBar(props: { operacion?: string }) {
  const session = useSession();
  const navigate = useNavigate();
  const [open, setOpen] = useState<string | null>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const navRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!navRef.current?.contains(e.target as Node)) setOpen(null);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      document.getElementById(`crud-area-${open}`)?.focus();
      setOpen(null);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const closeAll = () => {
    setOpen(null);
    setMenuOpen(false);
  };

  return (
    <header className="crud-topbar">
      <div className="crud-topbar__row">
        <Link to={crudPath('usuarios')} className="crud-brand">
          <img src="/logo.svg" alt="" width={32} height={32} />
          <span>{M.crud.brand}</span>
        </Link>
        <div className="crud-topbar__session">
          <span className="crud-topbar__user">
            {M.crud.usuarioLabel}
            <strong data-testid="crud-usuario">{session?.usuario}</strong>
          </span>
          <button type="button" className="btn btn--ghost btn--sm crud-topbar__logout" onClick={() => navigate(paths.inicio)}>
            <IconLogout /> {M.crud.cerrarSesion}
          </button>
        </div>
        <button
          type="button"
          className="btn btn--ghost btn--icon crud-topbar__toggle"
          aria-expanded={menuOpen}
          aria-controls="crud-areas"
          aria-label={M.crud.areas}
          onClick={() => setMenuOpen((v) => !v)}
        >
          {menuOpen ? <IconClose /> : <IconBars />}
        </button>
      </div>
      <nav id="crud-areas" ref={navRef} aria-label={M.crud.areas} className={`crud-nav${menuOpen ? ' crud-nav--open' : ''}`}>
        <ul className="crud-areas">
          {ENTITIES.map((e) => {
            const expanded = open === e.key;
            return (
              <li key={e.key} className="crud-area">
                <button
                  type="button"
                  id={`crud-area-${e.key}`}
                  className="crud-area__button"
                  aria-expanded={expanded}
                  aria-controls={`crud-area-menu-${e.key}`}
                  onClick={() => setOpen(expanded ? null : e.key)}
                >
                  {e.menu}
                  <span className="crud-area__chevron" aria-hidden="true" />
                </button>
                <ul id={`crud-area-menu-${e.key}`} className="crud-area__menu" hidden={!expanded}>
                  <li>
                    <Link to={crudPath(e.routes.list)} onClick={closeAll} aria-label={M.crud.listaDe(e.menu.toLowerCase())}>
                      {M.crud.lista}
                    </Link>
                  </li>
                  {e.readOnly ? null : (
                    <li>
                      <Link to={crudPath(e.routes.register)} onClick={closeAll} aria-label={M.crud.registrarEn(e.menu.toLowerCase())}>
                        {M.crud.registrar}
                      </Link>
                    </li>
                  )}
                </ul>
              </li>
            );
          })}
        </ul>
      </nav>
      {props.operacion !== undefined ? (
        <p className="crud-operacion" role="status">
          {M.crud.operacionLabel}
          <strong data-testid="crud-operacion">{props.operacion}</strong>
        </p>
      ) : null}
    </header>
  );
}
