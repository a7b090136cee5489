import { BarElement, CategoryScale, Chart as ChartJS, LinearScale, Tooltip, type ChartOptions, type Plugin } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { analisis } from '#shared/messages/analisis';
import type { TAnalisisItem } from '#shared/schemas/analisis';
import { ESTILO_CLASE, formatPromedio } from './popularidad';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { analisis };

// Only the pieces this chart draws: the chunk stays small.
ChartJS.register(BarElement, CategoryScale, LinearScale, Tooltip);

/** A dashed vertical line at the mean, labelled, drawn over the bars. */
const lineaPromedio = (promedio: number): Plugin<'bar'> => ({
  id: 'lineaPromedio',
  afterDatasetsDraw(chart) {
    const { ctx, chartArea, scales } = chart;
    const x = scales.x?.getPixelForValue(promedio);
    if (x == null || x < chartArea.left || x > chartArea.right) return;
    ctx.save();
    ctx.strokeStyle = '#0f172a';
    ctx.lineWidth = 1.5;
    ctx.setLineDash([6, 4]);
    ctx.beginPath();
    ctx.moveTo(x, chartArea.top);
    ctx.lineTo(x, chartArea.bottom);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.fillStyle = '#0f172a';
    ctx.font = '600 12px system-ui, sans-serif';
    const label = M.analisis.graficoPromedio(formatPromedio(promedio));
    const w = ctx.measureText(label).width;
    ctx.textBaseline = 'bottom';
    ctx.fillText(label, Math.max(chartArea.left, Math.min(x - w / 2, chartArea.right - w)), chartArea.top - 6);
    ctx.restore();
  },
});

/** Horizontal bars (names stay readable on a phone), coloured by popularity class. */
export function PopularidadChart(props: { items: TAnalisisItem[]; promedio: number; alt: string }) {
  const { items, promedio, alt } = props;
  const estilos = items.map((i) => ESTILO_CLASE[i.clase]);
  const options: ChartOptions<'bar'> = {
    indexAxis: 'y',
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    layout: { padding: { top: 22, right: 8 } },
    scales: {
      x: { beginAtZero: true, ticks: { precision: 0 }, title: { display: true, text: M.analisis.unidadesVendidas } },
      y: { ticks: { autoSkip: false, callback: (_v, i) => truncate(items[i]?.nombre ?? '', 26) } },
    },
    plugins: {
      tooltip: {
        callbacks: {
          title: (ctx) => items[ctx[0]?.dataIndex ?? 0]?.nombre ?? '',
          label: (ctx) => {
            const item = items[ctx.dataIndex];
            return item ? M.analisis.graficoBarra(item.cantidadVendida, item.clase) : '';
          },
        },
      },
    },
  };
  return (
    <div className="analisis-chart" style={{ height: Math.max(180, items.length * 28 + 70) }}>
      <Bar
        role="img"
        aria-label={alt}
        fallbackContent={<p>{alt}</p>}
        options={options}
        plugins={[lineaPromedio(promedio)]}
        data={{
          labels: items.map((i) => i.nombre),
          datasets: [
            {
              label: M.analisis.unidadesVendidas,
              data: items.map((i) => i.cantidadVendida),
              backgroundColor: estilos.map((e) => e.fill),
              borderColor: estilos.map((e) => e.border),
              borderWidth: 1,
              borderRadius: 4,
              maxBarThickness: 22,
            },
          ],
        }}
      />
    </div>
  );
}

const truncate = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
