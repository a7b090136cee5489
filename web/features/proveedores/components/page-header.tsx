import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { IconBack } from '../../../components/ui/icons';

/** A back link, the screen's title, and the screen's own actions. */
export function PageHeader(props: { title: string; backTo: string; backLabel: string; children?: ReactNode }) {
  return (
    <header className="page-header gpv-header">
      <div className="gpv-header__title">
        <Link className="btn btn--ghost btn--icon" to={props.backTo} aria-label={props.backLabel} title={props.backLabel}>
          <IconBack />
        </Link>
        <h1>{props.title}</h1>
      </div>
      {props.children ? <div className="page-header__actions">{props.children}</div> : null}
    </header>
  );
}
