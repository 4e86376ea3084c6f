/**
 * @module JSON-LD for search engines: the owner as a schema.org `Person` and their business as
 * a `ProfessionalService` offering the Services collection, built from the settings.
 */

import { type Service, type SiteSettings, siteOrigin } from "@consultant/site-content";
import type { Graph, Person, ProfessionalService, Service as ServiceNode } from "schema-dts";

export const JOB_TITLE = "Independent business consultant";

function serviceNodeOf(service: Service): ServiceNode {
  return {
    "@type": "Service",
    name: service.title,
    ...(service.subtitle === "" ? {} : { description: service.subtitle }),
  };
}

/** Adds `key: value` only when the value is set (schema.org has no use for empty strings). */
function optional<K extends string>(key: K, value: string | undefined) {
  return value === undefined || value.trim() === ""
    ? {}
    : ({ [key]: value.trim() } as Record<K, string>);
}

/**
 * The page's `@graph`: the Person (name, job, profile) and the ProfessionalService (company,
 * contact, services), linked to each other by `@id`. Contact details are said once, on the
 * business (the page's bytes count). Addresses are absolute when the
 * site's address is set and left out otherwise.
 */
export function buildStructuredData(
  settings: SiteSettings,
  services: readonly Service[],
  imageUrl: string | undefined,
): Graph {
  const origin = siteOrigin(settings);
  const home = origin === undefined ? undefined : `${origin}/`;
  const personId = `${home ?? ""}#person`;
  const businessId = `${home ?? ""}#business`;
  const telephone = settings.phone.trim();
  const person: Person = {
    "@type": "Person",
    "@id": personId,
    name: settings.name,
    jobTitle: JOB_TITLE,
    ...optional("url", home),
    ...(settings.profileUrl.trim() === "" ? {} : { sameAs: [settings.profileUrl.trim()] }),
    worksFor: { "@id": businessId },
  };
  const business: ProfessionalService = {
    "@type": "ProfessionalService",
    "@id": businessId,
    name: settings.company,
    description: settings.description,
    ...optional("email", settings.email),
    ...optional("telephone", telephone),
    ...optional("url", home),
    ...optional("image", imageUrl),
    founder: { "@id": personId },
    ...(services.length === 0
      ? {}
      : {
          hasOfferCatalog: {
            "@type": "OfferCatalog",
            name: "Services",
            itemListElement: services.map(serviceNodeOf),
          },
        }),
  };
  return { "@context": "https://schema.org", "@graph": [person, business] };
}

/** JSON for a `<script type="application/ld+json">`: `<` escaped so no tag can end it early. */
export function serializeStructuredData(data: Graph): string {
  return JSON.stringify(data).replaceAll("<", "\\u003c");
}
