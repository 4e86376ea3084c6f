import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../main/test-kit/test-app.ts";

describe("data-items writes to the settings and the pictures", () => {
  let test: TestApp;
  beforeEach(() => {
    test = createTestApp();
    test.insert("SiteSettings", [{ _id: "site", email: "alex@example.com" }]);
  });
  afterEach(() => test.app.close());

  const write = (method: "POST" | "PUT", url: string, payload: Record<string, unknown>) =>
    test.app.inject({ method, url, headers: { authorization: test.apiKey }, payload });

  it("refuses settings the editor would refuse (e-mail, web address, phone), naming the fields", async () => {
    const response = await write("PUT", "/v2/items/site", {
      dataCollectionId: "SiteSettings",
      dataItem: {
        id: "site",
        data: {
          email: "not an e-mail",
          bookingUrl: "javascript:alert(1)",
          phone: "call me maybe",
        },
      },
    });
    expect(response.statusCode).toBe(400);
    const fields = response
      .json()
      .details.validationError.fieldViolations.map(
        (violation: { field: string }) => violation.field,
      );
    expect(fields.sort()).toEqual(["bookingUrl", "email", "phone"]);
    expect(test.store.getItem("SiteSettings", "site")?.data.email).toBe("alex@example.com");
  });

  it("takes valid settings", async () => {
    const response = await write("PUT", "/v2/items/site", {
      dataCollectionId: "SiteSettings",
      dataItem: { id: "site", data: { email: "owner@example.org", phone: "+1 555 0100" } },
    });
    expect(response.statusCode).toBe(200);
  });

  it("refuses a picture without alt text", async () => {
    const response = await write("POST", "/v2/items", {
      dataCollectionId: "Pictures",
      dataItem: { data: { slot: "logo", alt: " ", src: "/media/00000000000000000000.svg" } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.validationError.fieldViolations[0].field).toBe("alt");
  });

  it("refuses a picture pointing at another site's file, so the page never loads one", async () => {
    const response = await write("POST", "/v2/items", {
      dataCollectionId: "Pictures",
      dataItem: {
        data: {
          slot: "portrait",
          alt: "Me",
          src: "https://tracker.example/pixel.png",
          srcset: "https://tracker.example/a.png 480w",
          width: 480,
          height: 640,
        },
      },
    });
    expect(response.statusCode).toBe(400);
    const fields = response
      .json()
      .details.validationError.fieldViolations.map(
        (violation: { field: string }) => violation.field,
      );
    expect(fields.sort()).toEqual(["src", "srcset"]);
  });
});
