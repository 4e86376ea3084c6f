import { useState } from "react";
import { useAnnounce } from "../../components/ui/announcer.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Notice } from "../../components/ui/notice.tsx";
import { errorMessage } from "../api/store-errors.ts";
import type { BookingApi, ServiceForm } from "./booking-api.ts";
import { BookingSubsection } from "./booking-subsection.tsx";
import { BLANK_SERVICE, ServiceFormFields } from "./service-form.tsx";

/** What visitors can book: each service's fields, a new one, hiding and deleting. */
export function ServicesSection(props: {
  booking: BookingApi;
  services: ServiceForm[];
  /** The policy new services share with the others. */
  policyId: string;
  onChanged: () => void;
}) {
  const { booking, services, policyId, onChanged } = props;
  const announce = useAnnounce();
  const [adding, setAdding] = useState(false);
  const [problem, setProblem] = useState("");

  async function remove(service: ServiceForm) {
    if (!window.confirm(`Delete ${service.name}? Bookings already made stay in the agenda.`))
      return;
    try {
      await booking.deleteService(service.id);
      announce(`${service.name} is deleted.`);
      onChanged();
    } catch (error) {
      setProblem(errorMessage(error));
    }
  }

  return (
    <BookingSubsection
      id="booking-services"
      title="Services"
      intro="What visitors can book: each with its length, price and where it happens."
    >
      {problem ? <Notice tone="error">{problem}</Notice> : null}
      {services.length === 0 ? <p className="text-muted">No services yet.</p> : null}
      <ul aria-label="Services" className="grid gap-3">
        {services.map((service) => (
          <li key={`${service.id}-${service.revision}`}>
            <details className="rounded-lg border border-line">
              <summary className="cursor-pointer px-4 py-3 font-semibold">
                {service.name}
                <span className="sr-only">, </span>
                <span className="ml-2 text-sm font-normal text-muted">
                  {service.durationMinutes} min{service.hidden ? " · hidden" : ""}
                </span>
              </summary>
              <div className="border-t border-line p-4">
                <ServiceFormFields
                  idPrefix={`service-${service.id}`}
                  service={service}
                  submitLabel="Save service"
                  onSave={async (fields) => {
                    await booking.updateService({ ...service, ...fields });
                    announce(`${fields.name} is saved.`);
                    onChanged();
                  }}
                >
                  <Button variant="danger" onClick={() => void remove(service)}>
                    Delete<span className="sr-only"> {service.name}</span>
                  </Button>
                </ServiceFormFields>
              </div>
            </details>
          </li>
        ))}
      </ul>
      {adding ? (
        <div className="rounded-lg border border-line p-4">
          <h4 className="mb-3 font-semibold">New service</h4>
          <ServiceFormFields
            idPrefix="service-new"
            service={BLANK_SERVICE}
            submitLabel="Add service"
            onSave={async (fields) => {
              await booking.createService({ ...fields, policyId });
              announce(`${fields.name} is added.`);
              setAdding(false);
              onChanged();
            }}
          >
            <Button variant="outline" onClick={() => setAdding(false)}>
              Cancel
            </Button>
          </ServiceFormFields>
        </div>
      ) : (
        <div>
          <Button variant="outline" onClick={() => setAdding(true)}>
            Add a service
          </Button>
        </div>
      )}
    </BookingSubsection>
  );
}
