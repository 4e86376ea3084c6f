import type { Service } from "@consultant/site-content";
import { PageSection } from "../components/page-section.tsx";
import { SectionHeading } from "../components/ui/section-heading.tsx";
import type { Words } from "../content/page-words.ts";
import { textOf } from "../content/text-marker.ts";
import { ServiceCard } from "./service-card.tsx";

export function ServicesSection({ services, words }: { services: Service[]; words: Words }) {
  return (
    <PageSection id="services" reveal="left">
      <SectionHeading id="services-heading">
        <span {...textOf("ServicesHeading")}>{words("ServicesHeading")}</span>
      </SectionHeading>
      <div className="mt-12 grid items-start gap-6 md:grid-cols-2">
        {services.map((service, index) => (
          <ServiceCard
            key={service.id}
            service={service}
            index={index}
            openLabel={words("MoreInformation")}
            closeLabel={words("HideDetails")}
          />
        ))}
      </div>
    </PageSection>
  );
}
