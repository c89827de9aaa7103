import type { DeviceKind } from '@fleetport/contracts/devices';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/*
 * Fleetport's own drawings of the four device kinds (spec §9): flat, in the theme's colours, so
 * they suit every brand that shows them. A brand shows them only with `branded_devices`.
 */

const BODY = { fill: 'var(--fp-device-body)', stroke: 'var(--fp-device-line)', strokeWidth: 2 } as const;
const LINE = { stroke: 'var(--fp-device-line)', strokeWidth: 2, strokeLinecap: 'round' } as const;
const LED = { fill: 'var(--fp-device-led)' } as const;

function Antenna({ x }: { x: number }) {
  return (
    <>
      <rect x={x - 3} y={8} width={6} height={34} rx={3} {...BODY} />
      <rect x={x - 5} y={40} width={10} height={6} rx={1} {...BODY} />
    </>
  );
}

const DRAWINGS: Record<DeviceKind, ReactNode> = {
  // A desktop router: a box with two antennas and a row of lights.
  router: (
    <>
      <Antenna x={30} />
      <Antenna x={90} />
      <rect x={10} y={46} width={100} height={34} rx={6} {...BODY} />
      {[24, 36, 48, 60].map((x) => (
        <circle key={x} cx={x} cy={63} r={3} {...LED} />
      ))}
      <path d="M74 63h24" {...LINE} />
    </>
  ),
  // A rugged gateway: a narrower box with fins and one antenna.
  gateway: (
    <>
      <Antenna x={84} />
      <rect x={24} y={44} width={72} height={40} rx={5} {...BODY} />
      {[36, 46, 56].map((x) => (
        <path key={x} d={`M${x} 52v24`} {...LINE} />
      ))}
      <circle cx={74} cy={56} r={3} {...LED} />
      <circle cx={84} cy={56} r={3} {...LED} />
      <rect x={70} y={66} width={18} height={10} rx={2} {...BODY} />
    </>
  ),
  // A ceiling access point: a flat disc with a ring light.
  access_point: (
    <>
      <ellipse cx={60} cy={58} rx={48} ry={20} {...BODY} />
      <ellipse cx={60} cy={52} rx={48} ry={20} {...BODY} />
      <ellipse cx={60} cy={52} rx={14} ry={5} fill="none" stroke="var(--fp-device-led)" strokeWidth={3} />
      <path d="M38 20a30 30 0 0 1 44 0M46 28a18 18 0 0 1 28 0" fill="none" {...LINE} />
    </>
  ),
  // A switch: a long low box with a row of ports.
  switch: (
    <>
      <rect x={6} y={40} width={108} height={30} rx={4} {...BODY} />
      {[16, 28, 40, 52, 64, 76].map((x) => (
        <rect key={x} x={x} y={50} width={9} height={9} rx={1} fill="var(--fp-device-line)" />
      ))}
      <circle cx={96} cy={55} r={3} {...LED} />
      <circle cx={104} cy={55} r={3} {...LED} />
    </>
  ),
};

/** The drawing of a device kind; decorative (the device's name and model are written beside it). */
export function DeviceImage({ kind, size = 96 }: { kind: DeviceKind; size?: number }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 120 90"
      aria-hidden
      data-testid="device-image"
      data-kind={kind}
      sx={{
        width: size,
        height: (size * 90) / 120,
        flexShrink: 0,
        '--fp-device-body': (theme) => (theme.palette.mode === 'dark' ? '#3a3f47' : '#eef1f4'),
        '--fp-device-line': (theme) => theme.palette.text.secondary,
        '--fp-device-led': (theme) => theme.palette.primary.main,
      }}
    >
      {DRAWINGS[kind]}
    </Box>
  );
}
