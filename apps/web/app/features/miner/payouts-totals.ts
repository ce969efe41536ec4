/**
 * Exact sums of the API's decimal amounts (strings in coin units): adding them as floats would
 * show 0.30000000000000004 LTC on a page of three 0.1 LTC payouts.
 */
const AMOUNT = /^(-?)(\d+)(?:\.(\d+))?$/;

export function sumAmounts(amounts: readonly string[]): string {
  let scale = 0;
  const parts = amounts.map((amount) => {
    const match = AMOUNT.exec(amount);
    if (!match) throw new Error(`not a decimal amount: ${amount}`);
    const [, sign = '', whole = '0', fraction = ''] = match;
    scale = Math.max(scale, fraction.length);
    return { sign, whole, fraction };
  });
  let total = 0n;
  for (const { sign, whole, fraction } of parts) {
    const units = BigInt(whole + fraction.padEnd(scale, '0'));
    total += sign ? -units : units;
  }
  const negative = total < 0n;
  const digits = (negative ? -total : total).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = scale > 0 ? digits.slice(digits.length - scale).replace(/0+$/, '') : '';
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
