import { useQuery } from '@tanstack/react-query';
import { BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, Tooltip, type ChartOptions } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { Link } from 'react-router';
import { formatCantidad } from '#shared/cantidad';
import { formatNumber, formatPesos } from '#shared/money';
import { reportes } from '#shared/messages/reportes';
import type { TIndicador, TInforme } from '#shared/schemas/reportes';
import { paths } from '../../../config/paths';
import { resumenDiaQuery } from '../api/get-resumen-dia';
import './resumen-dia.css';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { reportes };
const R = M.reportes;

ChartJS.register(BarElement, CategoryScale, LinearScale, Tooltip, Legend);

// A quantity sold by measure reads with its unit: "2,5 m", "3 m²", "1,5 gal" (issue #58 point 3).
const valor = (i: Pick<TIndicador, 'tipo' | 'unidad'>, v: number) => (i.tipo === 'dinero' ? formatPesos(v) : i.unidad ? formatCantidad(v, i.unidad) : formatNumber(v));
const aReporte = (informe: TInforme, extra = '') => `${paths.reporte.replace(':informe', informe)}${extra}`;
const diaCorto = (dia: string) => `${dia.slice(8, 10)}/${dia.slice(5, 7)}/${dia.slice(0, 4)}`;

/** Where each figure leads: one tap to its report. */
const DESTINO: Record<string, TInforme> = { neto: 'ventas', margen: 'productos', tickets: 'ventas', ticketPromedio: 'ventas', fiadoDado: 'cartera', fiadoCobrado: 'medios-pago' };

function Cambio({ valor: v, anterior }: { valor: number; anterior: number | null }) {
  if (anterior == null || anterior === 0) return <span className="inicio-dia__cambio">{R.sinComparacion}</span>;
  const pct = Math.round(((v - anterior) / Math.abs(anterior)) * 1000) / 10;
  return <span className={`inicio-dia__cambio ${pct >= 0 ? 'sube' : 'baja'}`}>{`${pct > 0 ? '+' : pct < 0 ? '−' : ''}${String(Math.abs(pct)).replace('.', ',')} %`}</span>;
}

