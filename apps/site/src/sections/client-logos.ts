import brightlineUrl from "../assets/clients/brightline-example.svg";
import cedarUrl from "../assets/clients/cedar-sample-co.svg";
import harborUrl from "../assets/clients/harbor-demo-logistics.svg";
import meridianUrl from "../assets/clients/meridian-placeholder.svg";
import northfieldUrl from "../assets/clients/northfield-fictive.svg";
import summitUrl from "../assets/clients/summit-mock-labs.svg";

export interface ClientLogo {
  name: string;
  src: string;
}

export const CLIENT_LOGOS: readonly ClientLogo[] = [
  { name: "Harbor Demo Logistics", src: harborUrl },
  { name: "Cedar Sample Co.", src: cedarUrl },
  { name: "Brightline Example Inc.", src: brightlineUrl },
  { name: "Summit Mock Labs", src: summitUrl },
  { name: "Northfield Fictive Finance", src: northfieldUrl },
  { name: "Meridian Placeholder", src: meridianUrl },
];

export const CLIENT_LOGO_REPEATS = 3;
export const CLIENT_LOGO_WIDTH = 176;
export const CLIENT_LOGO_HEIGHT = 56;
