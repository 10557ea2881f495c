import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';
import { useEffect, useRef } from 'react';

// Only the pieces the two charts use, so the admin chunk stays small.
Chart.register(
  LineController,
  LineElement,
  PointElement,
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  Tooltip,
);

type Props = { label: string; config: ChartConfiguration<'line' | 'bar', number[], string> };

/** A chart.js chart on a canvas, drawn again when its data changes and freed when it goes. */
export function ChartCanvas({ label, config }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const element = canvas.current;
    // No 2D context (an old browser, a test DOM): the table below the charts has the figures.
    if (!element?.getContext?.('2d')) return;
    const chart = new Chart(element, config);
    return () => chart.destroy();
  }, [config]);
  return (
    <div className="chart-box">
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
