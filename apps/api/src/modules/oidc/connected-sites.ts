/**
 * Connected sites (issue 21 §4): the partner sites a player granted through the OpenID Provider, and
 * "Remove access".
 *
 * A site is a client with at least one live grant of the player (oidc-provider's `Grant`, one per
 * provider session and client, in `oidc_payloads`); grants of the same client are shown as one site:
 * - `Scopes`: the union of the grants' OpenID scopes (OIDC Core §5.4) the provider knows, in the order of
 *   claims.ts;
 * - `GrantedAt`: the oldest grant's issue time (`iat`);
 * - `LastUsedAt`: the latest activity the store can prove — the issue time (`iat`) of the grants and of
 *   their live codes and tokens (each sign-in and each refresh issues new ones) and the use of a code or
 *   refresh token (`consumed_at`). A call to userinfo with a live access token writes nothing, so it
 *   is not counted; once the tokens of a use have expired and been swept, an older time shows.
 *
 * Removing a site revokes each of the player's grants to it the way oidc-provider's own revocation does
 * (its `helpers/revoke.js`): the adapter's `revokeByGrantId` deletes the grant's codes, access and refresh
 * tokens, then the Grant itself is destroyed — in one transaction with the audit event
 * `connected-site.removed`. The site's refresh token is refused from then on (`invalid_grant`) and its
 * access tokens are inactive at introspection and refused at userinfo. ID tokens are signed JWTs that
 * cannot be recalled; they grant nothing at the hub.
 */
import type { ConnectedSite } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../lib/errors.ts';
import { sha256 } from '../../lib/crypto.ts';
import { isoNow } from '../../lib/time.ts';
import { audit } from '../audit/index.ts';
import { registeredClient } from '../oauth-clients/index.ts';
import { KyselyAdapter } from './adapter.ts';
import { SCOPE_CLAIMS } from './claims.ts';
import { findGrantPayloadsOfAccount, GRANT_MODEL, type AccountPayloadRow } from './store.ts';

/** What the list reads of a stored payload (oidc-provider's `iat`, `clientId`, `openid.scope`). */
interface StoredPayload {
  iat?: unknown;
  clientId?: unknown;
  openid?: { scope?: unknown };
}

/** One live grant of the player, with the times of its activity (epoch ms). */
interface LiveGrant {
  grantId: string;
  clientId: string;
  scopes: Set<string>;
  grantedAt: number;
  lastUsedAt: number;
}

/** Epoch ms of a payload's `iat` (seconds), or undefined. */
function issuedAt(payload: StoredPayload): number | undefined {
  return typeof payload.iat === 'number' && Number.isFinite(payload.iat) ? payload.iat * 1000 : undefined;
}

/**
 * The live grants of the player `accountId` (their public id) from their stored objects. A Grant row
 * names its id in `grant_id`; a row stored before it did is matched by the SHA-256 of a token's
 * `grant_id` (its `id_hash`).
 */
function liveGrantsOf(rows: readonly AccountPayloadRow[]): LiveGrant[] {
  const tokens = rows.filter((row) => row.model !== GRANT_MODEL && row.grant_id !== null);
  const grantIdByHash = new Map(tokens.map((row) => [sha256(row.grant_id ?? ''), row.grant_id ?? '']));
  const grants: LiveGrant[] = [];
  for (const row of rows) {
    if (row.model !== GRANT_MODEL) continue;
    const grantId = row.grant_id ?? grantIdByHash.get(row.id_hash);
    if (grantId === undefined) continue;
    const payload = JSON.parse(row.payload) as StoredPayload;
    if (typeof payload.clientId !== 'string') continue;
    const scope = typeof payload.openid?.scope === 'string' ? payload.openid.scope : '';
    const grantedAt = issuedAt(payload) ?? 0;
    let lastUsedAt = grantedAt;
    for (const token of tokens) {
      if (token.grant_id !== grantId) continue;
      const used = token.consumed_at ? Date.parse(token.consumed_at) : 0;
      lastUsedAt = Math.max(lastUsedAt, issuedAt(JSON.parse(token.payload) as StoredPayload) ?? 0, used);
    }
    grants.push({
      grantId,
      clientId: payload.clientId,
      scopes: new Set(scope.split(' ')),
      grantedAt,
      lastUsedAt,
    });
  }
  return grants;
}

