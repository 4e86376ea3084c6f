/**
 * @module The flood's callers, in a process of their own (so the bench's `GET /` timing is not
 * slowed by their work): `flooders` callers send wrong passwords for the accounts from
 * `addresses` client addresses (X-Forwarded-For, through the loopback proxy) for `seconds`.
 * Prints `flooding` when it starts and `flooded <answers by code as JSON>` at the end.
 *
 *   node --import tsx flood-callers.ts <base> <flooders> <addresses> <seconds> <email,email,...>
 */
const [base = "", flooders = "48", addresses = "256", seconds = "4", emails = ""] =
  process.argv.slice(2);
const accounts = emails.split(",");
const answers: Record<string, number> = {};
const ends = performance.now() + Number(seconds) * 1000;
let sent = 0;

async function flooder(): Promise<void> {
  while (performance.now() < ends) {
    const n = sent++;
    const a = n % Number(addresses);
    const response = await fetch(`${base}/_api/iam/authentication/v2/login`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": `198.18.${a >> 8}.${a & 255}`,
      },
      body: JSON.stringify({
        loginId: { email: accounts[n % accounts.length] },
        password: `wrong guess ${n}`,
      }),
    });
    const body = (await response.json().catch(() => ({}))) as {
      state?: string;
      details?: { applicationError?: { code?: string } };
    };
    const code =
      response.status === 200
        ? String(body.state)
        : (body.details?.applicationError?.code ?? String(response.status));
    answers[code] = (answers[code] ?? 0) + 1;
  }
}

console.log("flooding");
await Promise.all(Array.from({ length: Number(flooders) }, flooder));
console.log(`flooded ${JSON.stringify(answers)}`);

export {};
