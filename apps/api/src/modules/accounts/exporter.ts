/**
 * The accounts part of "Download my data" (issue 22 §8): the `users` row as the document's `account`
 * section — never the password hash, the normalized look-up keys or an internal id (the referrer by
 * public id).
 */
import type { PlayerDataExporter } from '../../db/player-data.ts';
import { findUserById, getUserById } from './store.ts';

export const playerDataExporter: PlayerDataExporter<'account'> = {
  module: 'accounts',
  tables: ['users'],
  async exportPlayerData(db, player) {
    const user = await getUserById(db, player.id);
    const referrer =
      user.referrer_user_id === null ? undefined : await findUserById(db, user.referrer_user_id);
    return {
      account: {
        idUser: user.id_user,
        username: user.username,
        email: user.email,
        emailConfirmedAt: user.email_confirmed_at,
        firstname: user.firstname,
        lastname: user.lastname,
        dateOfBirth: user.date_of_birth,
        avatarUrl: user.avatar_url,
        titles: user.titles,
        authType: user.auth_type,
        authPartner: user.auth_partner,
        partnerSsoId: user.sso_id,
        studioName: user.studio_name,
        registeredThroughClientId: user.client_id,
        referrerIdUser: referrer?.id_user ?? null,
        steamCheck: user.steam_check === 1,
        cookiePopupSeen: user.is_cookie_popup_seen === 1,
        newsletterConsent: user.newsletter_optin === 1,
        locale: user.locale,
        bannedAt: user.banned_at,
        createdAt: user.created_at,
        updatedAt: user.updated_at,
      },
    };
  },
};
