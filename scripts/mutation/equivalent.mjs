/**
 * @module Surviving mutants that no test can kill because the mutated program behaves the same
 * (equivalent mutants), by `path:line Mutator`, with the reason. Anything that survives and is
 * not here is listed in docs/reliability.md as not yet killed.
 */
export const EQUIVALENT = {
  "apps/store/src/platform/http/caller.ts:107 OptionalChaining":
    "hasOwnerAccess is true only with an owner, so the owner is never null here",
  "apps/store/src/identity/owner-access.ts:105 OptionalChaining":
    "requireOwner has thrown already when there is no owner, so the owner is never null here",
  "apps/store/src/identity/owner-access.ts:58 ConditionalExpression":
    "the session's liveness (isLive) also requires an active identity, so a blocked one is refused either way (owner-access.test.ts: a blocked identity's kept cookie)",
  "apps/store/src/platform/http/caller.ts:39 ConditionalExpression":
    "the fast path for one raw credential: the general path gives the same one-element list for a value without a space or a comma",
  "apps/store/src/platform/http/caller.ts:40 MethodExpression":
    "a header reaches the store trimmed (Node strips a field value's surrounding whitespace), and each part is trimmed after the split",
  "apps/store/src/platform/http/caller.ts:40 Regex":
    "without the anchor, a 'Bearer ' inside a value is dropped too: such a value is no token and no key either way; with one space matched, the rest is trimmed with the part",
  "apps/store/src/platform/http/caller.ts:123 StringLiteral":
    "without an owner session (owner is null here) the method is never read: it only decides whether an owner's session needs the CSRF token",
  "apps/store/src/platform/http/caller.ts:123 LogicalOperator":
    "as above: the method is read only for an owner's session, which is null before the hooks",
  "apps/store/src/platform/http/cookies.ts:25 OptionalChaining":
    "split always answers at least one element, so its first is never undefined",
  "apps/store/src/data/access/api-key.ts:28 ConditionalExpression":
    "the insert adds a key only where none exists (ON CONFLICT DO NOTHING) and ensure answers null then: the early return only saves generating a key",
  "apps/store/src/data/access/api-key.ts:44 ConditionalExpression":
    "every key carries the prefix, so a value without it never hashes to the stored key's hash: the check only saves a read and a hash per visitor request",
  "apps/store/src/data/access/api-key.ts:49 ConditionalExpression":
    "both sides are SHA-256 digests of 32 bytes, so their lengths are always equal",
  "apps/store/src/data/access/api-key.ts:19 StringLiteral":
    "Node hashes a string as UTF-8 when no encoding is named",
  "apps/store/src/main/commands/key-cli.ts:44 StringLiteral":
    "the notice says 'replaced' for anything but 'created'",
  "apps/store/src/platform/limits/client-key.ts:12 ConditionalExpression":
    "the right-hand groups reach the /64 key only when there are five or more of them; an empty or missing tail never does",
  "apps/store/src/platform/limits/client-key.ts:12 EqualityOperator":
    "an empty tail read as one empty group lands after the first four groups, outside the /64 key",
  "apps/store/src/platform/limits/client-key.ts:12 StringLiteral":
    "an empty tail read as one group lands after the first four groups, outside the /64 key",
  "apps/store/src/platform/limits/client-key.ts:12 ArrayDeclaration":
    "a stand-in group for a missing tail lands after the first four groups, outside the /64 key",
  "apps/store/src/platform/limits/client-key.ts:24 LogicalOperator":
    "keeping the %zone suffix changes only the last group, outside the /64 key",
  "apps/store/src/platform/limits/client-key.ts:10 StringLiteral":
    "a missing head is replaced at once by split's own first element, never read",
  "apps/store/src/identity/owner-sessions.ts:37 StringLiteral":
    "the label keeps the CSRF digest apart from the store's other keyed digests; none other is made of a session id, so no caller can tell",
  "apps/store/src/owner/sign-in-limiter.ts:20 StringLiteral":
    "the scope only names the owner's rows apart from the other limits; no other limit is named by the empty string",
  "apps/store/src/data/access/access-control.ts:26 ConditionalExpression":
    "a member's insert under author is admitted either way: when permitsAll refuses it, scope() gives the author share, which an insert (a new item is the member's own) passes",
  "apps/store/src/data/access/access-control.ts:26 StringLiteral":
    "as above: an insert under author reaches the author share when permitsAll refuses it",
  "apps/store/src/data/items/item-writer.ts:118 ConditionalExpression":
    "unreachable: the item was read FOR UPDATE in the same transaction, so the update always finds it",
  "apps/store/src/data/items/item-writer.ts:118 StringLiteral":
    "unreachable: the item was read FOR UPDATE in the same transaction, so this refusal is never made",
  "apps/store/src/data/items/item-writer.ts:118 ArrayDeclaration":
    "unreachable: the item was read FOR UPDATE in the same transaction, so this refusal is never made",
  "apps/store/src/data/items/item-writer.ts:155 ConditionalExpression":
    "the read-first path answers the same, in the same order; the unread path only saves a read",
  "apps/store/src/data/items/item-writer.ts:184 ConditionalExpression":
    "the read-first path answers the same, in the same order; the unread path only saves a read",
  "apps/store/src/data/items/item-writer.ts:195 ArrowFunction":
    "PostgreSQL only (replaceConcurrently answers a promise there); the mutation run is on SQLite; the store suite on PostgreSQL (npm run test:postgres) runs it",
  "apps/store/src/data/items/item-writer.ts:209 ConditionalExpression":
    "a null id finds no item either way (no row has a null id)",
  "apps/store/src/data/items/item-writer.ts:211 ConditionalExpression":
    "checkCondition returns at once for a null condition",
  "apps/store/src/data/items/query-call.ts:42 StringLiteral":
    "the label of the visitors' answer cache's keys; every key of that cache has it, so with any label the same queries share an entry and different ones do not",
  "apps/store/src/identity/verify-hs256.ts:47 ConditionalExpression":
    "a token of another shape cannot carry a valid MAC (only the store signs, always as header.payload.signature), so the MAC check after refuses it the same way",
  "apps/store/src/identity/verify-hs256.ts:47 LogicalOperator":
    "a token of another shape cannot carry a valid MAC (only the store signs, always as header.payload.signature), so the MAC check after refuses it the same way",
  "apps/store/src/identity/verify-hs256.ts:47 EqualityOperator":
    "a token of another shape cannot carry a valid MAC (only the store signs, always as header.payload.signature), so the MAC check after refuses it the same way",
  "apps/store/src/identity/verify-hs256.ts:47 ArithmeticOperator":
    "a token of another shape cannot carry a valid MAC (only the store signs, always as header.payload.signature), so the MAC check after refuses it the same way",
  "apps/store/src/identity/verify-hs256.ts:47 BlockStatement":
    "a token of another shape cannot carry a valid MAC (only the store signs, always as header.payload.signature), so the MAC check after refuses it the same way",
  "apps/store/src/identity/verify-hs256.ts:27 ConditionalExpression":
    "decoded only after the MAC check: the segment was written by the store, always base64url JSON, so this refusal is never reached",
  "apps/store/src/identity/verify-hs256.ts:27 StringLiteral":
    "decoded only after the MAC check: the segment was written by the store, always base64url JSON, so this refusal is never reached",
  "apps/store/src/identity/verify-hs256.ts:30 BlockStatement":
    "decoded only after the MAC check: the segment was written by the store, always base64url JSON, so this refusal is never reached",
  "apps/store/src/identity/verify-hs256.ts:31 StringLiteral":
    "decoded only after the MAC check: the segment was written by the store, always base64url JSON, so this refusal is never reached",
  "apps/store/src/identity/tokens.ts:101 StringLiteral":
    "the message of an error caught a few lines below and replaced by TOKEN_INVALID either way",
  "apps/store/src/identity/tokens.ts:73 ConditionalExpression":
    "jose writes the claims with JSON.stringify, which leaves out a key whose value is undefined: the token is byte for byte the same",
  "apps/store/src/identity/tokens.ts:74 ConditionalExpression":
    "jose writes the claims with JSON.stringify, which leaves out a key whose value is undefined: the token is byte for byte the same",
  "apps/store/src/identity/tokens.ts:176 ConditionalExpression":
    "the cache of verified access tokens only saves the HMAC: verifying again answers the same subject, and the same expiry to the second",
  "apps/store/src/identity/tokens.ts:176 BlockStatement":
    "the cache of verified access tokens only saves the HMAC: verifying again answers the same subject, and the same expiry to the second",
  "apps/store/src/identity/verify-hs256.ts:68 ConditionalExpression":
    "a non-numeric nbf was refused two lines above; for a missing one, undefined > now is false, as the check without the guard",
  "apps/store/src/platform/secrets/signing-key.ts:15 BlockStatement":
    "a write that fails for another reason than an existing file leaves no file, and the read right after throws: the start fails either way, with the read's error instead of the write's",
  "apps/store/src/platform/secrets/signing-key.ts:16 ConditionalExpression":
    "a write that fails for another reason than an existing file leaves no file, and the read right after throws: the start fails either way, with the read's error instead of the write's",
  "apps/store/src/identity/tokens.ts:53 StringLiteral":
    "the label of a log line for an unexpected fault; no caller sees it",
  "apps/store/src/identity/page-sessions.ts:20 ConditionalExpression":
    "the session id check alone decides: a missing cookie finds no row (peekToken refuses a non-string), a missing row has no sid, and a row without a sid (a cookie from before sessions) is refused by isLive, which answers false for no sid; the first two tests narrow the types (page-session-abuse.test.ts: legacy, forged and kept cookies)",
  "apps/store/src/identity/page-sessions.ts:20 LogicalOperator":
    "the session id check alone decides: a missing cookie finds no row (peekToken refuses a non-string), a missing row has no sid, and a row without a sid (a cookie from before sessions) is refused by isLive, which answers false for no sid; the first two tests narrow the types (page-session-abuse.test.ts: legacy, forged and kept cookies)",
  "apps/store/src/identity/page-sessions.ts:22 ConditionalExpression":
    "the status test after liveIdentity (which already refuses a blocked member) is repeated by isLive, which needs the session's member ACTIVE: any other status is refused either way (page-session-abuse.test.ts: a member blocked in the database directly)",
  "apps/store/src/identity/page-sessions.ts:49 ConditionalExpression":
    "peekToken answers null for a missing cookie, so row === null has returned already; the test narrows the cookie's type",
  "apps/store/src/identity/page-sessions.ts:50 ConditionalExpression":
    "a browser token without a sid (from before sessions) names no session: ending an undefined id binds NULL, and id = NULL matches no row, so nothing ends either way",
  "apps/store/src/identity/page-sessions.ts:62 StringLiteral":
    "the label only separates this keyed digest from the store's others; with any label the page's own token matches and a forged one does not, and no other digest of the member's cookie is ever shown",
  "apps/store/src/identity/redirect-sessions.ts:82 ConditionalExpression":
    "the Set of response modes holds strings only, so has() is false for anything else: the typeof test is for the type narrowing (redirect-session-checks.test.ts: a form_post mode)",
  "apps/store/src/identity/redirect-sessions.ts:90 ConditionalExpression":
    'the challenge pattern tests null as the string "null", which is not 43 characters: a missing challenge is refused either way (redirect-session-checks.test.ts: left out)',
  "apps/store/src/identity/redirect-sessions.ts:125 ConditionalExpression":
    "the allowed origins are strings, so includes(undefined) is false: without an Origin header the store's own origin is used either way (redirect-session-intents.test.ts: web_message origins)",
  "apps/store/src/identity/redirect-sessions.ts:165 ConditionalExpression":
    'an empty postFlowUrl kept as "" instead of null reaches the same page: both places that read it (the authorize and sign-out pages) send the browser there only when checkRedirectUri allows it, which refuses "" (redirect-session-intents.test.ts: an empty postFlowUrl)',
  "apps/store/src/identity/redirect-sessions.ts:165 StringLiteral":
    'an empty postFlowUrl kept as "" instead of null reaches the same page: both places that read it (the authorize and sign-out pages) send the browser there only when checkRedirectUri allows it, which refuses "" (redirect-session-intents.test.ts: an empty postFlowUrl)',
  "apps/store/src/identity/authorization-codes.ts:15 StringLiteral":
    "Node hashes a string as UTF-8 when the encoding is empty, and the verifier was checked to be [A-Za-z0-9-._~] first, whose ASCII and UTF-8 bytes are the same",
  "apps/store/src/identity/authorization-codes.ts:50 ArrayDeclaration":
    "AUTHORIZATION_CODE_INVALID's message has no %s, so an argument changes neither the message nor anything else",
  "apps/store/src/identity/grants/authorization-code.ts:19 ArrayDeclaration":
    "AUTHORIZATION_CODE_INVALID's message has no %s, so an argument changes neither the message nor anything else",
  "apps/store/src/platform/http/request-origin.ts:36 ConditionalExpression":
    "the type guard on Host: without one, a missing Host reads as the host name 'undefined', which is no loopback name, so the origin is null the same (the whole condition's mutant is killed by request-origin.test.ts)",
  // mut-codes: identity/verification.ts, recovery.ts, mail-gate.ts
  "apps/store/src/identity/verification.ts:67 StringLiteral":
    'a code that is no string reads as "" and is refused by code === ""; read as "Stryker was here!" it is refused by the digest compare instead: the same branch, the same attempt counted, the same answer (the typeof literal\'s mutant is killed already; identity-verification-abuse.test.ts sends a code as a number)',
  "apps/store/src/identity/verification.ts:67 MethodExpression":
    "without the slice a code longer than 32 characters is hashed whole instead of cut: a mailed code has 6 digits, so it is wrong either way, counted the same (the mutant without trim is killed by identity-verification-abuse.test.ts: a code pasted with spaces)",
  "apps/store/src/identity/verification.ts:68 StringLiteral":
    'a step with no code stored compares the sent code\'s digest with "" or with "Stryker was here!": a base64url HMAC-SHA256 digest (43 characters) equals neither, so the code is refused either way (identity-verification-abuse.test.ts: a step whose code was never mailed)',
  "apps/store/src/identity/verification.ts:69 ConditionalExpression":
    'code === "" only short-cuts the digest compare: the digest of "" never equals a stored digest of a 6-digit code, nor "" (lengths differ), so an empty code is refused either way (the whole condition\'s mutants are killed)',
  "apps/store/src/identity/verification.ts:69 StringLiteral":
    'as above: with code === "Stryker was here!" an empty code goes to the digest compare and is refused there, and that string is refused either way',
  "apps/store/src/identity/verification.ts:80 ConditionalExpression":
    "{ deviceToken: undefined } and {} are the same options: rememberedDevice answers false for an undefined device token (the mutant that always drops the device is killed by identity-verification-after.test.ts: a remembered device)",
  "apps/store/src/identity/verification.ts:94 ConditionalExpression":
    "every e-mail step's payload holds a numeric sent from the moment its token exists (next-step.ts writes it before the token is handed out, and has since the first version, d2fb030), so the fallback 1 is never read (the mutant that always reads 1 is killed by identity-verification-abuse.test.ts: the resend cap)",
  "apps/store/src/identity/recovery.ts:112 ConditionalExpression":
    "the row === null test alone: identity is null whenever row is (line 111), so identity === null throws the same error (the other two tests' mutants are killed by identity-recover-abuse.test.ts: a blocked member's link, the editor's link)",
  "apps/store/src/identity/recovery.ts:122 ConditionalExpression":
    "a member's recovery token always stores redirectUrl as a string or null (mailRecoveryLink), so reading it unchecked gives the same value; the API ignores it and the reset page follows it only when checkRedirectUri allows it (the mutant that drops it is killed by identity-recover-abuse.test.ts: the reset page)",
  "apps/store/src/identity/mail-gate.ts:41 StringLiteral":
    'no caller tells "recipient" from another limit name: refusalError singles out "cooldown" and sendRecoveryEmail "address", every other caller only tests for null, so a refusal named "" is answered the same (identity-recovery-mails.test.ts: the recipient\'s cap)',
  // mut-factor: identity/totp.ts, second-factor.ts, captcha.ts (where a key's other mutants
  // are killed, the reason names the test; the key is listed for the equivalent one).
  "apps/store/src/identity/totp.ts:68 ObjectLiteral":
    "otpauth's Secret defaults to 20 bytes (constructor({ buffer, size = 20 } = {})), so new Secret({}) makes the same kind of key",
  "apps/store/src/identity/totp.ts:80 StringLiteral":
    "the label only names the account in an otpauth URI; this TOTP is only used to validate, which never reads it",
  "apps/store/src/identity/totp.ts:87 StringLiteral":
    'the fallback for a code that is not text: any text that is not 6 digits is refused the same (the other StringLiteral here, the spacing\'s "", is killed by identity-totp-codes.test.ts: a spaced code)',
  "apps/store/src/identity/totp.ts:87 MethodExpression":
    "otpauth refuses a token whose length is not 6 before comparing (HOTP.validate: token.length !== digits): a code longer than 16 characters is refused with or without the slice, which only bounds the work",
  "apps/store/src/identity/totp.ts:87 Regex":
    "with the g flag, /\\s/g and /\\s+/g both remove every whitespace character",
  "apps/store/src/identity/totp.ts:151 ConditionalExpression":
    "useTotpStep(id, null) runs totp_last_step < NULL, never true in SQLite or PostgreSQL: no row changes and it answers false, as the check does",
  "apps/store/src/identity/totp.ts:156 MethodExpression":
    "without the slice a text over 32 characters is still not an 11-character recovery code, so no stored digest matches either way (dropping trim is killed by identity-totp-codes.test.ts: a pasted code)",
  "apps/store/src/identity/totp.ts:156 StringLiteral":
    "the fallback for a code that is not text: no recovery code is that text (they are 11 characters, hex and a dash), so it is refused the same",
  "apps/store/src/identity/totp.ts:158 ConditionalExpression":
    "the empty text's digest is never a stored recovery code (those are digests of 11-character codes), so takeRecoveryCode answers false the same: the check only saves a write",
  "apps/store/src/identity/totp.ts:158 StringLiteral":
    "as the line's ConditionalExpression: an empty text then reaches takeRecoveryCode, whose digest matches no stored code",
  "apps/store/src/identity/second-factor.ts:62 ConditionalExpression":
    "no caller sends WEBAUTHN without its webauthn data (identity-routes.ts adds it for that factor, staffPasskeyFactor always; the pages and staffSecondFactor send only TOTP or RECOVERY_CODE), so this return is never reached; the line's other mutants are killed by passkeys.test.ts",
  "apps/store/src/identity/second-factor.ts:62 BooleanLiteral":
    "as the line's ConditionalExpression: the return for WEBAUTHN without webauthn data is never reached",
  "apps/store/src/identity/second-factor.ts:150 ConditionalExpression":
    "after the second factor nextStep answers SUCCESS for every live identity: an mfa step is only issued to a member who is not PENDING, and nothing makes a member PENDING again (reasons are only added at register); 'false' is killed by identity-second-factor-steps.test.ts (the history)",
  "apps/store/src/identity/captcha.ts:43 ArrowFunction":
    "a failed verifier's answer is only negated: !false and !undefined are both true, CAPTCHA_INVALID either way",
  // mut-signon: identity/sign-on.ts, passwords.ts, attempt-limiter.ts, next-step.ts
  "apps/store/src/identity/sign-on.ts:105 ConditionalExpression":
    'the empty and the over-512 token tests only save a hash and a read: the store holds hashes of randomToken() values (43 characters), so "" or a longer string finds no row and the answer is null either way (identity-session-token-abuse.test.ts: a guessed token)',
  "apps/store/src/identity/sign-on.ts:105 StringLiteral":
    'comparing with another string than "" lets "" through to the lookup, where its hash matches no stored token (randomToken() values are 43 characters): null either way',
  "apps/store/src/identity/sign-on.ts:105 EqualityOperator":
    "a token of exactly 512 characters is refused instead of looked up: no stored token is that long (randomToken() values are 43 characters), so null either way",
  "apps/store/src/platform/limits/attempt-limiter.ts:23 StringLiteral":
    "Refused never leaves take: it is thrown inside the transaction and caught in take, which answers its wait; its message is read nowhere",
  "apps/store/src/identity/next-step.ts:53 ObjectLiteral":
    "the step's first payload is replaced whole (setPayload is an UPDATE of the payload) in both branches before the state token is returned, and no one holds the token before: the mailed branch writes { purpose, code, sent } before its first await (identity-verification-step.test.ts: a held-back step resent)",
  "apps/store/src/identity/next-step.ts:53 StringLiteral":
    "as above: the first payload's purpose is overwritten in both branches before anyone holds the state token",
  // identity/profile.ts, register.ts, login.ts (mut-profile)
  "apps/store/src/identity/profile.ts:54 ConditionalExpression":
    "the allowed statuses are a Set of strings, so has() is false for anything else: the typeof test only narrows the type (identity-profile-checks.test.ts kills the whole condition's mutants: PUBLIC stored, ADMIN and 1 refused)",
  "apps/store/src/identity/register.ts:50 ConditionalExpression":
    "a null e-mail has pushed its violation two lines up, so violations.length > 0 refuses it either way; the test narrows the e-mail's type (identity-register-checks.test.ts: a malformed e-mail)",
  "apps/store/src/identity/register.ts:50 StringLiteral":
    "a refused profile's violations were pushed on the line before, so violations.length > 0 refuses it either way; the test narrows the profile's type (identity-register-checks.test.ts: a profile that is not an object)",
  "apps/store/src/identity/register.ts:74 ConditionalExpression":
    "an insert that found the address taken stores nothing, so reading the new random id two lines on finds no row and answers the same EMAIL_ALREADY_EXISTS (identity-register-login.test.ts: parallel registrations of one address)",
  "apps/store/src/identity/register.ts:76 ConditionalExpression":
    "the row an insert just stored is found by the next synchronous read (nothing runs between them): the null test only narrows the type",
  "apps/store/src/identity/register.ts:76 StringLiteral":
    "unreachable: the row an insert just stored is found by the next synchronous read, so this throw never runs (it narrows the type)",
  "apps/store/src/identity/login.ts:44 ArrayDeclaration":
    "SIGN_IN_BUSY's message has no %s, so an argument changes neither the message nor anything else",
  "apps/store/src/identity/login.ts:80 ConditionalExpression":
    "a deviceToken passed as undefined is the same as none: nextStep's remembered-device check answers false for an undefined token before anything else",
  // identity/session-list.ts, approval-mails.ts, member-data.ts (identity-accounts)
  "apps/store/src/identity/session-list.ts:37 ArrayDeclaration":
    "the ids of 'this device' are only compared with session ids (UUIDs): an extra 'Stryker was here' in the set matches no row",
  "apps/store/src/identity/session-list.ts:61 ConditionalExpression":
    "a page sign-in has no parent, and live holds session ids only, so !live.has(null) is true: dropping 'parentId === null' keeps the same rows (the LogicalOperator mutant is killed by session-list.test.ts: an app's tokens after their page sign-in was pruned)",
  "apps/store/src/identity/approval-mails.ts:16 ConditionalExpression":
    "waitsOnlyForApproval is asked at sign-up and at e-mail verification only, where a member is never BLOCKED (blocking drops the state token verification needs) and the reasons are in a fixed order, verification first: each condition alone decides the same (approval-mail-edges.test.ts kills the whole function's mutant: no owner mail before verification)",
  "apps/store/src/identity/approval-mails.ts:16 LogicalOperator":
    "as above: with the reasons in their fixed order (verification first), reasons[0] === APPROVAL already means the only reason, on a PENDING member",
  "apps/store/src/identity/approval-mails.ts:26 ConditionalExpression":
    "a member who had the approval reason becomes ACTIVE only from PENDING: approving a BLOCKED member keeps them blocked, and unblocking one with that reason makes them PENDING",
  "apps/store/src/identity/approval-mails.ts:26 OptionalChaining":
    "after is null only for a deletion, which is its own route (DELETE /api/members/:id) and never asks wasLetIn",
  "apps/store/src/identity/approval-mails.ts:41 StringLiteral":
    "the kind only names the mail's cool-down key: 'alert' is used by the approval mails alone, so '' is as distinct from 'code', 'link' and 'security' as 'alert' is",
  "apps/store/src/identity/approval-mails.ts:56 StringLiteral":
    "as above: the approval mails are the only ones of kind 'alert'",
  "apps/store/src/identity/breached-passwords.ts:45 OptionalChaining":
    "split always answers at least one element, so the first part is never undefined",
  "apps/store/src/identity/breached-passwords.ts:68 ArrayDeclaration":
    "PASSWORD_TOO_COMMON's message has no %s, so an argument changes nothing",
  "apps/store/src/identity/breached-passwords.ts:83 ArrayDeclaration":
    "PASSWORD_BREACHED's message has no %s, so an argument changes nothing",
  "apps/store/src/identity/breached-passwords.ts:71 StringLiteral":
    "Hash.update reads a string as UTF-8 when the encoding is empty, as it does for 'utf8'",
  "apps/store/src/identity/breached-passwords.ts:32 MethodExpression":
    "the list's one comment line has capitals and every lookup is lower-cased, so kept in the set it still matches no password (password-screen.test.ts: the comment line is no password)",
  "apps/store/src/identity/member-data.ts:101 StringLiteral":
    "the erased member's session rows go with the identity row (store.remove), so the end reason written just before is never read",
  // identity/secret-box.ts, member-admin.ts (identity-sessions)
  "apps/store/src/platform/secrets/secret-box.ts:19 StringLiteral":
    "Cipher.update reads a string as UTF-8 when the encoding is empty, as it does for 'utf8'",
  "apps/store/src/platform/secrets/secret-box.ts:21 ConditionalExpression":
    "the one string part is the version, and String.prototype.toString ignores its argument: 'v1' either way",
  "apps/store/src/platform/secrets/secret-box.ts:21 StringLiteral":
    "as above: treating the version as a buffer calls String's toString, which answers 'v1' whatever the encoding",
  "apps/store/src/platform/secrets/secret-box.ts:28 ConditionalExpression":
    "a missing nonce, text or tag makes Buffer.from(undefined) throw inside the try, answered null as the check does (secret-box.test.ts: boxes with parts cut off open to nothing; the version's condition is killed there)",
  "apps/store/src/identity/member-admin.ts:37 ConditionalExpression":
    "searching for the empty text matches every e-mail in the same order as the plain list",
  "apps/store/src/identity/member-admin.ts:37 StringLiteral":
    "as above: the empty search and the list answer the same members in the same order",
  "apps/store/src/identity/member-admin.ts:62 StringLiteral":
    "the deleted member's session rows go with the identity row (store.remove), so the end reason written just before is never read",
  "apps/store/src/identity/member-admin.ts:77 StringLiteral":
    "statusAfter only asks whether the status is BLOCKED: '' and 'ACTIVE' give the same answer",
  "apps/store/src/identity/staff-recovery.ts:52 ObjectLiteral":
    "the token's { staff: true } is kept for the record and read nowhere: a staff reset is told apart by the identity's role (isStaff)",
  "apps/store/src/identity/staff-recovery.ts:52 BooleanLiteral":
    "as above: the staff mark is read nowhere",
  "apps/store/src/identity/staff-recovery.ts:85 ObjectLiteral":
    "as above: the invitation token's staff mark is read nowhere; the role decides",
  "apps/store/src/identity/staff-recovery.ts:85 BooleanLiteral":
    "as above: the staff mark is read nowhere",
  "apps/store/src/identity/staff-recovery.ts:79 ArrayDeclaration":
    "a collaborator's pending reasons are read nowhere: staff sign-in asks only for an active status (isStaff, and nextStep reads reasons only when PENDING), and the members' views and lists hold role 'member' only",
  "apps/store/src/identity/staff-recovery.ts:115 ConditionalExpression":
    "a token without an identity reads byId(null), which finds no row: the same OWNER_RESET_LINK_INVALID",
  // identity/passkey-ceremony.ts, passkey-sign-in.ts (identity-passkeys)
  "apps/store/src/identity/passkey-ceremony.ts:72 ConditionalExpression":
    "every webauthn token is issued by issueChallenge with the library's challenge, a base64url string: the typeof test only narrows the payload's type",
  "apps/store/src/identity/passkey-ceremony.ts:137 ConditionalExpression":
    "a credential that is not an object makes verifyRegistrationResponse throw (it reads its id and response), answered with the same PASSKEY_NOT_ACCEPTED; the challenge is used up before either way (passkey-ceremony-abuse.test.ts: a registration with no credential)",
  "apps/store/src/identity/passkey-ceremony.ts:181 ConditionalExpression":
    "a sign-in step has no identityId: ofIdentity(undefined) binds NULL on both adapters and finds no passkey, so allowCredentials is [] either way (the line's other mutants: passkey-names-and-limits.test.ts, a second step's options)",
  "apps/store/src/identity/passkey-ceremony.ts:221 ConditionalExpression":
    "testing the stateHash for every step changes nothing for a sign-in step: neither its challenge nor the step has one (undefined !== undefined); the line's other mutants are killed by passkey-ceremony-abuse.test.ts (one sign-in attempt's answer on another)",
  "apps/store/src/identity/passkey-ceremony.ts:227 ConditionalExpression":
    "registration refuses an id longer than WebAuthn's 1,023 bytes, so a longer one is never stored and its lookup finds nothing: the same PASSKEY_NOT_ACCEPTED; the check only spares the lookup (its <= edge is killed by passkey-ceremony-abuse.test.ts: an id of the longest length signs in)",
  "apps/store/src/identity/passkey-ceremony.ts:248 StringLiteral":
    "the Error is caught two lines on and answered PASSKEY_NOT_ACCEPTED; its message is read nowhere",
  "apps/store/src/identity/passkey-ceremony.ts:250 BlockStatement":
    "a failed check leaves newCounter unset; recordUse then binds NULL (both adapters), which updates no row (counter < NULL is never true), so the answer is the same PASSKEY_NOT_ACCEPTED (checked with the mutant on SQLite and PostgreSQL)",
  "apps/store/src/identity/passkey-sign-in.ts:31 ObjectLiteral":
    "startAuthentication tells the steps apart only by purpose === 'factor' and issues the sign-in challenge with its own literal purpose: a step with no purpose is the sign-in step",
  "apps/store/src/identity/passkey-sign-in.ts:31 StringLiteral":
    "as above: any purpose but 'factor' is the sign-in step, whose challenge is issued with the literal 'sign-in'",
  // identity-sign-in: the guards no test in one process can reach.
  "apps/store/src/identity/sign-on.ts:60 ConditionalExpression":
    "equivalent within one process: identity was found by its e-mail or inserted and read back just above, so it is never null here; only another process deleting the row in between could make it so (then 500 instead of 403, no token either way); the role half and the whole condition are killed by identity-sign-on-checks.test.ts (the owner's e-mail gets no member session token)",
  "apps/store/src/identity/totp.ts:118 ConditionalExpression":
    "peekToken found the enrolment token live a few lines up in the same synchronous call (db/sql-db.ts: both engines are synchronous, nothing interleaves in one process), so the take cannot come back empty here; it guards two nodes racing on one PostgreSQL, whose statements no test can order",
  "apps/store/src/platform/limits/attempt-limiter.ts:45 MethodExpression":
    "the answer (the longest wait, nothing recorded when refused) does not depend on the keys' order, and no caller in the store passes more than one key; the order only keeps two processes on PostgreSQL from locking the same rate_limits rows in opposite orders, which no test can interleave",
  // identity/members-cli.ts, staff-recovery.ts:119 (identity-sessions)
  "apps/store/src/main/commands/members-cli.ts:51 ConditionalExpression":
    "without the null test a malformed e-mail looks up byEmail(null), which binds NULL on both adapters and finds no row: the same 'no member' and exit 1 (checked on SQLite and PostgreSQL; the line's other mutants are killed by members-cli.test.ts: a malformed e-mail)",
  "apps/store/src/main/commands/members-cli.ts:65 ConditionalExpression":
    "after erase, applyMemberAction's delete finds no live session to end and no row to remove, and answers null as the skipped call does (the line's other mutants are killed by members-cli.test.ts)",
  "apps/store/src/main/commands/members-cli.ts:65 StringLiteral":
    "as above: calling applyMemberAction for delete too, after erase, changes nothing and answers null",
  "apps/store/src/main/commands/members-cli.ts:109 StringLiteral":
    "without an action (args[0] undefined) any fallback that is no action name fails the includes test alike: the usage and exit 2",
  "apps/store/src/identity/staff-recovery.ts:119 ConditionalExpression":
    "the owner's e-mail is verified whenever it is an address (setEmail marks it; the placeholder 'owner' gets no mail), so only a verified identity is marked again: that bumps the row's revision, which no view of a staff identity shows (an unverified collaborator's marking is killed by staff-reset-abuse.test.ts)",
  "apps/store/src/identity/staff-recovery.ts:119 LogicalOperator":
    "as above: with || a verified collaborator's or the owner's verified e-mail is marked verified again, which changes only the row's unread revision",
  // identity/identity-context.ts (identity-wiring)
  "apps/store/src/identity/identity-context.ts:64 StringLiteral":
    "each limit keeps its own scope either way: an emptied name leaves 'member-', which no other counter on the database uses, so only the name its rows are stored under changes",
  "apps/store/src/identity/identity-context.ts:65 StringLiteral":
    "as above: the emptied scope 'member-' is still this limit's alone",
  "apps/store/src/identity/identity-context.ts:66 StringLiteral":
    "as above: the emptied scope 'member-' is still this limit's alone",
  "apps/store/src/identity/identity-context.ts:67 StringLiteral":
    "as above: the emptied scope 'member-' is still this limit's alone",
  "apps/store/src/identity/identity-context.ts:68 StringLiteral":
    "as above: the emptied scope 'member-' is still this limit's alone",
  "apps/store/src/identity/identity-context.ts:69 StringLiteral":
    "as above: the emptied scope 'member-' is still this limit's alone",
  "apps/store/src/identity/identity-context.ts:70 StringLiteral":
    "as above: the emptied scope 'member-' is still this limit's alone",
  "apps/store/src/identity/identity-context.ts:71 StringLiteral":
    "as above: the emptied scope 'member-' is still this limit's alone",
  "apps/store/src/identity/identity-context.ts:72 StringLiteral":
    "as above: the emptied scope 'member-' is still this limit's alone",
  "apps/store/src/identity/identity-context.ts:73 StringLiteral":
    "as above: the emptied scope 'member-' is still this limit's alone",
  "apps/store/src/identity/identity-context.ts:74 StringLiteral":
    "as above: the emptied scope 'member-' is still this limit's alone",
  "apps/store/src/identity/identity-context.ts:104 ConditionalExpression":
    "an empty or over-512-character token is hashed and looked up like any other and matches no issued token (each is 43 characters of base64url), so dropping either test answers the same null; the line's other mutants (the typeof test) are killed by identity-token-shapes.test.ts",
  "apps/store/src/identity/identity-context.ts:104 StringLiteral":
    "as above: a token equal to the mutant's text is hashed and matches no issued token, the same null",
  "apps/store/src/identity/identity-context.ts:104 EqualityOperator":
    "as above: a token of exactly 512 characters is hashed and matches no issued token, the same null",
  "apps/store/src/identity/identity-context.ts:110 ConditionalExpression":
    "as on line 104, for peekToken: an empty or over-long token matches no issued token either way (the typeof test's mutants are killed)",
  "apps/store/src/identity/identity-context.ts:110 StringLiteral":
    "as on line 104: the mutant's text matches no issued token",
  "apps/store/src/identity/identity-context.ts:110 EqualityOperator":
    "as on line 104: a 512-character token matches no issued token",
  "apps/store/src/identity/identity-context.ts:144 ObjectLiteral":
    "read's fallback is used only before the settings row exists, and createIdentityContext writes it (initialise) before any flow can run; nothing deletes it",
  "apps/store/src/identity/identity-context.ts:148 ConditionalExpression":
    "without the null test, byId(null) binds NULL on both adapters and finds no row: the same null",
  // identity/staff-sign-in.ts, sessions.ts, session-liveness.ts (identity-sessions)
  "apps/store/src/identity/staff-sign-in.ts:34 ConditionalExpression":
    "byEmail(null) binds NULL (both adapters), which matches no row: the same null identity the check answers",
  "apps/store/src/identity/staff-sign-in.ts:35 ConditionalExpression":
    "a member's row only changes which hash the guess is checked against (the same argon2 work, no side effect) and not the limiter key (the same address); isStaff refuses it on line 63 with the same OWNER_WRONG_PASSWORD before anything is recorded",
  "apps/store/src/identity/staff-sign-in.ts:35 StringLiteral":
    "as above: a member's row let through is refused by isStaff on line 63 with the same answer, the same limiter key and nothing recorded",
  "apps/store/src/identity/staff-sign-in.ts:43 ConditionalExpression":
    "(the true mutant) an outcome other than SUCCESS carries no session token, and takeToken answers null for one without touching the store; the false mutant is killed by staff-sign-in-attacks.test.ts (no member session token left)",
  "apps/store/src/identity/staff-sign-in.ts:44 ConditionalExpression":
    "(the left operand false) for an active staff identity nextStep and verifyFactor answer only REQUIRE_MFA, returned above, or SUCCESS; any other state comes with a pending identity, which isStaff refuses on the same line; the whole condition's mutant is killed by staff-sign-in-members.test.ts",
  "apps/store/src/identity/staff-sign-in.ts:47 StringLiteral":
    "the routes tell only REQUIRE_MFA apart (session-routes.ts answer); any other state gets the signed-in answer, so the literal is read nowhere",
  "apps/store/src/identity/staff-sign-in.ts:60 StringLiteral":
    "equivalent once the owner has an e-mail: 'owner' then names only the count of guesses whose e-mail is malformed, which never sign in, and any other name does the same; before that, 'owner' is also the placeholder owner's key, so such guesses share the count of password-only guesses at the owner, which an attacker can send anyway with the same lockout (the per-address limit bounds both)",
  "apps/store/src/identity/staff-sign-in.ts:112 Regex":
    "with the global flag, /\\s/g removes every whitespace character as /\\s+/g does",
  "apps/store/src/identity/staff-sign-in.ts:112 StringLiteral":
    "(the non-string branch) any text there is no six-digit code, so a code that is not a string is checked as a recovery code either way, which refuses it (the replacement's mutant is killed by staff-account.test.ts: a code typed with a space)",
  "apps/store/src/identity/staff-sign-in.ts:113 StringLiteral":
    "readFactorType('') is null and the caller falls back to TOTP, the factor the literal names",
  "apps/store/src/identity/staff-sign-in.ts:125 StringLiteral":
    "factorOf answers only TOTP or RECOVERY_CODE, both known factor types, so readFactorType never answers null and the fallback is never used",
  "apps/store/src/identity/sessions.ts:52 ArrowFunction":
    "on SQLite nothing is kept; on PostgreSQL every end is an UPDATE on the node's own connection, whose onOwnWrite listener (session-liveness.ts, killed by session-liveness-two-nodes.test.ts) clears every kept answer when it commits, before any later request asks",
  "apps/store/src/identity/sessions.ts:66 ConditionalExpression":
    "store.byId(undefined) binds NULL (better-sqlite3 and the PostgreSQL adapter alike), which names no session: null either way (checked with the mutant on both adapters)",
  "apps/store/src/identity/sessions.ts:108 ConditionalExpression":
    "identityOf(undefined) reads no session (a NULL id) and answers null, which never equals an identity id (checked with the mutant on both adapters)",
  "apps/store/src/identity/sessions.ts:119 ConditionalExpression":
    "store.byId(undefined) answers null, as the check does, so no session is kept (checked with the mutant on both adapters)",
  "apps/store/src/identity/sessions.ts:141 ConditionalExpression":
    "a refresh token carries its subject and session id under the store's signature, both taken from one session row when issued, and every session a member token names is a token session (the grants start channel 'token' sessions, or token children of a page session): neither check can fail for a token the store signed",
  "apps/store/src/identity/session-liveness.ts:48 ConditionalExpression":
    "(the false mutant of hit === false) a kept ended session answers false instead of null; the one caller (Sessions.isLive) compares the answer with an identity id, which false never equals; the line's other mutants are killed by session-liveness-two-nodes.test.ts",
  "apps/store/src/identity/session-liveness.ts:48 BooleanLiteral":
    "hit === true never holds for a kept value (an identity id or false), so a kept ended session answers false, which isLive compares with an identity id and refuses",
  "apps/store/src/identity/session-liveness.ts:50 BooleanLiteral":
    "an ended session kept as true answers true, which isLive compares with an identity id and refuses, as it refuses null",
  "apps/store/src/identity/session-liveness.ts:53 BlockStatement":
    "the node's own ends are UPDATEs on its connection, and onOwnWrite clears every kept answer when they commit (see sessions.ts:52), so forgetting them one by one changes no answer",
  // identity/pages/: views.ts, html.ts, site-theme.ts, form-token.ts (identity-pages)
  "apps/store/src/identity/pages/views.ts:40 ConditionalExpression":
    "no route passes a notice to signInPage (only the account and e-mail code pages take one), so the notice paragraph is never rendered either way; its other mutants (an empty status paragraph shown) are killed by member-sign-in-page-words.test.ts",
  "apps/store/src/identity/pages/views.ts:40 StringLiteral":
    "as above: signInPage's notice paragraph is built only for a notice, which no caller passes",
  "apps/store/src/platform/pages/html.ts:28 StringLiteral":
    "a template literal always has a first string, so strings[0] is never undefined",
  "apps/store/src/platform/pages/html.ts:30 StringLiteral":
    "a template literal has one string more than it has values, so strings[index + 1] is never undefined",
  "apps/store/src/platform/pages/site-theme.ts:16 EqualityOperator":
    "css[css.length] is undefined, neither brace: the one step more changes no depth and the loop ends at the same throw",
  "apps/store/src/platform/pages/form-token.ts:17 StringLiteral":
    "the label only keeps this HMAC's input apart from the store's other HMACs under the key (member-csrf, owner-csrf, code digests), all with non-empty labels: with the empty label (NUL + cookie) none of their inputs (label + NUL + value) can equal it either",
  "apps/store/src/platform/pages/form-token.ts:34 ConditionalExpression":
    "the empty-token test only spares a comparison: sameSecret refuses values of different lengths, and a form token is 43 characters (the line's cookie test is killed by form-token.test.ts)",
  "apps/store/src/platform/pages/form-token.ts:34 StringLiteral":
    "as above: an empty posted token fails sameSecret's length test whatever the literal compared against",
};
