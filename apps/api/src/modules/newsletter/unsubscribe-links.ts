/**
 * Signed unsubscribe links of newsletter e-mails (spec §2 /unsubscribe; docs/account-data.md): a JWS
 * (EdDSA, the API's signing key, `typ: unsubscribe+jwt` so it can never pass as an access token) with
 * `iss` the public URL, `sub` the player's Id_User and `lst` the list id (absent: every list). It does
 * not expire (an old newsletter must still let a player leave) and may be used again (idempotent).
 */
import { SignJWT, errors, jwtVerify } from 'jose';
import type { AppContext } from '../../context.ts';
import { pageUrl } from '../email-address/index.ts';

const TYP = 'unsubscribe+jwt';

/** What a valid link asks: leave list `listId` (null: every list) for player `idUser`. */
export interface UnsubscribeClaims {
  idUser: string;
  listId: number | null;
}

/** The /unsubscribe page address for player `idUser` and list `listId` (null: every list). */
export async function unsubscribeUrl(
  ctx: AppContext,
  idUser: string,
  listId: number | null,
): Promise<string> {
  const jwt = await new SignJWT(listId === null ? {} : { lst: listId })
    .setProtectedHeader({ alg: 'EdDSA', kid: ctx.signingKey.kid, typ: TYP })
    .setIssuer(ctx.config.publicUrl)
    .setSubject(idUser)
    .setIssuedAt()
    .sign(ctx.signingKey.privateKey);
  return pageUrl(ctx, '/unsubscribe', { token: jwt });
}

/** Checks a link token; null when the signature, type, issuer or claims are wrong. */
export async function verifyUnsubscribeToken(
  ctx: AppContext,
  token: string,
): Promise<UnsubscribeClaims | null> {
  try {
    const { payload } = await jwtVerify(token, ctx.signingKey.publicKey, {
      issuer: ctx.config.publicUrl,
      algorithms: ['EdDSA'],
      typ: TYP,
    });
    if (typeof payload.sub !== 'string') return null;
    const lst = payload.lst;
    if (lst !== undefined && !(typeof lst === 'number' && Number.isSafeInteger(lst))) return null;
    return { idUser: payload.sub, listId: typeof lst === 'number' ? lst : null };
  } catch (error) {
    if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
    throw error;
  }
}
