import type { ChartConfiguration } from 'chart.js';
import { useEffect, useRef } from 'react';

/**
 * A chart drawn by Chart.js (decision 063), loaded on first use: the library is a separate chunk
 * that only the parents' report screens fetch. Bars and lines only (tree-shaken registration).
 */
async function loadChart() {
  const m = await import('chart.js');
  m.Chart.register(
    m.BarController,
    m.BarElement,
    m.LineController,
    m.LineElement,
    m.PointElement,
    m.CategoryScale,
    m.LinearScale,
    m.Tooltip,
    m.Filler,
  );
  return m.Chart;
}

export interface ChartProps {
  type: 'bar' | 'line';
  labels: string[];
  values: number[];
  /** Accessible name of the canvas. */
  label: string;
  max?: number;
  color?: string;
  testId?: string;
}

export function Chart({ type, labels, values, label, max, color = '#ff8a3d', testId }: ChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  // Redrawn when the numbers change, not when a parent renders new arrays of the same numbers.
  const data = JSON.stringify([labels, values]);
  useEffect(() => {
    const [labels, values] = JSON.parse(data) as [string[], number[]];
    let chart: { destroy(): void } | null = null;
    let cancelled = false;
    void loadChart().then((ChartJs) => {
      if (cancelled || !canvas.current) return;
      const config: ChartConfiguration<'bar' | 'line'> = {
        type,
        data: {
          labels,
          datasets: [
            {
              label,
              data: values,
              backgroundColor: type === 'bar' ? color : `${color}33`,
              borderColor: color,
              borderRadius: type === 'bar' ? 6 : 0,
              fill: type === 'line',
              tension: 0.3,
            },
          ],
        },
        options: {
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          plugins: { legend: { display: false } },
          scales: {
            y: {
              beginAtZero: true,
              ...(max !== undefined ? { max } : {}),
              ticks: { precision: 0 },
            },
            x: { grid: { display: false } },
          },
        },
      };
      chart = new ChartJs(canvas.current, config);
      canvas.current.dataset.ready = 'true';
    });
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [type, data, label, max, color]);
  return (
    <div style={{ position: 'relative', height: 180 }}>
      {/* The numbers drawn, for tests and tools that cannot read a canvas. */}
      <canvas
        ref={canvas}
        role="img"
        aria-label={label}
        data-testid={testId}
        data-values={values.join(',')}
      />
    </div>
  );
}
