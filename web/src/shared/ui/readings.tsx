import Box from '@mui/material/Box';
import type { TFunction } from 'i18next';
import { formatDateTime } from '../lib/dates.ts';

/*
 * How a device's readings are shown, alike on the device's pages and the statistics pages: a
 * small time series chart, the style of the small tables, the connection log's reasons. One
 * module, so both kinds of page share one chunk of it.
 */

export { TABLE_SX } from './table-sx.ts';

/**
 * Spec §8 connection log reasons (0, 10, 12, 20, 104 alike), as a device's activity and the
 * connection manager word them (the `device` area's strings).
 */
export function reasonText(t: TFunction, reason: number | undefined): string {
  if (reason === 14) return t('device.activity.reason14');
  if (reason === 15) return t('device.activity.reason15');
  if (reason === 7) return t('device.activity.reason7');
  return t('device.activity.reason0');
}

const WIDTH = 600;
const HEIGHT = 180;
const PAD = { left: 64, right: 8, top: 8, bottom: 22 };

/**
 * A small time series chart in plain SVG (no chart library on the page): the line, the lowest
 * and highest value, and the first and last time. The points are the API's, thinned to 600.
 */
export function LineChart({
  points,
  label,
  language,
  format = (value: number) => String(Math.round(value * 10) / 10),
}: {
  points: readonly { at: number; value: number }[];
  label: string;
  language: string;
  /** How the lowest and highest values are written (bytes, volts…). */
  format?: (value: number) => string;
}) {
  if (points.length === 0) return null;
  const first = points[0] as { at: number; value: number };
  const last = points.at(-1) as { at: number; value: number };
  const values = points.map((point) => point.value);
  let low = Math.min(...values);
  let high = Math.max(...values);
  if (low === high) {
    low -= 1;
    high += 1;
  }
  const span = Math.max(1, last.at - first.at);
  const x = (at: number) => PAD.left + ((at - first.at) / span) * (WIDTH - PAD.left - PAD.right);
  const y = (value: number) => PAD.top + (1 - (value - low) / (high - low)) * (HEIGHT - PAD.top - PAD.bottom);
  const path = points
    .map((point, index) => `${index ? 'L' : 'M'}${x(point.at).toFixed(1)},${y(point.value).toFixed(1)}`)
    .join('');
  return (
    <Box
      component="svg"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={label}
      sx={{
        width: '100%',
        height: 'auto',
        display: 'block',
        color: 'primary.main',
        '& text': { fill: 'currentColor', fontSize: 11 },
      }}
    >
      <g style={{ color: 'var(--mui-palette-text-secondary, #666)' }}>
        <line
          x1={PAD.left}
          x2={WIDTH - PAD.right}
          y1={HEIGHT - PAD.bottom}
          y2={HEIGHT - PAD.bottom}
          stroke="currentColor"
          strokeOpacity={0.3}
        />
        <text x={PAD.left - 4} y={PAD.top + 8} textAnchor="end">
          {format(high)}
        </text>
        <text x={PAD.left - 4} y={HEIGHT - PAD.bottom} textAnchor="end">
          {format(low)}
        </text>
        <text x={PAD.left} y={HEIGHT - 6}>
          {formatDateTime(new Date(first.at).toISOString(), language)}
        </text>
        <text x={WIDTH - PAD.right} y={HEIGHT - 6} textAnchor="end">
          {formatDateTime(new Date(last.at).toISOString(), language)}
        </text>
      </g>
      <path d={path} fill="none" stroke="currentColor" strokeWidth={1.5} />
      {/* A few readings show as dots too: one reading alone draws no line. */}
      {points.length <= 60 &&
        points.map((point) => (
          <circle key={point.at} cx={x(point.at)} cy={y(point.value)} r={2.5} fill="currentColor" />
        ))}
    </Box>
  );
}
