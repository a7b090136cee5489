import { ArcElement, BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, LineElement, PointElement, Tooltip, type ChartOptions } from 'chart.js';
import { Bar, Doughnut, Line } from 'react-chartjs-2';
import { reportes } from '#shared/messages/reportes';
import type { TGrafico } from '#shared/schemas/reportes';
import { useFechas } from '../../../lib/fechas';
import { formatear } from './formato';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { reportes };

// Only the pieces these charts draw.
ChartJS.register(ArcElement, BarElement, CategoryScale, LinearScale, LineElement, PointElement, Tooltip, Legend);

export const COLORES = ['#2563eb', '#94a3b8', '#16a34a', '#f59e0b', '#dc2626', '#7c3aed', '#0891b2', '#db2777', '#65a30d', '#ea580c'];

/** A report's picture: bars, lines or a doughnut (chart.js), or a heat map drawn as a table. */
export function GraficoReporte({ grafico }: { grafico: TGrafico }) {
  const fechas = useFechas();
  const alt = M.reportes.graficos.alt(grafico.titulo);
  const valor = (v: number) => formatear(grafico.tipoValor, v, fechas);
  if (grafico.tipo === 'calor') return <MapaDeCalor grafico={grafico} valor={valor} />;
  const etiquetas = grafico.etiquetas.map((e) => formatear(/^\d{4}-\d{2}-\d{2}T/.test(e) ? 'fechaHora' : /^\d{4}-\d{2}-\d{2}$/.test(e) ? 'fecha' : 'texto', e, fechas));
  if (grafico.tipo === 'dona') {
    const options: ChartOptions<'doughnut'> = {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      plugins: { legend: { position: 'bottom' }, tooltip: { callbacks: { label: (c) => `${c.label}: ${valor(Number(c.raw))}` } } },
    };
    return (
      <div className="reporte-grafico reporte-grafico--dona">
        <Doughnut role="img" aria-label={alt} fallbackContent={<p>{alt}</p>} options={options} data={{ labels: etiquetas, datasets: grafico.series.map((s) => ({ label: s.nombre, data: s.datos, backgroundColor: COLORES })) }} />
      </div>
    );
  }
  const horizontal = grafico.tipo === 'barrasH';
  const datasets = grafico.series.map((s, i) => ({ label: s.nombre, data: s.datos, backgroundColor: COLORES[i % COLORES.length], borderColor: COLORES[i % COLORES.length] }));
  const escala = { beginAtZero: true, ticks: { callback: (v: string | number) => valor(Number(v)) } };
  if (grafico.tipo === 'linea') {
    const options: ChartOptions<'line'> = { responsive: true, maintainAspectRatio: false, animation: false, scales: { y: escala }, plugins: { legend: { display: datasets.length > 1 } } };
    return (
      <div className="reporte-grafico">
        <Line role="img" aria-label={alt} fallbackContent={<p>{alt}</p>} options={options} data={{ labels: etiquetas, datasets }} />
      </div>
    );
  }
  const options: ChartOptions<'bar'> = {
    indexAxis: horizontal ? 'y' : 'x',
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    scales: horizontal ? { x: escala, y: { ticks: { autoSkip: false, callback: (_v, i) => recortar(etiquetas[i] ?? '', 22) } } } : { y: escala },
    plugins: { legend: { display: datasets.length > 1, position: 'bottom' }, tooltip: { callbacks: { label: (c) => `${c.dataset.label}: ${valor(Number(c.raw))}` } } },
  };
  const alto = horizontal ? Math.max(200, etiquetas.length * datasets.length * 18 + 80) : 280;
  return (
    <div className="reporte-grafico" style={{ height: alto }}>
      <Bar role="img" aria-label={alt} fallbackContent={<p>{alt}</p>} options={options} data={{ labels: etiquetas, datasets }} />
    </div>
  );
}

const recortar = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** Weekdays × hours, each cell as dark as its share of the busiest one. */
function MapaDeCalor({ grafico, valor }: { grafico: TGrafico; valor: (v: number) => string }) {
  const max = Math.max(1, ...grafico.series.flatMap((s) => s.datos));
  return (
    <div className="reporte-calor" role="region" aria-label={M.reportes.graficos.alt(grafico.titulo)} tabIndex={0}>
      <table>
        <caption className="visually-hidden">{M.reportes.graficos.alt(grafico.titulo)}</caption>
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">{M.reportes.columnas.dia}</span>
            </th>
            {grafico.etiquetas.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {grafico.series.map((s) => (
            <tr key={s.nombre}>
              <th scope="row">{s.nombre.slice(0, 3)}</th>
              {s.datos.map((v, i) => (
                <td key={i} title={`${s.nombre} ${grafico.etiquetas[i]}h: ${valor(v)}`} style={{ background: v ? `rgba(37, 99, 235, ${0.12 + 0.88 * (v / max)})` : undefined }}>
                  <span className="visually-hidden">{valor(v)}</span>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
