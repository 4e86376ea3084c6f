/** Sizes in kB of 1000 bytes, as Vite and most budgets print them. */
export function kb(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} KB`;
}

export function ms(value: number): string {
  if (!Number.isFinite(value)) return "n/a";
  if (value < 10) return `${value.toFixed(2)} ms`;
  if (value < 100) return `${value.toFixed(1)} ms`;
  return `${Math.round(value)} ms`;
}

export function perSecond(value: number): string {
  return `${Math.round(value).toLocaleString("en-US")} req/s`;
}

/** `a / b`; two zeros compare as equal, a zero baseline under a non-zero figure is infinite. */
export function ratioOf(a: number, b: number): number {
  if (b === 0) return a === 0 ? 1 : Number.POSITIVE_INFINITY;
  return a / b;
}

export function ratio(value: number): string {
  if (!Number.isFinite(value)) return "∞";
  return `${value < 10 ? value.toFixed(2) : value.toFixed(1)}×`;
}

export function count(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}
