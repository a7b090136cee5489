import { Link } from 'react-router';
import { reportes } from '#shared/messages/reportes';
import { INFORMES } from '#shared/schemas/reportes';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import './reportes.css';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { reportes };
const R = M.reportes;

/** The list of reports (issue #35): one card per report. */
export default function ReportesPage() {
  return (
    <>
      <PageHeader title={R.titulo} />
      <p className="reporte-intro">{R.subtitulo}</p>
      <nav aria-label={R.menu} className="reportes-lista">
        {INFORMES.map((i) => (
          <Link key={i} to={paths.reporte.replace(':informe', i)} className="card reportes-lista__item">
            <strong>{R.informes[i].titulo}</strong>
            <span>{R.informes[i].texto}</span>
          </Link>
        ))}
      </nav>
    </>
  );
}
