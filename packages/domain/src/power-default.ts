/**
 * The power cost's default alone (decision 024's rules are in power-cost.ts): the site's frame
 * needs only this, and a module with nothing else keeps the hardware pages' rules out of the
 * code every page loads (decision 037).
 */

export interface PowerPrice {
  /** Per kWh, in `currency`. */
  amount: number;
  /** ISO 4217 code, upper case. */
  currency: string;
}

/** Electricity per kWh when the visitor, the link and the profile name none (the spec's 0.04, in USD). */
export const DEFAULT_POWER_COST_USD = 0.04;
export const DEFAULT_POWER_PRICE: PowerPrice = Object.freeze({ amount: DEFAULT_POWER_COST_USD, currency: 'USD' });
