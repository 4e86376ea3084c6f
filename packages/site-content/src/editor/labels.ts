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
  BookHeading: line("Booking: heading", "Booking page: its heading", 80),
  BookIntro: line("Booking: intro", "Booking page: the line under the heading", 200),
  BookServicesHeading: line(
    "Booking: services heading",
    "Booking page: above the list when you offer several services",
    80,
  ),
  BookChooseService: line(
    "Booking: choose service",
    "Booking page: the button of each service",
    40,
  ),
  BookLength: line(
    "Booking: length",
    "Booking page: a service's length; {minutes} stands for its minutes",
    40,
  ),
  BookTimeZone: line("Booking: time zone", "Booking page: the time zone field's label", 40),
  BookShowTimes: line(
    "Booking: show times",
    "Booking page: the button that shows the times in the chosen zone",
    40,
  ),
  BookTimesHeading: line(
    "Booking: times heading",
    "Booking page: above the days and their times",
    80,
  ),
  BookNoTimes: line(
    "Booking: no times",
    "Booking page: when the days shown have no free time",
    200,
  ),
  BookEarlier: line("Booking: earlier", "Booking page: the link to the days before", 40),
  BookLater: line("Booking: later", "Booking page: the link to the days after", 40),
  BookDetailsHeading: line(
    "Booking: details heading",
    "Booking page: above the name, e-mail and note",
    80,
  ),
  BookName: line("Booking: name", "Booking page: the name field's label", 40),
  BookEmail: line("Booking: email", "Booking page: the e-mail field's label", 40),
  BookNote: line("Booking: note", "Booking page: the note field's label", 80),
  BookSubmit: line("Booking: submit", "Booking page: the button", 40),
  BookSubmitting: line(
    "Booking: submitting",
    "Booking page: the button while the booking is sent",
    40,
  ),
  BookFix: line("Booking: fix", "Booking page: when a field needs correcting", 200),
  BookPickTime: line("Booking: pick time", "Booking page: when no time is chosen", 120),
  BookNameError: line(
    "Booking: name error",
    "Booking page: beside a missing or too long name",
    120,
  ),
  BookEmailError: line(
    "Booking: email error",
    "Booking page: beside an e-mail address that is not one",
    120,
  ),
  BookNoteError: line("Booking: note error", "Booking page: beside a note that is too long", 120),
  BookSlotTaken: line(
    "Booking: slot taken",
    "Booking page: when the chosen time was taken meanwhile",
    200,
  ),
  BookBusy: line("Booking: busy", "Booking page: when too many bookings arrive at once", 300),
  BookFailed: line("Booking: failed", "Booking page: when the form was too old or sent twice", 200),
  BookClosed: line("Booking: closed", "Booking page: when no service can be booked", 200),
  BookConfirmedHeading: line("Booking: confirmed heading", "Booking confirmation: its heading", 80),
  BookConfirmed: line(
    "Booking: confirmed",
    "Booking confirmation: the line under the heading",
    300,
  ),
  BookPendingHeading: line(
    "Booking: pending heading",
    "Booking confirmation, when you approve each booking: its heading",
    80,
  ),
  BookPending: line(
    "Booking: pending",
    "Booking confirmation, when you approve each booking: the line under the heading",
    300,
  ),
  BookWhen: line("Booking: when", "Booking confirmation and manage page: the time's label", 40),
  BookWhere: line("Booking: where", "Booking confirmation and manage page: the place's label", 40),
  BookManageLink: line(
    "Booking: manage link",
    "Booking confirmation: above the link to the manage page",
    80,
  ),
  BookManageHeading: line("Booking: manage heading", "Manage page: its heading", 80),
  BookCancel: line("Booking: cancel", "Manage page: the cancel button", 40),
  BookMoveHeading: line(
    "Booking: move heading",
    "Manage page: above the free times to move to",
    80,
  ),
  BookMove: line("Booking: move", "Manage page: the move button", 40),
  BookCancelled: line("Booking: cancelled", "Manage page: a cancelled booking", 200),
  BookDeclined: line("Booking: declined", "Manage page: a declined booking", 200),
  BookMoved: line("Booking: moved", "Manage page: after a move", 200),
  BookTooLateCancel: line(
    "Booking: too late cancel",
    "Manage page: past the cancel cutoff; {hours} stands for the policy's hours",
    300,
  ),
  BookTooLateMove: line(
    "Booking: too late move",
    "Manage page: past the move cutoff; {hours} stands for the policy's hours",
    300,
  ),
  BookMoveLimit: line(
    "Booking: move limit",
    "Manage page: when the booking was moved as often as allowed",
    300,
  ),
  BookLinkInvalid: line(
    "Booking: link invalid",
    "Manage page: a link that is wrong or incomplete",
    300,
  ),
  BookBack: line("Booking: back", "Booking pages: the link back to the page", 60),
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
