/** Sign-ins from a chosen client address and browser (its cookies), for the lockout and flood tests. */
import type { FastifyInstance, LightMyRequestResponse } from "fastify";

/** `POST /_api/iam/authentication/v2/login` from `address`, with the browser's `cookie` if any. */
export function memberLoginFrom(
  app: FastifyInstance,
  input: { email: string; password: string; address: string; cookie?: string | undefined },
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: "POST",
    url: "/_api/iam/authentication/v2/login",
    remoteAddress: input.address,
    headers: {
      host: "store.test",
      "content-type": "application/json",
      ...(input.cookie === undefined ? {} : { cookie: input.cookie }),
    },
    payload: JSON.stringify({ loginId: { email: input.email }, password: input.password }),
  });
}

/** `POST /admin/api/sign-in` with the owner's password (or a collaborator's, with `email`). */
export function editorSignInFrom(
  app: FastifyInstance,
  input: { password: string; address: string; cookie?: string | undefined; email?: string },
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: "POST",
    url: "/admin/api/sign-in",
    remoteAddress: input.address,
    headers: input.cookie === undefined ? {} : { cookie: input.cookie },
    payload:
      input.email === undefined
        ? { password: input.password }
        : { password: input.password, email: input.email },
  });
}

/** The `name=value` of the cookie `name` an answer set; throws when it set none. */
export function setCookieOf(response: LightMyRequestResponse, name: string): string {
  const header = response.headers["set-cookie"];
  const lines = Array.isArray(header) ? header : [String(header ?? "")];
  const line = lines.find((entry) => entry.startsWith(`${name}=`));
  if (line === undefined) throw new Error(`the answer set no ${name} cookie`);
  return line.split(";")[0] as string;
}
