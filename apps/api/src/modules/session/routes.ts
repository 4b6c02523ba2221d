/**
 * Routes of the session domain (spec §7): POST log/identify, POST log/log-in,
 * POST log/user/{id}/log-in, GET token/{identity}, POST log/user/{id}/log-out (GET token/refresh and GET
 * token/verify are registered by the sso module, which answers the portal's client with this module's
 * `refreshTokens` and `verifyAccessToken`). With the captcha flag on, the three log-in calls need a reCAPTCHA token of
 * the action login (spec §4, §5 Captcha). The Security page's "Where you're signed in" (issue 22 §5;
 * account-sessions.ts), user bearer, rate-limited per IP, 404 ERROR_NOT_FOUND with `securitySessions` off:
 * GET account/sessions, POST account/sessions/{sessionId}/sign-out (400 ERROR_SESSION_UNKNOWN),
 * POST account/sessions/sign-out-others.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { ENDPOINTS } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { endpointRoute } from '../../lib/endpoint-routes.ts';
import { anonymousAuth, requireSelf, userAuth } from '../../plugins/auth.ts';
import { identify, logIn, logInUser, type LoginRequest } from './login.ts';
import { deviceCookieName, needsNewDeviceCookie, setDeviceCookie } from './device-cookies.ts';
import { logOut, tokenForIdentity, type RequestOrigin } from './sessions.ts';
import { listAccountSessions, signOutOtherSessions, signOutSession } from './account-sessions.ts';
import { sensitiveRateLimit } from '../../plugins/rate-limit.ts';
import { ipBanGuard } from '../bans/index.ts';
import { captchaEnabled, requireCaptcha } from '../captcha/index.ts';
import { requestLocale } from '../../lib/locale.ts';
import {
  passkeyOptionsForTicket,
  passwordlessPasskeyOptions,
  rememberedDeviceCookieName,
  requirePasskeys,
  requireSecondFactors,
} from '../second-factors/index.ts';
import { completeSecondFactor } from './second-factor-login.ts';
import { logInWithPasskey } from './passkey-login.ts';
import { completeReauthentication } from './reauthentication.ts';
import type { LoggedIn } from './login.ts';

/**
 * A log-in request (login.ts): its address and user agent (recorded on the session it opens), its
 * known-device cookies, its captcha token — already verified by the route when the flag is on — and its
 * language (for the new-device alert).
 */
function loginRequestOf(
  ctx: AppContext,
  request: FastifyRequest,
  token: string | null | undefined,
): LoginRequest {
  return {
    ip: request.ip,
    userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
    deviceTokenFor: (idUser) => request.cookies[deviceCookieName(idUser)],
    rememberedDeviceFor: (idUser) => request.cookies[rememberedDeviceCookieName(idUser)],
    captcha: { token, verified: captchaEnabled(ctx) },
    locale: requestLocale(request),
  };
}

/**
 * The log-in calls' answer (contracts LoginResponseSchema): `Created`, or an empty one with the second
 * step's ticket; the device cookie is given only once the log-in is complete, and not again while the
 * one the browser presented is fresh (device-cookies.ts {@link needsNewDeviceCookie}).
 */
function loginAnswer(ctx: AppContext, reply: FastifyReply, loggedIn: LoggedIn) {
  if (loggedIn.secondFactorTicket) {
    return {
      Created: '',
      SecondFactorTicket: loggedIn.secondFactorTicket,
      SecondFactorMethods: loggedIn.secondFactorMethods ?? [],
    };
  }
  if (needsNewDeviceCookie(loggedIn.knownDevice)) setDeviceCookie(ctx, reply, loggedIn.idUser);
  return { Created: loggedIn.created };
}

/** Where a request comes from: its address and user agent. */
function originOf(request: FastifyRequest): RequestOrigin {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent : null };
}

