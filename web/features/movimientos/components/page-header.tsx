import { Link } from 'react-router';
import { IconBack } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';

/** Back to /inicio, then the screen's title. */
export function PageHeader({ title }: { title: string }) {
  return (
    <header className="page-header movimientos-header">
      <Link className="btn btn--ghost btn--icon" to={paths.inicio} aria-label="Volver al inicio" title="Volver al inicio">
        <IconBack />
      </Link>
      <h1>{title}</h1>
    </header>
  );
}
