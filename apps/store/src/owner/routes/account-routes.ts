/**
 * @module The signed-in editor's own account: the second factor (TOTP with recovery codes,
 * the members' code in identity/totp.ts) for the owner and collaborators, and the owner's
 * e-mail address for mailed resets (asks for the password, so a borrowed session cannot point
 * the reset at another mailbox).
 */
import type { RecoveryCodes, TotpEnrolment } from "@consultant/site-content/wire";
import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  boundedGuess,
  confirmFactorChange,
  type IdentityContext,
  normaliseEmail,
  requireOwner,
  requireOwnerRole,
  startFactorChange,
  throttle,
  turnFactorOff,
  verifyPassword,
} from "../../identity/index.ts";
import { ApiError, validationError, violation } from "../../platform/errors.ts";
import { bodyObject } from "../../platform/http/body-object.ts";
import type { Semaphore } from "../../platform/limits/semaphore.ts";

export type AccountRoutesDeps = { identity: IdentityContext; verifications: Semaphore };

export function registerAccountRoutes(app: FastifyInstance, deps: AccountRoutesDeps): void {
  const { identity: ctx, verifications } = deps;

  function me(request: FastifyRequest) {
    const row = ctx.store.byId(request.owner?.session.identityId ?? "");
    if (row === null) throw new ApiError("OWNER_SIGN_IN_REQUIRED");
    return row;
  }

  /** The editor's session as the factor rule sees it (factor-change.ts). */
  const changer = (request: FastifyRequest) => ({
    identity: me(request),
    sid: request.owner?.session.sid ?? "",
  });

  // The members' rule for changing the factor: a sign-in in the last 10 minutes (or the
  // password now) and, while a factor is on, its current code or a recovery code.
  app.post(
    "/api/account/second-factor/start",
    { preHandler: requireOwner },
    async (request): Promise<TotpEnrolment> => {
      const body = bodyObject(request);
      throttle(ctx.limits.verify, request.ip);
      const enrolment = await startFactorChange(ctx, changer(request), {
        code: body.code,
        password: body.password,
      });
      return {
        enrolmentToken: enrolment.enrolmentToken,
        manualKey: enrolment.manualKey,
        otpauthUri: enrolment.otpauthUri,
        qrSvg: enrolment.qrSvg,
      };
    },
  );

  app.post(
    "/api/account/second-factor/confirm",
    { preHandler: requireOwner },
    async (request): Promise<RecoveryCodes> => {
      const body = bodyObject(request);
      throttle(ctx.limits.verify, request.ip);
      const codes = confirmFactorChange(ctx, changer(request), body.enrolmentToken, body.code);
      if (codes === null) throw new ApiError("IDENTITY_CODE_INVALID");
      return { recoveryCodes: codes };
    },
  );

  app.post("/api/account/second-factor/off", { preHandler: requireOwner }, async (request) => {
    const body = bodyObject(request);
    throttle(ctx.limits.verify, request.ip);
    await turnFactorOff(ctx, changer(request), { code: body.code, password: body.password });
    return { twoFactor: false };
  });

  app.put("/api/account/email", { preHandler: requireOwnerRole }, async (request) => {
    const body = bodyObject(request);
    const email = normaliseEmail(body.email);
    if (email === null) {
      throw validationError([violation("email", "must be a valid e-mail address", "FORMAT")]);
    }
    const identity = me(request);
    throttle(ctx.limits.loginPerEmail, identity.email);
    const release = verifications.tryAcquire();
    if (release === null) throw new ApiError("SIGN_IN_BUSY");
    let valid: boolean;
    try {
      valid = await verifyPassword(identity.passwordHash, boundedGuess(body.password));
    } finally {
      release();
    }
    if (!valid) throw new ApiError("OWNER_WRONG_PASSWORD");
    if (email !== identity.email && !ctx.store.setEmail(identity.id, email, ctx.now())) {
      throw new ApiError("OWNER_EMAIL_TAKEN");
    }
    return { email };
  });
}
