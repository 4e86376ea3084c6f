/**
 * Thrown when the sign-in page answers a silent login with an OAuth error instead of a code
 * (for example `login_required`: no live session).
 *
 * @example
 * ```ts
 * try {
 *   await members.getMemberTokensForDirectLogin(sessionToken);
 * } catch (error) {
 *   if (error instanceof OAuthFlowError && error.code === "login_required") showSignInButton();
 * }
 * ```
 */
export class OAuthFlowError extends Error {
  override readonly name = "OAuthFlowError" as const;
  /** The OAuth `error` value, such as `login_required`. */
  readonly code: string;
  /** The OAuth `error_description`, when the page sent one. */
  readonly description: string | undefined;

  constructor(code: string, description?: string) {
    super(description ? `${code}: ${description}` : code);
    this.code = code;
    this.description = description;
  }
}
