/**
 * @module The name a member goes by: the profile's nickname (what they chose on their account
 * page, or an app set through the protocol's profile), else their first and last name (what
 * sign-up and an invitation ask), never the e-mail. Pages greet with it; the owner's log names
 * them by it.
 */

/** At most this many characters of a name are shown or stored from the pages. */
export const MEMBER_NAME_MAX = 100;

const textOf = (value: unknown): string => (typeof value === "string" ? value.trim() : "");

/** The member's name from their profile, or null when they gave none. */
export function memberName(profile: Readonly<Record<string, unknown>>): string | null {
  const nickname = textOf(profile.nickname);
  const full = [textOf(profile.firstName), textOf(profile.lastName)]
    .filter((part) => part !== "")
    .join(" ");
  const name = nickname || full;
  return name === "" ? null : name.slice(0, MEMBER_NAME_MAX);
}

/** Every name the profile holds (a deleted member's traces are searched for each). */
export function namesOf(profile: Readonly<Record<string, unknown>>): string[] {
  return [profile.nickname, profile.firstName].map(textOf).filter((name) => name !== "");
}
