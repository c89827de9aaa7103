import { describe, expect, it } from 'vitest';
import { counterSteps, l2tpStatus } from './devices.ts';

describe('l2tpStatus (spec §4 L2TP instance status)', () => {
  const instance = (enabled: boolean, running: boolean, online: boolean) => ({ enabled, running, online });

  it.each([
    ['No L2TP instances', [], 'none'],
    ['All disabled', [instance(false, false, false), instance(false, true, true)], 'disabled'],
    ['All online/running', [instance(true, true, true), instance(false, false, false)], 'online'],
    ['All offline/stopped', [instance(true, false, false), instance(true, true, false)], 'offline'],
    ['Mixed', [instance(true, true, true), instance(true, false, false)], 'mixed'],
  ] as const)('%s', (_label, instances, expected) => {
    expect(l2tpStatus(instances)).toBe(expected);
  });
});

describe('counterSteps', () => {
  it('gives each SIM its growth between readings; a counter that went down counts its new value', () => {
    const steps = counterSteps([
      { mobile: [{ sim: 1, rx_bytes: 100, tx_bytes: 10 }] },
      {
        mobile: [
          { sim: 1, rx_bytes: 150, tx_bytes: 15 },
          { sim: 2, rx_bytes: 5, tx_bytes: 5 },
        ],
      },
      {
        mobile: [
          { sim: 1, rx_bytes: 30, tx_bytes: 3 },
          { sim: 2, rx_bytes: 9, tx_bytes: 6 },
        ],
      },
    ]);
    expect(steps.map(({ sim, rx_bytes, tx_bytes }) => [sim, rx_bytes, tx_bytes])).toEqual([
      [1, 50, 5],
      [1, 30, 3],
      [2, 4, 1],
    ]);
  });
});
