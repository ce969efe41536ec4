/**
 * Worker names as miners really choose them: `default` or `rig1` for one machine, numbered
 * rigs for a few, rack/row schemes named after the hardware for a farm's machines
 * (`s21pro-r3-07`) and container numbers for a farm's containers behind its proxy (`c07.s21pro`).
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
    if (style < 0.35) names.push(`rig${pad2(i + 1)}`);
    else if (style < 0.7) names.push(`${short}-${pad2(i + 1)}`);
    else if (device.kind === 'gpu') names.push(`gpu-farm-${i + 1}`);
    else names.push(`worker${i + 1}`);
  }
  return names;
}

/** A farm's workers: its machines by rack row, as its monitoring numbers them, or its containers. */
export function farmWorkerNames(device: Device, count: number, containers: boolean, rng: Rng): string[] {
  const short = device.short;
  const style = rng.next();
  return Array.from({ length: count }, (_, i) => {
    if (containers) return style < 0.5 ? `c${pad2(i + 1)}.${short}` : `container-${pad2(i + 1)}`;
    const row = Math.floor(i / 10) + 1;
    const seat = (i % 10) + 1;
    if (style < 0.4) return `${short}-r${row}-${pad2(seat)}`;
    if (style < 0.7) return `${short}-row${row}-${seat}`;
    return `rack${row}.${short}-${pad2(seat)}`;
  });
}
