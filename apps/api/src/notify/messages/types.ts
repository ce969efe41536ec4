/** The shape of every locale's notification texts: the keys of the English source. */
import type { en } from './en.ts';

export type NotifyMessages = Record<keyof typeof en, string>;
