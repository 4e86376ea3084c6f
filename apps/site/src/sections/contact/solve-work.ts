/**
 * Finds an answer whose SHA-256 of `token:answer` starts with `bits` zero bits: the small proof
 * of work every token of the store's contact form asks. Loaded with the first token (dynamic
 * import), while the visitor writes.
 */
export async function solveWork(token: string, bits: number): Promise<string> {
  const encoder = new TextEncoder();
  for (let answer = 0; ; answer++) {
    const digest = new DataView(
      await crypto.subtle.digest("SHA-256", encoder.encode(`${token}:${answer}`)),
    );
    if (digest.getUint32(0) >>> (32 - bits) === 0) return String(answer);
  }
}