/** Registers the session routes on the /api scope. */
export async function sessionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const anonymous = anonymousAuth(ctx);
  const user = userAuth(ctx);
  // The log-in calls: anonymous bearer, rate-limited per IP, refused to a banned address.
  const loginCall = {
    config: { rateLimit: sensitiveRateLimit(ctx) },
    onRequest: anonymous,
    preHandler: ipBanGuard(ctx, 'ERROR_USER_IP_BANNED'),
  };

  endpointRoute(r, ENDPOINTS.postLogIdentify, {
    ...loginCall,
    handler: async (request) => {
      await requireCaptcha(ctx, request.body.Token, 'login', request.ip);
      return identify(ctx, request.body.UsernameOrEmail);
    },
  });

  endpointRoute(r, ENDPOINTS.postLogLogIn, {
    ...loginCall,
    handler: async (request, reply) => {
      const { UsernameOrEmail, Password, Token } = request.body;
      await requireCaptcha(ctx, Token, 'login', request.ip);
      const loggedIn = await logIn(ctx, UsernameOrEmail, Password, loginRequestOf(ctx, request, Token));
      return loginAnswer(ctx, reply, loggedIn);
    },
  });

  endpointRoute(r, ENDPOINTS.postLogUserLogIn, {
    ...loginCall,
    handler: async (request, reply) => {
      const { Password, Token } = request.body;
      await requireCaptcha(ctx, Token, 'login', request.ip);
      const loggedIn = await logInUser(ctx, request.params.id, Password, loginRequestOf(ctx, request, Token));
      return loginAnswer(ctx, reply, loggedIn);
    },
  });

  // Issue 22 §4: the second step of a log-in whose password step answered a SecondFactorTicket.
  endpointRoute(r, ENDPOINTS.postLogSecondFactor, {
    ...loginCall,
    handler: async (request, reply) => {
      requireSecondFactors(ctx);
      const loggedIn = await completeSecondFactor(
        ctx,
        request.body,
        loginRequestOf(ctx, request, null),
        reply,
      );
      setDeviceCookie(ctx, reply, loggedIn.idUser);
      return { Created: loggedIn.created };
    },
  });

  // Issue 22 §3: passkey options (passwordless, or the second step's with its ticket), and the
  // passwordless log-in.
  endpointRoute(r, ENDPOINTS.postLogPasskeyOptions, {
    ...loginCall,
    handler: async (request, reply) => {
      requirePasskeys(ctx);
      const { Ticket } = request.body;
      void reply.header('cache-control', 'no-store');
      return {
        Options: Ticket ? await passkeyOptionsForTicket(ctx, Ticket) : await passwordlessPasskeyOptions(ctx),
      };
    },
  });

  endpointRoute(r, ENDPOINTS.postLogPasskey, {
    ...loginCall,
    handler: async (request, reply) => {
      const loggedIn = await logInWithPasskey(ctx, request.body.Response, loginRequestOf(ctx, request, null));
      return loginAnswer(ctx, reply, loggedIn);
    },
  });

  // Issue 22 §4 step-up: the second factor of a re-authentication whose password step answered a ticket.
  endpointRoute(r, ENDPOINTS.postAccountReauthenticationSecondFactor, {
    config: { rateLimit: sensitiveRateLimit(ctx) },
    onRequest: user,
    handler: async (request) => {
      const auth = requireSelf(request);
      const { Ticket, Code, RecoveryCode, Passkey } = request.body;
      await completeReauthentication(
        ctx,
        auth,
        { ticket: Ticket, code: Code, recoveryCode: RecoveryCode, passkey: Passkey },
        originOf(request),
      );
      return { Success: true };
    },
  });

  endpointRoute(r, ENDPOINTS.getTokenIdentity, {
    onRequest: anonymous,
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return tokenForIdentity(ctx, request.params.identity);
    },
  });

  endpointRoute(r, ENDPOINTS.postLogUserLogOut, {
    onRequest: user,
    handler: async (request) => {
      const auth = requireSelf(request, request.params.id);
      return logOut(ctx, auth, request.ip);
    },
  });

  // "Where you're signed in" (issue 22 §5; account-sessions.ts): the caller's own sessions only.
  const limited = { rateLimit: sensitiveRateLimit(ctx) };
  endpointRoute(r, ENDPOINTS.getAccountSessions, {
    config: limited,
    onRequest: user,
    handler: async (request, reply) => {
      const auth = requireSelf(request);
      void reply.header('cache-control', 'no-store');
      return listAccountSessions(ctx, auth);
    },
  });

  endpointRoute(r, ENDPOINTS.postAccountSessionsSignOut, {
    config: limited,
    onRequest: user,
    handler: async (request, reply) => {
      const auth = requireSelf(request);
      await signOutSession(ctx, auth, request.params.sessionId, originOf(request));
      void reply.header('cache-control', 'no-store');
      return { Success: true };
    },
  });

  endpointRoute(r, ENDPOINTS.postAccountSessionsSignOutOthers, {
    config: limited,
    onRequest: user,
    handler: async (request, reply) => {
      const auth = requireSelf(request);
      const signedOut = await signOutOtherSessions(ctx, auth, originOf(request));
      void reply.header('cache-control', 'no-store');
      return { SignedOut: signedOut };
    },
  });
}
