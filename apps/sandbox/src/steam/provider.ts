/**
 * The OpenID 2.0 provider routes of the Steam stand-in (OpenID 2.0, DESIGN.md §1 Steam). With
 * B = `${publicUrl}/steam/openid` (the public URL is read at each request):
 * - `GET B` (and `B/`) → XRDS of the OP Identifier (service `…/2.0/server` at `B/login`);
 * - `GET B/id/<steamid>` → XRDS of that claimed identifier (service `…/2.0/signon` at `B/login`); 404 for
 *   anything but a SteamID64 (17 digits starting 7656119);
 * - `GET B/login` (or a form `POST`) with `openid.mode=checkid_setup` → the approve page;
 *   `checkid_immediate` → 302 to `return_to` with `openid.mode=setup_needed` (no one can approve);
 *   an invalid request (see `request.ts`) → 400 HTML page;
 * - `POST B/login` (form body) with `openid.mode=check_authentication` → `text/plain` key-value
 *   `ns:…\nis_valid:true|false\n` (see `AssertionSigner.checkAuthentication`); `associate` → 400
 *   key-value `error_code:unsupported-type` (stateless only); any other mode → 400 key-value error;
 * - `POST B/approve` (the approve form) → 303 to `return_to` with a signed positive assertion, or with
 *   `openid.mode=cancel` for "Cancel"; an invalid request → 400 page; a bad choice (no account, malformed
 *   Steam ID, bad persona name) → the approve page again with an alert, 400.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../party.ts';
import {
  SANDBOX_STEAM_DEMO_ACCOUNTS,
  checkPersonaName,
  isSteamId,
  type SteamAccountStore,
} from './accounts.ts';
import { APPROVE_FIELDS, APPROVE_PATH, renderLoginPage, type ApproveFormValues } from './login-page.ts';
import { OPENID_NS, encodeKeyValue, steamOpenIdUrls, type AssertionSigner } from './openid.ts';
import { renderSteamErrorPage, sendSteamPage } from './pages.ts';
import { withOpenIdFields } from './realm.ts';
import { checkCheckIdRequest, openIdFields, type CheckIdRequest } from './request.ts';
import { OPENID_SERVER_TYPE, OPENID_SIGNON_TYPE, XRDS_CONTENT_TYPE, xrdsDocument } from './xrds.ts';

/** The first value of a form field when it is a string. */
function formField(body: unknown, name: string): string | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const value: unknown = (body as Record<string, unknown>)[name];
  const first = Array.isArray(value) ? (value as unknown[])[0] : value;
  return typeof first === 'string' ? first : undefined;
}

/** The body of a form post, or `undefined` for any other content type. */
function formBody(request: FastifyRequest): unknown {
  const type = (request.headers['content-type'] ?? '').toLowerCase();
  return type.startsWith('application/x-www-form-urlencoded') ? request.body : undefined;
}

