/** @module What the editor calls each collection and text, and the field limits. */
import {
  type AnyTextKey,
  COLLECTION_NAMES,
  COLLECTIONS,
  type CollectionName,
} from "../collections.ts";

export type CollectionLabels = { label: string; description: string };

/** The editor's name and one-line description of every collection. */
export const COLLECTION_LABELS: Record<CollectionName, CollectionLabels> = {
  HomePage: {
    label: "Home",
    description:
      "The top of the page: the line above the headline, the headline, the line under it and the button to the contact section.",
  },
  About: { label: "About me", description: "The heading and the text of the About section." },
  Services: {
    label: "Services",
    description: "One card per service: a title, a subtitle and the details shown when opened.",
  },
  Clients: {
    label: "Ideal clients",
    description: "The lines of the Ideal clients list, in the order shown.",
  },
  WhyWorkWithMe: {
    label: "Why work with me",
    description:
      "The heading and opening text of the Why work with me section, and its three columns.",
  },
  PageWords: {
    label: "Headings and buttons",
    description:
      "The menu, the other section headings, the button texts, the contact section's lines and the footer.",
  },
  SiteSettings: {
    label: "Site settings",
    description:
      "Your name and contact details, the booking link, and how the page shows in search results and shared links.",
  },
  Pictures: {
    label: "Pictures",
    description:
      "Your portrait, your logo and the client logos of the strip: PNG, JPEG, WebP or SVG, each with a text for visitors who cannot see it.",
  },
  ClientResources: {
    label: "Client resources",
    description:
      "Links and notes for your clients. Not shown on the public page; each can name the member it is shared with.",
  },
};

export type TextFieldDef = {
  label: string;
  /** Where on the page the text appears, shown under the field. */
  hint: string;
  multiline: boolean;
  max: number;
};

const line = (label: string, hint: string, max = 80): TextFieldDef => ({
  label,
  hint,
  multiline: false,
  max,
});
const paragraph = (label: string, hint: string, max = 3000): TextFieldDef => ({
  label,
  hint,
  multiline: true,
  max,
});

const PLACEHOLDERS =
  "{name} and {company} stand for the ones in Site settings, {year} for this year";

/** Labels, hints and limits for the keys the page reads (`title_fld`). */
/** Where the store's own pages for the contact form show (a browser without JavaScript). */
const NO_SCRIPT = "Contact form without JavaScript";

