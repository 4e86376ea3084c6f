/**
 * @module A store with one HomePage item and a visitor token (made before each test, closed
 * after), and its query call sent raw, as JSON or as a GET.
 */
import { afterEach, beforeEach } from "vitest";
import { createTestApp, type TestApp } from "./test-app.ts";

export function queryApp() {
  let t: TestApp;
  let token: string;
  beforeEach(async () => {
    t = createTestApp();
    t.insert("HomePage", [{ _id: "a", title_fld: "MainTitle", data: "Hello" }]);
    token = await t.token();
  });
  afterEach(() => t.app.close());

  const postRaw = (payload: string, contentType = "application/json") =>
    t.app.inject({
      method: "POST",
      url: "/wix-data/v2/items/query",
      headers: { authorization: token, "content-type": contentType },
      payload,
    });
  return {
    get app() {
      return t.app;
    },
    get token() {
      return token;
    },
    postRaw,
    postQuery: (body: unknown) => postRaw(JSON.stringify(body)),
    getQuery: (search: string) =>
      t.app.inject({
        method: "GET",
        url: `/wix-data/v2/items/query?${search}`,
        headers: { authorization: token },
      }),
  };
}
