import type { Service } from "@consultant/site-content";
import { describe, expect, it } from "vitest";
import { siteConfig } from "../site.config.ts";
import { buildStructuredData, serializeStructuredData } from "./structured-data.ts";

const settings = { ...siteConfig, siteUrl: "https://www.example.com/" };
const services: Service[] = [
  { id: "a", title: "Strategy", subtitle: "Where to go next", details: [] },
  { id: "b", title: "Operations", subtitle: "", details: [] },
];

type Node = Record<string, unknown>;

function nodes(data: ReturnType<typeof buildStructuredData>): Node[] {
  const parsed = JSON.parse(serializeStructuredData(data)) as { "@graph": Node[] };
  return parsed["@graph"];
}

describe("buildStructuredData", () => {
  it("describes the owner as a schema.org Person with their profile", () => {
    const person = nodes(buildStructuredData(settings, services, undefined))[0];
    expect(person).toMatchObject({
      "@type": "Person",
      "@id": "https://www.example.com/#person",
      name: siteConfig.name,
      url: "https://www.example.com/",
      sameAs: [siteConfig.profileUrl],
      worksFor: { "@id": "https://www.example.com/#business" },
    });
  });

  it("describes the business as a ProfessionalService with its contact and each service", () => {
    const business = nodes(buildStructuredData(settings, services, undefined))[1];
    expect(business).toMatchObject({
      "@type": "ProfessionalService",
      name: siteConfig.company,
      email: siteConfig.email,
      telephone: siteConfig.phone,
      founder: { "@id": "https://www.example.com/#person" },
      hasOfferCatalog: {
        "@type": "OfferCatalog",
        itemListElement: [
          { "@type": "Service", name: "Strategy", description: "Where to go next" },
          { "@type": "Service", name: "Operations" },
        ],
      },
    });
  });

  it("leaves out addresses while the site's address is not set", () => {
    const [person] = nodes(buildStructuredData(siteConfig, services, undefined));
    expect(person).not.toHaveProperty("url");
    expect(person?.["@id"]).toBe("#person");
  });

  it("leaves out a phone number the owner removed", () => {
    const [, business] = nodes(buildStructuredData({ ...settings, phone: "" }, [], undefined));
    expect(business).not.toHaveProperty("telephone");
  });
});

describe("serializeStructuredData", () => {
  it("cannot close its script element, whatever the owner typed", () => {
    const json = serializeStructuredData(
      buildStructuredData(
        { ...settings, name: "</script><script>alert(1)</script>" },
        [],
        undefined,
      ),
    );
    expect(json).not.toContain("<");
    expect(
      nodes(buildStructuredData({ ...settings, name: "a</script>" }, [], undefined))[0]?.name,
    ).toBe("a</script>");
  });
});
