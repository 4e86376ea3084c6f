import type { Service } from "@consultant/site-content";
import { PageSection } from "../components/page-section.tsx";
import { SectionHeading } from "../components/ui/section-heading.tsx";
import { ServiceCard } from "./service-card.tsx";

export function ServicesSection({ services }: { services: Service[] }) {
  return (
    <PageSection id="services" reveal="left">
      <SectionHeading id="services-heading">CORE SERVICES</SectionHeading>
      <div className="mt-12 grid items-start gap-6 md:grid-cols-2">
        {services.map((service, index) => (
          <ServiceCard key={service.id} service={service} index={index} />
        ))}
      </div>
    </PageSection>
  );
}