/** The live grants of the player `accountId` now. */
async function grantsOf(ctx: Pick<AppContext, 'db'>, accountId: string): Promise<LiveGrant[]> {
  return liveGrantsOf(await findGrantPayloadsOfAccount(ctx.db, accountId, isoNow()));
}

/**
 * The OpenID scopes player `accountId` (their public id) granted site `clientId` in any live grant (the
 * union, as Connected sites shows it): what the consent page need not ask again (consent.ts). Empty once
 * the player removed the site's access.
 */
export async function grantedScopesOf(
  ctx: AppContext,
  accountId: string,
  clientId: string,
): Promise<Set<string>> {
  const grants = (await grantsOf(ctx, accountId)).filter((grant) => grant.clientId === clientId);
  return new Set(grants.flatMap((grant) => [...grant.scopes]));
}

/**
 * GET account/connected-sites: the sites the player `accountId` (their public id) granted, most
 * recently used first (see the module comment for each field). A client no longer registered shows
 * under its id.
 */
export async function connectedSitesOf(
  ctx: Pick<AppContext, 'db'>,
  accountId: string,
): Promise<ConnectedSite[]> {
  const byClient = new Map<string, LiveGrant[]>();
  for (const grant of await grantsOf(ctx, accountId)) {
    byClient.set(grant.clientId, [...(byClient.get(grant.clientId) ?? []), grant]);
  }
  const known = Object.keys(SCOPE_CLAIMS);
  const sites = await Promise.all(
    [...byClient].map(async ([clientId, grants]): Promise<ConnectedSite> => {
      const client = await registeredClient(ctx.db, clientId);
      const granted = new Set(grants.flatMap((grant) => [...grant.scopes]));
      return {
        ClientId: clientId,
        Name: client?.name ?? clientId,
        Scopes: known.filter((scope) => granted.has(scope)),
        GrantedAt: new Date(Math.min(...grants.map((grant) => grant.grantedAt))).toISOString(),
        LastUsedAt: new Date(Math.max(...grants.map((grant) => grant.lastUsedAt))).toISOString(),
      };
    }),
  );
  return sites.sort((a, b) => b.LastUsedAt.localeCompare(a.LastUsedAt));
}

/**
 * POST account/connected-sites/{clientId}/remove: revokes every grant of the player to site `clientId`
 * and all their codes and tokens, with the audit event `connected-site.removed` (`{ clientId, grants }`),
 * in one transaction. Only the caller's own grants are looked at.
 * @param player the caller: internal `id` (the audit event's player) and public `idUser` (the account id)
 * @throws 400 ERROR_CONNECTED_SITE_UNKNOWN on `clientId` when the player has no live grant to that site
 *   (whether or not the client exists: the call reveals no other client)
 */
export async function removeConnectedSite(
  ctx: AppContext,
  player: { id: number; idUser: string },
  clientId: string,
  ip: string | null,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const rows = await findGrantPayloadsOfAccount(trx, player.idUser, isoNow());
    const grants = liveGrantsOf(rows).filter((grant) => grant.clientId === clientId);
    if (grants.length === 0) throw badRequest('ERROR_CONNECTED_SITE_UNKNOWN', 'clientId');
    for (const { grantId } of grants) {
      // The adapter deletes the grant's codes and tokens of every model at once (adapter.ts).
      await new KyselyAdapter(trx, 'AccessToken').revokeByGrantId(grantId);
      await new KyselyAdapter(trx, GRANT_MODEL).destroy(grantId);
    }
    await audit({ db: trx }, player.id, 'connected-site.removed', ip, { clientId, grants: grants.length });
  });
}
