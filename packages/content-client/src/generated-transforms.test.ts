import { describe, expect, it } from "vitest";
import { fromGeneratedResponse, toGeneratedRequest } from "./generated-transforms.ts";

describe("fromGeneratedResponse", () => {
  it("decodes a declared bytes field from base64 to Uint8Array", () => {
    // The logout answer's body is bytes (docs/protocol.md §8): "<html>" in base64.
    const logout = {
      body: "PGh0bWw+",
      statusCode: 302,
      headers: [{ key: "Location", value: "/" }],
    };

    expect(fromGeneratedResponse(logout, { bytes: ["body"] })).toEqual({
      body: new TextEncoder().encode("<html>"),
      statusCode: 302,
      headers: [{ key: "Location", value: "/" }],
    });
  });

  it("leaves base64-looking strings alone where no bytes field is declared", () => {
    expect(fromGeneratedResponse({ note: "PGh0bWw+" }, {})).toEqual({ note: "PGh0bWw+" });
  });

  it("turns declared timestamps into Dates, walking through arrays", () => {
    const body = {
      identity: {
        createdDate: "2024-01-02T03:04:05.000Z",
        identityProfile: {
          customFields: [
            { name: "born", value: { dateValue: "1990-06-01T00:00:00.000Z" } },
            { name: "x", value: {} },
          ],
        },
      },
    };

    const converted = fromGeneratedResponse(body, {
      timestamps: ["identity.createdDate", "identity.identityProfile.customFields.value.dateValue"],
    });

    expect(converted).toEqual({
      identity: {
        _createdDate: new Date("2024-01-02T03:04:05.000Z"),
        identityProfile: {
          customFields: [
            { name: "born", value: { dateValue: new Date("1990-06-01T00:00:00.000Z") } },
            { name: "x", value: {} },
          ],
        },
      },
    });
  });

  it("turns special float strings into numbers", () => {
    expect(
      fromGeneratedResponse({ a: "NaN", b: "-Infinity", c: 1.5 }, { floats: ["a", "b", "c"] }),
    ).toEqual({
      a: Number.NaN,
      b: Number.NEGATIVE_INFINITY,
      c: 1.5,
    });
  });

  it("renames id, createdDate and updatedDate at any depth", () => {
    expect(fromGeneratedResponse({ id: "1", list: [{ id: "2", updatedDate: "u" }] }, {})).toEqual({
      _id: "1",
      list: [{ _id: "2", _updatedDate: "u" }],
    });
  });

  it("does not change its input", () => {
    const body = { id: "1", body: "AAE=" };

    fromGeneratedResponse(body, { bytes: ["body"] });

    expect(body).toEqual({ id: "1", body: "AAE=" });
  });
});

describe("toGeneratedRequest", () => {
  it("encodes bytes, timestamps and non-finite floats and renames system keys to wire names", () => {
    const payload = {
      _id: "1",
      blob: new Uint8Array([0, 1]),
      when: new Date("2024-01-02T03:04:05.000Z"),
      ratio: Number.POSITIVE_INFINITY,
    };

    expect(
      toGeneratedRequest(payload, { bytes: ["blob"], timestamps: ["when"], floats: ["ratio"] }),
    ).toEqual({
      id: "1",
      blob: "AAE=",
      when: "2024-01-02T03:04:05.000Z",
      ratio: "Infinity",
    });
  });

  it("round-trips through fromGeneratedResponse", () => {
    const schema = { bytes: ["blob"], timestamps: ["createdDate"] };
    const value = {
      _id: "1",
      _createdDate: new Date("2024-01-02T03:04:05.000Z"),
      blob: new Uint8Array([9, 8, 7]),
    };

    expect(fromGeneratedResponse(toGeneratedRequest(value, schema), schema)).toEqual(value);
  });
});
