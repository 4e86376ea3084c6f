// Public paths of the identity and redirect services (docs/protocol.md §1.2, §8), for all calls.
const AUTHENTICATION = "/_api/iam/authentication";
const RECOVERY = "/_api/iam/recovery";
const VERIFICATION = "/_api/iam/verification";

/** Where each member-login call goes, relative to the client's `baseUrl`. */
export const MemberPaths = {
  register: `${AUTHENTICATION}/v2/register`,
  login: `${AUTHENTICATION}/v2/login`,
  validateEmail: `${AUTHENTICATION}/v2/validate-email`,
  changePassword: `${AUTHENTICATION}/v2/change-password`,
  signOn: `${AUTHENTICATION}/v2/sign-on`,
  logout: `${AUTHENTICATION}/v1/logout`,
  verifyFactor: (factorType: string) =>
    `${AUTHENTICATION}/v2/${encodeURIComponent(factorType.toLowerCase())}/verify`,
  sendRecoveryEmail: `${RECOVERY}/v1/send-email`,
  sendActivationEmail: `${RECOVERY}/v1/activation-email`,
  recover: `${RECOVERY}/v1/recover`,
  startVerification: `${VERIFICATION}/v1/start`,
  verifyDuringAuthentication: `${VERIFICATION}/v1/auth/verify`,
  resendDuringAuthentication: `${VERIFICATION}/v1/auth/resend`,
  redirectSession: "/_api/redirects-api/v1/redirect-session",
} as const;
