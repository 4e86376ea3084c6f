import { describe, expect, it } from "vitest";
import { siteConfig } from "./site.config.ts";
import { samplePageContent } from "./test-helpers/sample-content.ts";

describe("siteConfig", () => {
  it("is what a fresh store seeds its settings with (content/SiteSettings.json)", () => {
    const [seeded] = samplePageContent().SiteSettings;
    // The client sign-in link is left automatic (shown once the owner has a client).
    const { showClientSignIn: _automatic, ...settings } = siteConfig;
    expect(seeded).toEqual({ _id: "site", ...settings });
  });
});