/** Sends a direct response in key-value form (`ns` first) with `statusCode`. */
function sendKeyValue(reply: FastifyReply, statusCode: number, pairs: Array<[string, string]>): FastifyReply {
  return reply
    .code(statusCode)
    .header('content-type', 'text/plain; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(encodeKeyValue([['ns', OPENID_NS], ...pairs]));
}

/** Sends the 400 error page. */
function sendBadRequest(reply: FastifyReply, title: string, message: string): FastifyReply {
  return sendSteamPage(reply, renderSteamErrorPage(title, message), 400);
}

/** Builds the Fastify plugin of the provider over `accounts`, signing with `signer`. */
export function steamOpenIdPlugin(
  context: SandboxContext,
  accounts: SteamAccountStore,
  signer: AssertionSigner,
): FastifyPluginAsync {
  const urls = () => steamOpenIdUrls(context.publicUrl());

  /** The accounts the approve page offers for `request`. */
  const offered = (request: CheckIdRequest) =>
    request.steamid === undefined
      ? SANDBOX_STEAM_DEMO_ACCOUNTS.map((account) => accounts.account(account.steamid))
      : [accounts.account(request.steamid)];

  /** An indirect request (`checkid_*`), from the query of a GET or the body of a form POST. */
  const indirect = (fields: Map<string, string> | undefined, reply: FastifyReply): FastifyReply => {
    if (fields === undefined) {
      return sendBadRequest(reply, 'Invalid OpenID request', 'An openid field is repeated or too long.');
    }
    const mode = fields.get('openid.mode');
    if (mode === undefined) {
      return sendBadRequest(
        reply,
        'Not an OpenID request',
        "This is the Steam stand-in's OpenID endpoint: sites send people here with openid.mode=checkid_setup.",
      );
    }
    if (mode === 'check_authentication' || mode === 'associate') {
      return sendBadRequest(
        reply,
        'Invalid OpenID request',
        `openid.mode=${mode} is a direct request: POST it.`,
      );
    }
    const request = checkCheckIdRequest(fields, urls());
    if ('error' in request) return sendBadRequest(reply, 'Invalid OpenID request', request.error);
    if (request.mode === 'checkid_immediate') {
      const answer = withOpenIdFields(request.returnTo, [
        ['openid.ns', OPENID_NS],
        ['openid.mode', 'setup_needed'],
      ]);
      return reply.header('cache-control', 'no-store').redirect(answer, 302);
    }
    return sendSteamPage(reply, renderLoginPage(request, offered(request)), 200, [request.returnToOrigin]);
  };

  return async (app) => {
    const provider = async (_request: FastifyRequest, reply: FastifyReply) =>
      reply.header('content-type', XRDS_CONTENT_TYPE).send(xrdsDocument(OPENID_SERVER_TYPE, urls().login));
    app.get('/steam/openid', provider);
    app.get('/steam/openid/', provider);

    app.get<{ Params: { steamid: string } }>('/steam/openid/id/:steamid', async (request, reply) => {
      if (!isSteamId(request.params.steamid)) {
        return reply.code(404).header('content-type', 'text/plain; charset=utf-8').send('No such Steam ID');
      }
      return reply
        .header('content-type', XRDS_CONTENT_TYPE)
        .send(xrdsDocument(OPENID_SIGNON_TYPE, urls().login));
    });

    app.get('/steam/openid/login', async (request, reply) => indirect(openIdFields(request.query), reply));

    app.post('/steam/openid/login', async (request, reply) => {
      const fields = openIdFields(formBody(request));
      if (fields === undefined)
        return sendKeyValue(reply, 400, [['error', 'An openid field is repeated or too long']]);
      const mode = fields.get('openid.mode');
      switch (mode) {
        case 'check_authentication': {
          const valid = signer.checkAuthentication(fields, urls());
          return sendKeyValue(reply, 200, [['is_valid', String(valid)]]);
        }
        case 'associate':
          return sendKeyValue(reply, 400, [
            ['error', 'Associations are not supported: use stateless mode'],
            ['error_code', 'unsupported-type'],
          ]);
        case 'checkid_setup':
        case 'checkid_immediate':
          return indirect(fields, reply);
        default:
          return sendKeyValue(reply, 400, [['error', `Unknown openid.mode: ${mode ?? '(missing)'}`]]);
      }
    });

    app.post(APPROVE_PATH, async (request, reply) => {
      const body = formBody(request);
      const fields = openIdFields(body);
      if (fields === undefined) {
        return sendBadRequest(reply, 'Invalid OpenID request', 'An openid field is repeated or too long.');
      }
      const checked = checkCheckIdRequest(fields, urls());
      if ('error' in checked) return sendBadRequest(reply, 'Invalid OpenID request', checked.error);
      if (checked.mode !== 'checkid_setup') {
        return sendBadRequest(reply, 'Invalid OpenID request', 'openid.mode must be checkid_setup.');
      }
      const origin = [checked.returnToOrigin];
      if (formField(body, APPROVE_FIELDS.action) === 'cancel') {
        const answer = withOpenIdFields(checked.returnTo, [
          ['openid.ns', OPENID_NS],
          ['openid.mode', 'cancel'],
        ]);
        return reply.header('cache-control', 'no-store').redirect(answer, 303);
      }
      const values: ApproveFormValues = {
        steamid: formField(body, APPROVE_FIELDS.account),
        customSteamId: formField(body, APPROVE_FIELDS.customSteamId),
        personaName: formField(body, APPROVE_FIELDS.personaName),
      };
      const refuse = (message: string) =>
        sendSteamPage(reply, renderLoginPage(checked, offered(checked), message, values), 400, origin);
      if (formField(body, APPROVE_FIELDS.action) !== 'approve') return refuse('Choose Sign in or Cancel.');
      const custom = values.customSteamId?.trim() ?? '';
      const steamid = custom !== '' ? custom : values.steamid;
      if (!isSteamId(steamid)) {
        return refuse(
          custom !== '' ? 'The Steam ID must be 17 digits starting 7656119.' : 'Choose an account.',
        );
      }
      if (checked.steamid !== undefined && steamid !== checked.steamid) {
        return refuse(`This site asked for the account ${checked.steamid}.`);
      }
      if ((values.personaName ?? '').trim() !== '') {
        const personaName = checkPersonaName(values.personaName ?? '');
        if (typeof personaName !== 'string') return refuse(personaName.error);
        accounts.rename(steamid, personaName);
      }
      accounts.recordSignIn(steamid);
      const assertion = signer.assert({ urls: urls(), steamid, returnTo: checked.returnTo });
      return reply
        .header('cache-control', 'no-store')
        .redirect(withOpenIdFields(checked.returnTo, assertion), 303);
    });
  };
}