/** Inicio for roles 1 and 3 (issue #35 point 1): today against the same weekday last week. */
export function ResumenDia() {
  const q = useQuery(resumenDiaQuery());
  if (q.isError)
    return (
      <p className="state state--error" role="alert">
        {R.inicio.cargaFallida}
      </p>
    );
  if (!q.data)
    return (
      <div className="state" role="status">
        {R.cargando}
      </div>
    );
  const d = q.data;
  const options: ChartOptions<'bar'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    scales: { y: { beginAtZero: true, ticks: { callback: (v) => formatPesos(Number(v)) } } },
    plugins: { legend: { position: 'bottom' }, tooltip: { callbacks: { label: (c) => `${c.dataset.label}: ${formatPesos(Number(c.raw))}` } } },
  };
  // Hours with sales on either day, so a phone shows the shop's hours, not 24 empty bars.
  const horas = d.porHora.etiquetas.map((_, i) => i).filter((i) => d.porHora.series.some((s) => s.datos[i]));
  const desde = horas.length ? Math.min(...horas) : 7;
  const hasta = horas.length ? Math.max(...horas) : 20;
  const rango = Array.from({ length: hasta - desde + 1 }, (_, i) => desde + i);
  return (
    <section className="inicio-dia" aria-labelledby="inicio-dia-titulo">
      <div className="inicio-dia__cabeza">
        <h2 id="inicio-dia-titulo">{R.inicio.titulo}</h2>
        <p>{R.inicio.comparado(diaCorto(d.comparadoCon))}</p>
      </div>
      <div className="inicio-dia__indicadores">
        {d.indicadores.map((i) => (
          <Link
            key={i.clave}
            to={aReporte(DESTINO[i.clave] ?? 'ventas')}
            className="card inicio-dia__indicador"
            data-testid={`inicio-${i.clave}`}
            aria-label={R.inicio.abrir(i.titulo, valor(i, i.valor), valor(i, i.anterior ?? 0))}
          >
            <span className="inicio-dia__titulo">{i.titulo}</span>
            <strong>{valor(i, i.valor)}</strong>
            {i.detalle ? <span className="inicio-dia__detalle">{i.detalle}</span> : null}
            <span className="inicio-dia__antes">
              {R.inicio.semanaPasada}: <span className="inicio-dia__nowrap">{valor(i, i.anterior ?? 0)}</span> <Cambio valor={i.valor} anterior={i.anterior} />
            </span>
          </Link>
        ))}
        <Link to={aReporte('inventario')} className="card inicio-dia__indicador" data-testid="inicio-por-pedir" aria-label={R.inicio.abrirCifra(R.inicio.porPedir, formatNumber(d.porPedir))}>
          <span className="inicio-dia__titulo">{R.inicio.porPedir}</span>
          <strong>{formatNumber(d.porPedir)}</strong>
        </Link>
        <Link to={aReporte('turnos')} className="card inicio-dia__indicador" data-testid="inicio-turnos" aria-label={R.inicio.abrirCifra(R.inicio.turnosAbiertos, formatNumber(d.turnosAbiertos))}>
          <span className="inicio-dia__titulo">{R.inicio.turnosAbiertos}</span>
          <strong>{formatNumber(d.turnosAbiertos)}</strong>
        </Link>
      </div>
      <div className="inicio-dia__grid">
        <Link to={aReporte('mapa-calor')} className="card inicio-dia__panel inicio-dia__panel--grafico" aria-label={R.inicio.abrirPanel(R.inicio.porHora)}>
          <h3>{R.inicio.porHora}</h3>
          <div className="inicio-dia__grafico">
            <Bar
              role="img"
              aria-label={R.graficos.alt(R.inicio.porHora)}
              options={options}
              data={{
                labels: rango.map((h) => d.porHora.etiquetas[h]),
                datasets: d.porHora.series.map((s, i) => ({ label: s.nombre, data: rango.map((h) => s.datos[h] ?? 0), backgroundColor: i === 0 ? '#0f766e' : '#cbd5e1' })),
              }}
            />
          </div>
        </Link>
        <Link to={aReporte('medios-pago')} className="card inicio-dia__panel" aria-label={R.inicio.abrirPanel(R.inicio.porMedio)}>
          <h3>{R.inicio.porMedio}</h3>
          {d.porMedio.length ? (
            <ul className="inicio-dia__lista">
              {d.porMedio.map((m) => (
                <li key={m.medio}>
                  <span>{m.medio}</span>
                  <strong>{formatPesos(m.monto)}</strong>
                  <small>
                    {R.inicio.semanaPasada}: <span className="inicio-dia__nowrap">{formatPesos(m.anterior)}</span>
                  </small>
                </li>
              ))}
            </ul>
          ) : (
            <p className="inicio-dia__vacio">{R.inicio.sinVentas}</p>
          )}
        </Link>
        <Link to={aReporte('productos')} className="card inicio-dia__panel" aria-label={R.inicio.abrirPanel(R.inicio.top)}>
          <h3>{R.inicio.top}</h3>
          {d.top.length ? (
            <ol className="inicio-dia__lista">
              {d.top.map((p) => (
                <li key={p.producto}>
                  <span>{p.producto}</span>
                  <strong>{formatCantidad(p.cantidad, p.unidad)}</strong>
                  <small>{formatPesos(p.neto)}</small>
                </li>
              ))}
            </ol>
          ) : (
            <p className="inicio-dia__vacio">{R.inicio.sinVentas}</p>
          )}
        </Link>
      </div>
      <p>
        <Link className="btn btn--ghost" to={paths.reportes}>
          {R.inicio.verReportes}
        </Link>
      </p>
    </section>
  );
}
