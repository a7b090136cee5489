import { Link } from 'react-router';
import { caja } from '#shared/messages/caja';
import { formatPesos } from '#shared/money';
import { PageHeader } from '../../components/page-header';
import { SelectField } from '../../components/ui/field';
import { RangoFechas } from '../../components/ui/rango-fechas';
import { TablaPaginada } from '../../components/ui/tabla-filtrada';
import { paths } from '../../config/paths';
import { useFechas } from '../../lib/fechas';
import { useListaPaginada } from '../../lib/use-lista-paginada';
import { turnosQuery } from './api/get-turnos';
import { reportePath } from './format';
import './caja.css';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { caja };

const PAGE_SIZE = 20;

/** /caja/turnos: the history of shifts by date and cashier (role 2: its own only). */
export default function TurnosPage() {
  const lista = useListaPaginada({
    query: ({ desde, hasta, cajero, page, pageSize }) => turnosQuery({ desde, hasta, cajero: cajero === '' ? undefined : Number(cajero), page, pageSize }),
    pageSize: PAGE_SIZE,
    filters: { desde: '', hasta: '', cajero: '' },
  });
  const { filtros } = lista;
  const cajeros = lista.query.data?.cajeros ?? [];
  const fechas = useFechas();

  return (
    <>
      <PageHeader title={M.caja.tituloTurnos} backTo={paths.caja} backLabel={M.caja.irACaja}>
        <Link className="btn btn--ghost" to={paths.caja}>
          {M.caja.irACaja}
        </Link>
      </PageHeader>
      <div className="toolbar caja-filtros" role="search">
        <RangoFechas desde={filtros.desde} hasta={filtros.hasta} onChange={lista.setFiltros} labels={{ desde: M.caja.desde, hasta: M.caja.hasta }} />
        {cajeros.length ? (
          <SelectField
            label={M.caja.cajero}
            value={filtros.cajero}
            onChange={(e) => lista.setFiltros({ cajero: e.target.value })}
            options={[{ value: '', label: M.caja.todos }, ...cajeros.map((c) => ({ value: String(c.id), label: c.nombre }))]}
          />
        ) : null}
      </div>
      <TablaPaginada
        lista={lista}
        textos={{ titulo: M.caja.tituloTurnos, cargando: M.caja.cargandoTurnos, cargaFallida: M.caja.turnosFallidos, vacio: M.caja.sinTurnos }}
        className="caja-turnos"
        rowKey={(x) => x.id}
        columns={[
          { header: M.caja.turno, cell: (x) => `#${x.id}` },
          { header: M.caja.cajero, cell: (x) => x.cajero },
          { header: M.caja.abiertaEn, cell: (x) => fechas.fechaHora(x.abiertoEn) },
          { header: M.caja.cerradaEn, cell: (x) => (x.cerradoEn ? fechas.fechaHora(x.cerradoEn) : <span className="badge badge--warn">{M.caja.estadoAbierto}</span>) },
          { header: M.caja.ventasCol, num: true, cell: (x) => x.numeroVentas },
          {
            header: M.caja.diferencia,
            num: true,
            cell: (x) => (x.diferencia == null ? '—' : <span className={x.diferencia < 0 ? 'caja-dif--neg' : undefined}>{formatPesos(x.diferencia)}</span>),
          },
        ]}
        acciones={[
          {
            className: 'caja-turnos__acciones',
            cell: (x) => (
              <Link className="btn btn--ghost btn--sm" to={reportePath(x.id)} aria-label={M.caja.verTurno(x.id)}>
                {M.caja.ver}
              </Link>
            ),
          },
        ]}
      />
    </>
  );
}
