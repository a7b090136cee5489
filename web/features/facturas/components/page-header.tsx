import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { IconBack } from '../../../components/ui/icons';

/** A back button, the screen's title and its actions. */
export function PageHeader({ title, back, backLabel, actions }: { title: string; back: string; backLabel: string; actions?: ReactNode }) {
  return (
    <header className="page-header facturas-header">
      <Link className="btn btn--ghost btn--icon" to={back} aria-label={backLabel} title={backLabel}>
        <IconBack />
      </Link>
      <h1>{title}</h1>
      {actions ? <div className="page-header__actions facturas-header__actions">{actions}</div> : null}
    </header>
  );
}
