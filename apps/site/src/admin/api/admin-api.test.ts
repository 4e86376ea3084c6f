import { describe, expect, test, vi } from "vitest";
import { createAdminApi } from "./admin-api.ts";
import { SessionEndedError } from "./api-errors.ts";

type Sent = { url: string; init: RequestInit };

function fakeFetch(responses: Response[]) {
  const sent: Sent[] = [];
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    sent.push({ url: String(url), init: init ?? {} });
    return responses.shift() ?? new Response("{}", { status: 200 });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, sent };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const SIGNED_IN = { signedIn: true, csrfToken: "tok-1", expiresAt: "x", idleTimeoutSeconds: 1800 };

describe("admin API client", () => {
  test("an update goes to the data-items API with the CSRF token and a version condition", async () => {
    const { fetch, sent } = fakeFetch([json(SIGNED_IN), json({ dataItem: {} })]);
    const api = createAdminApi({ fetch });
    await api.session();
    await api.updateItem("About", "about", { data: "x" }, "2025-01-01T00:00:00.000Z");
    const update = sent[1];
    if (!update) throw new Error("no update sent");
    expect(update.url).toBe("/wix-data/v2/items/update");
    expect((update.init.headers as Record<string, string>)["x-csrf-token"]).toBe("tok-1");
    expect(JSON.parse(String(update?.init.body))).toEqual({
      dataCollectionId: "About",
      dataItem: { id: "about", data: { _id: "about", data: "x" } },
      condition: { filter: { _updatedDate: { $eq: { $date: "2025-01-01T00:00:00.000Z" } } } },
    });
  });

  test("a remove carries the same condition", async () => {
    const { fetch, sent } = fakeFetch([json({ dataItem: {} })]);
    await createAdminApi({ fetch }).removeItem("Clients", "c1", "2025-01-01T00:00:00.000Z");
    expect(JSON.parse(String(sent[0]?.init.body))).toEqual({
      dataCollectionId: "Clients",
      dataItemId: "c1",
      condition: { filter: { _updatedDate: { $eq: { $date: "2025-01-01T00:00:00.000Z" } } } },
    });
  });

  test("a 401 outside sign-in reports the ended session", async () => {
    const onSessionEnded = vi.fn();
    const { fetch } = fakeFetch([json({ message: "Sign in to continue" }, 401)]);
    await expect(createAdminApi({ fetch, onSessionEnded }).items("About")).rejects.toBeInstanceOf(
      SessionEndedError,
    );
    expect(onSessionEnded).toHaveBeenCalledOnce();
  });

  test("a wrong password is the store's message, not an ended session", async () => {
    const onSessionEnded = vi.fn();
    const { fetch } = fakeFetch([
      json(
        {
          message: "Wrong password",
          details: { applicationError: { code: "OWNER_WRONG_PASSWORD" } },
        },
        401,
      ),
    ]);
    await expect(createAdminApi({ fetch, onSessionEnded }).signIn("nope")).rejects.toThrow(
      "Wrong password",
    );
    expect(onSessionEnded).not.toHaveBeenCalled();
  });
});
