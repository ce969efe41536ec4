/**
 * Worker names as miners really choose them: `default` or `rig1` for one machine, numbered
 * rigs for a few, and rack/row schemes named after the hardware for farms (`s21pro-r3-07`).
 */
import type { Device } from './devices.ts';
import type { Rng } from './random.ts';

const SINGLE = ['default', 'rig1', 'rig01', 'home', 'worker1', 'main', 'garage'];

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

export function workerNames(device: Device, count: number, rng: Rng): string[] {
  const short = device.short;
  if (count === 1) {
    const choice = rng.next();
    if (choice < 0.6) return [rng.pick(SINGLE)];
    return [choice < 0.8 ? short : `${short}-01`];
  }
  const style = rng.next();
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const row = Math.floor(i / 10) + 1;
    const seat = (i % 10) + 1;
    if (count > 12) {
      // Farms number their machines by rack row, as their monitoring does.
      if (style < 0.4) names.push(`${short}-r${row}-${pad2(seat)}`);
      else if (style < 0.7) names.push(`${short}-row${row}-${seat}`);
      else names.push(`rack${row}.${short}-${pad2(seat)}`);
    } else if (style < 0.35) names.push(`rig${pad2(i + 1)}`);
    else if (style < 0.7) names.push(`${short}-${pad2(i + 1)}`);
    else if (device.kind === 'gpu') names.push(`gpu-farm-${i + 1}`);
    else names.push(`worker${i + 1}`);
  }
  return names;
}
