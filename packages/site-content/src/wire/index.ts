/**
 * @module Entry point `@consultant/site-content/wire`: the shapes the store answers and its
 * callers (the editor, the client area, the content client) read, written once for both sides.
 */
export {
  ANALYTICS_API,
  ANALYTICS_RANGES,
  type AnalyticsBreakdowns,
  type AnalyticsCount,
  type AnalyticsFunnel,
  type AnalyticsFunnelRow,
  type AnalyticsLive,
  type AnalyticsPeriod,
  type AnalyticsPoint,
  type AnalyticsRange,
  type AnalyticsReport,
  type AnalyticsSettings,
  type AnalyticsTotals,
  CONVERSION_KINDS,
  type ConversionKind,
  FUNNEL_STEPS,
  type FunnelStep,
} from "./analytics.ts";
export {
  BOOKING_VIEW_ID,
  type BookingAnswer,
  type BookingBrand,
  type BookingConfirmedView,
  type BookingDay,
  type BookingErrors,
  type BookingFields,
  type BookingManageView,
  type BookingMessageView,
  type BookingPickView,
  type BookingServiceChoice,
  type BookingServicesView,
  type BookingSummary,
  type BookingTime,
  type BookingTimes,
  type BookingView,
} from "./booking-page.ts";
export { type CollectionField, FIELD_TYPES, type FieldType } from "./collection-field.ts";
export {
  type ContactMessage,
  type ContactMessageChanged,
  type ContactMessages,
  MESSAGE_STATUSES,
  type MessageStatus,
} from "./contact.ts";
export type {
  CreatedPreviewLink,
  PendingChange,
  PendingChangeInput,
  PendingChangeKind,
  PreviewLink,
  Publication,
} from "./drafts.ts";
export type {
  FileReceipt,
  FilesOverview,
  FileUploaded,
  MemberFile,
  MemberFiles,
  Share,
  ShareCreated,
  ShareMember,
  ShareRecord,
  ShareRequest,
  StoredFile,
} from "./files.ts";
export type { HistoryPage, HistoryVersion } from "./history-version.ts";
export type { InviteRequest, InviteSent, PendingInvite, PendingInvites } from "./invites.ts";
export type { MemberBooking, MemberBookings } from "./member-bookings.ts";
export type {
  MemberMe,
  MemberSettings,
  MemberSettingsChanged,
  MemberStatus,
  MemberSummary,
  MembersPage,
  PendingReason,
} from "./member-summary.ts";
export type { MailNotices, TestMailSent } from "./notices.ts";
export type { ReviewOverview, ReviewRequest, ReviewStatus } from "./review.ts";
export type {
  AccountSession,
  AccountSessions,
  AccountSignIns,
  AuditEntry,
  AuditPage,
  Passkey,
  PasskeyChanged,
  Passkeys,
  SignInEntry,
  SignInOutcome,
} from "./security.ts";
export { signInMethodWords } from "./security.ts";
export type {
  Collaborator,
  Collaborators,
  RecoveryCodes,
  SecondFactorStep,
  SessionState,
  SignedInState,
  SignedOutState,
  StaffRole,
  TotpEnrolment,
} from "./staff.ts";