const TEXT_FIELDS: Record<AnyTextKey, TextFieldDef> = {
  HomeLabel: line("Line above the headline", "Top of the page, small capitals, beside your logo"),
  MainTitle: line("Main title", "Top of the page: the large headline", 120),
  SubTitle: paragraph("Subtitle", "Top of the page, under the headline", 300),
  ChatButton: line("Contact button", "Top of the page: the button that scrolls to Contact", 40),
  AboutHeading: line("About heading", `Heading of the About section; ${PLACEHOLDERS}`),
  About: paragraph("About text", "About section, beside its heading"),
  WhyHeading: line("Why work with me heading", "Heading of the dark Why work with me section"),
  WhyWorkWithMeText: paragraph("Why work with me text", "Why work with me, under the heading"),
  Reason1Title: line("First column: title", "Why work with me, left column", 120),
  Reason1Text: paragraph("First column: text", "Why work with me, left column", 600),
  Reason2Title: line("Second column: title", "Why work with me, middle column", 120),
  Reason2Text: paragraph("Second column: text", "Why work with me, middle column", 600),
  Reason3Title: line("Third column: title", "Why work with me, right column", 120),
  Reason3Text: paragraph("Third column: text", "Why work with me, right column", 600),
  NavHome: line("Menu: Home", "Menu at the top, link to the top of the page", 30),
  NavAbout: line("Menu: About", "Menu at the top, link to the About section", 30),
  NavServices: line("Menu: Services", "Menu at the top, link to the Services section", 30),
  NavClients: line("Menu: Ideal clients", "Menu at the top, link to the Ideal clients section", 30),
  NavWhy: line("Menu: Why me", "Menu at the top, link to the Why work with me section", 30),
  NavContact: line("Menu: Contact", "Menu at the top, link to the Contact section", 30),
  ServicesHeading: line("Services heading", "Heading of the Services section"),
  MoreInformation: line("Open a service", "Services: the button of a closed card", 40),
  HideDetails: line("Close a service", "Services: the button of an open card", 40),
  PreviousClientsHeading: line("Client logos heading", "Heading of the strip of client logos"),
  PauseLogos: line("Pause button", "Client logos: the button that stops the strip", 40),
  PlayLogos: line("Play button", "Client logos: the same button while the strip is paused", 40),
  IdealClientsHeading: line("Ideal clients heading", "Heading of the Ideal clients list"),
  ContactLabel: line("Contact label", "Contact section: the small line above its headline", 40),
  ContactHeadline: line("Contact headline", "Contact section: the large headline", 160),
  ContactLine: line("Contact invitation", "Contact section: the line under the headline", 200),
  BookingButton: line(
    "Booking button",
    "Top of the page and Contact, when a booking link is set",
    60,
  ),
  EmailLabel: line("E-mail label", "Contact section: above your e-mail address", 40),
  PhoneLabel: line("Phone label", "Contact section: above your phone number", 40),
  FormHeading: line("Contact form heading", "Contact section: above the form", 80),
  FormName: line("Form: name label", "Contact form: the name field's label", 40),
  FormEmail: line("Form: e-mail label", "Contact form: the e-mail field's label", 40),
  FormMessage: line("Form: message label", "Contact form: the message field's label", 40),
  FormSend: line("Form: send button", "Contact form: the button", 40),
  FormSending: line("Form: while sending", "Contact form: the button while a message is sent", 40),
  FormThanksHeading: line("Form: thanks heading", "Contact form: shown once a message is sent", 80),
  FormThanks: line("Form: thanks", "Contact form: the line under the thanks heading", 200),
  FormFix: line("Form: fields to correct", "Contact form: when a field needs correcting", 200),
  FormFailed: line("Form: not sent", "Contact form: when the message could not be sent", 200),
  FormCheckHeading: line("Form: check heading", `${NO_SCRIPT}: the form shown again to send`, 80),
  FormCheck: line("Form: check", `${NO_SCRIPT}: the line above the form shown again`, 200),
  FormBusyHeading: line(
    "Form: busy heading",
    `${NO_SCRIPT}: when many messages arrive at once`,
    80,
  ),
  FormBusy: line("Form: busy", `${NO_SCRIPT}: the line under the busy heading`, 300),
  FormAlreadySentHeading: line(
    "Form: already sent heading",
    `${NO_SCRIPT}: when a message is sent twice`,
    80,
  ),
  FormAlreadySent: line("Form: already sent", `${NO_SCRIPT}: the line under that heading`, 200),
  FormBack: line("Form: way back", `${NO_SCRIPT}: the link back to the page`, 60),
  Footer: line("Footer line", `Bottom of the page; ${PLACEHOLDERS}`, 200),
};

/** Keys the page does not know still get an editable text. */
export function textFieldFor(key: string): TextFieldDef {
  return (
    (TEXT_FIELDS as Record<string, TextFieldDef | undefined>)[key] ?? {
      label: key || "Text",
      hint: "Not shown on the page",
      multiline: true,
      max: 3000,
    }
  );
}

/** Every text key in the order the page shows them. */
export const TEXT_KEY_ORDER: readonly string[] = COLLECTION_NAMES.flatMap((name) => {
  const spec = COLLECTIONS[name];
  return "textKeys" in spec ? spec.textKeys : [];
});

export const LIMITS = {
  serviceTitle: 80,
  serviceSubtitle: 200,
  detailHeading: 80,
  detailText: 600,
  clientLine: 200,
  resourceTitle: 120,
  resourceText: 2000,
  resourceUrl: 2000,
  memberId: 128,
  pictureAlt: 300,
} as const;
