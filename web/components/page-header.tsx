import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { comun } from '#shared/messages/comun';
import { paths } from '../config/paths';
import { IconBack } from './ui/icons';

// The shell's texts only: every screen loads them (issue #20).
const M = { comun };

/**
 * The top of an application screen: a back link, the title, and the screen's own actions.
 * Each screen may add its own classes for layout.
 */
export function PageHeader(props: {
  title: string;
  backTo?: string;
  backLabel?: string;
  className?: string;
  /** Wraps the back link and the title together (for screens that lay them out as one block). */
  titleClassName?: string;
  actionsClassName?: string;
  children?: ReactNode;
}) {
  const { backTo = paths.inicio, backLabel = M.comun.volverInicio } = props;
  const lead = (
    <>
      <Link className="btn btn--ghost btn--icon" to={backTo} aria-label={backLabel} title={backLabel}>
        <IconBack />
      </Link>
      <h1>{props.title}</h1>
    </>
  );
  return (
    <header className={`page-header${props.className ? ` ${props.className}` : ''}`}>
      {props.titleClassName ? <div className={props.titleClassName}>{lead}</div> : lead}
      {props.children ? <div className={`page-header__actions${props.actionsClassName ? ` ${props.actionsClassName}` : ''}`}>{props.children}</div> : null}
    </header>
  );
}
