import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Ticks,
  Tooltip,
  type ChartConfiguration,
  type Scale,
} from 'chart.js';
import { useEffect, useRef } from 'react';
// The Bangla font's faces (unicode-range: fetched only when Bengali is drawn), for the labels.
import '../../lib/i18n/bn-font.css';
import { formatNumber, type Language } from '../../lib/i18n/i18n';

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

// A canvas draws with the fonts it is told, not the page's: Bengali labels (a Bangla date, a
// product's Bangla name) in the app's own Bangla font, the rest in the page's system fonts.
Chart.defaults.font.family =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans Bengali', sans-serif";

const BENGALI = /[\u0980-\u09FF]/;

/**
 * An axis's numbers in the screen's digits. Chart.js writes them with Intl in the chart's `locale`,
 * except 0, which its numeric formatter returns as "0" in every language.
 */
export function axisNumber(lang: Language) {
  return function (this: Scale, value: number | string, index: number, ticks: { value: number }[]) {
    return Number(value) === 0
      ? formatNumber(0, lang)
      : Ticks.formatters.numeric.call(this, Number(value), index, ticks);
  };
}

/**
 * Waits for the Bangla font when the chart has Bengali text: a canvas does not wait for a web font
 * as the page does, and would draw boxes on a computer without a Bengali system font.
 */
function fontFor(config: Props['config']): Promise<unknown> {
  const text = JSON.stringify([config.data.labels, config.data.datasets.map((d) => d.label)]);
  const sample = text.match(/[\u0980-\u09FF]+/g)?.join('') ?? '';
  if (!BENGALI.test(text) || typeof document === 'undefined' || !document.fonts) return Promise.resolve();
  return Promise.all([
    document.fonts.load('12px "Noto Sans Bengali"', sample),
    document.fonts.load('bold 12px "Noto Sans Bengali"', sample),
  ]).catch(() => undefined);
}

type Props = { label: string; config: ChartConfiguration<'line' | 'bar', number[], string> };

/** A chart.js chart on a canvas, drawn again when its data changes and freed when it goes. */
export function ChartCanvas({ label, config }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const element = canvas.current;
    // No 2D context (an old browser, a test DOM): the table below the charts has the figures.
    if (!element?.getContext?.('2d')) return;
    let chart: Chart<'line' | 'bar', number[], string> | undefined;
    let gone = false;
    void fontFor(config).then(() => {
      if (!gone) chart = new Chart(element, config);
    });
    return () => {
      gone = true;
      chart?.destroy();
    };
  }, [config]);
  return (
    <div className="chart-box">
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
