/**
 * @module The registry: every content collection, its kind (the shape of its items), whether the
 * public page shows it, and who may read it. The store creates, permits, seeds and renders from
 * it; the page and the editor read it. Labels, limits and validation live in the `./editor`
 * entry, typed against this registry so a missing entry does not compile.
 */

/** The shapes an item can have; each kind has one adapter (`KIND_ADAPTERS`). */
export type Kind = "texts" | "services" | "clients" | "resources" | "settings" | "pictures";

/** Who may read a collection through the data-items API (the store's permission roles). */
export type ReadAccess = "anyone" | "member" | "admin";

type CollectionSpec = {
  kind: Kind;
  /** Rendered on the public page and embedded in it (so it must be readable by anyone). */
  onPage: boolean;
  read: ReadAccess;
  /** For `texts`: the `title_fld` keys the page reads, in the order it shows them. */
  textKeys?: readonly string[];
  /**
   * Members also read the items whose field of this name holds their member id, or is empty
   * (shared with every member); other members' items never reach them.
   */
  sharedByField?: string;
};

/** Every collection, in the order the editor lists them. */
export const COLLECTIONS = {
  HomePage: {
    kind: "texts",
    onPage: true,
    read: "anyone",
    textKeys: ["HomeLabel", "MainTitle", "SubTitle", "ChatButton"],
  },
  About: { kind: "texts", onPage: true, read: "anyone", textKeys: ["AboutHeading", "About"] },
  Services: { kind: "services", onPage: true, read: "anyone" },
  Clients: { kind: "clients", onPage: true, read: "anyone" },
  WhyWorkWithMe: {
    kind: "texts",
    onPage: true,
    read: "anyone",
    textKeys: [
      "WhyHeading",
      "WhyWorkWithMeText",
      "Reason1Title",
      "Reason1Text",
      "Reason2Title",
      "Reason2Text",
      "Reason3Title",
      "Reason3Text",
    ],
  },
  // The words around the owner's content: menu, section headings, buttons, labels, footer.
  PageWords: {
    kind: "texts",
    onPage: true,
    read: "anyone",
    textKeys: [
      "NavHome",
      "NavAbout",
      "NavServices",
      "NavClients",
      "NavWhy",
      "NavContact",
      "ServicesHeading",
      "MoreInformation",
      "HideDetails",
      "PreviousClientsHeading",
      "PauseLogos",
      "PlayLogos",
      "IdealClientsHeading",
      "ContactLabel",
      "ContactHeadline",
      "ContactLine",
      "BookingButton",
      "EmailLabel",
      "PhoneLabel",
      "FormHeading",
      "FormName",
      "FormEmail",
      "FormMessage",
      "FormSend",
      "FormSending",
      "FormThanksHeading",
      "FormThanks",
      "FormFix",
      "FormFailed",
      "FormCheckHeading",
      "FormCheck",
      "FormBusyHeading",
      "FormBusy",
      "FormAlreadySentHeading",
      "FormAlreadySent",
      "FormBack",
      "BookHeading",
      "BookIntro",
      "BookServicesHeading",
      "BookChooseService",
      "BookLength",
      "BookTimeZone",
      "BookShowTimes",
      "BookTimesHeading",
      "BookNoTimes",
      "BookEarlier",
      "BookLater",
      "BookDetailsHeading",
      "BookName",
      "BookEmail",
      "BookNote",
      "BookSubmit",
      "BookSubmitting",
      "BookFix",
      "BookPickTime",
      "BookNameError",
      "BookEmailError",
      "BookNoteError",
      "BookSlotTaken",
      "BookBusy",
      "BookFailed",
      "BookClosed",
      "BookConfirmedHeading",
      "BookConfirmed",
      "BookPendingHeading",
      "BookPending",
      "BookWhen",
      "BookWhere",
      "BookManageLink",
      "BookManageHeading",
      "BookCancel",
      "BookMoveHeading",
      "BookMove",
      "BookCancelled",
      "BookDeclined",
      "BookMoved",
      "BookTooLateCancel",
      "BookTooLateMove",
      "BookMoveLimit",
      "BookLinkInvalid",
      "BookBack",
      "Footer",
    ],
  },
  // One item (`_id` "site"): the owner's name, contact details, booking link and search tags.
  SiteSettings: { kind: "settings", onPage: true, read: "anyone" },
  // The portrait, the logo and the client logos, uploaded in the editor (files under /media/).
  Pictures: { kind: "pictures", onPage: true, read: "anyone" },
  // Links and notes for clients, shown in the client area, never on the page: a
  // member reads those shared with them and those shared with no one in particular.
  ClientResources: { kind: "resources", onPage: false, read: "admin", sharedByField: "memberId" },
} as const satisfies Record<string, CollectionSpec>;

type Registry = typeof COLLECTIONS;

/** The name of any collection. */
export type CollectionName = keyof Registry;

/** The collections the public page renders. */
export type PageCollection = {
  [Name in CollectionName]: Registry[Name]["onPage"] extends true ? Name : never;
}[CollectionName];

/** The collections of one kind. */
export type CollectionOfKind<K extends Kind> = {
  [Name in CollectionName]: Registry[Name]["kind"] extends K ? Name : never;
}[CollectionName];

/** The text keys (`title_fld`) of a `texts` collection. */
export type TextKey<C extends CollectionOfKind<"texts">> = Registry[C]["textKeys"][number];

/** Every text key of every `texts` collection. */
export type AnyTextKey = TextKey<CollectionOfKind<"texts">>;

/** Every collection name, in registry order. */
export const COLLECTION_NAMES = Object.keys(COLLECTIONS) as CollectionName[];

/**
 * The collections the page renders, in registry order: the `onPage` entries above, listed apart
 * so the page's bundle carries these names and not the registry (collections.test.ts checks
 * that the two agree, at compile time and at run time).
 */
export const PAGE_COLLECTIONS = [
  "HomePage",
  "About",
  "Services",
  "Clients",
  "WhyWorkWithMe",
  "PageWords",
  "SiteSettings",
  "Pictures",
] as const satisfies readonly PageCollection[];

/** The kind of a collection. */
export function kindOf(name: CollectionName): Kind {
  return COLLECTIONS[name].kind;
}

/** The field naming the member an item is shared with, for collections shared by member. */
export function sharedByFieldOf(name: string): string | null {
  if (!isCollectionName(name)) return null;
  const spec: CollectionSpec = COLLECTIONS[name];
  return spec.sharedByField ?? null;
}

/** Narrows a string (from a URL, a request) to a collection name. */
export function isCollectionName(value: string): value is CollectionName {
  return Object.hasOwn(COLLECTIONS, value);
}

/** Narrows a string to a collection the page renders. */
export function isPageCollection(value: string): value is PageCollection {
  return isCollectionName(value) && COLLECTIONS[value].onPage;
}
