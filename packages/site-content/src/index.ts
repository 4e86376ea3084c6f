/**
 * @module The content model: the registry of collections and, per kind, how the page decodes
 * items. Page-safe: no labels or validation here (those are in `@consultant/site-content/editor`).
 */

export {
  BOOKING_PAGE_WORDS,
  type BookingPageWord,
  type BookingPageWords,
} from "./booking-page-words.ts";
export {
  type AnyTextKey,
  COLLECTION_NAMES,
  COLLECTIONS,
  type CollectionName,
  type CollectionOfKind,
  isCollectionName,
  isPageCollection,
  type Kind,
  kindOf,
  PAGE_COLLECTIONS,
  type PageCollection,
  type ReadAccess,
  sharedByFieldOf,
  type TextKey,
} from "./collections.ts";
export { CONTACT_FORM_WORDS, type ContactFormWord } from "./contact-form-words.ts";
export { type ItemData, idOf, isRecord, orderOf, sortByOrder, text } from "./item-data.ts";
export {
  type ClientLine,
  readClientLine,
  selectClientLines,
  withClientLine,
} from "./kinds/clients.ts";
export {
  fitInBox,
  type PagePictures,
  PICTURE_LAYOUT,
  PICTURE_SLOTS,
  type Picture,
  type PictureSlot,
  type PictureSource,
  readPicture,
  SINGLE_PICTURE_IDS,
  selectPictures,
  withPictureAlt,
} from "./kinds/pictures.ts";
export { type ResourceFields, readResource, withResource } from "./kinds/resources.ts";
export {
  readService,
  type Service,
  type ServiceDetail,
  type ServiceFields,
  selectServices,
  withService,
} from "./kinds/services.ts";
export {
  BOOKING_PAGE_PATH,
  type BookingPageChoice,
  bookingChoice,
  bookingHref,
  type ClientSignInChoice,
  clientSignInChoice,
  type HeadSetting,
  type PageSettings,
  readSettings,
  SETTINGS_ITEM_ID,
  type SiteSettings,
  selectSettings,
  siteOrigin,
  type TextSetting,
  withClientSignIn,
  withSettings,
} from "./kinds/settings.ts";
export { readTextItem, selectText, withText } from "./kinds/texts.ts";
export type { LoadingContent, PageContent, RenderPage } from "./page-content.ts";
export { pageText } from "./page-text.ts";
export {
  isSampleStandIn,
  SAMPLE_COLLECTIONS,
  SAMPLE_STAND_INS,
  type SampleCollection,
} from "./sample-content.ts";
export { isBookingPageWord, isContactFormWord } from "./word-groups.ts";
