/**
 * `value` rounded to `digits` decimals (2 by default) as Math.round rounds: halves up, toward +∞. The
 * figures the engine reports go through it, so every place rounds alike.
 *
 * A result that would be -0 or NaN is 0: a small negative figure that rounds away must read 0 under
 * Object.is and deep-equality checks too, not only in JSON (which prints -0 as 0 and NaN as null).
 */
export const round = (value: number, digits = 2): number => Math.round(value * 10 ** digits) / 10 ** digits || 0;
